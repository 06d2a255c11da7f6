#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The outline of a convex ring's stroke as its outer side and its hole (see
/// `convexRingOuterSide`), which `strokePolyline` takes where the inner side would go through
/// every vertex of a curve tighter than the stroke is wide.
extension PathStroker {
    /// A side of a closed polyline's outline.
    enum Side { case left, right }

    /// The outer side of the closed polyline in `vertices` (with `directions` of its
    /// segments) when it is a convex ring (every turn the same way, once round) whose every
    /// corner's join covers a round one (round, or a miter within the limit); nil otherwise.
    ///
    /// Such a ring's stroke is everything within h of the ring, less its hole, the points
    /// inside farther than h from every segment's line (`convexRingHole`): inside a convex
    /// ring the nearest point of the boundary is the foot of a perpendicular on a segment,
    /// so every point inside within h of the ring lies in that segment's rectangle; outside,
    /// the outer side's rectangles and joins reach everything within h (a round join does,
    /// and so does a miter; a bevel would not, where a rectangle of the far side pokes
    /// through a ring narrower than h). The outer side's contour and the hole's then outline
    /// the stroke exactly, where the inner side, once a curve is tighter than h (an icon's
    /// dot: a circle of radius 1 stroked 2 wide; a rounded square's corners of radius h),
    /// zigzags through every vertex: hundreds of edges h long over one another, which the
    /// rasterizer cuts into a strip at every end. Tabler's three-dot icon took 42 ms at
    /// 132 px and 0.84 s at 2049 px that way (a whole `iconmorph mask`, now 6 and 29 ms),
    /// and its dice were refused at 6144 px after 8 s.
    func convexRingOuterSide() -> Side? {
        let count = directions.count
        guard count >= 3 else { return nil }
        var sign = 0.0, turning = 0.0
        for i in 0..<count {
            let da = directions[(i + count - 1) % count], db = directions[i]
            let cross = da.x * db.y - da.y * db.x
            let dot = da.x * db.x + da.y * db.y
            if cross != 0 {
                if sign == 0 { sign = cross > 0 ? 1 : -1 }
                if (cross > 0 ? 1.0 : -1.0) != sign { return nil }
            } else if dot <= 0 {
                return nil
            }
            // The join at vertex i, between segments i − 1 and i.
            if corners[i], cross != 0 {
                switch join {
                case .round: break
                case .miter:
                    guard 1 + dot >= 2 / (miterLimit * miterLimit), 1 + dot > 0 else { return nil }
                case .bevel: return nil
                }
            }
            turning += atan2(cross, dot)
        }
        // Once round, not twice (a star polygon turns the same way throughout too).
        guard sign != 0, abs(abs(turning) - 2 * Double.pi) < 1e-6 else { return nil }
        // Turning towards +n puts the left side inside each turn (`addJoin`).
        return sign > 0 ? .right : .left
    }

    /// The hole of a convex ring's stroke (`convexRingOuterSide`), whose `inside` side faces
    /// into the ring: the points inside farther than h from every segment's line, the
    /// intersection of the half-planes beyond the lines moved h inwards. Its corners in
    /// order, turning from +x towards +y (a positive `signedArea`), or none when the
    /// half-planes leave no area.
    ///
    /// The half-planes are taken in order of their lines' angles, each cutting off the last
    /// ones whose corner it excludes (and the first ones likewise), as in the usual
    /// half-plane intersection; lines of the same direction keep the one further in.
    func convexRingHole(inside: Side) -> [SIMD2<Double>] {
        struct Edge {
            /// A point of the moved line, its direction (the hole on its left) and angle.
            var point: SIMD2<Double>, direction: SIMD2<Double>, angle: Double
        }
        let h = halfWidth
        let s: Double = inside == .left ? 1 : -1
        // The hole on each line's left: its direction is the segment's, reversed for a ring
        // whose inside is on its right.
        var lines = directions.indices.map { i in
            let d = s * directions[i]
            return Edge(point: vertices[i] + h * normal(d), direction: d, angle: atan2(d.y, d.x))
        }
        lines.sort { $0.angle < $1.angle }
        func corner(_ a: Edge, _ b: Edge) -> SIMD2<Double> {
            let denominator = a.direction.x * b.direction.y - a.direction.y * b.direction.x
            let w = b.point - a.point
            let t = (w.x * b.direction.y - w.y * b.direction.x) / denominator
            return a.point + t * a.direction
        }
        // Beyond the line by a rounding error of the ring's size still counts as on it.
        var scale = 0.0
        for p in vertices { scale = max(scale, abs(p.x), abs(p.y)) }
        let slack = 1e-9 * (scale + h)
        func keeps(_ e: Edge, _ p: SIMD2<Double>) -> Bool {
            let w = p - e.point
            return e.direction.x * w.y - e.direction.y * w.x >= -slack
        }
        var kept: [Edge] = []
        var first = 0
        for line in lines {
            if kept.count > first {
                let last = kept[kept.count - 1]
                let cross = last.direction.x * line.direction.y - last.direction.y * line.direction.x
                if abs(cross) <= 1e-12, last.direction.x * line.direction.x + last.direction.y * line.direction.y > 0 {
                    // The same direction: the one further in (the last one unless its point
                    // lies outside the new one's half-plane).
                    if !keeps(line, last.point) { kept[kept.count - 1] = line }
                    continue
                }
            }
            while kept.count - first >= 2, !keeps(line, corner(kept[kept.count - 2], kept[kept.count - 1])) { kept.removeLast() }
            while kept.count - first >= 2, !keeps(line, corner(kept[first], kept[first + 1])) { first += 1 }
            kept.append(line)
        }
        while kept.count - first >= 3, !keeps(kept[first], corner(kept[kept.count - 2], kept[kept.count - 1])) { kept.removeLast() }
        while kept.count - first >= 3, !keeps(kept[kept.count - 1], corner(kept[first], kept[first + 1])) { first += 1 }
        let edges = Array(kept[first...])
        guard edges.count >= 3 else { return [] }
        let hole = edges.indices.map { corner(edges[$0], edges[($0 + 1) % edges.count]) }
        // Half-planes that meet in a point or a line leave no hole.
        return Self.signedArea(hole[...]) > slack * (scale + h) ? hole : []
    }

    /// The shoelace area of a polygon (positive when it turns from +x towards +y).
    static func signedArea(_ points: ArraySlice<SIMD2<Double>>) -> Double {
        guard let first = points.first else { return 0 }
        var sum = 0.0, previous = first
        for p in points.dropFirst() {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        sum += previous.x * first.y - first.x * previous.y
        return sum / 2
    }
}
