/// Receives a path flattened to polylines.
protocol FlattenSink {
    /// Starts a subpath at `p`.
    mutating func moveTo(_ p: SIMD2<Double>)
    /// Adds a line to `p`; `smooth` is true for points inside a curve (not a command's end),
    /// where a stroke needs no join of its own.
    mutating func lineTo(_ p: SIMD2<Double>, smooth: Bool)
    /// Closes the current subpath (the path said `close`).
    mutating func closeSubpath()
}

/// Turns a `VectorPath` into line segments after an affine map, within a distance tolerance.
///
/// The control points are mapped first and the curve flattened afterwards: an affine map
/// commutes with Bézier evaluation, so the mapped curve is exactly the Bézier of the mapped
/// control points and the tolerance holds in the target space.
///
/// Each curve is cut into n pieces of equal parameter length and each piece replaced by its
/// chord. For a degree-k Bézier B, the chord from t to t + h stays within (h²/8)·max‖B″‖ of
/// the curve (linear interpolation error), and ‖B″‖ ≤ k(k−1)·D where D is the largest
/// second difference ‖Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂‖ of the control points (B″ is a convex combination
/// of k(k−1)·(second differences)). With h = 1/n this gives Wang's bound: the polyline is
/// within `tolerance` when
///
///     n = ⌈√(k(k−1)·D / (8·tolerance))⌉,  i.e.  quadratic: ⌈√(D / (4·tol))⌉,
///                                             cubic:     ⌈√(3·D / (4·tol))⌉.
struct PathFlattener {
    /// The map from path units to output units.
    var transform: VectorTransform
    /// Largest distance between a curve and its chords, in output units, > 0.
    var tolerance: Double
    /// Curves whose control points all lie outside this box (in output units) are replaced
    /// by their chord: for coverage, a curve above, below or right of the visible pixels adds
    /// nothing and one left of them adds the same as its chord. `nil` flattens everything.
    var cullBox: (min: SIMD2<Double>, max: SIMD2<Double>)?

    /// Pieces for a quadratic with control points p0, p1, p2 (output units); may exceed
    /// `Int` range, hence Double.
    @inline(__always)
    static func pieces(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, tolerance: Double) -> Double {
        let d = length(p0 - 2 * p1 + p2)
        return max(1, (d / (4 * tolerance)).squareRoot().rounded(.up))
    }

    /// Pieces for a cubic with control points p0…p3 (output units).
    @inline(__always)
    static func pieces(
        _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, tolerance: Double
    ) -> Double {
        let d = max(length(p0 - 2 * p1 + p2), length(p1 - 2 * p2 + p3))
        return max(1, (3 * d / (4 * tolerance)).squareRoot().rounded(.up))
    }

    /// True when the quadratic's control points all lie on one outer side of the cull box.
    @inline(__always)
    private func culled(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>) -> Bool {
        culled(lo: pointwiseMin(pointwiseMin(p0, p1), p2), hi: pointwiseMax(pointwiseMax(p0, p1), p2))
    }

    /// True when the cubic's control points all lie on one outer side of the cull box.
    @inline(__always)
    private func culled(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) -> Bool {
        culled(
            lo: pointwiseMin(pointwiseMin(p0, p1), pointwiseMin(p2, p3)),
            hi: pointwiseMax(pointwiseMax(p0, p1), pointwiseMax(p2, p3)))
    }

    @inline(__always)
    private func culled(lo: SIMD2<Double>, hi: SIMD2<Double>) -> Bool {
        guard let box = cullBox else { return false }
        return hi.y <= box.min.y || lo.y >= box.max.y || lo.x >= box.max.x || hi.x <= box.min.x
    }

    /// One step of a path as drawn, its points mapped by `transform` (`walk`).
    private enum Step {
        /// A subpath starts at the point: at a `move` (`explicit`), or where a drawing command
        /// finds none open (SVG's rule after `close`, and the origin at the very start).
        case start(SIMD2<Double>, explicit: Bool)
        case line(to: SIMD2<Double>)
        case quad(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        /// A `close`; `wasOpen` when a subpath was open, which it closes (the current point
        /// goes back to the subpath's start).
        case close(wasOpen: Bool)
    }

