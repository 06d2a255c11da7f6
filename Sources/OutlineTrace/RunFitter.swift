import PathMorph

/// Schneider's fit (Graphics Gems I) of the runs of one loop between its corners: least-squares
/// cubics along given end tangents, Newton steps on the points' parameters, and a split at the
/// worst point while a fit is too far. It reads the loop's points (twice over) and segment
/// lengths by index, with one buffer of parameters for the run being fitted.
struct RunFitter {
    let tolerance: Double
    let points: UnsafeBufferPointer<SIMD2<Double>>
    /// `segments[i]`: the distance from point i to point i + 1.
    let segments: UnsafeBufferPointer<Double>
    /// `arc[i]`: the length of the polygon from point 0 to point i.
    let arc: UnsafeBufferPointer<Double>
    /// Each point's weight on its squared distance to the curve (1, or less for a point
    /// that may stray further).
    let weights: UnsafeBufferPointer<Double>
    /// The parameters of the points of the run being fitted (its own range only); before a
    /// run is cut into pieces, the turns at its points.
    let u: UnsafeMutableBufferPointer<Double>

    /// The most a piece of a run turns before it is fitted: a cubic follows a circular arc of
    /// 120° to within about 0.0015 of its radius, but the traced outlines bend unevenly, and
    /// pieces of about 75° are split less often: over 305 frames of five pairs, 15,437 curves
    /// against 15,528 and 3 % fewer instructions than with pieces of 120°.
    static let maximumTurn = 1.3

    /// Appends cubics fitted to the points `first...last` (see `fit`), first cut where the
    /// run has turned by equal shares of at most `maximumTurn`, each cut sharing its tangent:
    /// the splits Schneider's recursion would make anyway, without fitting the whole run
    /// first.
    func fitByTurning(_ first: Int, _ last: Int, _ t0: SIMD2<Double>, _ t1: SIMD2<Double>, into curves: inout [PathContour.Curve]) {
        guard last - first >= 6 else { return fit(first, last, t0, t1, into: &curves) }
        // Each point's turn, kept in the parameters' buffer until the pieces are fitted.
        var total = 0.0
        for i in (first + 1)..<last {
            let turn = turn(at: i)
            u[i] = turn
            total += turn
        }
        let pieces = (total / Self.maximumTurn).rounded(.up)
        guard pieces > 1 else { return fit(first, last, t0, t1, into: &curves) }
        let share = total / pieces
        var cuts: [Int] = []
        cuts.reserveCapacity(Int(pieces))
        var turned = 0.0, next = share, start = first
        for i in (first + 1)..<last {
            turned += u[i]
            if turned >= next && i - start >= 2 && last - i >= 2 {
                cuts.append(i)
                start = i
                next += share
            }
        }
        start = first
        var tangent = t0
        for cut in cuts {
            let centre = normalized(points[cut + 1] - points[cut - 1])
            fit(start, cut, tangent, -centre, into: &curves)
            (start, tangent) = (cut, centre)
        }
        fit(start, last, tangent, t1, into: &curves)
    }

    /// The turn at point `i`, in radians (the sine of the angle between its two segments,
    /// which is close enough for the small turns between corners).
    @inline(__always)
    private func turn(at i: Int) -> Double {
        let lengths = segments[i - 1] * segments[i]
        guard lengths > 0 else { return 0 }
        let a = points[i] - points[i - 1], b = points[i + 1] - points[i]
        return abs(a.x * b.y - a.y * b.x) / lengths
    }

