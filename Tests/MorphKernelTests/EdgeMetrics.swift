import Foundation

/// Measurements of rendered frames: how wide the edges are, how often a slanted edge steps
/// straight from transparent to opaque, how much consecutive frames differ. Independent of the
/// renderer's code: they read output bytes and the float64 reference field only.
enum EdgeMetrics {
    /// The contour length of a frame in pixels: Σ |∇α| over the pixels, α = byte / 255, with
    /// central differences (α = 0 outside the canvas). By the coarea formula this is the
    /// length of the contours α = c averaged over c in [0, 1]: for a shape whose α rises from
    /// 0 to 1 across its edge, the length of that edge, however wide the ramp. (A one-pixel
    /// step 0, 1 and a ramp 0, a, 1 both give 1 per pixel of a straight edge.)
    static func contourLength(_ alpha: [UInt8], width: Int, height: Int) -> Double {
        var length = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let left = x > 0 ? Int(alpha[i - 1]) : 0, right = x < width - 1 ? Int(alpha[i + 1]) : 0
                let up = y > 0 ? Int(alpha[i - width]) : 0, down = y < height - 1 ? Int(alpha[i + width]) : 0
                let gx = Double(right - left) / 510, gy = Double(down - up) / 510
                length += (gx * gx + gy * gy).squareRoot()
            }
        }
        return length
    }

    /// The frame's field slope g = r · c at every pixel (`ReferenceMorph.slope`, r from the
    /// kernel of `radius`) and w_0, the steepest slope of a unit step at that blur.
    static func fieldSlope(_ field: [Double], width: Int, height: Int, radius: Double) -> (slope: [Double], w0: Double) {
        let w = ReferenceMorph.weights(radius: radius)
        let n = w.count / 2
        let w0 = w[n], w1 = n > 0 ? w[n + 1] : 0
        let r = 2 * w0 / (w0 + w1)
        return (ReferenceMorph.slope(field, width: width, height: height, radius: radius).map { r * $0 }, w0)
    }

    /// Partially transparent pixels (bytes 1 … 254) per pixel of contour length.
    ///
    /// With `excludingFlat`, pixels where the field is nearly flat (g < w_0 / 4) are not
    /// counted: there a region fades as a whole as the mix crosses the threshold (the issue
    /// asks for that fade; `AutomaticEdgeTests` checks it on its own), and its pixels are
    /// translucent without being an edge.
    static func edgeWidth(
        _ alpha: [UInt8], field: [Double], width: Int, height: Int, radius: Double, excludingFlat: Bool
    ) -> (width: Double, partial: Int, length: Double) {
        let (slope, w0) = fieldSlope(field, width: width, height: height, radius: radius)
        var partial = 0
        for i in alpha.indices where alpha[i] > 0 && alpha[i] < 255 {
            if !excludingFlat || slope[i] >= w0 / 4 { partial += 1 }
        }
        let length = contourLength(alpha, width: width, height: height)
        return (length > 0 ? Double(partial) / length : 0, partial, length)
    }

    /// Stair-steps on slanted edges: of the pairs of side-by-side pixels (across or down) that
    /// straddle α = ½ (one byte below 128, the other not) where the field's gradient points
    /// more than 10° away from both axes (the smaller central difference at least tan 10° of
    /// the larger, at both pixels), the share that jumps straight from 0 to 255. An
    /// antialiased slanted edge has partial pixels between its inside and outside; a
    /// thresholded one steps. Returns nil when the frame has no such crossing.
    static func stairSteps(_ alpha: [UInt8], field: [Double], width: Int, height: Int) -> (share: Double, jumps: Int, crossings: Int)? {
        func slanted(_ x: Int, _ y: Int) -> Bool {
            guard x > 0, y > 0, x < width - 1, y < height - 1 else { return false }
            let gx = abs(field[y * width + x + 1] - field[y * width + x - 1])
            let gy = abs(field[(y + 1) * width + x] - field[(y - 1) * width + x])
            let large = max(gx, gy), small = min(gx, gy)
            return large > 0 && small >= large * tan(10 * Double.pi / 180)
        }
        var jumps = 0, crossings = 0
        for y in 0..<height {
            for x in 0..<width {
                for (nx, ny) in [(x + 1, y), (x, y + 1)] where nx < width && ny < height {
                    let a = alpha[y * width + x], b = alpha[ny * width + nx]
                    guard (a < 128) != (b < 128), slanted(x, y), slanted(nx, ny) else { continue }
                    crossings += 1
                    if min(a, b) == 0 && max(a, b) == 255 { jumps += 1 }
                }
            }
        }
        return crossings > 0 ? (Double(jumps) / Double(crossings), jumps, crossings) : nil
    }

    /// The change between consecutive frames: mean |byte_i − byte_{i−1}| over the pixels, for
    /// i = 1 … count − 1.
    static func changes(_ frames: [[UInt8]]) -> [Double] {
        (1..<frames.count).map { i in
            var total = 0
            for (a, b) in zip(frames[i], frames[i - 1]) { total += abs(Int(a) - Int(b)) }
            return Double(total) / Double(frames[i].count)
        }
    }

    /// The largest ratio of a change to the larger of its two neighbouring changes, and the
    /// step (1-based, as in `changes`) where it occurs: an isolated spike, a frame that jumps
    /// where the frames around it move smoothly, shows as a ratio well above 1.
    static func largestSpike(_ changes: [Double]) -> (ratio: Double, step: Int) {
        var worst = (ratio: 0.0, step: 0)
        for i in 1..<changes.count - 1 {
            let around = max(changes[i - 1], changes[i + 1])
            let ratio = around > 0 ? changes[i] / around : (changes[i] > 0 ? .infinity : 0)
            if ratio > worst.ratio { worst = (ratio, i + 1) }
        }
        return worst
    }
}