    /// Visits `path`'s steps in order, each curve with the point it starts from. The one place
    /// that tracks the current point: `segmentCount` and `flatten` both walk it, so the count
    /// checked against the limits follows the points as they are drawn (when each tracked
    /// them, a curve after `close` was counted from the point before the close and drawn from
    /// the subpath's start, far away: it escaped the limits and trapped converting its pieces
    /// to `Int`).
    @inline(__always)
    private func walk(_ path: VectorPath, _ visit: (Step) -> Void) {
        var open = false
        var start = transform.apply(.zero)
        var current = start
        for segment in path.segments {
            if !open, segment.draws {
                visit(.start(current, explicit: false))
                start = current
                open = true
            }
            switch segment {
            case .move(let p):
                current = transform.apply(p)
                start = current
                open = true
                visit(.start(current, explicit: true))
            case .line(let p):
                current = transform.apply(p)
                visit(.line(to: current))
            case .quad(let c, let p):
                let from = current
                current = transform.apply(p)
                visit(.quad(from, transform.apply(c), current))
            case .cubic(let c1, let c2, let p):
                let from = current
                current = transform.apply(p)
                visit(.cubic(from, transform.apply(c1), transform.apply(c2), current))
            case .close:
                visit(.close(wasOpen: open))
                if open {
                    current = start
                    open = false
                }
            }
        }
    }

    /// The number of line segments `flatten` will emit for `path`, closing lines included,
    /// as a Double (it may be astronomically large for absurd input).
    func segmentCount(_ path: VectorPath) -> Double {
        var count = 0.0
        walk(path) { step in
            switch step {
            case .start(_, let explicit):
                if explicit { count += 1 } // the implicit close of the previous subpath
            case .line:
                count += 1
            case .quad(let p0, let p1, let p2):
                count += culled(p0, p1, p2) ? 1 : Self.pieces(p0, p1, p2, tolerance: tolerance)
            case .cubic(let p0, let p1, let p2, let p3):
                count += culled(p0, p1, p2, p3) ? 1 : Self.pieces(p0, p1, p2, p3, tolerance: tolerance)
            case .close:
                count += 1
            }
        }
        return count + 1
    }

    /// Emits `path` as polylines into `sink`, mapped by `transform`.
    ///
    /// A drawing command with no open subpath starts one at the current point (SVG's rule
    /// after `close`, and the origin at the very start). Call `segmentCount` first: this
    /// emits that many segments.
    func flatten<Sink: FlattenSink>(_ path: VectorPath, into sink: inout Sink) {
        walk(path) { step in
            switch step {
            case .start(let p, _):
                sink.moveTo(p)
            case .line(let p):
                sink.lineTo(p, smooth: false)
            case .quad(let p0, let p1, let p2):
                if !culled(p0, p1, p2) {
                    let n = Int(Self.pieces(p0, p1, p2, tolerance: tolerance))
                    let step = 1 / Double(n)
                    for i in 1..<max(n, 1) {
                        let t = Double(i) * step, u = 1 - t
                        sink.lineTo(u * u * p0 + (2 * u * t) * p1 + t * t * p2, smooth: true)
                    }
                }
                sink.lineTo(p2, smooth: false)
            case .cubic(let p0, let p1, let p2, let p3):
                if !culled(p0, p1, p2, p3) {
                    let n = Int(Self.pieces(p0, p1, p2, p3, tolerance: tolerance))
                    let step = 1 / Double(n)
                    for i in 1..<max(n, 1) {
                        let t = Double(i) * step, u = 1 - t
                        let uu = u * u, tt = t * t
                        let point = (uu * u) * p0 + (3 * uu * t) * p1 + (3 * u * tt) * p2 + (tt * t) * p3
                        sink.lineTo(point, smooth: true)
                    }
                }
                sink.lineTo(p3, smooth: false)
            case .close(let wasOpen):
                if wasOpen { sink.closeSubpath() }
            }
        }
    }
}

/// Euclidean length of a vector.
@inline(__always)
func length(_ v: SIMD2<Double>) -> Double {
    (v.x * v.x + v.y * v.y).squareRoot()
}

extension VectorPath.Segment {
    /// Whether the command draws from the current point (a line or a curve), and so starts a
    /// subpath where none is open.
    fileprivate var draws: Bool {
        switch self {
        case .line, .quad, .cubic: true
        case .move, .close: false
        }
    }
}
