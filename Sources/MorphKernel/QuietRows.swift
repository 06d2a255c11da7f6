/// How far down a column block the fixed edge ramp's output is certain not to change, from
/// one computed row of V: the vertical pass then skips the rows in between and writes the
/// computed row's pixels there, the bytes the taps would give.
///
/// V changes slowly from row to row. With P the blur plane (the horizontal pass's values,
/// each in [0, P_max]) and w the level's single-precision taps (w_i = w_−i, 0 beyond ±n), the
/// exact vertical sums of P satisfy
///
///   V(y + 1) − V(y) = Σ_i P(y + i) · (w_{i−1} − w_i),
///
/// so |V(y + 1) − V(y)| ≤ D = P_max · max(Σ positive parts, Σ negative parts) of the
/// differences w_{i−1} − w_i (w_0 for a kernel that falls away from its centre). The computed
/// V is within ε of the exact sum (`TileMap.Rule.fieldError`), so from a computed row y,
///
///   V(y + k) ≤ V(y) + k · D + 2ε   and   V(y + k) ≥ V(y) − k · D − 2ε.
///
/// A lane is empty (α = 0) while V < t − s and full (α = 1) while V > t + 10⁻⁵ (the margin
/// `TileMap` fills full tiles with: u then rounds to at least 1). So when every lane of row y
/// lies beyond one of these by more than k · D + 2ε, rows y + 1 … y + k keep row y's α, each
/// lane 0 or 1, exactly as their own taps would give it. Far from the contour that skips
/// most rows of a computed tile; near it, none.
struct QuietRows {
    /// The middle of t − s (the ramp's lower end) and t + 10⁻⁵ (above which α rounds to 1).
    let middle: Float
    /// Half the distance between them, plus 2ε and a margin for the single-precision
    /// distance: a lane whose |V − middle| exceeds this by k · D keeps its α for k rows.
    let reach: Float
    /// 1 / D, D slightly rounded up so that a rounded k never exceeds the bound.
    let inverseStep: Float

    /// The rule for the fixed ramp of `threshold` and softness `s`, for a level whose taps
    /// w_0 … w_n are `taps[0 ... n]` (lane 0 of each).
    init(threshold t: Double, softness s: Double, taps: UnsafePointer<SIMD4<Float>>, halfWidth n: Int) {
        let lower = Double(Float(t - s)), upper = t + 1e-5
        middle = Float((lower + upper) / 2)
        func tap(_ i: Int) -> Double { abs(i) <= n ? Double(taps[abs(i)][0]) : 0 }
        var rising = 0.0, falling = 0.0
        for i in -n...(n + 1) {
            let difference = tap(i - 1) - tap(i)
            if difference > 0 { rising += difference } else { falling -= difference }
        }
        let error = TileMap.Rule.fieldError(halfWidth: n)
        let step = max(rising, falling) * (1 + error) * (1 + 1e-5) + 1e-9
        inverseStep = Float(1 / step)
        reach = Float((upper - lower) / 2 + 2 * error + 1e-6)
    }

    /// How many rows after one whose V is `field` certainly keep its α: 0 unless every lane
    /// is quiet by more than one row's change. Lanes past the canvas's right edge count too
    /// (they only make the answer smaller).
    @inline(__always)
    func rowsAfter(_ field: SIMD16<Float>) -> Int {
        // Per lane: |V − m| − r for the ramp's middle m and half-width r is how far V lies
        // beyond the nearer quiet bound (negative inside the ramp); the half-width is taken
        // off at the end, with the room.
        let centred = field - SIMD16<Float>(repeating: middle)
        let magnitude = unsafeBitCast(
            unsafeBitCast(centred, to: SIMD16<UInt32>.self) & SIMD16(repeating: 0x7FFF_FFFF), to: SIMD16<Float>.self)
        let eight = Self.smaller(magnitude.lowHalf, magnitude.highHalf)
        let four = Self.smaller(eight.lowHalf, eight.highHalf)
        let least = Swift.min(Swift.min(four[0], four[1]), Swift.min(four[2], four[3]))
        let rows = (least - reach) * inverseStep
        // False for NaN too.
        guard rows >= 1 else { return 0 }
        return rows < 1e6 ? Int(rows) : 1_000_000
    }

    @inline(__always)
    private static func smaller(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        var result = a
        result.replace(with: b, where: b .< a)
        return result
    }

    @inline(__always)
    private static func smaller(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        var result = a
        result.replace(with: b, where: b .< a)
        return result
    }
}
