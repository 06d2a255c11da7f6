/// The two passes of the separable Gaussian: V = vertical(horizontal(M)), one symmetric 1-D
/// kernel for both, zero outside the canvas. (Across, a block whose row changes in few places
/// within reach is summed from those changes instead: `MixSteps`.)
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
/// pair costs 9 loads and 8 additions, which keeps both the load ports and a CPU's two
/// vector adders busy: the loop is bound by the additions (4 cycles a pair on two adders),
/// not by memory.
enum SeparableBlur {
    /// A tap from the table in all 16 lanes: one 4-lane load, used for the 4 SSE registers.
    @inline(__always)
    static func splat(_ w: SIMD4<Float>) -> SIMD16<Float> {
        let eight = SIMD8(lowHalf: w, highHalf: w)
        return SIMD16(lowHalf: eight, highHalf: eight)
    }

    /// The sum of the 16 consecutive floats from `middle` (n readable on each side), any
    /// alignment: `centre` (w_0 in 16 lanes) · x_0 + w_1 · (x_−1 + x_1) + … + w_n · (x_−n + x_n).
    @inline(__always)
    static func horizontalSum(
        _ middle: UnsafePointer<Float>, centre: SIMD16<Float>, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int
    ) -> SIMD16<Float> {
        var sum = centre * middle.vector16(at: 0)
        var left = middle
        var right = middle
        var tap = taps
        var i = 0
        while i < n {
            left -= 1
            right += 1
            tap += 1
            sum += splat(tap.pointee) * (left.vector16(at: 0) + right.vector16(at: 0))
            i &+= 1
        }
        return sum
    }

