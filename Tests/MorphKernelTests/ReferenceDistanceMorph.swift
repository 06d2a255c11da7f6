import Foundation
import MorphKernel

/// The distance style's frame math written out plainly in double precision: the oracle for
/// the renderer's distance style, and what the design was measured on.
///
/// For progress p, with e the eased progress, b = sin(π e) and R the blur level's radius
/// exactly as for the metaball style (`ReferenceMorph`), and φS, φT the icons' signed
/// distance fields (pixels, positive inside; `SignedDistanceField`):
/// 1. φ = (1 − e) · φS + e · φT;
/// 2. V = the separable Gaussian blur of φ at radius R (the metaball style's weights), the
///    canvas's border values repeated outside it (a distance field goes on beyond the canvas;
///    zero there would draw an outline along the border);
/// 3. the slope g = |∇V| by central differences (one-sided at the border), and the distance
///    to the outline d = V / max(g, 1 − b, 0.05): blurring a distance field flattens it
///    where the blur spans a corner or a thin part (g < 1), which would widen the edge
///    there; dividing by the slope keeps the edge one pixel wide. The floor 1 − b leaves
///    the frames at rest (b = 0) as the fields give them and brings the correction in
///    with the blur, so nothing jumps;
/// 4. α = the share of the pixel a straight edge at distance d from its centre covers, with
///    the edge's normal along ∇V (`coverage`, by clipping the pixel's square): the
///    anti-aliasing of a vector renderer, one pixel wide. Where the slope is under the floor
///    the normal is taken along (|∂V/∂x| + f − g, ∂V/∂y), which turns to the row as the
///    slope vanishes, so α does not leap with the direction of a slope too small to trust.
///
/// With a field C captured from an earlier frame (`Captured`: that frame's V over the whole
/// canvas and its floor f_C) at weight w, step 1 becomes φ = (1 − w) · ((1 − e) · φS + e · φT)
/// + w · C and the floor of step 3 f = (1 − w) · max(1 − b, 0.05) + w · f_C.
enum ReferenceDistanceMorph {
    /// A captured field: the V of an earlier frame over the whole canvas (`field`), its slope
    /// floor, and the weight it is mixed in with.
    struct Captured {
        var values: [Double]
        var slopeFloor: Double
        var weight: Double
    }

    /// V of the frame at `progress` over the whole canvas (what a capture keeps) and its
    /// slope floor f.
    static func field(
        source: [Double], target: [Double], width: Int, height: Int, progress p: Double, style: MorphStyle,
        captured: Captured? = nil
    ) -> (values: [Double], slopeFloor: Double) {
        let e = ReferenceMorph.eased(p, style.easing)
        let b = sin(Double.pi * e)
        let radius = ReferenceMorph.radius(progress: p, style: style)
        var mixed = zip(source, target).map { (1 - e) * $0 + e * $1 }
        var floor = max(1 - b, 0.05)
        if let captured {
            let w = captured.weight
            mixed = zip(mixed, captured.values).map { (1 - w) * $0 + w * $1 }
            floor = (1 - w) * floor + w * captured.slopeFloor
        }
        let v = radius > 0 ? blur(mixed, width: width, height: height, weights: ReferenceMorph.weights(radius: radius)) : mixed
        return (v, floor)
    }

    /// α of every pixel of the frame at `progress`, row-major.
    static func frame(
        source: [Double], target: [Double], width: Int, height: Int, progress p: Double, style: MorphStyle,
        captured: Captured? = nil
    ) -> [Double] {
        let (v, floor) = field(
            source: source, target: target, width: width, height: height, progress: p, style: style, captured: captured)
        var alpha = [Double](repeating: 0, count: v.count)
        for y in 0..<height {
            for x in 0..<width {
                func at(_ x: Int, _ y: Int) -> Double { v[min(height - 1, max(0, y)) * width + min(width - 1, max(0, x))] }
                // Central differences, one-sided at the border.
                let gx = (at(x + 1, y) - at(x - 1, y)) / Double(min(x + 1, width - 1) - max(x - 1, 0)).nonZero
                let gy = (at(x, y + 1) - at(x, y - 1)) / Double(min(y + 1, height - 1) - max(y - 1, 0)).nonZero
                let slope = (gx * gx + gy * gy).squareRoot()
                let distance = v[y * width + x] / max(slope, floor)
                alpha[y * width + x] = coverage(distance: distance, normal: (abs(gx) + max(floor - slope, 0), gy))
            }
        }
        return alpha
    }

    /// The frame as bytes: α · 255 rounded, halves away from zero.
    static func frameBytes(
        source: [Double], target: [Double], width: Int, height: Int, progress p: Double, style: MorphStyle,
        captured: Captured? = nil
    ) -> [UInt8] {
        frame(source: source, target: target, width: width, height: height, progress: p, style: style, captured: captured)
            .map { UInt8(($0 * 255).rounded()) }
    }

    /// The separable blur with the border's values repeated outside the canvas.
    static func blur(_ m: [Double], width: Int, height: Int, weights w: [Double]) -> [Double] {
        let n = w.count / 2
        var horizontal = [Double](repeating: 0, count: m.count), vertical = horizontal
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for i in -n...n { sum += w[n + i] * m[y * width + min(width - 1, max(0, x + i))] }
                horizontal[y * width + x] = sum
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for i in -n...n { sum += w[n + i] * horizontal[min(height - 1, max(0, y + i)) * width + x] }
                vertical[y * width + x] = sum
            }
        }
        return vertical
    }

    /// The share of a unit pixel that the half-plane beyond a straight edge covers, the edge
    /// `distance` from the pixel's centre (positive: the centre is covered) with its normal
    /// along `normal` (zero: along a row): the pixel's square [−½, ½]² clipped to
    /// {p : p · n ≤ d} (n the unit normal), its area by the shoelace formula.
    static func coverage(distance d: Double, normal: (Double, Double)) -> Double {
        let length = (normal.0 * normal.0 + normal.1 * normal.1).squareRoot()
        let n = length > 0 ? (normal.0 / length, normal.1 / length) : (1.0, 0.0)
        func side(_ p: (Double, Double)) -> Double { p.0 * n.0 + p.1 * n.1 - d }
        let square = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
        var clipped: [(Double, Double)] = []
        for (i, p) in square.enumerated() {
            let q = square[(i + 1) % square.count]
            let sp = side(p), sq = side(q)
            if sp <= 0 { clipped.append(p) }
            if (sp < 0) != (sq < 0) && sp != sq {
                let t = sp / (sp - sq)
                clipped.append((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)))
            }
        }
        var twice = 0.0
        for (i, p) in clipped.enumerated() {
            let q = clipped[(i + 1) % clipped.count]
            twice += p.0 * q.1 - q.0 * p.1
        }
        return abs(twice) / 2
    }
}

private extension Double {
    /// 1 for 0 (a one-pixel-wide canvas has no neighbours to difference).
    var nonZero: Double { self == 0 ? 1 : self }
}
