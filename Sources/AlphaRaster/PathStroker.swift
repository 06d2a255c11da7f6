#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the outline of a stroke as closed polygons, in the path's user units.
///
/// The stroke is SVG's: the union of, for every segment, the rectangle swept by its normal
/// of half-width h = width / 2; the join at every corner (and at the start of a closed
/// subpath); and the caps at both ends of an open subpath. Each polygon is the boundary of a
/// union of such pieces that all turn the same way (clockwise on a y-down screen, negative
/// shoelace area), so their union is exactly where the non-zero winding is not zero, however
/// they overlap. Inside a curve the flattened vertices get round joins: the outline is then
/// the flattened curve's Minkowski sum with the disc of radius h, which is within the
/// flattening tolerance of the true curve's.
///
/// On the inner side of a corner of at most 90° whose neighbours are long enough, the two
/// inner offset lines are cut at their intersection instead of both running to the corner
/// and back: the overlap of the two rectangles is then counted once, not twice, so
/// anti-aliased pixels along the inner edge of a curve are not over-covered (where the
/// curve's radius exceeds h the inner edge is then the exact inner offset polyline). Where
/// the segments are too short, the outline goes through the corner point instead, which is
/// always correct for the non-zero union.
struct PathStroker {
    /// The longest miter drawn, as a multiple of the half-width, whatever the limit: a miter
    /// reaches h·√(2 / (1 + cos turn)) from its corner and is drawn only where 1 + cos turn
    /// > 0, and that sum is then at least 2⁻⁵³ (the spacing of doubles just above −1), so a
    /// miter stays within h·2²⁷, twice that allowing for the rounding of the directions and
    /// of the miter point (near-reversals in a review's random trial reached 1.99 · 2²⁷): a
    /// larger limit draws nothing more.
    static let longestMiter = 268_435_456.0
    /// Half the stroke width, > 0.
    var halfWidth: Double
    var cap: StrokeStyle.LineCap
    var join: StrokeStyle.LineJoin
    var miterLimit: Double
    /// Largest distance between a round join or cap and its polygon, > 0.
    var arcTolerance: Double
    /// The most outline points allowed: the stroke is abandoned before a join, cap or dot
    /// would take the outline past it (so a refused stroke costs no more than this many).
    var pointLimit: Int

    /// Outline polygons: `outline[contourEnds[i − 1]..<contourEnds[i]]`, implicitly closed.
    private(set) var outline: [SIMD2<Double>] = []
    private(set) var contourEnds: [Int] = []

    /// The polyline being stroked, deduplicated: its vertices, whether each is a corner
    /// (where the join style applies), and its segments' unit directions.
    private(set) var vertices: [SIMD2<Double>] = []
    private(set) var corners: [Bool] = []
    private(set) var directions: [SIMD2<Double>] = []
    private var lengths: [Double] = []
    private var left: [SIMD2<Double>] = []
    private var right: [SIMD2<Double>] = []
    /// The largest angle one chord of a round join or cap may span.
    private var arcStep = Double.pi
    /// Whether a join of the polyline being stroked took its inner side through the vertex.
    private var zigzagged = false

    init(style: StrokeStyle, arcTolerance: Double, pointLimit: Int) {
        halfWidth = style.width / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit
        self.arcTolerance = arcTolerance
        self.pointLimit = pointLimit
    }

    /// The stroke was abandoned: its outline would need more than `pointLimit` points.
    struct TooComplex: Error {}

