import PNGCodec

/// Which part of an image becomes the mask.
public enum MaskSource: String, Sendable, CaseIterable {
    /// The alpha channel: mask = A.
    case alpha
    /// Inverted luminance of the image composited over white paper, so that dark ink on paper
    /// is the shape: mask = (255 − Y) · A / 255, with Y = 0.2126 R + 0.7152 G + 0.0722 B
    /// (Rec. 709 weights applied to the sRGB-encoded bytes, not to linear light) and A the
    /// alpha byte. For gray images Y is the gray byte. Black opaque ink gives 255, white or
    /// transparent pixels give 0. At the image's own size the value is rounded to the nearest
    /// byte (halves up); resampling works on the unrounded value.
    case luminance
    /// `alpha` when any pixel has alpha < 255 (`PNGImage.hasTransparency`), otherwise
    /// `luminance`: an opaque image has no useful alpha, so its dark ink is taken instead.
    case auto

    /// The concrete source used for `image`: `.alpha` or `.luminance`, never `.auto`.
    public func resolved(for image: PNGImage) -> MaskSource {
        switch self {
        case .alpha, .luminance: self
        case .auto: image.hasTransparency ? .alpha : .luminance
        }
    }
}

/// A resolved `MaskSource` with the per-format channel readers the builders use.
enum MaskChannel {
    case alpha
    case luminance

    init(_ source: MaskSource, image: PNGImage) {
        self = source.resolved(for: image) == .alpha ? .alpha : .luminance
    }

    /// Exact luminance in integers: 10000 · Y = 2126 R + 7152 G + 722 B, so
    /// 2 550 000 · mask = (2 550 000 − 10000 · Y) · A, at most 650 250 000 < 2³¹.
    private static let lumaScale: Int32 = 2_550_000

    /// Writes `count` channel values of one image row, unrounded, in 0...255.
    ///
    /// Luminance is evaluated in Float (within 1e-4 of the exact value), which lets the loop
    /// run as fast as the alpha copy; only the byte-exact identity path needs integers.
    func readRow(
        _ row: UnsafePointer<UInt8>, count: Int, format: PNGImage.PixelFormat,
        into out: UnsafeMutablePointer<Float>
    ) {
        switch (self, format) {
        case (.alpha, .rgba):
            // Eight pixels per step as little-endian UInt32s (alpha in the top byte), turned
            // into Floats by OR-ing into the mantissa of 2²³ and subtracting 2²³: the plain
            // byte loop is vectorised in some builds and not in others (2× apart).
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
        case (.alpha, .grayAlpha):
            for x in 0..<count { out[x] = Float(row[2 &* x &+ 1]) }
        case (.luminance, .rgba):
            let inverse: Float = 1 / 255
            for x in 0..<count {
                let p = row + 4 &* x
                let luma = 0.2126 * Float(p[0]) + 0.7152 * Float(p[1]) + 0.0722 * Float(p[2])
                out[x] = (255 - luma) * (Float(p[3]) * inverse)
            }
        case (.luminance, .grayAlpha):
            let inverse = 1 / Float(255)
            for x in 0..<count {
                let p = row + 2 &* x
                out[x] = Float((255 &- Int32(p[0])) &* Int32(p[1])) * inverse
            }
        }
    }

    /// The channel of every pixel rounded to bytes, at the image's own size.
    func bytes(of image: PNGImage) -> [UInt8] {
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                guard let p = src.baseAddress, let o = out.baseAddress else { return }
                switch (self, image.format) {
                case (.alpha, .rgba):
                    for i in 0..<count { o[i] = p[4 &* i &+ 3] }
                case (.alpha, .grayAlpha):
                    for i in 0..<count { o[i] = p[2 &* i &+ 1] }
                case (.luminance, .rgba):
                    let scale = Self.lumaScale
                    for i in 0..<count {
                        let q = p + 4 &* i
                        let y10k = 2126 &* Int32(q[0]) &+ 7152 &* Int32(q[1]) &+ 722 &* Int32(q[2])
                        let numerator = (scale &- y10k) &* Int32(q[3])
                        // Round half up: ⌊(2n + d) / 2d⌋; 2n + d < 2³¹.
                        o[i] = UInt8(truncatingIfNeeded: (2 &* numerator &+ scale) / (2 &* scale))
                    }
                case (.luminance, .grayAlpha):
                    for i in 0..<count {
                        let q = p + 2 &* i
                        let numerator = (255 &- Int32(q[0])) &* Int32(q[1])
                        o[i] = UInt8(truncatingIfNeeded: (2 &* numerator &+ 255) / 510)
                    }
                }
            }
            initialized = count
        }
    }
}
