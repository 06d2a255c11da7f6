@testable import AlphaRaster
import IconMorphPNG
import PNGCodec
import Testing

/// Masks from images in the caller's memory (`AlphaMask(pixels:width:height:bytesPerRow:
/// format:…)`): every `PixelFormat`, any stride. Each format is made in the test from a
/// straight RGBA image, and its masks are held to the straight-RGBA mask: exactly where the
/// conversion loses nothing, within a derived bound where premultiplication rounds.
@Suite struct PixelBufferMaskTests {
    static let width = 23, height = 17

    /// Own size (nil), the same size without and with padding (no resampling), a downscale,
    /// an upscale, and fits limited by either axis at fractional scales.
    static let boxes: [IconBox?] = [
        nil,
        IconBox(width: 23, height: 17, scale: 1),
        IconBox(width: 11.5, height: 8.5, scale: 2, padding: 1.5),
        IconBox(width: 10, height: 10, scale: 1.3, padding: 0.5),
        IconBox(width: 20, height: 16, scale: 2.5, padding: 1),
        IconBox(width: 9, height: 30, scale: 1),
        IconBox(width: 31, height: 7, scale: 1.5),
    ]

    /// What a random straight RGBA test image holds.
    enum Kind: CaseIterable {
        /// Random colour and alpha.
        case colour
        /// Random gray (R = G = B) and alpha: lossless as gray+alpha.
        case gray
        /// Random gray, opaque: lossless as gray8.
        case opaqueGray
        /// Black at random alpha: lossless as alpha8.
        case blackInk
    }

