import PathMorph

/// Fits a closed polygon with cubic Béziers that stay within a tolerance of its vertices:
/// smoothing, corners, thinning, and the runs between corners cut where they have turned by
/// 75° and handed to Schneider's fit (`RunFitter`).
///
/// Corners — where the polygon turns by more than `cornerAngle` within a few vertices —
/// end one curve and start the next with their own tangents; elsewhere neighbouring curves
/// share the tangent at their common node, so the outline is smooth where the shape is.
struct CurveFitter {
    /// Largest distance from a vertex to the fitted curve, in pixels, > 0.
    var tolerance: Double
    /// One vertex in this many is fitted, and every one near a corner (see `prepared`).
    var keepingOneIn: Int
    /// The turn, in radians, at which a vertex is a corner.
    let cornerAngle = 0.9
    /// A cosine above which the turn is surely under `cornerAngle` (cos 0.9 = 0.62161, with
    /// a margin wider than `acosApprox`'s error).
    private let cornerCosine = 0.6226
    /// How many vertices back and ahead the turn is measured over: an anti-aliased corner is
    /// rounded over a pixel or two, so its turn spreads over a few vertices.
    let cornerReach = 3

    /// How many passes smooth the polygon before fitting, alternately shrinking and
    /// inflating (see `smoothed`).
    let smoothingPasses = 2
    /// The most smoothing may move a vertex, in pixels: the traced crossings zigzag about a
    /// diagonal edge by up to about 0.2 px (measured when they were still interpolated
    /// linearly between pixel centres); a bend that moves further is a feature of the shape.
    static let featureShift = 0.25

    /// How many times `tolerance` the curves may stray from a hidden vertex (one that lies
    /// under an opaque layer, where only staying under it matters): 0.6 px at the default
    /// tolerance, the hidden vertices lying a pixel inside the opaque outline
    /// (`MarchingSquares.inset`) and never moved outwards by the second smoothing pass (see
    /// `smoothed`). Measured with `Benchmarks/Scripts/vector-fidelity.py` (thirteen 61-frame
    /// pairs, rsvg-convert): with 4, keeping the hidden vertices from moving out grew the
    /// four largest Lottie files by 2–6 KB; with 6 they are within 1 KB of their size before
    /// and the worst frames the same or better (document-open → document-save 0.9873 →
    /// 0.9884, edit-delete → list-add 0.9846 → 0.9851, the other pairs within 0.0001). With
    /// the hidden vertices smoothed like the others, 8 saved 2–3 KB more than 6 but lost
    /// 0.0002 on document-open → document-save.
    static let hiddenSlack = 6.0

    /// The contour fitted to `raw` (closed, at least 3 vertices); `hidden`, if not empty,
    /// marks the vertices that lie under an opaque layer: they are fitted within
    /// `hiddenSlack` times the tolerance and make no corners.
    func fit(_ raw: [SIMD2<Double>], hidden: [Bool] = []) -> PathContour {
        let (loop, corners, hidden) = prepared(raw, hidden: hidden)
        let n = loop.count
        // Breakpoints: the corners, or, on a smooth loop, two opposite vertices.
        let breaks = corners.isEmpty ? [0, n / 2] : corners
        // The loop twice over, so that the run from any break to the next lies in one piece,
        // with the length of each of its segments, measured once for every run and split.
        var doubled: [SIMD2<Double>] = []
        doubled.reserveCapacity(2 * n + 1)
        doubled += loop
        doubled += loop
        doubled.append(loop[0])
        var segments = [Double].uninitialized(doubled.count)
        for i in 0..<(doubled.count - 1) { segments[i] = length(doubled[i + 1] - doubled[i]) }
        segments[doubled.count - 1] = 0
        // And the length along the loop from point 0 to each point.
        var arc = [Double].uninitialized(doubled.count)
        arc[0] = 0
        for i in 1..<doubled.count { arc[i] = arc[i - 1] + segments[i - 1] }
        // (The fit writes each point's parameter before reading it.)
        var parameters = [Double].uninitialized(doubled.count)
        // Each point's weight on its squared distance to the curve.
        var weights = [Double](repeating: 1, count: doubled.count)
        if !hidden.isEmpty {
            let weight = 1 / (Self.hiddenSlack * Self.hiddenSlack)
            for i in 0..<n where hidden[i] {
                weights[i] = weight
                weights[i + n] = weight
            }
            if hidden[0] { weights[2 * n] = weight }
        }
        // Room for the curves a loop's points give at most (a curve spans two of them or
        // more, and runs seldom split that finely), so the appends do not regrow it.
        var curves: [PathContour.Curve] = []
        curves.reserveCapacity(n / 2 + breaks.count)
        doubled.withUnsafeBufferPointer { points in
          arc.withUnsafeBufferPointer { arc in
            segments.withUnsafeBufferPointer { segments in
                parameters.withUnsafeMutableBufferPointer { parameters in
                  weights.withUnsafeBufferPointer { weights in
                    let runs = RunFitter(tolerance: tolerance, points: points, segments: segments, arc: arc, weights: weights, u: parameters)
                    for (k, start) in breaks.enumerated() {
                        let end = k + 1 < breaks.count ? breaks[k + 1] : breaks[0] + n
                        let t0: SIMD2<Double>, t1: SIMD2<Double>
                        if corners.isEmpty {
                            t0 = smoothTangent(loop, at: start)
                            t1 = -smoothTangent(loop, at: end % n)
                        } else {
                            // One-sided tangents leaving the run's first point and, pointing
                            // back, its last.
                            let reach = min(2, end - start)
                            t0 = normalized(points[start + reach] - points[start])
                            t1 = normalized(points[end - reach] - points[end])
                        }
                        runs.fitByTurning(start, end, t0, t1, into: &curves)
                    }
                  }
                }
            }
          }
        }
        return PathContour(start: loop[breaks[0]], curves: curves)
    }

