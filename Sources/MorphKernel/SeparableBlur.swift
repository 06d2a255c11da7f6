/// The two passes of the separable Gaussian: V = vertical(horizontal(M)), one symmetric 1-D
/// kernel for both, zero outside the canvas.
///
/// Both passes take the one-sided taps w_0 … w_n of the level (from the renderer's tap table,
/// each weight in the 4 lanes of an SSE register) and sum a pixel as
/// w_0 · x_0 + w_1 · (x_−1 + x_1) + … + w_n · (x_−n + x_n), in that order, in single
/// precision, with 16 pixels per vector. The order is fixed per pixel, so results do not
/// depend on how rows are split between threads or which parts of the frame are computed.
///
/// Taps that can only reach the zero border are left out by the caller (n is capped by the
/// padded width and by height − 1); they would add exact zeros, so the sums are unchanged.
///
/// The inner loops are written one tap an iteration on purpose: unrolled by two, the
/// compiler turned the fourth SSE register of the 16 lanes into scalar shuffles (twice the
/// instructions). With the tap loaded once as 4 lanes and reused for the 4 registers, a tap
/// pair costs 9 loads and 8 additions, which keeps both the load ports and the two adders of
/// the measured CPU busy (≈ 4.2 cycles a pair down, ≈ 4.6 across, against 4 for the adders).
enum SeparableBlur {
    /// A tap from the table in all 16 lanes: one 4-lane load, used for the 4 SSE registers.
    @inline(__always)
    static func splat(_ w: SIMD4<Float>) -> SIMD16<Float> {
        let eight = SIMD8(lowHalf: w, highHalf: w)
        return SIMD16(lowHalf: eight, highHalf: eight)
    }

    /// Convolves the vectors `columns` (multiples of 16) of one zero-padded row:
    /// `padded[columns.lowerBound − n ..< columns.upperBound + n]` is readable, holding the
    /// row's values inside the canvas and zeros elsewhere; writes the vector at x to
    /// `destination + (x / 16) · blockStride`.
    @inline(__always)
    static func horizontalRow(
        padded: UnsafePointer<Float>, columns: Range<Int>, taps: UnsafePointer<SIMD4<Float>>,
        halfWidth n: Int, into destination: UnsafeMutablePointer<Float>, blockStride: Int
    ) {
        let centre = splat(taps[0])
        var x = columns.lowerBound
        while x < columns.upperBound {
            var sum = centre * padded.vector16(at: x)
            var left = padded + x
            var right = padded + x
            var tap = taps
            var i = 0
            while i < n {
                left -= 1
                right += 1
                tap += 1
                sum += splat(tap.pointee) * (left.vector16(at: 0) + right.vector16(at: 0))
                i &+= 1
            }
            destination.storeVector16(sum, at: (x &>> 4) &* blockStride)
            x &+= 16
        }
    }

    /// Convolves down one column block of 16 pixels (output columns x ..< x + 16), for
    /// output rows `rows`, and thresholds each result into its output row.
    ///
    /// `block` is row 0 of the block, rows 16 floats apart, 64-byte aligned, with at least n
    /// readable rows above and below every row in `rows`, each written by this frame's
    /// horizontal pass or zero. Walking down a block keeps the 2n + 1-row window in L1 as one
    /// run of memory, and the aligned loads fold into the arithmetic; the final sum goes
    /// straight to the threshold and never back to memory.
    @inline(__always)
    static func verticalColumn(
        block: UnsafePointer<Float>, x: Int, rows: Range<Int>,
        taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int,
        threshold: Threshold, output: UnsafeMutableRawPointer, outputRowBytes: Int, count: Int
    ) {
        let centre = splat(taps[0])
        var y = rows.lowerBound
        while y < rows.upperBound {
            let middle = block + y &* 16
            var sum = centre * middle.alignedVector16(at: 0)
            var up = middle
            var down = middle
            var tap = taps
            var i = 0
            while i < n {
                up -= 16
                down += 16
                tap += 1
                sum += splat(tap.pointee) * (up.alignedVector16(at: 0) + down.alignedVector16(at: 0))
                i &+= 1
            }
            threshold.store(sum, to: output + y &* outputRowBytes, x: x, count: count)
            y &+= 1
        }
    }
}
