/// The fixed edge ramp: α = smoothstep(t − s, t, V), then `PixelWriter`.
///
/// u = (V − (t − s)) · (1 / s) is clamped to [0, 1] (`clampedToUnit`, a quarter at a time:
/// `clamped` and `pointwiseMin` are slow, see TOOLCHAIN.md), then α = u²(3 − 2u).
struct Threshold {
    let lower: Float
    let inverseWidth: Float
    let writer: PixelWriter

    /// The ramp of fixed softness `s` for `style`'s threshold.
    init(style: MorphStyle, softness s: Double, writer: PixelWriter) {
        lower = Float(style.threshold - s)
        inverseWidth = Float(1 / s)
        self.writer = writer
    }

    /// 16 output alphas in the low byte of each lane (the upper bits are the rounding bias).
    @inline(__always)
    func alphaBits(_ field: SIMD16<Float>) -> SIMD16<UInt32> {
        let u = ((field - lower) * inverseWidth).clampedToUnit()
        return writer.bits(coverage: u * u * (3 - 2 * u))
    }

    /// Writes the pixels of 16 field values to `row` starting at pixel `x`, the first `count`
    /// (1…16) of them; nothing beyond pixel x + count is touched.
    @inline(__always)
    func store(_ field: SIMD16<Float>, to row: UnsafeMutableRawPointer, x: Int, count: Int) {
        writer.store(alphaBits(field), to: row, x: x, count: count)
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
}
