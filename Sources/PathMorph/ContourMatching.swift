/// Pairs the contours of two outlines: shapes with shapes, holes with holes of partnered
/// shapes, each by position and size, with the least total cost.
///
/// Costs, in squared pixels: a pair costs |Δcentre|² + |Δhalf-extent|² (the centroid, and
/// half the width and height of the control box); leaving a contour without a partner costs
/// its |half-extent|², roughly what its nodes travel when it shrinks to its centroid. So two
/// contours are paired only when moving one onto the other is cheaper than shrinking one and
/// growing the other: a dot that jumps across the icon shrinks and grows instead.
///
/// A contour without a partner is paired with a copy of itself shrunk to its own centroid:
/// it grows from, or shrinks to, that point where it stands; a hole of a paired shape, to
/// where the shape's morph takes that point (`PathMorph.follow`). (Shrinking towards the nearest
/// point of another shape would sweep it across ground that neither icon covers.)
enum ContourMatching {
    /// A matched pair: indices into the source's and the target's entries, nil for a
    /// contour that grows from (source nil) or shrinks to (target nil) a point.
    struct Pair: Equatable {
        var source: Int?
        var target: Int?
    }

    /// A cost never chosen over leaving both contours unpaired.
    static let forbidden = 1e30

    static func pairs(_ source: IconOutline, _ target: IconOutline) -> [Pair] {
        let sourceShapes = source.entries.indices.filter { !source.entries[$0].isHole }
        let targetShapes = target.entries.indices.filter { !target.entries[$0].isHole }
        let shapePairs = assign(source, sourceShapes, target, targetShapes) { _, _ in true }
        var partner: [Int: Int] = [:]
        for pair in shapePairs {
            if let s = pair.source, let t = pair.target { partner[s] = t }
        }
        let sourceHoles = source.entries.indices.filter { source.entries[$0].isHole }
        let targetHoles = target.entries.indices.filter { target.entries[$0].isHole }
        let holePairs = assign(source, sourceHoles, target, targetHoles) { s, t in
            // Holes move only with their shapes.
            switch (source.entries[s].parent, target.entries[t].parent) {
            case (nil, nil): true
            case (let a?, let b?): partner[a] == b
            default: false
            }
        }
        return shapePairs + holePairs
    }

    /// The cheapest assignment of `rows` (source entries) to `columns` (target entries),
    /// with leaving either side unpaired allowed at its cost.
    private static func assign(
        _ source: IconOutline, _ rows: [Int], _ target: IconOutline, _ columns: [Int],
        allowed: (Int, Int) -> Bool
    ) -> [Pair] {
        let m = rows.count, n = columns.count, size = m + n
        guard size > 0 else { return [] }
        func halfExtent(_ entry: IconOutline.Entry) -> SIMD2<Double> { (entry.bounds.max - entry.bounds.min) / 2 }
        func squared(_ v: SIMD2<Double>) -> Double { (v * v).sum() }
        var cost = [Double](repeating: 0, count: size * size)
        for (i, s) in rows.enumerated() {
            let a = source.entries[s]
            for (j, t) in columns.enumerated() {
                let b = target.entries[t]
                cost[i * size + j] = allowed(s, t)
                    ? squared(a.centroid - b.centroid) + squared(halfExtent(a) - halfExtent(b)) : forbidden
            }
            for k in 0..<m { cost[i * size + n + k] = k == i ? squared(halfExtent(a)) : forbidden }
        }
        for (j, t) in columns.enumerated() {
            let b = target.entries[t]
            for k in 0..<n { cost[(m + k) * size + j] = k == j ? squared(halfExtent(b)) : forbidden }
            // Dummy rows against dummy columns cost nothing (already 0).
        }
        let columnOfRow = MinimumCostAssignment.solve(cost, n: size)
        var pairs: [Pair] = []
        var matchedColumns = Set<Int>()
        for (i, s) in rows.enumerated() {
            let j = columnOfRow[i]
            if j < n, cost[i * size + j] < forbidden {
                pairs.append(Pair(source: s, target: columns[j]))
                matchedColumns.insert(j)
            } else {
                pairs.append(Pair(source: s, target: nil))
            }
        }
        for (j, t) in columns.enumerated() where !matchedColumns.contains(j) {
            pairs.append(Pair(source: nil, target: t))
        }
        return pairs
    }
}
