import AlphaRaster

/// How one frame's coverage becomes pixels: the tint at the frame's progress, the background
/// behind it, and the output format. Every format is derived from the frame's straight RGBA
/// bytes, exactly:
///
/// 1. Tint: `MorphStyle.tint(atProgress:)`.
/// 2. Alpha: A = round(α · tintAlpha) for the coverage α. When the tint's alpha changes
///    along the morph (`MorphStyle.targetTint` with another alpha), coverage is first
///    rounded to a byte at full opacity, A₂₅₅ = round(255 · α), and then
///    A = round(A₂₅₅ · tintAlpha / 255).
/// 3. Background ("over", straight alpha, on sRGB-encoded values as browsers composite):
///    for the tint's colour c at alpha A over a background colour c_b at alpha B,
///    a_out · 255 = (255·A + B·(255 − A)) / 255 and
///    c_out = (255·A·c + B·(255 − A)·c_b) / (255·A + B·(255 − A)), each rounded to the
///    nearest byte (exactly, in integers). Where both are transparent the pixel is the
///    tint's colour at alpha 0, as without a background.
/// 4. Format: straight RGBA or BGRA bytes as they are; premultiplied ones hold
///    round(c · a / 255) of the straight bytes; alpha-only holds the straight alpha.
///
/// The plain case (no background, one alpha) is packed sixteen pixels at a time; otherwise
/// the 256 possible output pixels are tabulated once a frame (once for all frames of a
/// fixed tint) and each alpha byte is looked up.
struct FrameFinish: Equatable {
    /// The frame's tint.
    let tint: TintColor
    /// The scale coverage is rounded at: the tint's alpha, or 255 when `rescalesAlpha`.
    let alphaScale: UInt8
    /// Whether A₂₅₅ is rescaled to the tint's alpha (step 2).
    let rescalesAlpha: Bool
    let background: TintColor?
    let format: PixelFormat

    /// The finish of the frame at `progress` (validated) in `format` (a frame format).
    init(style: MorphStyle, progress: Double, format: PixelFormat) {
        tint = style.tint(atProgress: progress)
        rescalesAlpha = style.targetTint.map { $0.alpha != style.tint.alpha } ?? false
        alphaScale = rescalesAlpha ? 255 : tint.alpha
        background = style.background
        self.format = format
    }

    /// Whether pixels come from a table (`fillTable`).
    var needsTable: Bool { background != nil || rescalesAlpha }

    /// The writer for this finish; `table` holds `fillTable`'s entries when `needsTable`.
    func writer(table: UnsafePointer<UInt32>) -> PixelWriter {
        let pixelFormat: PixelWriter.Format
        if format == .alpha8 {
            pixelFormat = needsTable ? .alphaFromTable(table) : .alpha
        } else if needsTable {
            pixelFormat = .table(table)
        } else {
            let (c0, c1, c2) = Self.colorBytes(tint, format: format)
            pixelFormat = format.isPremultiplied
                ? .premultiplied(c0, c1, c2) : .straight(color: c0 | c1 << 8 | c2 << 16)
        }
        return PixelWriter(alphaScale: alphaScale, format: pixelFormat)
    }

    /// Fills `table` (256 entries) with the output pixel of each alpha byte A the kernel
    /// computes, as four bytes in memory order (for `.alpha8`, the alpha in the top byte).
    func fillTable(_ table: UnsafeMutablePointer<UInt32>) {
        for rendered in 0..<256 {
            let a = rescalesAlpha ? (2 * rendered * Int(tint.alpha) + 255) / 510 : rendered
            let straight = background.map { Self.over(tint, alpha: a, background: $0) }
                ?? TintColor(red: tint.red, green: tint.green, blue: tint.blue, alpha: UInt8(a))
            table[rendered] = Self.pixel(straight, format: format)
        }
    }

    /// The four bytes of a straight RGBA colour in `format`, in memory order.
    static func pixel(_ color: TintColor, format: PixelFormat) -> UInt32 {
        let a = UInt32(color.alpha)
        var (c0, c1, c2) = colorBytes(color, format: format)
        if format.isPremultiplied {
            // round(c · a / 255), exactly: never a half, 255 being odd.
            (c0, c1, c2) = ((2 * c0 * a + 255) / 510, (2 * c1 * a + 255) / 510, (2 * c2 * a + 255) / 510)
        }
        return c0 | c1 << 8 | c2 << 16 | a << 24
    }

    /// The colour bytes in `format`'s memory order (R, G, B or B, G, R; zero for `.alpha8`).
    private static func colorBytes(_ color: TintColor, format: PixelFormat) -> (UInt32, UInt32, UInt32) {
        switch format {
        case .bgra8, .bgra8Premultiplied: (UInt32(color.blue), UInt32(color.green), UInt32(color.red))
        case .rgba8, .rgba8Premultiplied: (UInt32(color.red), UInt32(color.green), UInt32(color.blue))
        case .alpha8, .gray8, .grayAlpha8: (0, 0, 0)
        }
    }

    /// `color`'s channels at alpha `alpha` (0…255) over `background`, by step 3.
    static func over(_ color: TintColor, alpha: Int, background: TintColor) -> TintColor {
        let a = alpha, b = Int(background.alpha)
        let denominator = 255 * a + b * (255 - a)
        guard denominator > 0 else { return TintColor(red: color.red, green: color.green, blue: color.blue, alpha: 0) }
        func channel(_ c: UInt8, _ cb: UInt8) -> UInt8 {
            let numerator = 255 * a * Int(c) + b * (255 - a) * Int(cb)
            return UInt8((2 * numerator + denominator) / (2 * denominator))
        }
        return TintColor(
            red: channel(color.red, background.red), green: channel(color.green, background.green),
            blue: channel(color.blue, background.blue), alpha: UInt8((2 * denominator + 255) / 510))
    }
}