    /// A straight RGBA image, tight; about a tenth of the alphas are 0 and a tenth 255 (but
    /// for `opaqueGray`), the rest uniform.
    static func rgbaImage(_ kind: Kind, seed: UInt64, width: Int = width, height: Int = height) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        for _ in 0..<(width * height) {
            let roll = Int.random(in: 0..<10, using: &rng)
            var alpha = roll == 0 ? 0 : roll == 1 ? 255 : UInt8.random(in: 0...255, using: &rng)
            let r = UInt8.random(in: 0...255, using: &rng), g = UInt8.random(in: 0...255, using: &rng)
            let b = UInt8.random(in: 0...255, using: &rng)
            switch kind {
            case .colour: bytes += [r, g, b, alpha]
            case .gray: bytes += [r, r, r, alpha]
            case .opaqueGray:
                alpha = 255
                bytes += [r, r, r, alpha]
            case .blackInk: bytes += [0, 0, 0, alpha]
            }
        }
        return bytes
    }

    // MARK: Formats against straight RGBA

    /// How far a format's mask may be from the straight-RGBA mask of the same image.
    ///
    /// Exact (0) wherever both read the same numbers: swizzles, strides, the alpha channel of
    /// every format, and the integer own-size path of lossless gray and black conversions.
    ///
    /// 1 where the values are the same but evaluated differently: the resampled luminance
    /// of gray, gray8 and alpha8 is the same exact value computed in Float along another
    /// expression; each mask is documented within 0.5 + 1e-3 of the exact value, so they
    /// differ by at most 1.001, i.e. 1.
    ///
    /// 1 for premultiplied luminance: A − Y(c_p) with c_p = c·A/255 + ε, |ε| ≤ 127/255,
    /// differs from (255 − Y(c))·A/255 by |Y(ε)| ≤ 127/255 (the weights sum to 1, and the
    /// clamp at 0 only moves it closer to the straight value, which is ≥ 0); resampling
    /// averages with weights summing to at most 1, so the unrounded masks stay within 127/255;
    /// rounding each (within 0.5 + 1e-3) gives at most 1.5 in all, and bytes differ by 1.
    /// But for gray ink at own size it is 0: Y(c_p) = c_p is an integer, so
    /// A − c_p = A − round(c·A/255) = round((255 − c)·A/255) (c·A/255 is never a half),
    /// the straight mask's own rounding.
    static func bound(_ format: PixelFormat, source: MaskSource, resamples: Bool, grayInk: Bool) -> Int {
        if source == .alpha { return 0 }
        switch format {
        case .rgba8, .bgra8: return 0
        case .rgba8Premultiplied, .bgra8Premultiplied: return grayInk && !resamples ? 0 : 1
        case .grayAlpha8, .gray8, .alpha8: return resamples ? 1 : 0
        }
    }

    static func formats(for kind: Kind) -> [PixelFormat] {
        switch kind {
        case .colour: [.bgra8, .rgba8Premultiplied, .bgra8Premultiplied]
        case .gray: [.grayAlpha8, .rgba8Premultiplied]
        case .opaqueGray: [.gray8, .grayAlpha8, .bgra8Premultiplied]
        case .blackInk: [.alpha8, .grayAlpha8, .bgra8, .rgba8Premultiplied]
        }
    }

    /// Random images of each kind in the formats that hold them without loss (and the
    /// premultiplied ones), in padded rows, at own size and in every box, under every
    /// source: within `bound` of the straight-RGBA mask; tight rows give the same mask as
    /// padded ones, and RGBA and BGRA premultiplied give the same mask.
    @Test(arguments: Kind.allCases)
    func everyFormatGivesTheStraightRGBAMask(_ kind: Kind) throws {
        var compared = 0, premultipliedDifferences = 0
        for seed in [1, 2, 3] as [UInt64] {
            let rgba = Self.rgbaImage(kind, seed: seed &* 0x1234_5678 &+ UInt64(Kind.allCases.firstIndex(of: kind)!))
            let opaque = stride(from: 3, to: rgba.count, by: 4).allSatisfy { rgba[$0] == 255 }
            for box in Self.boxes {
                let resamples = try Self.resamples(box)
                for source in MaskSource.allCases {
                    let reference = try Self.mask(rgba, format: .rgba8, box: box, source: source)
                    let straightPadded = Self.padded(rgba, format: .rgba8, padding: 5)
                    let fromPadded = try Self.mask(
                        straightPadded.bytes, format: .rgba8, bytesPerRow: straightPadded.bytesPerRow, box: box, source: source)
                    #expect(fromPadded == reference, "rgba8 padded, \(source) \(String(describing: box))")
                    // .auto is .alpha or .luminance by the alpha channel, which every
                    // conversion keeps (gray8's images are opaque).
                    let resolved = source.resolved(hasTransparency: !opaque)
                    for (index, format) in Self.formats(for: kind).enumerated() {
                        let tight = Self.convert(rgba, to: format)
                        let (bytes, stride) = Self.padded(tight, format: format, padding: [1, 2, 3, 7][(index + Int(seed)) % 4])
                        let got = try Self.mask(bytes, format: format, bytesPerRow: stride, box: box, source: source)
                        let allowed = Self.bound(format, source: resolved, resamples: resamples, grayInk: kind != .colour)
                        let worst = Self.largestDifference(got, reference)
                        #expect(got.width == reference.width && got.height == reference.height)
                        #expect(worst <= allowed,
                                "\(kind) \(format) \(source): off by \(worst) > \(allowed), box \(String(describing: box))")
                        compared += 1
                        if format.isPremultiplied, worst > 0 { premultipliedDifferences += 1 }
                        // The same mask tight as padded.
                        #expect(try Self.mask(tight, format: format, box: box, source: source) == got,
                                "\(format) tight ≠ padded")
                    }
                }
            }
            // The two premultiplied orders hold the same numbers: equal masks, every path.
            if kind == .colour {
                let rgbaP = Self.convert(rgba, to: .rgba8Premultiplied), bgraP = Self.convert(rgba, to: .bgra8Premultiplied)
                for box in Self.boxes {
                    for source in MaskSource.allCases {
                        #expect(try Self.mask(rgbaP, format: .rgba8Premultiplied, box: box, source: source)
                                == Self.mask(bgraP, format: .bgra8Premultiplied, box: box, source: source))
                    }
                }
            }
        }
        #expect(compared > 0)
        if kind == .colour {
            // The rounding of premultiplication shows: the bound of 1 is used, not idle.
            #expect(premultipliedDifferences > 0)
        }
    }

    // MARK: Channels read from each format

    /// Own-size luminance of premultiplied colour, A − Y(c_p) from the bytes as they are,
    /// against 10000 · (A − Y) in integers, rounded half up, clamped at 0 — for valid pixels
    /// (every gray c_p ≤ A, and premultiplied random colours) and arbitrary bytes (colour
    /// above its alpha).
    @Test func premultipliedLuminanceAtOwnSize() throws {
        var pixels: [[UInt8]] = []
        for a in 0...255 { for c in 0...a { pixels.append([UInt8(c), UInt8(c), UInt8(c), UInt8(a)]) } }
        var rng = SplitMix64(seed: 0xBEEF)
        for _ in 0..<4000 {
            let straight = (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }
            pixels.append([0, 1, 2].map { Self.premultiplied(straight[$0], straight[3]) } + [straight[3]])
        }
        for _ in 0..<4000 { pixels.append((0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }) }
        // Exact halves, which round up: 10000 · Y ≡ 5000 (mod 10000), opaque.
        var halves = 0
        for r in 0...255 {
            for g in 0...255 where (2126 * r + 7152 * g) % 10000 == 5000 {
                pixels.append([UInt8(r), UInt8(g), 0, 255])
                halves += 1
            }
        }
        #expect(halves > 0)
        let width = 256, height = (pixels.count + width - 1) / width
        while pixels.count < width * height { pixels.append([0, 0, 0, 0]) }
        let rgba = Array(pixels.joined())
        let expected = pixels.map { p -> UInt8 in
            let n = 10000 * Int(p[3]) - (2126 * Int(p[0]) + 7152 * Int(p[1]) + 722 * Int(p[2]))
            return n <= 0 ? 0 : UInt8((n + 5000) / 10000)
        }
        // The integer reference agrees with the formula in float64 (within rounding).
        for (p, e) in zip(pixels, expected) {
            let exact = max(0, Double(p[3]) - (0.2126 * Double(p[0]) + 0.7152 * Double(p[1]) + 0.0722 * Double(p[2])))
            #expect(abs(Double(e) - exact) <= 0.5 + 1e-9)
        }
        // Gray ink (c_p ≤ A): exactly A − c_p.
        let gray = zip(pixels, expected).filter { p, _ in p[0] == p[1] && p[1] == p[2] && p[0] <= p[3] }
        #expect(gray.count >= 256 * 257 / 2)
        #expect(gray.allSatisfy { p, e in Int(e) == Int(p[3]) - Int(p[0]) })
        for format in [PixelFormat.rgba8Premultiplied, .bgra8Premultiplied] {
            // The test's pixels are in RGBA order; BGRA swaps red and blue.
            let bytes = format == .rgba8Premultiplied
                ? rgba : Array(pixels.map { [$0[2], $0[1], $0[0], $0[3]] }.joined())
            let (buffer, stride) = Self.padded(bytes, format: format, padding: 3, garbage: .ones, width: width, height: height)
            let mask = try Self.mask(
                buffer, format: format, bytesPerRow: stride, box: nil, source: .luminance, width: width, height: height)
            let bad = (0..<expected.count).filter { mask.pixels[$0] != expected[$0] }
            #expect(bad.isEmpty, "\(format): \(bad.count) pixels, first \(bad.first.map { pixels[$0] } ?? [])")
        }
    }

    /// alpha8 is black ink: A under every source, at own size and fitted.
    @Test func alpha8IsAlphaUnderEverySource() throws {
        var rng = SplitMix64(seed: 81)
        let alphas = (0..<(Self.width * Self.height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let opaque = [UInt8](repeating: 255, count: alphas.count)
        for image in [alphas, opaque] {
            let (bytes, stride) = Self.padded(image, format: .alpha8, padding: 3)
            for box in Self.boxes {
                let byAlpha = try Self.mask(bytes, format: .alpha8, bytesPerRow: stride, box: box, source: .alpha)
                if box == nil { #expect(byAlpha.pixels == image) }
                for source in [MaskSource.luminance, .auto] {
                    #expect(try Self.mask(bytes, format: .alpha8, bytesPerRow: stride, box: box, source: source) == byAlpha,
                            "\(source) \(String(describing: box))")
                }
            }
        }
    }

    /// gray8 is opaque: all 255 under `.alpha`, 255 − G under `.luminance` and `.auto`.
    @Test func gray8Sources() throws {
        var rng = SplitMix64(seed: 82)
        let grays = (0..<(Self.width * Self.height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let (bytes, stride) = Self.padded(grays, format: .gray8, padding: 5, garbage: .zeros)
        #expect(try Self.mask(bytes, format: .gray8, bytesPerRow: stride, box: nil, source: .alpha).pixels
                == [UInt8](repeating: 255, count: grays.count))
        for source in [MaskSource.luminance, .auto] {
            #expect(try Self.mask(bytes, format: .gray8, bytesPerRow: stride, box: nil, source: source).pixels
                    == grays.map { 255 - $0 }, "\(source)")
        }
        let white = [UInt8](repeating: 255, count: grays.count)
        for box in Self.boxes.compactMap({ $0 }) {
            // Fitted, .alpha is the fit of an all-opaque image, and .auto is .luminance.
            #expect(try Self.mask(bytes, format: .gray8, bytesPerRow: stride, box: box, source: .alpha)
                    == Self.mask(white, format: .alpha8, box: box, source: .alpha), "\(box)")
            #expect(try Self.mask(bytes, format: .gray8, bytesPerRow: stride, box: box, source: .auto)
                    == Self.mask(bytes, format: .gray8, bytesPerRow: stride, box: box, source: .luminance), "\(box)")
        }
    }

    /// `.auto` is `.alpha` exactly when some pixel's alpha is below 255, in every format with
    /// alpha; padding bytes (here zeros, where an alpha would read as transparent) never count.
    @Test func autoPicksAlphaExactlyWhenSomeAlphaIsBelow255() throws {
        let colour = Self.rgbaImage(.colour, seed: 90).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let gray = Self.rgbaImage(.opaqueGray, seed: 91)
        let count = Self.width * Self.height
        for format in [PixelFormat.rgba8, .bgra8, .rgba8Premultiplied, .bgra8Premultiplied, .grayAlpha8] {
            let opaqueTight = Self.convert(format == .grayAlpha8 ? gray : colour, to: format)
            let alphaOffset = format.alphaOffset!, bpp = format.bytesPerPixel
            for box in [nil, IconBox(width: 10, height: 10, scale: 1.3)] {
                func masks(_ tight: [UInt8]) throws -> (auto: AlphaMask, alpha: AlphaMask, luminance: AlphaMask) {
                    let (bytes, stride) = Self.padded(tight, format: format, padding: 2 * bpp + 1, garbage: .zeros)
                    return (
                        try Self.mask(bytes, format: format, bytesPerRow: stride, box: box, source: .auto),
                        try Self.mask(bytes, format: format, bytesPerRow: stride, box: box, source: .alpha),
                        try Self.mask(bytes, format: format, bytesPerRow: stride, box: box, source: .luminance))
                }
                let opaque = try masks(opaqueTight)
                #expect(opaque.auto == opaque.luminance, "\(format): opaque image")
                #expect(opaque.auto != opaque.alpha, "\(format): the test image must tell the sources apart")
                for (pixel, alpha) in [(0, 254), (count - 1, 254), (count / 2 + 3, 0), (Self.width - 1, 128)] {
                    var tight = opaqueTight
                    tight[pixel * bpp + alphaOffset] = UInt8(alpha)
                    let one = try masks(tight)
                    #expect(one.auto == one.alpha, "\(format): pixel \(pixel) at alpha \(alpha)")
                    #expect(one.auto != one.luminance, "\(format): pixel \(pixel) at alpha \(alpha)")
                }
            }
        }
    }

    // MARK: The PNG path

    /// `AlphaMask(image:…)` is the buffer initializer on the image's bytes.
    @Test func pngImagesGoThroughTheBufferPath() throws {
        var opaque = randomImage(width: Self.width, height: Self.height, format: .rgba, seed: 5)
        opaque.withUnsafeMutablePixelBytes { bytes in
            for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        }
        let images = [
            randomImage(width: Self.width, height: Self.height, format: .rgba, seed: 3),
            randomImage(width: Self.width, height: Self.height, format: .grayAlpha, seed: 4),
            opaque,
        ]
        for image in images {
            let format: PixelFormat = image.format == .rgba ? .rgba8 : .grayAlpha8
            for source in MaskSource.allCases {
                #expect(try AlphaMask(image: image, source: source)
                        == (try Self.mask(image.pixels, format: format, box: nil, source: source)), "\(format) \(source)")
                for box in Self.boxes.compactMap({ $0 }) {
                    let fromBuffer = try Self.mask(image.pixels, format: format, box: box, source: source)
                    #expect(AlphaMask(image: image, layout: try box.layout(), source: source) == fromBuffer,
                            "\(format) \(source) \(box)")
                    #expect(try AlphaMask(image: image, box: box, source: source) == fromBuffer, "\(format) \(source) \(box)")
                }
            }
        }
    }

    // MARK: Strides

    /// Whatever lies between rows, or after the last row, the mask is the same.
    @Test(arguments: PixelFormat.allCases)
    func paddingIsNeverRead(_ format: PixelFormat) throws {
        var rng = SplitMix64(seed: 0x9ADD)
        let tight = (0..<(Self.width * Self.height * format.bytesPerPixel)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let rowBytes = Self.width * format.bytesPerPixel
        for box in [nil, IconBox(width: 23, height: 17, scale: 1, padding: 1), IconBox(width: 10, height: 10, scale: 1.3),
                    IconBox(width: 20, height: 16, scale: 2.5)] {
            for source in MaskSource.allCases {
                let expected = try Self.mask(tight, format: format, box: box, source: source)
                #expect(try Self.mask(tight, format: format, bytesPerRow: rowBytes, box: box, source: source) == expected)
                for padding in [1, 2, 3, 6, 13] {
                    for garbage in Garbage.allCases {
                        let (bytes, stride) = Self.padded(tight, format: format, padding: padding, garbage: garbage)
                        // Garbage before the first row and after the last, outside the buffer
                        // handed over, which starts at any byte (the host's pointer need not be
                        // aligned).
                        let lead = padding % 4
                        let extended = (0..<lead).map { garbage.byte(2000 + $0) } + bytes
                            + (0..<64).map { garbage.byte(1000 + $0) }
                        let mask = try extended.withUnsafeBytes { all in
                            let buffer = UnsafeRawBufferPointer(rebasing: all[lead..<(lead + bytes.count)])
                            return try box.map {
                                try AlphaMask(
                                    pixels: buffer, width: Self.width, height: Self.height, bytesPerRow: stride, format: format,
                                    box: $0, source: source)
                            } ?? AlphaMask(
                                pixels: buffer, width: Self.width, height: Self.height, bytesPerRow: stride, format: format,
                                source: source)
                        }
                        #expect(mask == expected, "\(format) \(source) padding \(padding) \(garbage) \(String(describing: box))")
                    }
                }
            }
        }
    }
}
