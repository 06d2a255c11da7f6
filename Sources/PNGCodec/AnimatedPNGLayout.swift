/// How every frame of an animated PNG is stored. All frames share the file's IHDR colour type
/// and its PLTE and tRNS, so the layout is chosen once, from the first frame, and changed (by
/// rewriting what was written, see `AnimatedPNGTranscoder`) only if a later frame does not fit.
enum AnimatedPNGLayout: Equatable {
    /// One colour at any alpha: 1 byte a pixel, the byte being the alpha itself. The palette
    /// has all 256 entries, entry k = (red, green, blue) with tRNS alpha k (entry 255 is left
    /// out of tRNS, opaque by default), so any frame of that colour fits whatever alphas it
    /// uses — a palette of only the first frame's alphas could not take the next frame's.
    /// Costs 1 047 bytes of PLTE and tRNS once; the pixels cost a quarter of RGBA's.
    case indexed(red: UInt8, green: UInt8, blue: UInt8)
    /// Straight RGBA, 4 bytes a pixel: anything else.
    case rgba

    /// Bytes a pixel.
    var bytesPerPixel: Int {
        switch self {
        case .indexed: 1
        case .rgba: 4
        }
    }

    /// The IHDR colour type.
    var colorType: PNGPixelLayout.ColorType {
        switch self {
        case .indexed: .indexed
        case .rgba: .rgba
        }
    }

    /// Writes an RGBA frame in this layout to `output`; false (output undefined) when it
    /// does not fit (a pixel of another colour, for `.indexed`). (Gray, RGB and gray+alpha
    /// are not used: a later frame with alpha or colour would force a rewrite, and on morph
    /// frames they would save little next to the indexed layout.)
    func store(rgba: UnsafePointer<UInt8>, pixelCount: Int, into output: UnsafeMutablePointer<UInt8>) -> Bool {
        switch self {
        case .rgba:
            output.update(from: rgba, count: pixelCount &* 4)
            return true
        case .indexed(let red, let green, let blue):
            let raw = UnsafeRawPointer(rgba)
            let color = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16
            // One OR over all pixels, no branch in the loop.
            var difference: UInt32 = 0
            for i in 0..<pixelCount {
                let value = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                difference |= value ^ color
                output[i] = UInt8(truncatingIfNeeded: value >> 24)
            }
            return difference & 0x00FF_FFFF == 0
        }
    }

    /// Writes a frame of one colour at the alphas `alpha` in this layout to `output`; false
    /// when it does not fit (another colour, for `.indexed`).
    func store(
        alpha: UnsafePointer<UInt8>, pixelCount: Int, red: UInt8, green: UInt8, blue: UInt8,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        switch self {
        case .indexed(let r, let g, let b):
            guard (r, g, b) == (red, green, blue) else { return false }
            output.update(from: alpha, count: pixelCount)
        case .rgba:
            Self.expand(alpha: alpha, count: pixelCount, red: red, green: green, blue: blue, into: output)
        }
        return true
    }

    /// RGBA bytes (red, green, blue, alpha[i]) for `count` alphas.
    static func expand(
        alpha: UnsafePointer<UInt8>, count: Int, red: UInt8, green: UInt8, blue: UInt8,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        let raw = UnsafeMutableRawPointer(output)
        let color = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16
        for i in 0..<count {
            raw.storeBytes(
                of: (color | UInt32(alpha[i]) << 24).littleEndian, toByteOffset: i &* 4, as: UInt32.self)
        }
    }
}
