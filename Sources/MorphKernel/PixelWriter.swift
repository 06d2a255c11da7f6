// RGBA pixels are packed as UInt32 lanes with red in the low byte, which is R, G, B, A in
// memory only on little-endian machines (every platform Swift ships for today).
#if _endian(big)
#error("MorphKernel packs RGBA pixels as little-endian UInt32 lanes")
#endif

/// The output stage shared by both edge ramps: a coverage α in [0, 1] is scaled by the
/// tint's alpha, rounded and packed into the output format.
///
/// A = α · tintAlpha is rounded to the nearest integer (ties to even) by adding 1.5 · 2²³:
/// for 0 ≤ A < 2²², the low mantissa bits of the sum are round(A).
struct PixelWriter {
    enum Format {
        /// Four bytes a pixel, R G B A; the payload is the tint as RGBA with alpha 0.
        case rgba(rgb: UInt32)
        /// One byte a pixel, the alpha.
        case alpha
    }

    let alphaScale: Float
    let format: Format

    init(tint: TintColor, format: Format) {
        alphaScale = Float(tint.alpha)
        self.format = format
    }

    /// Bytes per output pixel.
    var bytesPerPixel: Int {
        switch format {
        case .rgba: 4
        case .alpha: 1
        }
    }

    private static let roundingBias: Float = 12_582_912  // 1.5 · 2²³

    /// 16 output alphas in the low byte of each lane (the upper bits are the rounding bias)
    /// for coverages in [0, 1].
    @inline(__always)
    func bits(coverage: SIMD16<Float>) -> SIMD16<UInt32> {
        unsafeBitCast(coverage * alphaScale + PixelWriter.roundingBias, to: SIMD16<UInt32>.self)
    }

    /// Writes the pixels of 16 alphas from `bits(coverage:)` to `row` starting at pixel `x`,
    /// the first `count` (1…16) of them; nothing beyond pixel x + count is touched.
    @inline(__always)
    func store(_ bits: SIMD16<UInt32>, to row: UnsafeMutableRawPointer, x: Int, count: Int) {
        switch format {
        case .rgba(let rgb):
            // The shift drops the bias above the low byte.
            let pixels = bits &<< 24 | SIMD16<UInt32>(repeating: rgb)
            if count == 16 {
                row.storeBytes(of: pixels, toByteOffset: x &* 4, as: SIMD16<UInt32>.self)
            } else {
                for lane in 0..<count {
                    row.storeBytes(of: pixels[lane], toByteOffset: (x &+ lane) &* 4, as: UInt32.self)
                }
            }
        case .alpha:
            let alphas = SIMD16<UInt8>(truncatingIfNeeded: bits)
            if count == 16 {
                row.storeBytes(of: alphas, toByteOffset: x, as: SIMD16<UInt8>.self)
            } else {
                for lane in 0..<count {
                    row.storeBytes(of: alphas[lane], toByteOffset: x &+ lane, as: UInt8.self)
                }
            }
        }
    }

    /// The output pixel of coverage `alpha`, as the low `bytesPerPixel` bytes (the value
    /// `store` writes there).
    func pixel(coverage alpha: Float) -> UInt32 {
        let byte = bits(coverage: SIMD16(repeating: alpha))[0] & 0xFF
        switch format {
        case .rgba(let rgb): return byte << 24 | rgb
        case .alpha: return byte
        }
    }

    /// The output where α = 0.
    var emptyPixel: UInt32 { pixel(coverage: 0) }

    /// The output where α = 1.
    var fullPixel: UInt32 { pixel(coverage: 1) }

    /// Writes `pixel` (from `pixel(coverage:)`) to pixels `columns` of `row`.
    ///
    /// Byte stores through the raw pointer, like `store`, so the caller's buffer keeps
    /// whatever type it is bound to.
    @inline(__always)
    func fill(_ pixel: UInt32, columns: Range<Int>, of row: UnsafeMutableRawPointer) {
        switch format {
        case .rgba:
            let pixels = SIMD16<UInt32>(repeating: pixel)
            var x = columns.lowerBound
            while x &+ 16 <= columns.upperBound {
                row.storeBytes(of: pixels, toByteOffset: x &* 4, as: SIMD16<UInt32>.self)
                x &+= 16
            }
            while x < columns.upperBound {
                row.storeBytes(of: pixel, toByteOffset: x &* 4, as: UInt32.self)
                x &+= 1
            }
        case .alpha:
            let alphas = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: pixel))
            var x = columns.lowerBound
            while x &+ 16 <= columns.upperBound {
                row.storeBytes(of: alphas, toByteOffset: x, as: SIMD16<UInt8>.self)
                x &+= 16
            }
            while x < columns.upperBound {
                row.storeBytes(of: UInt8(truncatingIfNeeded: pixel), toByteOffset: x, as: UInt8.self)
                x &+= 1
            }
        }
    }
}
