/// A resolved `MaskSource` with the per-format channel readers the mask builders use.
enum MaskChannel {
    case alpha
    case luminance

    /// The channel `source` picks for `image`; only `.auto` looks at the pixels.
    init(_ source: MaskSource, image: ImagePixels) {
        let resolved = source == .auto ? source.resolved(hasTransparency: image.hasTransparency) : source
        self = resolved == .alpha ? .alpha : .luminance
    }

    /// Exact luminance in integers: 10000 · Y = 2126 R + 7152 G + 722 B, so for straight
    /// colour 2 550 000 · mask = (2 550 000 − 10000 · Y) · A, at most 650 250 000 < 2³¹.
    private static let lumaScale: Int32 = 2_550_000

    /// Writes `count` channel values of one image row (from its first used pixel),
    /// unrounded, in 0...255.
    ///
    /// Luminance is evaluated in Float (within 1e-4 of the exact value), which lets the loop
    /// run as fast as the alpha copy; only the byte-exact identity path needs integers.
    func readRow(
        _ row: UnsafePointer<UInt8>, count: Int, format: PixelFormat, into out: UnsafeMutablePointer<Float>
    ) {
        switch (self, format) {
        case (.alpha, .rgba8), (.alpha, .rgba8Premultiplied), (.alpha, .bgra8), (.alpha, .bgra8Premultiplied):
            // Eight pixels per step as little-endian UInt32s (alpha in the top byte), turned
            // into Floats by OR-ing into the mantissa of 2²³ and subtracting 2²³: the plain
            // byte loop is vectorised in some builds and not in others, so its speed would
            // depend on the build.
            let exponent = SIMD8<UInt32>(repeating: 0x4B00_0000)
            let bias = SIMD8<Float>(repeating: 8_388_608)
            let source = UnsafeRawPointer(row), target = UnsafeMutableRawPointer(out)
            var x = 0
            while x &+ 8 <= count {
                let pixels = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt32>.self)
                let alpha = unsafeBitCast((pixels &>> 24) | exponent, to: SIMD8<Float>.self) - bias
                target.storeBytes(of: alpha, toByteOffset: x &* 4, as: SIMD8<Float>.self)
                x &+= 8
            }
            while x < count {
                out[x] = Float(row[4 &* x &+ 3])
                x &+= 1
            }
        case (.alpha, .grayAlpha8):
            for x in 0..<count { out[x] = Float(row[2 &* x &+ 1]) }
        case (.alpha, .alpha8), (.luminance, .alpha8):
            // Black ink: its luminance mask is its alpha.
            for x in 0..<count { out[x] = Float(row[x]) }
        case (.alpha, .gray8):
            for x in 0..<count { out[x] = 255 }
        case (.luminance, .rgba8), (.luminance, .bgra8):
            let (r, g, b) = format.colorOffsets!
            let inverse: Float = 1 / 255
            for x in 0..<count {
                let p = row + 4 &* x
                let luma = 0.2126 * Float(p[r]) + 0.7152 * Float(p[g]) + 0.0722 * Float(p[b])
                out[x] = (255 - luma) * (Float(p[3]) * inverse)
            }
        case (.luminance, .rgba8Premultiplied), (.luminance, .bgra8Premultiplied):
            let (r, g, b) = format.colorOffsets!
            for x in 0..<count {
                let p = row + 4 &* x
                let luma = 0.2126 * Float(p[r]) + 0.7152 * Float(p[g]) + 0.0722 * Float(p[b])
                out[x] = max(0, Float(p[3]) - luma)
            }
        case (.luminance, .grayAlpha8):
            let inverse = 1 / Float(255)
            for x in 0..<count {
                let p = row + 2 &* x
                out[x] = Float((255 &- Int32(p[0])) &* Int32(p[1])) * inverse
            }
        case (.luminance, .gray8):
            for x in 0..<count { out[x] = Float(255 &- Int32(row[x])) }
        }
    }

    /// The channel of every pixel of `image` rounded to bytes (halves up), at the image's own
    /// size, computed exactly in integers; written to `out` row by row, `outStride` apart.
    func bytes(of image: ImagePixels, into out: UnsafeMutablePointer<UInt8>, outStride: Int) {
        let count = image.width
        for y in 0..<image.height {
            let p = image.row(y), o = out + y &* outStride
            switch (self, image.format) {
            case (.alpha, .rgba8), (.alpha, .rgba8Premultiplied), (.alpha, .bgra8), (.alpha, .bgra8Premultiplied):
                for i in 0..<count { o[i] = p[4 &* i &+ 3] }
            case (.alpha, .grayAlpha8):
                for i in 0..<count { o[i] = p[2 &* i &+ 1] }
            case (.alpha, .alpha8), (.luminance, .alpha8):
                o.update(from: p, count: count)
            case (.alpha, .gray8):
                o.update(repeating: 255, count: count)
            case (.luminance, .rgba8), (.luminance, .bgra8):
                let (r, g, b) = image.format.colorOffsets!
                let scale = Self.lumaScale
                for i in 0..<count {
                    let q = p + 4 &* i
                    let y10k = 2126 &* Int32(q[r]) &+ 7152 &* Int32(q[g]) &+ 722 &* Int32(q[b])
                    let numerator = (scale &- y10k) &* Int32(q[3])
                    // Round half up: ⌊(2n + d) / 2d⌋; 2n + d < 2³¹.
                    o[i] = UInt8(truncatingIfNeeded: (2 &* numerator &+ scale) / (2 &* scale))
                }
            case (.luminance, .rgba8Premultiplied), (.luminance, .bgra8Premultiplied):
                let (r, g, b) = image.format.colorOffsets!
                for i in 0..<count {
                    let q = p + 4 &* i
                    let y10k = 2126 &* Int32(q[r]) &+ 7152 &* Int32(q[g]) &+ 722 &* Int32(q[b])
                    // 10000 · (A − Y_p), clamped at 0 for colour above its alpha.
                    let numerator = max(0, 10000 &* Int32(q[3]) &- y10k)
                    o[i] = UInt8(truncatingIfNeeded: (2 &* numerator &+ 10000) / 20000)
                }
            case (.luminance, .grayAlpha8):
                for i in 0..<count {
                    let q = p + 2 &* i
                    let numerator = (255 &- Int32(q[0])) &* Int32(q[1])
                    o[i] = UInt8(truncatingIfNeeded: (2 &* numerator &+ 255) / 510)
                }
            case (.luminance, .gray8):
                for i in 0..<count { o[i] = 255 &- p[i] }
            }
        }
    }
}

// The four-byte alpha reader loads pixels as UInt32 lanes with alpha in the top byte, which
// holds on little-endian machines only (every platform Swift ships for today).
#if _endian(big)
#error("AlphaRaster reads four-byte pixels as little-endian UInt32 lanes")
#endif
