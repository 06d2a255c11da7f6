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

    /// The number of line segments `flatten` will emit for `path`, closing lines included,
    /// as a Double (it may be astronomically large for absurd input). It follows the points
    /// as `flatten` does, a `close` returning to its subpath's start: counted from the point
    /// before the `close` instead, a curve drawn after it from far away escaped the limits
    /// checked against this count and trapped converting its pieces to `Int`.
    func segmentCount(_ path: VectorPath) -> Double {
        var count = 0.0
        var open = false
        var start = transform.apply(.zero)
        var current = start
        @inline(__always) func ensureOpen() {
            if !open {
                start = current
                open = true
            }
        }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                current = transform.apply(p)
                start = current
                open = true
                count += 1 // the implicit close of the previous subpath
            case .line(let p):
                ensureOpen()
                current = transform.apply(p)
                count += 1
            case .quad(let c, let p):
                ensureOpen()
                let c1 = transform.apply(c), end = transform.apply(p)
                count += culled(current, c1, end) ? 1 : Self.pieces(current, c1, end, tolerance: tolerance)
                current = end
            case .cubic(let c1, let c2, let p):
                ensureOpen()
                let q1 = transform.apply(c1), q2 = transform.apply(c2), end = transform.apply(p)
                count += culled(current, q1, q2, end) ? 1 : Self.pieces(current, q1, q2, end, tolerance: tolerance)
                current = end
            case .close:
                if open {
                    current = start
                    open = false
                }
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
        var open = false
        var start = transform.apply(.zero)
        var current = start
        @inline(__always) func ensureOpen() {
            if !open {
                sink.moveTo(current)
                start = current
                open = true
            }
        }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                current = transform.apply(p)
                start = current
                sink.moveTo(current)
                open = true
            case .line(let p):
                ensureOpen()
                current = transform.apply(p)
                sink.lineTo(current, smooth: false)
            case .quad(let c, let p):
                ensureOpen()
                let p0 = current, p1 = transform.apply(c), p2 = transform.apply(p)
                if !culled(p0, p1, p2) {
                    let n = Int(Self.pieces(p0, p1, p2, tolerance: tolerance))
                    let step = 1 / Double(n)
                    for i in 1..<max(n, 1) {
                        let t = Double(i) * step, u = 1 - t
                        sink.lineTo(u * u * p0 + (2 * u * t) * p1 + t * t * p2, smooth: true)
                    }
                }
                current = p2
                sink.lineTo(p2, smooth: false)
            case .cubic(let c1, let c2, let p):
                ensureOpen()
                let p0 = current, p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
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
                current = p3
                sink.lineTo(p3, smooth: false)
            case .close:
                if open {
                    sink.closeSubpath()
                    current = start
                    open = false
                }
            }
        }
    }
}

/// Euclidean length of a vector.
@inline(__always)
func length(_ v: SIMD2<Double>) -> Double {
    (v.x * v.x + v.y * v.y).squareRoot()
}
