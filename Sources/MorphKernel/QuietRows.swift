/// How far down a column block the edge ramp's pixels are certain to stay quiet (α = 0 or 1)
/// on the side where one computed row of V has them, so that the vertical pass can skip the
/// taps of the rows in between: the fixed ramp writes the computed row's pixels there, the
/// bytes the taps would give; the automatic ramp gets the computed V in their place
/// (`SeparableBlur.verticalColumn`), which it finds quiet on the same side.
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
/// With the fixed ramp a lane is empty (α = 0) while V < t − s and full (α = 1) while
/// V > t + 10⁻⁵ (the margin `TileMap` fills full tiles with: u then rounds to at least 1);
/// the automatic ramp's interior pixels are quiet while |V − t| ≥ W / 2 for its bound W on
/// the ramp's width (`EdgeRamp.interiorWidth`). So when every lane of row y lies beyond its
/// nearer bound by more than k · D + 2ε, rows y + 1 … y + k are quiet on the same side, as
/// their own taps would make them. Far from the contour that skips most rows of a computed
/// tile; near it, none.
struct QuietRows {
    /// Whether a frame of vertical half-width v leaves quiet rows to others at all: from
    /// v = 10 with the fixed ramp, from v = 20 with the automatic one. Below, the skips are
    /// short (D = w_0 is large) and a sum has few taps, so testing every computed row costs
    /// more than the rows it saves. Measured on 132 px icon pairs (Adwaita play → pause and
    /// edit-find → mail-send, heart → star, bell → magnifyingglass, p = ½, medians of
    /// alternating runs): the fixed ramp 3–15 % faster at v = 12, 8 % faster to 1 % slower
    /// at 10, 11–15 % slower at 4; the automatic ramp, which also keeps a flag per row and
    /// puts back the values a computed pixel reads across a block's side, 2–10 % slower at
    /// 12, mixed at 16, 2–11 % faster at 20 and 8–17 % at 24 (at 512 px, v = 32: 4–20 %;
    /// 1024 px, v = 48: 27–38 %).
    static func applies(halfWidth v: Int, automaticRamp: Bool) -> Bool {
        v >= (automaticRamp ? 20 : 10)
    }

    /// The middle of the ramp: for the fixed ramp, of t − s (its lower end) and t + 10⁻⁵
    /// (above which α rounds to 1).
    let middle: Float
    /// Half the distance between them, plus 2ε and a margin for the single-precision
    /// distance: a lane whose |V − middle| exceeds this by k · D keeps its α for k rows.
    let reach: Float
    /// 1 / D, D slightly rounded up so that a rounded k never exceeds the bound.
    let inverseStep: Float

    /// The rule for the fixed ramp of `threshold` and softness `s`, for the vertical pass of
    /// `kernel` with its taps w_0 … w_n: quiet below t − s (in single precision,
    /// `Threshold.lower`) and above t + 10⁻⁵.
    init(threshold t: Double, softness s: Double, kernel: GaussianKernel, halfWidth n: Int) {
        let lower = Double(Float(t - s)), upper = t + 1e-5
        self.init(middle: (lower + upper) / 2, halfRamp: (upper - lower) / 2, kernel: kernel, halfWidth: n)
    }

    /// The rule for a ramp whose pixels are quiet where |V − `middle`| ≥ `halfRamp`, for the
    /// vertical pass of `kernel` with its taps w_0 … w_n (n at most the kernel's half-width:
    /// the pass leaves out taps that reach only the zero border).
    init(middle: Double, halfRamp: Double, kernel: GaussianKernel, halfWidth n: Int) {
        self.middle = Float(middle)
        let centre = kernel.halfWidth
        func tap(_ i: Int) -> Double { abs(i) <= n ? Double(kernel.weights[centre + abs(i)]) : 0 }
        var rising = 0.0, falling = 0.0
        for i in -n...(n + 1) {
            let difference = tap(i - 1) - tap(i)
            if difference > 0 { rising += difference } else { falling -= difference }
        }
        let error = TileMap.Rule.fieldError(halfWidth: n)
        let step = max(rising, falling) * (1 + error) * (1 + 1e-5) + 1e-9
        inverseStep = Float(1 / step)
        reach = Float(halfRamp + 2 * error + 1e-6)
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
        // Quarter by quarter: on SIMD4 the select is one `minps` (`LaneSelect.swift`).
        let four = Self.smaller(
            Self.smaller(magnitude.lowHalf.lowHalf, magnitude.lowHalf.highHalf),
            Self.smaller(magnitude.highHalf.lowHalf, magnitude.highHalf.highHalf))
        let least = Swift.min(Swift.min(four[0], four[1]), Swift.min(four[2], four[3]))
        let rows = (least - reach) * inverseStep
        // False for NaN too.
        guard rows >= 1 else { return 0 }
        return rows < 1e6 ? Int(rows) : 1_000_000
    }

    @inline(__always)
    private static func smaller(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        var result = a
        result.replace(with: b, where: b .< a)
        return result
    }
}
