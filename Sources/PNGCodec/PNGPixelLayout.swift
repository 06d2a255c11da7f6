/// How an image's pixels are stored in the file: the PNG colour type and, for an indexed
/// image, its palette.
///
/// `choose` picks the fewest bytes a pixel that still decode to exactly the source's RGBA
/// bytes (through libpng, or any decoder that expands palettes and gray as the PNG
/// specification says), from one pass over the pixels:
/// - one colour throughout, any alphas → indexed, 1 byte: entry k = (R, G, B, the k-th
///   smallest alpha in the image), with `tRNS` holding the alphas. The entries are sorted
///   by alpha, so indices rise with alpha and the row filters still see smooth ramps;
/// - otherwise gray (R = G = B) → gray (1 byte) if every alpha is 255, else gray+alpha (2);
/// - otherwise colour → RGB (3 bytes) if every alpha is 255, else RGBA (4).
/// An indexed image holds at most 256 entries, and there are only 256 alphas, so one colour
/// always fits. Bit depth is always 8. For one gray colour `PNGEncoder` may also try
/// gray+alpha, which needs no palette, and keep the smaller file. libpng writes the file
/// from the rows `convert` makes.
struct PNGPixelLayout: Equatable {
    /// The PNG colour type (IHDR byte 9).
    enum ColorType: UInt8 {
        case gray = 0
        case rgb = 2
        case indexed = 3
        case grayAlpha = 4
        case rgba = 6

