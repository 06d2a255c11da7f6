#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sequence of subpaths made of lines and Bézier curves, in user units (y down).
///
/// Elliptical arcs are converted to cubic Béziers when they are added (`arc(...)`), so every
/// consumer sees only the four segment kinds below.
///
/// Drawing rules, as in SVG: a subpath starts at a `move`; a drawing command with no subpath
/// open (at the very start, or after `close`) starts one at the current point (the origin at
/// the very start, the closed subpath's start after `close`). Filling closes every subpath
/// implicitly; stroking closes only those that end with `close`.
public struct VectorPath: Sendable, Equatable {
    /// One drawing command.
    public enum Segment: Sendable, Equatable {
        /// Starts a new subpath at a point.
        case move(SIMD2<Double>)
        /// A straight line to a point.
        case line(SIMD2<Double>)
        /// A quadratic Bézier: control point, end point.
        case quad(SIMD2<Double>, SIMD2<Double>)
        /// A cubic Bézier: two control points, end point.
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        /// Closes the current subpath with a line back to its start.
        case close

        /// The point the pen is at after this command, or `nil` for `close` (whose end is the
        /// start of its subpath).
        var endPoint: SIMD2<Double>? {
            switch self {
            case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
            case .close: nil
            }
        }
    }

    /// The commands, in order.
    public private(set) var segments: [Segment] = []

    /// An empty path.
    public init() {}

