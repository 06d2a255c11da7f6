import MorphKernel

/// How a rendered frame's coverage becomes pixels: the tint at the frame's progress
/// (`--color`, blended towards `--color-to`) and the colour behind it (`--background`).
///
/// Tint: with `--color-to` the tint at progress p is the Oklab blend (`Oklab.mixed`) of the
/// two colours at the eased progress e (`MorphFrameMath.easedProgress`), the weight the
/// shapes mix with, so the colour moves with the shape; alpha blends linearly: round(α₀ + (α₁ − α₀)·e). At p = 0 the
/// tint is `--color` and at p = 1 `--color-to`, exactly.
///
/// Background ("over", straight alpha, on sRGB-encoded values as browsers composite): for a
/// pixel of colour c and alpha a = A/255 over a background of colour c_b and alpha
/// a_b = B/255,
///     a_out = a + a_b·(1 − a),   c_out = (c·a + c_b·a_b·(1 − a)) / a_out,
/// each rounded to the nearest byte (computed exactly in integers: a_out·255 =
/// (255·A + B·(255 − A)) / 255, c_out = (255·A·c + B·(255 − A)·c_b) / (255·A + B·(255 − A))).
/// Where both are transparent the pixel keeps the tint's colour at alpha 0, as without
/// a background. An opaque background gives opaque frames.
struct FrameColoring: Equatable, Sendable {
    /// `--color`.
    var start: TintColor
    /// `--color-to`, if given.
    var end: TintColor?
    /// `--background`, if given.
    var background: TintColor?
    var easing: MorphEasing = .smooth

    /// The tint the renderer's style carries. Its alpha is applied by the renderer, exactly
    /// as without these options; only when `--color-to` changes the alpha along the morph is
    /// the renderer's alpha 255 and the frame's alpha applied afterwards
    /// (round(A · α/255) on the coverage byte A).
    var rendererTint: TintColor {
        guard let end, end.alpha != start.alpha else { return start }
        return TintColor(red: start.red, green: start.green, blue: start.blue, alpha: 255)
    }

    /// Whether every frame is one colour at varying alpha, so PNG frames can be stored as
    /// such (no background).
    var isOneColor: Bool { background == nil }

    /// The pixel of a sheet's gaps, as stored (RGBA bytes in memory order): the background,
    /// or else the tint's colour at alpha 0.
    var gapPixel: UInt32 {
        let color = background ?? TintColor(red: start.red, green: start.green, blue: start.blue, alpha: 0)
        return (UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | UInt32(color.alpha) << 24).littleEndian
    }

    /// The tint of the frame at progress `p`.
    func tint(atProgress p: Double) -> TintColor {
        guard let end else { return start }
        let e = MorphFrameMath.easedProgress(p, easing: easing)
        let (red, green, blue) = Self.oklab(start).mixed(with: Self.oklab(end), e).srgb
        let alpha = (Double(start.alpha) + (Double(end.alpha) - Double(start.alpha)) * e).rounded()
        return TintColor(red: red, green: green, blue: blue, alpha: UInt8(alpha))
    }

    /// Whether the renderer's alpha bytes must be rescaled for a frame of tint `tint`.
    func needsAlphaMap(for tint: TintColor) -> Bool { rendererTint.alpha != tint.alpha }

    /// Fills `map` (256 bytes) with A ↦ round(A · tint.alpha / 255): the frame's alpha from
    /// a coverage byte rendered at alpha 255.
    static func fillAlphaMap(_ map: UnsafeMutableBufferPointer<UInt8>, alpha: UInt8) {
        for a in 0..<256 { map[a] = UInt8((2 * a * Int(alpha) + 255) / 510) }
    }

    /// Fills `table` (256 pixels, RGBA bytes in memory order) with the output pixel of each
    /// alpha byte the renderer gives: the frame's tint at that alpha (rescaled when
    /// `needsAlphaMap`), over the background if there is one.
    func fillPixelTable(_ table: UnsafeMutableBufferPointer<UInt32>, tint: TintColor) {
        let rescale = needsAlphaMap(for: tint)
        for rendered in 0..<256 {
            let a = rescale ? (2 * rendered * Int(tint.alpha) + 255) / 510 : rendered
            let pixel = background.map { Self.over(tint, alpha: a, background: $0) }
                ?? (tint.red, tint.green, tint.blue, UInt8(a))
            table[rendered] = (UInt32(pixel.0) | UInt32(pixel.1) << 8 | UInt32(pixel.2) << 16 | UInt32(pixel.3) << 24).littleEndian
        }
    }

    /// `color` at alpha `alpha` (0…255) over `background`, by the formula above.
    static func over(_ color: TintColor, alpha: Int, background: TintColor) -> (UInt8, UInt8, UInt8, UInt8) {
        let a = alpha, b = Int(background.alpha)
        let denominator = 255 * a + b * (255 - a)
        guard denominator > 0 else { return (color.red, color.green, color.blue, 0) }
        func channel(_ c: UInt8, _ cb: UInt8) -> UInt8 {
            let numerator = 255 * a * Int(c) + b * (255 - a) * Int(cb)
            return UInt8((2 * numerator + denominator) / (2 * denominator))
        }
        return (channel(color.red, background.red), channel(color.green, background.green),
                channel(color.blue, background.blue), UInt8((2 * denominator + 255) / 510))
    }

    private static func oklab(_ color: TintColor) -> Oklab {
        Oklab(red: color.red, green: color.green, blue: color.blue)
    }
}
