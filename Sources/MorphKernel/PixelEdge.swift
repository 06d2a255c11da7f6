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

    /// a(d) for 4 pixels at once, for the edge at d = V / max(|g|, `floor`) with its normal
    /// along g = (`gx`, `gy`): a field V and its slope, as a frame has them. Four lanes (one
    /// register) keep every intermediate value in registers.
    ///
    /// Worked in units of |g| rather than on the normalised normal, which saves a square
    /// root and three divisions: with G₁ ≥ G₂ the components' magnitudes, D = d · |g| (= V
    /// where |g| ≥ f) and H = (G₁ + G₂) / 2, a(d) above is 0 for D ≤ −H, (D + H)² / (2 G₁ G₂)
    /// below G₂ − H, ½ + D / G₁ up to H − G₂, 1 − (H − D)² / (2 G₁ G₂) up to H, 1 beyond;
    /// along a row or column (G₂ = 0) ½ + D / G₁, clamped; with no slope at all
    /// ½ + V / f, clamped.
    @inline(__always)
    static func coverage(field v: SIMD4<Float>, gx: SIMD4<Float>, gy: SIMD4<Float>, floor: Float) -> SIMD4<Float> {
        let ax = gx.replacing(with: -gx, where: gx .< 0), ay = gy.replacing(with: -gy, where: gy .< 0)
        let g1 = ax.replacing(with: ay, where: ax .< ay), g2 = ay.replacing(with: ax, where: ax .< ay)
        let squared = gx * gx + gy * gy
        var scaled = v
        let flat = squared .< floor * floor
        if any(flat) { scaled.replace(with: v * squared.squareRoot() * (1 / floor), where: flat) }
        let h = (g1 + g2) * 0.5
        let still = g1 .== 0
        var a = 0.5 + scaled * (1 / g1.replacing(with: 1, where: still))
        let inverseCorner = 1 / (2 * g1 * g2).replacing(with: 1, where: g2 .== 0)
        let slanted = g2 .> 0
        a.replace(with: (scaled + h) * (scaled + h) * inverseCorner, where: slanted .& (scaled .< g2 - h))
        a.replace(with: 1 - (h - scaled) * (h - scaled) * inverseCorner, where: slanted .& (scaled .> h - g2))
        a.replace(with: 0, where: scaled .<= -h)
        a.replace(with: 1, where: scaled .>= h)
        a.replace(with: 0.5 + v * (1 / floor), where: still)
        return a.replacing(with: 0, where: a .< 0).replacing(with: 1, where: a .> 1)
    }
}
