/// A straight edge across a unit pixel, and the share of the pixel it covers: the
/// anti-aliasing of a vector renderer, which the distance style reads both ways — an icon's
/// edge pixels give where their outline lies (`offset`, `SignedDistanceField`), and a
/// frame's distance to its outline gives each pixel's coverage (`coverage`,
/// `DistanceFrameRenderer`).
///
/// The edge lies d from the pixel's centre, the covered side away from its unit normal n
/// (d > 0: the centre is covered). With the normal's components n₁ ≥ n₂ ≥ 0 and
/// h = (n₁ + n₂) / 2, the covered share grows as a triangle, then linearly, then as a
/// triangle again as the edge moves out:
///
///     a(d) = 0                          for d ≤ −h,
///            (d + h)² / (2 n₁ n₂)         up to −h + n₂ (where a = n₂ / (2 n₁)),
///            ½ + d / n₁                  up to h − n₂,
///            1 − (h − d)² / (2 n₁ n₂)     up to h,
///            1                          beyond;
///
/// along a row or column (n₂ = 0) simply a = ½ + d, clamped to [0, 1].
enum PixelEdge {
    /// The largest |d| at which a straight edge leaves a pixel partly covered: half the
    /// pixel's diagonal, √2 / 2 (an edge at 45°), rounded up; beyond it a(d) is 0 or 1.
    static let reach: Float = 0.70711

    /// d for covered share `a` in [0, 1] and the unit normal `normal`: the inverse of a(d).
    static func offset(coverage a: Double, normal: SIMD2<Double>) -> Double {
        var n1 = abs(normal.x), n2 = abs(normal.y)
        if n1 < n2 { swap(&n1, &n2) }
        guard n2 > 0 else { return a - 0.5 }
        let corner = n2 / (2 * n1), h = (n1 + n2) / 2
        if a < corner { return -h + (2 * n1 * n2 * a).squareRoot() }
        if a > 1 - corner { return h - (2 * n1 * n2 * (1 - a)).squareRoot() }
        return (a - 0.5) * n1
    }

    /// a(d) for the edge `distance` pixels from the centre with its normal along `normal`
    /// (any length; zero counts as along a row), in single precision.
    @inline(__always)
    static func coverage(distance d: Float, normal: SIMD2<Float>) -> Float {
        var n1 = abs(normal.x), n2 = abs(normal.y)
        if n1 < n2 { swap(&n1, &n2) }
        let length = (n1 * n1 + n2 * n2).squareRoot()
        guard length > 0, n2 > 0 else { return min(1, max(0, 0.5 + d)) }
        n1 /= length
        n2 /= length
        let h = (n1 + n2) / 2
        if d <= -h { return 0 }
        if d >= h { return 1 }
        if d < n2 - h { return (d + h) * (d + h) / (2 * n1 * n2) }
        if d > h - n2 { return 1 - (h - d) * (h - d) / (2 * n1 * n2) }
        return 0.5 + d / n1
    }

    /// a(d) for 16 pixels at once: the same formulas, lane by lane, as
    /// `coverage(distance:normal:)` with the normal (`gx`, `gy`), with three divisions where
    /// that has five (a reciprocal each for the length, n₁ and 2 n₁ n₂).
    @inline(__always)
    static func coverage(distance d: SIMD16<Float>, gx: SIMD16<Float>, gy: SIMD16<Float>) -> SIMD16<Float> {
        let ax = gx.replacing(with: -gx, where: gx .< 0), ay = gy.replacing(with: -gy, where: gy .< 0)
        var n1 = ax.replacing(with: ay, where: ax .< ay), n2 = ay.replacing(with: ax, where: ax .< ay)
        let length = (n1 * n1 + n2 * n2).squareRoot()
        let alongAxis = (0.5 + d).clamped01
        let slanted = (length .> 0) .& (n2 .> 0)
        let inverseLength = 1 / length.replacing(with: 1, where: .!slanted)
        n1 *= inverseLength
        n2 *= inverseLength
        let h = (n1 + n2) * 0.5
        let inverseCorner = 1 / (2 * n1 * n2).replacing(with: 1, where: .!slanted)
        var a = 0.5 + d * (1 / n1.replacing(with: 1, where: .!slanted))
        let low = (d + h) * (d + h) * inverseCorner, high = 1 - (h - d) * (h - d) * inverseCorner
        a.replace(with: low, where: d .< n2 - h)
        a.replace(with: high, where: d .> h - n2)
        a.replace(with: 0, where: d .<= -h)
        a.replace(with: 1, where: d .>= h)
        return a.replacing(with: alongAxis, where: .!slanted)
    }
}

extension SIMD16 where Scalar == Float {
    /// Each lane clamped to [0, 1] (NaN stays NaN).
    @inline(__always)
    fileprivate var clamped01: SIMD16<Float> {
        replacing(with: 0, where: self .< 0).replacing(with: 1, where: self .> 1)
    }
}