    // MARK: Smoothing, tangents and corners

    /// The polygon smoothed, its corners kept: one pass moving each vertex to ¼, ½, ¼ of its
    /// neighbours and itself, then one moving it as far away from that mean (−¼, 3⁄2, −¼):
    /// Taubin's λ|μ smoothing with λ = ½, μ = −½. Marching squares interpolates the level set
    /// between pixel centres, so its vertices zigzag by a few hundredths of a pixel about the
    /// true curve, alternately on row and column crossings; fitted as they are, that noise
    /// costs a curve every few vertices. The first pass removes the alternation entirely;
    /// the second undoes what the first did to the shape, so curves do not shrink (the first
    /// pass alone, twice, moved a bend of radius r by about 1 / (4r) px inwards: 0.05 px at
    /// r = 5). A vertex moved further than `featureShift` is left where it was traced.
    ///
    /// Hidden vertices shrink in the second pass too, but only where that moves them inwards
    /// (the inside is on the walker's right), further under the opaque layer: at its outward
    /// bends, where a curve through them would otherwise swing out before the turn. Shrunk in
    /// both passes everywhere, as they once were, they also moved out at its inward bends,
    /// whose centre lies outside it, and the partial layers drew dark fringes past the opaque
    /// outline there (document-open → document-save, frame 27 of 61: a pixel 168 levels
    /// darker than the frame, `MaskTracerTests`).
    func smoothed(_ loop: [SIMD2<Double>], keeping corners: [Int], hidden: [Bool] = []) -> [SIMD2<Double>] {
        let n = loop.count
        guard n >= 5, smoothingPasses > 0 else { return loop }
        // Each pass reads `current` and writes every vertex of `next`: the first reads `loop`
        // itself, and no pass writes into a buffer `loop` shares (which would copy it first).
        var current = loop, next = [SIMD2<Double>].uninitialized(n)
        for pass in 0..<smoothingPasses {
            // Each pass moves a vertex by `factor` of the way to its neighbours' mean.
            let factor = pass % 2 == 0 ? 0.5 : -0.5
            let side = factor / 2, middle = 1 - factor
            current.withUnsafeBufferPointer { c in
                next.withUnsafeMutableBufferPointer { out in
                    out[0] = c[n - 1] * side + c[0] * middle + c[1] * side
                    for i in 1..<(n - 1) { out[i] = c[i - 1] * side + c[i] * middle + c[i + 1] * side }
                    out[n - 1] = c[n - 2] * side + c[n - 1] * middle + c[0] * side
                    for i in corners { out[i] = c[i] }
                    // Hidden vertices shrink in this pass too where that moves them inwards:
                    // the inside is on the walker's right, along `inset`'s normal.
                    if factor < 0 && !hidden.isEmpty {
                        for i in 0..<n where hidden[i] {
                            let before = c[i > 0 ? i - 1 : n - 1], after = c[i + 1 < n ? i + 1 : 0]
                            let shrunk = before * 0.25 + c[i] * 0.5 + after * 0.25
                            let along = after - before
                            if dot(shrunk - c[i], SIMD2(-along.y, along.x)) > 0 { out[i] = shrunk }
                        }
                    }
                }
            }
            swap(&current, &next)
            if pass == 0 { next = .uninitialized(n) }
        }
        // Where smoothing moved a vertex by more than `featureShift` it was a feature (a tight bend
        // the corner test let through), not noise: keep it as traced.
        // (Hidden vertices may move: their bends are where they join the visible outline.)
        let limit = Self.featureShift * Self.featureShift
        current.withUnsafeMutableBufferPointer { current in
            loop.withUnsafeBufferPointer { loop in
                for i in 0..<n {
                    let d = current[i] - loop[i]
                    if dot(d, d) > limit && (hidden.isEmpty || !hidden[i]) { current[i] = loop[i] }
                }
            }
        }
        return current
    }

