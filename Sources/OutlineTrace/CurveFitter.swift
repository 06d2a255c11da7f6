import PathMorph

/// Fits a closed polygon with cubic Béziers that stay within a tolerance of its vertices
/// (Schneider's algorithm, Graphics Gems I: least-squares control points along given end
/// tangents, Newton steps on the points' parameters, and a split at the worst point when the
/// fit is still too far).
///
/// Corners — where the polygon turns by more than `cornerAngle` within a few vertices —
/// end one curve and start the next with their own tangents; elsewhere neighbouring curves
/// share the tangent at their common node, so the outline is smooth where the shape is.
struct CurveFitter {
    /// Largest distance from a vertex to the fitted curve, in pixels, > 0.
    var tolerance: Double
    /// The turn, in radians, at which a vertex is a corner.
    var cornerAngle = 0.9
    /// How many vertices back and ahead the turn is measured over: an anti-aliased corner is
    /// rounded over a pixel or two, so its turn spreads over a few vertices.
    var cornerReach = 3

    /// How many times the polygon is smoothed before fitting (see `smoothed`).
    var smoothingPasses = 2
    /// The most smoothing may move a vertex, in pixels: the zigzag of the linear
    /// interpolation reaches about 0.2 px on diagonal edges; a bend that moves further is
    /// a feature of the shape.
    static let featureShift = 0.25

    /// The contour fitted to `raw` (closed, at least 3 vertices).
    func fit(_ raw: [SIMD2<Double>]) -> PathContour {
        let n = raw.count
        let corners = self.corners(raw)
        let loop = smoothed(raw, keeping: corners)
        // Breakpoints: the corners, or, on a smooth loop, two opposite vertices.
        let breaks = corners.isEmpty ? [0, n / 2] : corners
        var curves: [PathContour.Curve] = []
        for (k, start) in breaks.enumerated() {
            let end = k + 1 < breaks.count ? breaks[k + 1] : breaks[0] + n
            var points: [SIMD2<Double>] = [], targets: [SIMD2<Double>] = []
            points.reserveCapacity(end - start + 1)
            targets.reserveCapacity(end - start + 1)
            for i in start...end {
                points.append(loop[i % n])
                targets.append(raw[i % n])
            }
            let isCorner = !corners.isEmpty
            let t0 = isCorner ? oneSided(points, fromStart: true) : smoothTangent(loop, at: start)
            let t1 = isCorner ? oneSided(points, fromStart: false) : -smoothTangent(loop, at: end % n)
            fitRun(points[...], points[...], t0, t1, into: &curves)
        }
        return PathContour(start: loop[breaks[0]], curves: curves)
    }

    // MARK: Smoothing, tangents and corners

    /// The polygon with each vertex but the corners moved to ¼, ½, ¼ of its neighbours and
    /// itself, `smoothingPasses` times. Marching squares interpolates the level set linearly
    /// between pixel centres, so its vertices zigzag by a few hundredths of a pixel about the
    /// true curve, alternately on row and column crossings; fitted as they are, that noise
    /// costs a curve every few vertices. Two passes remove it and move a curve of radius r by
    /// about 1 / (4r) px (under 0.05 px for r ≥ 5 px); a vertex moved further than
    /// `featureShift` is left where it was traced.
    func smoothed(_ loop: [SIMD2<Double>], keeping corners: [Int]) -> [SIMD2<Double>] {
        let n = loop.count
        guard n >= 5, smoothingPasses > 0 else { return loop }
        var fixed = [Bool](repeating: false, count: n)
        for c in corners { fixed[c] = true }
        var current = loop, next = loop
        for _ in 0..<smoothingPasses {
            for i in 0..<n where !fixed[i] {
                next[i] = current[(i + n - 1) % n] * 0.25 + current[i] * 0.5 + current[(i + 1) % n] * 0.25
            }
            swap(&current, &next)
        }
        // Where smoothing moved a vertex by more than `featureShift` it was a feature (a tight bend
        // the corner test let through), not noise: keep it as traced.
        for i in 0..<n where length(current[i] - loop[i]) > Self.featureShift { current[i] = loop[i] }
        return current
    }