    /// Appends cubics fitted to the points `first...last` leaving along `t0` and arriving
    /// against `t1` (both unit vectors pointing into the run): least squares on the points,
    /// then Newton steps on their parameters when close, else a split at the worst point.
    func fit(_ first: Int, _ last: Int, _ t0: SIMD2<Double>, _ t1: SIMD2<Double>, into curves: inout [PathContour.Curve]) {
        let p0 = points[first], p3 = points[last]
        if last - first <= 1 {
            let d = length(p3 - p0) / 3
            curves.append(.init(control1: p0 + t0 * d, control2: p3 + t1 * d, end: p3))
            return
        }
        // The points' first parameters are their shares of the run's length, taken from
        // `arc` as needed; `u` holds them only once Newton steps have moved them.
        var curve = bezier(first, last, t0, t1, byArc: true)
        var (error, split) = maximumError(first, last, curve, byArc: true)
        if error <= tolerance * tolerance {
            curves.append(curve)
            return
        }
        // Close enough for Newton steps on the parameters to finish the job (Schneider's
        // iteration error); otherwise splitting is cheaper. (Counted over edit-find →
        // mail-send's 61 frames: two steps rescue 65 % of the fits that start within 1.15
        // times the squared tolerance, 41 % at 1.75–1.9 times, 12–22 % from 2.5 times on;
        // their passes over the points are about a third of the fitting's, and they save one
        // curve in eight.)
        if error <= 4 * tolerance * tolerance {
            chordLengths(first, last)
            for _ in 0..<2 {
                reparameterize(first, last, curve)
                curve = bezier(first, last, t0, t1, byArc: false)
                (error, split) = maximumError(first, last, curve, byArc: false)
                if error <= tolerance * tolerance {
                    curves.append(curve)
                    return
                }
            }
        }
        // Merging neighbouring curves afterwards where one cubic (with Newton steps) fits them
        // all was built and measured (vector-fidelity.py, thirteen 61-frame pairs; Newton
        // steps moved from here to the merges): about one merge in five held, Lottie files
        // came out 5–11 % smaller (edit-delete → list-add 245 → 226 KB), but tracing took
        // 9–15 % more instructions (trace-instructions.py) and the curves, now using their
        // whole tolerance, drew the worst frames up to 0.0005 less closely (go-next → play
        // 0.9901 → 0.9898). Merges held to 0.8 of the tolerance kept the worst frames but
        // saved only 3–4 %. Not kept.
        let middle = first + max(1, min(last - first - 1, split))
        let centre = normalized(points[middle + 1] - points[middle - 1])
        fit(first, middle, t0, -centre, into: &curves)
        fit(middle, last, centre, t1, into: &curves)
    }

    /// The run's parameters in [0, 1] by cumulative chord length.
    private func chordLengths(_ first: Int, _ last: Int) {
        let start = arc[first], total = arc[last] - start
        if total > 0 {
            let scale = 1 / total
            for i in first...last { u[i] = (arc[i] - start) * scale }
            u[last] = 1
        } else {
            for i in first...last { u[i] = Double(i - first) / Double(last - first) }
        }
    }

    /// The cubic from the first to the last point along the tangents whose control points
    /// fit the points at their parameters best (least squares on the two tangent lengths):
    /// the parameters are the points' shares of the run's length when `byArc`, else `u`.
    private func bezier(_ first: Int, _ last: Int, _ t0: SIMD2<Double>, _ t1: SIMD2<Double>, byArc: Bool) -> PathContour.Curve {
        let start = points[first], end = points[last]
        let origin = arc[first], run = arc[last] - origin
        let scale = run > 0 ? 1 / run : 0
        // With unit tangents, the normal equations need only the Bernstein weights' sums and
        // the weighted sums of each point's offset from the chord's ends.
        var c00 = 0.0, c01 = 0.0, c11 = 0.0
        var r1x = 0.0, r1y = 0.0, r2x = 0.0, r2y = 0.0
        for i in first...last {
            let t = byArc ? (arc[i] - origin) * scale : u[i]
            let s = 1 - t
            let b1 = 3 * s * s * t, b2 = 3 * s * t * t
            // b0 + b1 and b2 + b3.
            let head = s * s * (1 + 2 * t), tail = t * t * (3 - 2 * t)
            c00 += b1 * b1; c01 += b1 * b2; c11 += b2 * b2
            let p = points[i]
            let rx = p.x - (start.x * head + end.x * tail), ry = p.y - (start.y * head + end.y * tail)
            r1x += b1 * rx; r1y += b1 * ry
            r2x += b2 * rx; r2y += b2 * ry
        }
        c01 *= dot(t0, t1)
        let x0 = t0.x * r1x + t0.y * r1y, x1 = t1.x * r2x + t1.y * r2y
        let determinant = c00 * c11 - c01 * c01
        let chord = length(end - start)
        var alpha0 = 0.0, alpha1 = 0.0
        if abs(determinant) > 1e-12 {
            alpha0 = (x0 * c11 - x1 * c01) / determinant
            alpha1 = (c00 * x1 - c01 * x0) / determinant
        }
        // Degenerate or backwards tangents: Wu and Barsky's third of the chord; likewise
        // handles longer than the run itself, which pass the points at their parameters but
        // swing far out between them.
        let floor = chord * 1e-6
        if alpha0 < floor || alpha1 < floor || alpha0 > run || alpha1 > run {
            alpha0 = chord / 3
            alpha1 = chord / 3
        }
        return .init(control1: start + t0 * alpha0, control2: end + t1 * alpha1, end: end)
    }