    /// The polygon the curves are fitted to: `raw` smoothed (see `smoothed`), then thinned to
    /// one vertex in `keepingOneIn` but within `cornerReach` of a corner, with its corners and
    /// hidden flags. The traced vertices lie about 0.7 px apart, far closer than the fitted
    /// curves bend, and neighbouring ones zigzag about the outline in turn (row and column
    /// crossings); a half or a third of them fix the curves about as well, for less.
    func prepared(_ raw: [SIMD2<Double>], hidden: [Bool] = []) -> (points: [SIMD2<Double>], corners: [Int], hidden: [Bool]) {
        let corners = self.corners(raw, hidden: hidden)
        let loop = smoothed(raw, keeping: corners, hidden: hidden)
        let n = loop.count
        guard n >= 24 else { return (loop, corners, hidden) }
        var keep = [Bool](repeating: false, count: n)
        for i in stride(from: 0, to: n, by: keepingOneIn) { keep[i] = true }
        // A corner is rounded over a few vertices either side: keep those.
        for c in corners {
            for k in -cornerReach...cornerReach { keep[(c + k + n) % n] = true }
        }
        // (`index` is read at the corners alone, which are kept.)
        var points: [SIMD2<Double>] = [], flags: [Bool] = [], index = [Int].uninitialized(n)
        points.reserveCapacity(n / keepingOneIn + (2 * cornerReach + 1) * corners.count + 1)
        for i in 0..<n where keep[i] {
            index[i] = points.count
            points.append(loop[i])
            if !hidden.isEmpty { flags.append(hidden[i]) }
        }
        return (points, corners.map { index[$0] }, flags)
    }

    /// The indices where the loop turns sharply: the turn between the chords `cornerReach`
    /// vertices back and ahead exceeds `cornerAngle`, keeping the sharpest of neighbouring ones.
    func corners(_ loop: [SIMD2<Double>], hidden: [Bool] = []) -> [Int] {
        let n = loop.count
        precondition(hidden.isEmpty || hidden.count == n, "a hidden flag for every vertex, or none")
        guard n >= 4 * cornerReach else { return [] }
        let reach = cornerReach, angle = cornerAngle
        let smooth = 0.5 * cornerAngle, cosineSquared = cornerCosine * cornerCosine
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { turn in
            loop.withUnsafeBufferPointer { loop in
                hidden.withUnsafeBufferPointer { hidden in
                    let points = loop.baseAddress!
                    for i in 0..<n {
                        turn[i] = 0
                        if !hidden.isEmpty && hidden[i] { continue }
                        let behind = i >= reach ? i - reach : i + n - reach, beyond = i + reach < n ? i + reach : i + reach - n
                        let back = points[i] - points[behind], ahead = points[beyond] - points[i]
                        let lengths = dot(back, back) * dot(ahead, ahead), along = dot(back, ahead)
                        guard lengths > 0 else { continue }
                        // Only turns over the corner angle matter: below it (cosine over
                        // `cornerCosine`, told by squares) skip the root and the arccosine.
                        if along > 0 && along * along > cosineSquared * lengths {
                            turn[i] = smooth
                            continue
                        }
                        turn[i] = acosApprox(max(-1, min(1, along / lengths.squareRoot())))
                    }
                }
            }
            var result: [Int] = []
            for i in 0..<n where turn[i] > angle {
                // A local maximum among the `cornerReach` neighbours on each side.
                var isPeak = true
                for k in 1...reach where !(turn[i] >= turn[(i + k) % n] && turn[i] > turn[(i + n - k) % n]) {
                    isPeak = false
                    break
                }
                if isPeak { result.append(i) }
            }
            return result
        }
    }

    /// The unit tangent at vertex `i` of a smooth loop, from its neighbours two away.
    private func smoothTangent(_ loop: [SIMD2<Double>], at i: Int) -> SIMD2<Double> {
        let n = loop.count
        return normalized(loop[(i + 2) % n] - loop[(i + n - 2) % n])
    }

}

@inline(__always)
func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }

@inline(__always)
func length(_ v: SIMD2<Double>) -> Double { dot(v, v).squareRoot() }

@inline(__always)
func normalized(_ v: SIMD2<Double>) -> SIMD2<Double> {
    let l = length(v)
    return l > 0 ? v / l : SIMD2(1, 0)
}

/// acos, to a few thousandths of a radian: corners need no more.
@inline(__always)
func acosApprox(_ x: Double) -> Double {
    // acos(x) = 2·atan(√((1 − x)/(1 + x))); a two-term atan is plenty for a threshold.
    let negative = x < 0
    let a = abs(x)
    // Abramowitz–Stegun 4.4.45: acos(a) ≈ √(1 − a)·(1.5707288 − 0.2121144a + 0.0742610a² − 0.0187293a³).
    let r = (1 - a).squareRoot() * (1.5707288 + a * (-0.2121144 + a * (0.0742610 - 0.0187293 * a)))
    return negative ? Double.pi - r : r
}