    /// Convolves down one column block of 16 pixels (output columns x ..< x + 16), for
    /// output rows `rows`, and thresholds each result into its output row; with `quiet`, the
    /// rows after a computed one that certainly keep its α get its pixels instead of their
    /// own taps (`QuietRows`: the same bytes).
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
        threshold: Threshold, quiet: QuietRows?, output: UnsafeMutableRawPointer, outputRowBytes: Int, count: Int
    ) {
        var y = rows.lowerBound
        while y < rows.upperBound {
            let sum = verticalSum(block + y &* 16, taps: taps, halfWidth: n)
            let bits = threshold.alphaBits(sum)
            threshold.writer.store(bits, to: output + y &* outputRowBytes, x: x, count: count)
            y &+= 1
            guard let quiet else { continue }
            let end = Swift.min(rows.upperBound, y &+ quiet.rowsAfter(sum))
            while y < end {
                threshold.writer.store(bits, to: output + y &* outputRowBytes, x: x, count: count)
                y &+= 1
            }
        }
    }

    /// V of the 16 pixels whose blur-plane row starts at `middle` (the n rows above and below
    /// readable): w_0 · x_0 + w_1 · (x_−1 + x_1) + … + w_n · (x_−n + x_n).
    @inline(__always)
    static func verticalSum(
        _ middle: UnsafePointer<Float>, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int
    ) -> SIMD16<Float> {
        var sum = splat(taps[0]) * middle.alignedVector16(at: 0)
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
        return sum
    }

    /// `verticalSum` with the farthest row on one side, n rows below (`farBelow`) or above
    /// the middle, taken from `far` instead of the plane; for n = 0, `far` is the middle row.
    /// The terms and their order are `verticalSum`'s.
    @inline(__always)
    static func verticalSum(
        _ middle: UnsafePointer<Float>, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int, far: SIMD16<Float>,
        farBelow: Bool
    ) -> SIMD16<Float> {
        guard n > 0 else { return splat(taps[0]) * far }
        var sum = splat(taps[0]) * middle.alignedVector16(at: 0)
        var up = middle
        var down = middle
        var i = 1
        while i < n {
            up -= 16
            down += 16
            sum += splat(taps[i]) * (up.alignedVector16(at: 0) + down.alignedVector16(at: 0))
            i &+= 1
        }
        let near = farBelow ? (up - 16).alignedVector16(at: 0) : (down + 16).alignedVector16(at: 0)
        sum += splat(taps[n]) * (farBelow ? near + far : far + near)
        return sum
    }

    /// The horizontal pass for four lanes only: pixels x ..< x + 4 of the zero-padded row
    /// (n readable on each side), written to `destination[0 ..< 4]`; per lane the terms and
    /// order of `horizontalSum`.
    @inline(__always)
    static func horizontalLanes(
        padded: UnsafePointer<Float>, x: Int, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int,
        into destination: UnsafeMutablePointer<Float>
    ) {
        var sum = taps[0] * padded.vector4(at: x)
        var left = padded + x
        var right = padded + x
        var tap = taps
        var i = 0
        while i < n {
            left -= 1
            right += 1
            tap += 1
            sum += tap.pointee * (left.vector4(at: 0) + right.vector4(at: 0))
            i &+= 1
        }
        UnsafeMutableRawPointer(destination).storeBytes(of: sum, as: SIMD4<Float>.self)
    }

    /// Like `verticalColumn`, but stores V itself into the field plane (`field` is its row 0,
    /// column 0; rows `fieldStride` floats apart): rows `rows`, columns x ..< x + count.
    ///
    /// With `substituted` (the block's flag for each row, nil in frames without quiet rows)
    /// and `quiet` (nil in blocks that keep every row), rows after a computed
    /// one whose pixels are certainly quiet (`QuietRows`) get its V instead of their own, and
    /// their flag set (the others' cleared): the edge ramp then finds them quiet on the same
    /// side as their own V, so writes the same bytes. Only rows inside `substitutable` are
    /// substituted, and a run of them ends before a row that is still certainly quiet, which
    /// holds its own V (computed here, or, after `rows`, by whatever writes that row: the next
    /// tile row, a halo row, zeros out of the content's reach): the rows above and below a
    /// run are quiet, so no pixel the ramp computes reads a substituted V above or below it
    /// (across, beside another block, see `FramePlan.exactNeighbours`).
    @inline(__always)
    static func verticalColumn(
        block: UnsafePointer<Float>, x: Int, rows: Range<Int>, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int,
        field: UnsafeMutablePointer<Float>, fieldStride: Int, count: Int,
        quiet: QuietRows?, substitutable: Range<Int>, substituted: UnsafeMutablePointer<UInt8>?
    ) {
        var y = rows.lowerBound
        guard let substituted else {
            // Measured apart from the loop below: frames without quiet rows pay nothing for them.
            while y < rows.upperBound {
                field.storeVector16(
                    verticalSum(block + y &* 16, taps: taps, halfWidth: n), at: y &* fieldStride &+ x, count: count)
                y &+= 1
            }
            return
        }
        let last = Swift.min(rows.upperBound, substitutable.upperBound)
        while y < rows.upperBound {
            let sum = verticalSum(block + y &* 16, taps: taps, halfWidth: n)
            field.storeVector16(sum, at: y &* fieldStride &+ x, count: count)
            substituted[y] = 0
            y &+= 1
            guard let quiet, y >= substitutable.lowerBound else { continue }
            // Rows y − 1 … y − 1 + k are quiet; substitute those between the first and last.
            let end = Swift.min(last, y &- 1 &+ quiet.rowsAfter(sum))
            while y < end {
                field.storeVector16(sum, at: y &* fieldStride &+ x, count: count)
                substituted[y] = 1
                y &+= 1
            }
        }
    }

    /// V of lane `lane` of the column block whose blur-plane row 0 is `block`, at row `y`:
    /// the terms and order of `verticalSum`'s lane, so the same bits.
    @inline(__always)
    static func verticalLane(
        block: UnsafePointer<Float>, lane: Int, y: Int, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int
    ) -> Float {
        let middle: UnsafePointer<Float> = block + (y &* 16 &+ lane)
        var sum: Float = taps[0][0] * middle[0]
        var i = 1
        while i <= n {
            let up: Float = middle[0 &- 16 &* i], down: Float = middle[16 &* i]
            sum += taps[i][0] * (up + down)
            i &+= 1
        }
        return sum
    }

    /// V of one column of the canvas, lane `lane` of the column block whose blur-plane row 0
    /// is `block`, for the up to 16 rows `rows`, stored into the field plane at `column`.
    ///
    /// The column's blur-plane values are first copied into `buffer` (16 + 2n floats) so that
    /// one vector covers the 16 rows. Each row's sum has the vertical pass's terms in the
    /// vertical pass's order, so the values are bit-identical to what `verticalColumn` would
    /// store for that lane.
    @inline(__always)
    static func fieldColumn(
        block: UnsafePointer<Float>, lane: Int, rows: Range<Int>, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int,
        buffer: UnsafeMutablePointer<Float>, field: UnsafeMutablePointer<Float>, fieldStride: Int, column: Int
    ) {
        var k = 0
        var y = rows.lowerBound &- n
        while y < rows.upperBound &+ n {
            buffer[k] = block[y &* 16 &+ lane]
            k &+= 1
            y &+= 1
        }
        // The copied column is one contiguous run, so the horizontal pass's sum convolves it.
        let sum = horizontalSum(UnsafePointer(buffer + n), centre: splat(taps[0]), taps: taps, halfWidth: n)
        for k in 0..<rows.count { field[(rows.lowerBound &+ k) &* fieldStride &+ column] = sum[k] }
    }
}
