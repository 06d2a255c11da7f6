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

    /// a(d) for 4 pixels at once, for the edge of a frame's field: V (`field`) and its slope
    /// g = (`gx`, `gy`), at d = V / max(|g|, f) with f = `floor` > 0, its normal along
    /// (|gx| + f − |g|, gy) where |g| < f (turning to the row as the slope vanishes, so that α
    /// does not leap with the direction of a slope too small to trust) and along g elsewhere.
    /// Four lanes (one register) keep every intermediate value in registers.
    ///
    /// Worked in units of the normal's length L rather than on the normalised normal, which
    /// saves a square root and three divisions: with G₁ ≥ G₂ the normal's components'
    /// magnitudes, D = d · L (= V where |g| ≥ f) and H = (G₁ + G₂) / 2, a(d) above is 0 for
    /// D ≤ −H, (D + H)² / (2 G₁ G₂) below G₂ − H, ½ + D / G₁ up to H − G₂,
    /// 1 − (H − D)² / (2 G₁ G₂) up to H, 1 beyond; along a row or column (G₂ = 0)
    /// ½ + D / G₁, clamped. G₁ ≥ min(|g|, f) > 0.
    @inline(__always)
    static func coverage(field v: SIMD4<Float>, gx: SIMD4<Float>, gy: SIMD4<Float>, floor: Float) -> SIMD4<Float> {
        var ax = gx.replacing(with: -gx, where: gx .< 0)
        let ay = gy.replacing(with: -gy, where: gy .< 0)
        let squared = gx * gx + gy * gy
        var scaled = v
        let flat = squared .< floor * floor
        if any(flat) {
            ax.replace(with: ax + (floor - squared.squareRoot()), where: flat)
            scaled.replace(with: v * (ax * ax + ay * ay).squareRoot() * (1 / floor), where: flat)
        }
        let g1 = ax.replacing(with: ay, where: ax .< ay), g2 = ay.replacing(with: ax, where: ax .< ay)
        let h = (g1 + g2) * 0.5
        var a = 0.5 + scaled * (1 / g1)
        let inverseCorner = 1 / (2 * g1 * g2).replacing(with: 1, where: g2 .== 0)
        let slanted = g2 .> 0
        a.replace(with: (scaled + h) * (scaled + h) * inverseCorner, where: slanted .& (scaled .< g2 - h))
        a.replace(with: 1 - (h - scaled) * (h - scaled) * inverseCorner, where: slanted .& (scaled .> h - g2))
        a.replace(with: 0, where: scaled .<= -h)
        a.replace(with: 1, where: scaled .>= h)
        return a.replacing(with: 0, where: a .< 0).replacing(with: 1, where: a .> 1)
    }
}