    /// Builds the outline of every subpath in `polylines`.
    mutating func stroke(_ polylines: PolylineCollector) throws(TooComplex) {
        outline.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
        guard halfWidth > 0 else { return }
        // A chord of angle Δ on radius h strays h·(1 − cos(Δ/2)) from the arc.
        let ratio = arcTolerance / halfWidth
        arcStep = ratio >= 1 ? .pi : 2 * acos(1 - ratio)
        // A width so large that 1 − ratio rounds to 1 leaves no step. Otherwise the step is at
        // least 2·√(2·2⁻⁵³) ≈ 3·10⁻⁸, so a full turn's count of steps fits an Int; each arc is
        // checked against `pointLimit` before it is added.
        if !(arcStep > 0) { throw TooComplex() }
        // Points closer than this are one point: their direction would be noise.
        let epsilon = arcTolerance * 1e-6
        for subpath in polylines.subpaths {
            vertices.removeAll(keepingCapacity: true)
            corners.removeAll(keepingCapacity: true)
            for i in subpath.start..<subpath.end {
                let p = polylines.points[i]
                if let last = vertices.last, length(p - last) <= epsilon {
                    // Keep the corner status of either duplicate.
                    corners[corners.count - 1] = corners[corners.count - 1] || !polylines.smooth[i]
                    continue
                }
                vertices.append(p)
                corners.append(!polylines.smooth[i])
            }
            if subpath.closed, vertices.count >= 2, length(vertices[vertices.count - 1] - vertices[0]) <= epsilon {
                vertices.removeLast()
                corners.removeLast()
            }
            if vertices.count == 1 {
                if subpath.drawn { try addDot(at: vertices[0]) }
                continue
            }
            if vertices.isEmpty { continue }
            // An open subpath back at its start with round caps (an icon's dot drawn as two
            // arcs and no close): the two half-discs of the caps cover a round join's sector
            // there (where they leave a wedge, it is inside the turn, which the segments'
            // rectangles cover in a convex ring), so a convex one (`convexRingOuterSide`) is
            // the closed ring with a round join there.
            if !subpath.closed, cap == .round, vertices.count >= 4,
               length(vertices[vertices.count - 1] - vertices[0]) <= epsilon {
                let end = vertices.removeLast(), endCorner = corners.removeLast(), startCorner = corners[0]
                corners[0] = false
                if try strokePolyline(closed: true, onlyAsConvexRing: true) { continue }
                vertices.append(end)
                corners.append(endCorner)
                corners[0] = startCorner
            }
            try strokePolyline(closed: subpath.closed)
        }
    }

    /// The outline of one deduplicated polyline (`vertices`, at least 2). With
    /// `onlyAsConvexRing` (closed only), adds nothing and returns false unless the ring is a
    /// convex one (`convexRingOuterSide`); otherwise returns true.
    @discardableResult
    private mutating func strokePolyline(closed: Bool, onlyAsConvexRing: Bool = false) throws(TooComplex) -> Bool {
        let k = vertices.count
        let segmentCount = closed ? k : k - 1
        directions.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        for i in 0..<segmentCount {
            let v = vertices[(i + 1) % k] - vertices[i]
            let l = length(v)
            directions.append(v / l)
            lengths.append(l)
        }
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
        let h = halfWidth
        if closed {
            let outerSide = convexRingOuterSide()
            if onlyAsConvexRing && outerSide == nil { return false }
            zigzagged = false
            let first = try addJoin(vertex: 1 % k, from: 0, to: 1 % segmentCount)
            var use = first
            for j in stride(from: 2, to: k, by: 1) {
                use = try addJoin(vertex: j, from: j - 1, to: j)
            }
            // Every kite lies within √2·h of its corner, so no point lies in all of them once
            // two corners are more than 2√2·h apart; only smaller rings need the check.
            var low = vertices[0], high = vertices[0]
            for p in vertices { low = pointwiseMin(low, p); high = pointwiseMax(high, p) }
            let extent = max(high.x - low.x, high.y - low.y)
            let separate = extent <= 2 * 2.0.squareRoot() * h * (1 + 1e-9)
            // Every point inside a ring this narrow one way is within h of it (see
            // `convexRingOuterSide`): a convex one has no hole.
            let narrow = min(high.x - low.x, high.y - low.y) <= 2 * h
            _ = try addJoin(vertex: 0, from: segmentCount - 1, to: 0, startUse: use, endUse: first, separate: separate)
            // A convex ring whose inner side went through a vertex (a curve tighter than h,
            // or a turn sharper than 90°), or that may have no hole at all: its outer side and
            // the hole (`convexRingHole`). Otherwise both sides: the inner is the hole's
            // boundary already, cut at the kites, and the bytes stay as they were.
            guard let side = outerSide, zigzagged || onlyAsConvexRing || narrow else {
                try appendContour(left, reversed: false)
                try appendContour(right, reversed: true)
                return true
            }
            let start = outline.count
            if side == .left { try appendContour(left, reversed: false) } else { try appendContour(right, reversed: true) }
            let outerArea = Self.signedArea(outline[start...])
            let hole = narrow ? [] : convexRingHole(inside: side == .right ? .left : .right)
            if hole.count >= 3 {
                // Wound against the outer side, so the non-zero rule leaves the hole empty (its
                // corners come with a positive area: `convexRingHole`).
                try appendContour(hole, reversed: outerArea > 0)
            }
            return true
        }
        let d0 = directions[0], n0 = normal(d0)
        left.append(vertices[0] + h * n0)
        right.append(vertices[0] - h * n0)
        for j in stride(from: 1, to: k - 1, by: 1) {
            _ = try addJoin(vertex: j, from: j - 1, to: j)
        }
        let dn = directions[segmentCount - 1], nn = normal(dn), pn = vertices[k - 1]
        left.append(pn + h * nn)
        right.append(pn - h * nn)

        // Left side forward, end cap, right side backward, start cap.
        if cap == .round, outline.count + left.count + right.count + 2 * arcPoints(sweep: .pi) > pointLimit { throw TooComplex() }
        let start = outline.count
        outline += left
        addCap(at: pn, direction: dn)
        outline += right.reversed()
        addCap(at: vertices[0], direction: -d0)
        try endContour(start: start)
        return true
    }

