// RGBA pixels are packed as UInt32 lanes with red in the low byte, which is R, G, B, A in
// memory only on little-endian machines (every platform Swift ships for today).
#if _endian(big)
#error("MorphKernel packs RGBA pixels as little-endian UInt32 lanes")
#endif

/// The threshold stage: α = smoothstep(t − s, t, V), scaled by the tint's alpha, rounded
/// and packed into the output format.
///
/// u = (V − (t − s)) · (1 / s) is clamped to [0, 1] with `replace(with:where:)` (the fast
/// path; `clamped` and `pointwiseMin` are slow, see TOOLCHAIN.md), then
/// A = u²(3 − 2u) · tintAlpha is rounded to the nearest integer (ties to even) by adding
/// 1.5 · 2²³: for 0 ≤ A < 2²², the low mantissa bits of the sum are round(A).
struct Threshold {
    enum Format {
        /// Four bytes a pixel, R G B A; the payload is the tint as RGBA with alpha 0.
        case rgba(rgb: UInt32)
        /// One byte a pixel, the alpha.
        case alpha
    }

    let lower: Float
    let inverseWidth: Float
    let alphaScale: Float
    let format: Format

    /// Bytes per output pixel.
    var bytesPerPixel: Int {
        switch format {
        case .rgba: 4
        case .alpha: 1
        }
    }

    init(style: MorphStyle, format: Format) {
        lower = Float(style.threshold - style.softness)
        inverseWidth = Float(1 / style.softness)
        alphaScale = Float(style.tint.alpha)
        self.format = format
    }

    private static let roundingBias: Float = 12_582_912  // 1.5 · 2²³

    /// 16 output alphas in the low byte of each lane (the upper bits are the rounding bias).
    @inline(__always)
    func alphaBits(_ field: SIMD16<Float>) -> SIMD16<UInt32> {
        var u = (field - lower) * inverseWidth
        u.replace(with: 0, where: u .< 0)
        u.replace(with: 1, where: u .> 1)
        let alpha = u * u * (3 - 2 * u) * alphaScale
        return unsafeBitCast(alpha + Threshold.roundingBias, to: SIMD16<UInt32>.self)
    }

    /// Writes the pixels of 16 field values to `row` starting at pixel `x`, the first `count`
    /// (1…16) of them; nothing beyond pixel x + count is touched.
    @inline(__always)
    func store(_ field: SIMD16<Float>, to row: UnsafeMutableRawPointer, x: Int, count: Int) {
        let bits = alphaBits(field)
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

    /// Thresholds field values `columns` (starting at a multiple of 16; the rest of their last
    /// vector readable) into the same pixels of `row`.
    @inline(__always)
    func storeRow(_ field: UnsafePointer<Float>, columns: Range<Int>, to row: UnsafeMutableRawPointer) {
        var x = columns.lowerBound
        while x < columns.upperBound {
            store(field.vector16(at: x), to: row, x: x, count: min(16, columns.upperBound &- x))
            x &+= 16
        }
    }

    /// The output pixel of a field value `field`, as the low `bytesPerPixel` bytes (the value
    /// `store` writes there).
    func pixel(forField field: Float) -> UInt32 {
        let alpha = alphaBits(SIMD16(repeating: field))[0] & 0xFF
        switch format {
        case .rgba(let rgb): return alpha << 24 | rgb
        case .alpha: return alpha
        }
    }

    /// The output where V ≤ t − s: α = 0 for every valid style (t − s ≥ 0).
    var emptyPixel: UInt32 { pixel(forField: 0) }

    /// The output where V ≥ t: u clamps to 1, α = 1.
    var fullPixel: UInt32 { pixel(forField: 1e30) }

    /// Writes `pixel` (from `pixel(forField:)`) to pixels `columns` of `row`.
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