    /// The curve's point at `t` (as `PathContour.point`, inlined here).
    @inline(__always)
    private func point(_ p0: SIMD2<Double>, _ curve: PathContour.Curve, at t: Double) -> SIMD2<Double> {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return a * p0 + b * curve.control1 + c * curve.control2 + d * curve.end
    }

    /// The largest squared distance from an inner point to the curve at its parameter, and
    /// where (counted from the run's first point).
    private func maximumError(_ first: Int, _ last: Int, _ curve: PathContour.Curve, byArc: Bool) -> (Double, Int) {
        // The curve in the power basis, evaluated by Horner's rule.
        let p0 = points[first], p1 = curve.control1, p2 = curve.control2, p3 = curve.end
        let a = p3 - p0 + 3 * (p1 - p2), b = 3 * (p0 + p2) - 6 * p1, c = 3 * (p1 - p0)
        var worst = 0.0, worstAt = first + (last - first + 1) / 2
        let origin = arc[first], run = arc[last] - origin
        let scale = run > 0 ? 1 / run : 0
        // The later of equal errors wins. Chosen without a branch: which point is the worst
        // is hard to predict, and as a branch it took about a tenth of the tracing's time
        // (perf, path-bench tracing edit-find → mail-send's morph in a loop).
        @inline(__always)
        func record(_ i: Int, _ t: Double) {
            let d = ((a * t + b) * t + c) * t + p0 - points[i]
            let e = dot(d, d) * weights[i]
            let worse = e >= worst
            worst = worse ? e : worst
            worstAt = worse ? i : worstAt
        }
        if byArc {
            for i in (first + 1)..<last { record(i, (arc[i] - origin) * scale) }
        } else {
            for i in (first + 1)..<last { record(i, u[i]) }
        }
        return (worst, worstAt - first)
    }

    /// One Newton step per point towards the parameter of the curve's closest point.
    private func reparameterize(_ first: Int, _ last: Int, _ curve: PathContour.Curve) {
        let p0 = points[first], p1 = curve.control1, p2 = curve.control2, p3 = curve.end
        for i in first...last {
            let p = points[i], t = u[i]
            let s = 1 - t
            let q = point(p0, curve, at: t)
            let e0: SIMD2<Double> = (p1 - p0) * (s * s)
            let e1: SIMD2<Double> = (p2 - p1) * (2 * s * t)
            let e2: SIMD2<Double> = (p3 - p2) * (t * t)
            let d1: SIMD2<Double> = (e0 + e1 + e2) * 3
            let f0: SIMD2<Double> = (p2 - p1 - p1 + p0) * s
            let f1: SIMD2<Double> = (p3 - p2 - p2 + p1) * t
            let d2: SIMD2<Double> = (f0 + f1) * 6
            let numerator = dot(q - p, d1)
            let denominator = dot(d1, d1) + dot(q - p, d2)
            guard abs(denominator) > 1e-12 else { continue }
            u[i] = min(1, max(0, t - numerator / denominator))
        }
    }
}