    /// The left normal (−d.y, d.x) of a unit direction.
    @inline(__always)
    func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) }

    /// The cap at an end point `p` where the path leaves in unit `direction`, from the left
    /// offset point (already in `outline`) round to the right one (added by the caller).
    private mutating func addCap(at p: SIMD2<Double>, direction d: SIMD2<Double>) {
        let n = normal(d), h = halfWidth
        switch cap {
        case .butt:
            break
        case .square:
            outline.append(p + h * (n + d))
            outline.append(p + h * (d - n))
        case .round:
            // From +n through +d to −n: turning by −π.
            Self.appendArc(center: p, from: n, sweep: -.pi, radius: h, step: arcStep, into: &outline)
        }
    }

    /// A disc or square for a zero-length subpath, as SVG draws it for round and square caps;
    /// the square is aligned with the user-space axes.
    private mutating func addDot(at p: SIMD2<Double>) throws(TooComplex) {
        let h = halfWidth, start = outline.count
        switch cap {
        case .butt:
            return
        case .square:
            if outline.count + 4 > pointLimit { throw TooComplex() }
            outline += [p + SIMD2(-h, -h), p + SIMD2(-h, h), p + SIMD2(h, h), p + SIMD2(h, -h)]
        case .round:
            // Every dot is a whole circle: thousands of them in one path must not each add
            // one past the limit.
            let steps = max(4, Int((2 * Double.pi / arcStep).rounded(.up)))
            if outline.count + steps > pointLimit { throw TooComplex() }
            for i in 0..<steps {
                let angle = -2 * Double.pi * Double(i) / Double(steps)
                outline.append(p + h * SIMD2(cos(angle), sin(angle)))
            }
        }
        contourEnds.append(outline.count)
        _ = start
    }

    /// The points `appendArc` adds for `sweep` radians at this stroke's `arcStep`.
    @inline(__always)
    private func arcPoints(sweep: Double) -> Int {
        max(Int((abs(sweep) / arcStep).rounded(.up)) - 1, 0)
    }

    /// Appends the points strictly between `center + radius·from` and its rotation by
    /// `sweep` (radians, positive from +x towards +y), at most `step` apart in angle.
    private static func appendArc(
        center: SIMD2<Double>, from u: SIMD2<Double>, sweep: Double, radius h: Double, step: Double,
        into points: inout [SIMD2<Double>]
    ) {
        let steps = Int((abs(sweep) / step).rounded(.up))
        guard steps > 1 else { return }
        for i in 1..<steps {
            let angle = sweep * Double(i) / Double(steps)
            let c = cos(angle), s = sin(angle)
            points.append(center + h * SIMD2(u.x * c - u.y * s, u.x * s + u.y * c))
        }
    }

    /// Appends the join at `vertices[vertex]` between segments `a` and `b` to both sides and
    /// returns how far, along `b` from its start, the inner side's cut reaches (left, right);
    /// the cut reaches just as far back along `a`.
    ///
    /// With `separate`, `startUse` is how far the previous join's cut reaches along `a` from
    /// its start and `endUse` how far the next join's cut reaches back along `b` from its
    /// end, and this join's cut must not overlap them.
    private mutating func addJoin(
        vertex: Int, from a: Int, to b: Int, startUse: SIMD2<Double> = .zero, endUse: SIMD2<Double> = .zero,
        separate: Bool = false
    ) throws(TooComplex) -> SIMD2<Double> {
        if left.count + right.count + outline.count > pointLimit { throw TooComplex() }
        let v = vertices[vertex], h = halfWidth
        let da = directions[a], db = directions[b]
        let na = normal(da), nb = normal(db)
        let cross = da.x * db.y - da.y * db.x
        let dot = da.x * db.x + da.y * db.y
        // Turning towards +n (or straight back): the left side is inside the turn.
        let innerLeft = cross >= 0
        let sIn: Double = innerLeft ? 1 : -1, sOut = -sIn

        // Outer side.
        let outerStart = v + (sOut * h) * na, outerEnd = v + (sOut * h) * nb
        var outerMiddle: SIMD2<Double>? = nil
        var arcSweep = 0.0
        switch corners[vertex] ? join : .round {
        case .miter:
            // Miter length / width = 1 / cos(turn / 2) ≤ limit ⇔ 1 + cos(turn) ≥ 2 / limit².
            if 1 + dot >= 2 / (miterLimit * miterLimit), 1 + dot > 0 {
                outerMiddle = v + (sOut * h / (1 + dot)) * (na + nb)
            }
        case .round:
            let turn = atan2(abs(cross), dot)
            arcSweep = innerLeft ? turn : -turn
        case .bevel:
            break
        }
        // A round join on a tiny arc step may need millions of points by itself.
        if arcSweep != 0, left.count + right.count + outline.count + arcPoints(sweep: arcSweep) > pointLimit { throw TooComplex() }
        if innerLeft {
            Self.appendOuter(&right, outerStart, outerMiddle, outerEnd, v, sOut * na, arcSweep, h, arcStep)
        } else {
            Self.appendOuter(&left, outerStart, outerMiddle, outerEnd, v, sOut * na, arcSweep, h, arcStep)
        }

        // Inner side: cutting at the offset lines' intersection X removes once the kite
        // (corner, both inner offset points, X) where the two rectangles overlap. For turns
        // up to 90° the kite reaches h·sin(turn) along each segment and stays within h of
        // both axes, so it lies inside both rectangles when that reach fits in each. A point
        // then lies in as many rectangles as kites plus at least one, unless it lies in every
        // kite of a closed ring: in a ring small enough for that, the last join (`separate`)
        // also keeps its kite apart from its neighbours' (their reaches along a shared
        // segment must not overlap).
        let reach = h * abs(cross)
        let usedA = separate ? (innerLeft ? startUse.x : startUse.y) : 0
        let usedB = separate ? (innerLeft ? endUse.x : endUse.y) : 0
        if dot >= 0, usedA + reach <= lengths[a], reach + usedB <= lengths[b] {
            let x = v + (sIn * h / (1 + dot)) * (na + nb)
            if innerLeft { left.append(x) } else { right.append(x) }
            return innerLeft ? SIMD2(reach, 0) : SIMD2(0, reach)
        }
        let p0 = v + (sIn * h) * na, p2 = v + (sIn * h) * nb
        zigzagged = true
        if innerLeft {
            left.append(p0); left.append(v); left.append(p2)
        } else {
            right.append(p0); right.append(v); right.append(p2)
        }
        return .zero
    }

    /// The outer side of a join: its start, a miter tip or round arc, its end.
    private static func appendOuter(
        _ side: inout [SIMD2<Double>], _ start: SIMD2<Double>, _ middle: SIMD2<Double>?, _ end: SIMD2<Double>,
        _ center: SIMD2<Double>, _ from: SIMD2<Double>, _ sweep: Double, _ h: Double, _ arcStep: Double
    ) {
        side.append(start)
        if let middle { side.append(middle) }
        if sweep != 0 { appendArc(center: center, from: from, sweep: sweep, radius: h, step: arcStep, into: &side) }
        side.append(end)
    }

    private mutating func appendContour(_ points: [SIMD2<Double>], reversed: Bool) throws(TooComplex) {
        let start = outline.count
        if reversed { outline += points.reversed() } else { outline += points }
        try endContour(start: start)
    }

    private mutating func endContour(start: Int) throws(TooComplex) {
        if outline.count > pointLimit { throw TooComplex() }
        if outline.count - start >= 3 { contourEnds.append(outline.count) } else { outline.removeSubrange(start...) }
    }
}