    /// The indices where the loop turns sharply: the turn between the chords `cornerReach`
    /// vertices back and ahead exceeds `cornerAngle`, keeping the sharpest of neighbouring ones.
    func corners(_ loop: [SIMD2<Double>]) -> [Int] {
        let n = loop.count
        guard n >= 4 * cornerReach else { return [] }
        var turn = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let back = loop[i] - loop[(i + n - cornerReach) % n], ahead = loop[(i + cornerReach) % n] - loop[i]
            let lb = length(back), la = length(ahead)
            guard lb > 0, la > 0 else { continue }
            let cosine = max(-1, min(1, dot(back, ahead) / (lb * la)))
            turn[i] = acosApprox(cosine)
        }
        var result: [Int] = []
        for i in 0..<n where turn[i] > cornerAngle {
            // A local maximum among the two neighbours on each side.
            let isPeak = (1...cornerReach).allSatisfy { turn[i] >= turn[(i + $0) % n] && turn[i] > turn[(i + n - $0) % n] }
            if isPeak { result.append(i) }
        }
        return result
    }

    /// The unit tangent at vertex `i` of a smooth loop, from its neighbours two away.
    private func smoothTangent(_ loop: [SIMD2<Double>], at i: Int) -> SIMD2<Double> {
        let n = loop.count
        return normalized(loop[(i + 2) % n] - loop[(i + n - 2) % n])
    }

    /// The unit tangent leaving the run's first point (or, pointing back, its last).
    private func oneSided(_ points: [SIMD2<Double>], fromStart: Bool) -> SIMD2<Double> {
        let k = min(2, points.count - 1)
        return fromStart ? normalized(points[k] - points[0])
            : normalized(points[points.count - 1 - k] - points[points.count - 1])
    }

    // MARK: Schneider's fit

    /// Appends cubics fitted to `points` (first to last) leaving along `t0` and arriving
    /// against `t1` (both unit vectors pointing into the run): least squares on `points`, the
    /// error measured against `targets` (the same points).
    private func fitRun(
        _ points: ArraySlice<SIMD2<Double>>, _ targets: ArraySlice<SIMD2<Double>>, _ t0: SIMD2<Double>, _ t1: SIMD2<Double>,
        into curves: inout [PathContour.Curve]
    ) {
        let points = Array(points), targets = Array(targets)
        let first = points[0], last = points[points.count - 1]
        if points.count <= 2 {
            let d = length(last - first) / 3
            curves.append(.init(control1: first + t0 * d, control2: last + t1 * d, end: last))
            return
        }
        var u = chordLengths(points)
        var curve = bezier(points, u, t0, t1)
        var (error, split) = maximumError(targets, from: points[0], curve, u)
        if error <= tolerance * tolerance {
            curves.append(curve)
            return
        }
        // Close enough for Newton steps on the parameters to finish the job (Schneider's
        // iteration error); otherwise splitting is cheaper.
        if error <= 4 * tolerance * tolerance {
            for _ in 0..<2 {
                u = reparameterized(points, curve, u)
                curve = bezier(points, u, t0, t1)
                (error, split) = maximumError(targets, from: points[0], curve, u)
                if error <= tolerance * tolerance {
                    curves.append(curve)
                    return
                }
            }
        }
        split = max(1, min(points.count - 2, split))
        let centre = normalized(points[split + 1] - points[split - 1])
        fitRun(points[...split], targets[...split], t0, -centre, into: &curves)
        fitRun(points[split...], targets[split...], centre, t1, into: &curves)
    }

    /// Parameters in [0, 1] by cumulative chord length.
    private func chordLengths(_ points: [SIMD2<Double>]) -> [Double] {
        var u = [0.0]
        u.reserveCapacity(points.count)
        for i in 1..<points.count { u.append(u[i - 1] + length(points[i] - points[i - 1])) }
        let total = u[u.count - 1]
        return total > 0 ? u.map { $0 / total } : u.indices.map { Double($0) / Double(u.count - 1) }
    }

    /// The cubic from the first to the last point along the tangents whose control points
    /// fit the points at parameters `u` best (least squares on the two tangent lengths).
    private func bezier(_ points: [SIMD2<Double>], _ u: [Double], _ t0: SIMD2<Double>, _ t1: SIMD2<Double>) -> PathContour.Curve {
        let first = points[0], last = points[points.count - 1]
        var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
        for (p, t) in zip(points, u) {
            let s = 1 - t
            let b0 = s * s * s, b1 = 3 * s * s * t, b2 = 3 * s * t * t, b3 = t * t * t
            let a0 = t0 * b1, a1 = t1 * b2
            c00 += dot(a0, a0); c01 += dot(a0, a1); c11 += dot(a1, a1)
            let rest = p - (first * (b0 + b1) + last * (b2 + b3))
            x0 += dot(a0, rest); x1 += dot(a1, rest)
        }
        let determinant = c00 * c11 - c01 * c01
        let chord = length(last - first)
        var alpha0 = 0.0, alpha1 = 0.0
        if abs(determinant) > 1e-12 {
            alpha0 = (x0 * c11 - x1 * c01) / determinant
            alpha1 = (c00 * x1 - c01 * x0) / determinant
        }
        // Degenerate or backwards tangents: Wu and Barsky's third of the chord.
        let floor = chord * 1e-6
        if alpha0 < floor || alpha1 < floor {
            alpha0 = chord / 3
            alpha1 = chord / 3
        }
        return .init(control1: first + t0 * alpha0, control2: last + t1 * alpha1, end: last)
    }

    /// The largest squared distance from a point to the curve at its parameter, and where.
    private func maximumError(
        _ points: [SIMD2<Double>], from p0: SIMD2<Double>, _ curve: PathContour.Curve, _ u: [Double]
    ) -> (Double, Int) {
        var worst = 0.0, index = points.count / 2
        for i in 1..<(points.count - 1) {
            let d = PathContour.point(p0, curve, at: u[i]) - points[i]
            let e = dot(d, d)
            if e >= worst {
                worst = e
                index = i
            }
        }
        return (worst, index)
    }

    /// One Newton step per point towards the parameter of the curve's closest point.
    private func reparameterized(_ points: [SIMD2<Double>], _ curve: PathContour.Curve, _ u: [Double]) -> [Double] {
        let p0 = points[0], p1 = curve.control1, p2 = curve.control2, p3 = curve.end
        return zip(points, u).map { p, t in
            let s = 1 - t
            let q = PathContour.point(p0, curve, at: t)
            let e0: SIMD2<Double> = (p1 - p0) * (s * s)
            let e1: SIMD2<Double> = (p2 - p1) * (2 * s * t)
            let e2: SIMD2<Double> = (p3 - p2) * (t * t)
            let d1: SIMD2<Double> = (e0 + e1 + e2) * 3
            let f0: SIMD2<Double> = (p2 - p1 - p1 + p0) * s
            let f1: SIMD2<Double> = (p3 - p2 - p2 + p1) * t
            let d2: SIMD2<Double> = (f0 + f1) * 6
            let numerator = dot(q - p, d1)
            let denominator = dot(d1, d1) + dot(q - p, d2)
            guard abs(denominator) > 1e-12 else { return t }
            return min(1, max(0, t - numerator / denominator))
        }
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