        /// Bytes a pixel at bit depth 8.
        var bytesPerPixel: Int {
            switch self {
            case .gray, .indexed: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    var colorType: ColorType
    /// For `.indexed`: the one colour, R G B; for `.grayAlpha` or `.gray` made from an alpha
    /// plane of one gray colour, that colour.
    var paletteColor: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)
    /// For `.indexed`: how many entries, 1…256.
    var paletteCount = 0
    /// For `.indexed`: how many entries the tRNS chunk lists. Entries past it are opaque,
    /// and the entries are sorted by alpha, so only a final 255 can be left out.
    var transparentCount = 0

    /// For `.indexed`: the bytes of the PLTE and tRNS chunks, headers and CRCs included.
    var paletteBytes: Int {
        12 &+ 3 &* paletteCount &+ (transparentCount > 0 ? 12 &+ transparentCount : 0)
    }

    static func == (lhs: PNGPixelLayout, rhs: PNGPixelLayout) -> Bool {
        lhs.colorType == rhs.colorType && lhs.paletteCount == rhs.paletteCount
            && lhs.transparentCount == rhs.transparentCount && lhs.paletteColor == rhs.paletteColor
    }

    /// The layout that stores `source` as it is, without looking at its pixels: RGBA for RGBA
    /// and for one colour with alphas, gray+alpha for gray+alpha.
    static func unreduced(_ source: PNGPixelSource) -> PNGPixelLayout {
        PNGPixelLayout(colorType: source.kind == .grayAlpha ? .grayAlpha : .rgba)
    }

    /// The smallest exact layout for `source` (see the type's summary). For `.indexed`,
    /// fills `alphas` with the entries' alphas in ascending order and `indexOfAlpha[a]` with
    /// the entry of alpha `a` (both 256 bytes of scratch; entries past `paletteCount` and
    /// indices of unused alphas are left undefined).
    static func choose(
        for source: PNGPixelSource, alphas: UnsafeMutablePointer<UInt8>, indexOfAlpha: UnsafeMutablePointer<UInt8>
    ) -> PNGPixelLayout {
        let count = source.width &* source.height
        let p = source.base
        var color: (red: UInt8, green: UInt8, blue: UInt8)
        var alphaOffset: Int
        switch source.kind {
        case .rgba:
            let raw = UnsafeRawPointer(p)
            let first = raw.loadUnaligned(as: UInt32.self) & 0x00FF_FFFF
            // Bits that differ from the first pixel's RGB; bits where R ≠ G or G ≠ B; the AND
            // of every alpha. ORs and ANDs over all pixels, so the loop has no branch.
            var colorDifference: UInt32 = 0, grayDifference: UInt32 = 0, alphaAnd: UInt32 = 0xFF
            for i in 0..<count {
                let value = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                colorDifference |= value ^ first
                grayDifference |= value ^ (value >> 8)
                alphaAnd &= value >> 24
            }
            let opaque = alphaAnd == 0xFF
            if colorDifference & 0x00FF_FFFF != 0 {
                if grayDifference & 0xFFFF == 0 { return PNGPixelLayout(colorType: opaque ? .gray : .grayAlpha) }
                return PNGPixelLayout(colorType: opaque ? .rgb : .rgba)
            }
            color = (p[0], p[1], p[2])
            alphaOffset = 3
        case .grayAlpha:
            let first = p[0]
            var grayDifference: UInt8 = 0, alphaAnd: UInt8 = 0xFF
            for i in 0..<count {
                grayDifference |= p[2 &* i] ^ first
                alphaAnd &= p[2 &* i &+ 1]
            }
            if grayDifference != 0 { return PNGPixelLayout(colorType: alphaAnd == 0xFF ? .gray : .grayAlpha) }
            color = (first, first, first)
            alphaOffset = 1
        case .alpha(let red, let green, let blue):
            color = (red, green, blue)
            alphaOffset = 0
        }

        // Mark the alphas in use, then number them in ascending order.
        let step = source.step
        indexOfAlpha.update(repeating: 0, count: 256)
        for i in 0..<count { indexOfAlpha[Int(p[i &* step &+ alphaOffset])] = 1 }
        var entries = 0
        for alpha in 0..<256 where indexOfAlpha[alpha] != 0 {
            indexOfAlpha[alpha] = UInt8(truncatingIfNeeded: entries)
            alphas[entries] = UInt8(alpha)
            entries &+= 1
        }
        return PNGPixelLayout(
            colorType: .indexed, paletteColor: color, paletteCount: entries,
            transparentCount: alphas[entries &- 1] == 255 ? entries &- 1 : entries)
    }

    /// Whether `source`'s own bytes are already this layout's rows, so they need no copy.
    func storesAsIs(_ source: PNGPixelSource) -> Bool {
        switch (colorType, source.kind) {
        case (.rgba, .rgba), (.grayAlpha, .grayAlpha): true
        default: false
        }
    }

    /// Writes every row of `source` in this layout to `output` (`width × bytesPerPixel` bytes
    /// a row, rows back to back); for `.indexed`, `indexOfAlpha` maps each alpha to its entry.
    func convert(_ source: PNGPixelSource, into output: UnsafeMutablePointer<UInt8>, indexOfAlpha: UnsafePointer<UInt8>) {
        let count = source.width &* source.height, step = source.step
        let input = source.base
        switch (colorType, source.kind) {
        case (.rgba, .rgba), (.grayAlpha, .grayAlpha):
            output.update(from: input, count: count &* step)
        case (.indexed, .alpha):
            for i in 0..<count { output[i] = indexOfAlpha[Int(input[i])] }
        case (.indexed, _):
            let alphaOffset = step &- 1
            for i in 0..<count { output[i] = indexOfAlpha[Int(input[i &* step &+ alphaOffset])] }
        case (.gray, .alpha):
            // An opaque plane of one gray colour (every alpha 255).
            output.update(repeating: paletteColor.red, count: count)
        case (.gray, _):
            for i in 0..<count { output[i] = input[i &* step] }
        case (.grayAlpha, .alpha):
            for i in 0..<count {
                output[2 &* i] = paletteColor.red
                output[2 &* i &+ 1] = input[i]
            }
        case (.grayAlpha, _):
            for i in 0..<count {
                output[2 &* i] = input[4 &* i]
                output[2 &* i &+ 1] = input[4 &* i &+ 3]
            }
        case (.rgb, _):
            for i in 0..<count {
                output[3 &* i] = input[4 &* i]
                output[3 &* i &+ 1] = input[4 &* i &+ 1]
                output[3 &* i &+ 2] = input[4 &* i &+ 2]
            }
        case (.rgba, .alpha(let red, let green, let blue)):
            let raw = UnsafeMutableRawPointer(output)
            let color = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16
            for i in 0..<count {
                raw.storeBytes(of: (color | UInt32(input[i]) << 24).littleEndian, toByteOffset: i &* 4, as: UInt32.self)
            }
        case (.rgba, .grayAlpha):
            for i in 0..<count {
                let gray = input[2 &* i]
                output[4 &* i] = gray
                output[4 &* i &+ 1] = gray
                output[4 &* i &+ 2] = gray
                output[4 &* i &+ 3] = input[2 &* i &+ 1]
            }
        }
    }
}
