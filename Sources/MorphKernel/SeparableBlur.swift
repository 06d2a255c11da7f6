/// The two passes of the separable Gaussian: V = vertical(horizontal(M)), one symmetric 1-D
/// kernel for both, zero outside the canvas.
///
/// Both passes take the one-sided taps w_0 … w_n of the level and sum a pixel as
/// w_0 · x_0 + w_1 · (x_−1 + x_1) + … + w_n · (x_−n + x_n), in that order, in single
/// precision, with 16 pixels per vector. The order is fixed per pixel, so results do not
/// depend on how rows are split between threads.
///
/// Taps that can only reach the zero border are left out by the caller (n is capped by the
/// padded width and by height − 1); they would add exact zeros, so the sums are unchanged.
enum SeparableBlur {
    /// Convolves one zero-padded row: `padded[−n ..< stride + n]` is readable, holding the
    /// row's values at 0 ..< width and zeros elsewhere; writes `stride` (a multiple of 16)
    /// values to `destination`.
    @inline(__always)
    static func horizontalRow(
        padded: UnsafePointer<Float>, stride: Int, taps: UnsafePointer<Float>, halfWidth n: Int,
        into destination: UnsafeMutablePointer<Float>
    ) {
        let centre = taps[0]
        var x = 0
        while x < stride {
            var sum = centre * padded.vector16(at: x)
            var i = 1
            while i <= n {
                sum += taps[i] * (padded.vector16(at: x &- i) + padded.vector16(at: x &+ i))
                i &+= 1
            }
            destination.storeVector16(sum, at: x)
            x &+= 16
        }
    }

    /// How many taps the vertical pass adds per sweep over the accumulator row: each sweep
    /// streams 2 × this many rows plus the accumulator. 4 measured best on 132² and 1024².
    static let verticalTapsPerSweep = 4

    /// Convolves column-wise around one row and thresholds the result into `output`.
    ///
    /// `centre` is the row in a plane of rows `stride` floats apart, with at least n readable
    /// rows above and below (zero rows beyond the canvas). Rows are accumulated into
    /// `accumulator` (`stride` floats) with x innermost, a few taps per sweep, so every load
    /// streams along a row (summing all taps per 16 columns instead strides down 2n + 1 rows
    /// and is 1.8× slower at 1024² because those rows share cache sets); the last sweep feeds
    /// the threshold so the final sums never go back to memory. Each pixel's sum is still
    /// w_0 · c + w_1 · (…) + … + w_n · (…) in that order.
    @inline(__always)
    static func verticalRow(
        centre: UnsafePointer<Float>, stride: Int, taps: UnsafePointer<Float>, halfWidth n: Int,
        accumulator: UnsafeMutablePointer<Float>, width: Int,
        threshold: Threshold, output: UnsafeMutableRawPointer
    ) {
        var first = 0
        while true {
            let last = min(first &+ verticalTapsPerSweep &- 1, n)
            let isFinal = last == n
            var x = 0
            while x < (isFinal ? width : stride) {
                var sum: SIMD16<Float>
                var i = first
                if first == 0 {
                    sum = taps[0] * centre.vector16(at: x)
                    i = 1
                } else {
                    sum = accumulator.vector16(at: x)
                }
                while i <= last {
                    let offset = i &* stride
                    sum += taps[i] * (centre.vector16(at: x &- offset) + centre.vector16(at: x &+ offset))
                    i &+= 1
                }
                if isFinal {
                    threshold.store(sum, to: output, x: x, count: min(16, width &- x))
                } else {
                    accumulator.storeVector16(sum, at: x)
                }
                x &+= 16
            }
            if isFinal { return }
            first = last &+ 1
        }
    }
}