    /// A path made of `segments`, in order.
    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// True when the path has no commands.
    public var isEmpty: Bool { segments.isEmpty }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: SIMD2<Double>) { segments.append(.move(p)) }
    /// Adds a straight line from the current point to `p`.
    public mutating func line(to p: SIMD2<Double>) { segments.append(.line(p)) }
    /// Adds a quadratic Bézier from the current point through `control` to `p`.
    public mutating func quad(control: SIMD2<Double>, to p: SIMD2<Double>) { segments.append(.quad(control, p)) }
    /// Adds a cubic Bézier from the current point with controls `control1`, `control2` to `p`.
    public mutating func cubic(control1: SIMD2<Double>, control2: SIMD2<Double>, to p: SIMD2<Double>) {
        segments.append(.cubic(control1, control2, p))
    }
    /// Closes the current subpath with a straight line back to its start.
    public mutating func close() { segments.append(.close) }

    /// Appends every command of `other`, unchanged.
    public mutating func append(_ other: VectorPath) { segments += other.segments }

    /// Where the next command starts: the end of the last command, the start of the last
    /// subpath after `close`, or the origin (0, 0) for an empty path.
    public var currentPoint: SIMD2<Double> {
        guard let last = segments.last else { return .zero }
        if let end = last.endPoint { return end }
        return subpathStart(before: segments.count - 1)
    }

    /// The start of the subpath that the command at `index` belongs to.
    private func subpathStart(before index: Int) -> SIMD2<Double> {
        var i = index - 1
        while i >= 0 {
            switch segments[i] {
            case .move(let p): return p
            case .close: return subpathStart(before: i)
            default: i -= 1
            }
        }
        return .zero
    }

    /// The smallest axis-aligned box holding every point and control point, as
    /// (minimum, maximum); `nil` for a path without points. Béziers lie inside their control
    /// polygon, so the box holds the whole path (it may be larger than the tight bounds).
    public var controlBounds: (min: SIMD2<Double>, max: SIMD2<Double>)? {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        var any = false
        func add(_ p: SIMD2<Double>) {
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p); any = true
        }
        for segment in segments {
            switch segment {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return any ? (lo, hi) : nil
    }

    /// The path with every point and control point mapped by `transform`.
    ///
    /// Exact for the path's shape: affine maps commute with Bézier evaluation, so mapping the
    /// control points maps every point of every curve.
    public func transformed(by transform: VectorTransform) -> VectorPath {
        VectorPath(segments: segments.map { segment in
            switch segment {
            case .move(let p): .move(transform.apply(p))
            case .line(let p): .line(transform.apply(p))
            case .quad(let c, let p): .quad(transform.apply(c), transform.apply(p))
            case .cubic(let c1, let c2, let p): .cubic(transform.apply(c1), transform.apply(c2), transform.apply(p))
            case .close: .close
            }
        })
    }

    /// Appends an SVG elliptical arc from the current point to `end` (SVG's endpoint
    /// parameterisation, radii corrected as SVG 1.1 F.6 says), as cubic Béziers.
    ///
    /// - Parameters:
    ///   - radiusX: the ellipse's radius along its own x axis, in user units; its sign is
    ///     ignored. A zero (or non-finite) radius makes the arc a straight line to `end`
    ///     (F.6.2). Radii too small to reach `end` are scaled up by √Λ,
    ///     Λ = x₁′²/rx² + y₁′²/ry², which leaves exactly half an ellipse (F.6.6).
    ///   - radiusY: the radius along the ellipse's y axis, likewise.
    ///   - degrees: the rotation of the ellipse's x axis, in degrees (taken modulo 360).
    ///   - largeArc: choose the arc of more than 180° (SVG `large-arc-flag`).
    ///   - sweep: choose the arc drawn at increasing angles, clockwise on a y-down screen
    ///     (SVG `sweep-flag`).
    ///   - end: the arc's end point; when it equals the current point nothing is added (F.6.2).
    ///
    /// The arc is split into k = ⌈|Δθ| / 90°⌉ equal pieces, each drawn as the cubic whose
    /// control points lie on the end tangents at distance (4/3)·tan(δ/4) of the radius
    /// (δ the piece's angle); the cubic stays within 2.8·10⁻⁴ of each radius of the true
    /// ellipse (a relative error) for δ ≤ 90°.
    public mutating func arc(
        radiusX: Double, radiusY: Double, xAxisRotation degrees: Double, largeArc: Bool, sweep: Bool,
        to end: SIMD2<Double>
    ) {
        let start = currentPoint
        if start == end { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, degrees.isFinite,
              start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite
        else {
            segments.append(.line(end))
            return
        }
        let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)

        // F.6.5.1: the start point in the ellipse's frame, centred on the chord's midpoint.
        let half = (start - end) / 2
        let x1 = cosPhi * half.x + sinPhi * half.y
        let y1 = -sinPhi * half.x + cosPhi * half.y

        // F.6.6.2: scale radii that cannot span the chord. Ratios first: squaring a tiny
        // radius would underflow.
        let lambda = (x1 / rx) * (x1 / rx) + (y1 / ry) * (y1 / ry)
        var cx1 = 0.0, cy1 = 0.0
        if lambda >= 1 {
            // Exactly half an ellipse, centred on the chord: the centre needs no square root
            // of a rounding-noise radicand.
            let grow = lambda.squareRoot()
            rx *= grow; ry *= grow
        } else {
            // F.6.5.2: the centre in the ellipse's frame.
            let rx2 = rx * rx, ry2 = ry * ry, x12 = x1 * x1, y12 = y1 * y1
            let denominator = rx2 * y12 + ry2 * x12
            let radicand = max(0, (rx2 * ry2 - denominator) / denominator)
            let sign: Double = largeArc != sweep ? 1 : -1
            let k = sign * radicand.squareRoot()
            cx1 = k * rx * y1 / ry
            cy1 = -k * ry * x1 / rx
        }
        // F.6.5.3: the centre in user space.
        let mid = (start + end) / 2
        let center = SIMD2(cosPhi * cx1 - sinPhi * cy1 + mid.x, sinPhi * cx1 + cosPhi * cy1 + mid.y)

        // F.6.5.5–6: the start angle and the swept angle, on the unit circle.
        let u = SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry)
        let v = SIMD2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let theta1 = atan2(u.y, u.x)
        var delta = atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        // A half ellipse has Δθ = ±180° by construction; atan2 may return either sign of π.
        if lambda >= 1 { delta = sweep ? .pi : -.pi }
        guard center.x.isFinite, center.y.isFinite, delta.isFinite, theta1.isFinite, rx.isFinite, ry.isFinite else {
            segments.append(.line(end))
            return
        }

        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let kappa = 4.0 / 3.0 * tan(step / 4)
        // Maps a point of the unit circle to the ellipse in user space.
        func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let x = rx * p.x, y = ry * p.y
            return SIMD2(center.x + cosPhi * x - sinPhi * y, center.y + sinPhi * x + cosPhi * y)
        }
        var angle = theta1
        var from = SIMD2(cos(angle), sin(angle))
        for piece in 0..<pieces {
            let next = piece == pieces - 1 ? theta1 + delta : angle + step
            let to = SIMD2(cos(next), sin(next))
            let c1 = from + kappa * SIMD2(-from.y, from.x)
            let c2 = to - kappa * SIMD2(-to.y, to.x)
            // The last end point is `end` itself, not its recomputation, so that the path
            // continues from exactly where the caller said.
            segments.append(.cubic(map(c1), map(c2), piece == pieces - 1 ? end : map(to)))
            angle = next
            from = to
        }
    }
}
