/// Clusters of many edges in one row: each strip walks only the edges that span it.
extension CoverageAccumulator {
    /// Clusters of more edges than this are cut into strips by `accumulateLargeCluster`,
    /// smaller ones by `accumulateCluster`. Real icons' clusters stay under it, so their
    /// masks keep the bytes they have always had: the 650 Adwaita SVGs drawn at 132, 768 and
    /// 3072 px and a quarter of the Lucide, Tabler and Heroicons sets (2,067 icons) at 132
    /// and 1536 px came out the same with and without this path (at 32, a calculator's row of
    /// buttons at 132 px differed by 1 in 13 pixels); polylines of thousands of points (a
    /// traced scan, a map) pass it.
    static let largeClusterEdges = 256

    /// Work units per live edge of a strip here: a visit goes through the live list to the
    /// slot and the edge, about 1.3 times the cost of `accumulateCluster`'s walk through the
    /// slots in order (a reviewer's thin parallelograms: 1.24 · 10⁹ units in 1.63 s against
    /// 1.28 · 10⁹ in 1.45 s), so it weighs half as much again as `stripWork`.
    static let liveEdgeWork = 24

    /// `accumulateCluster` for a cluster of many edges, which is cut into a strip at every
    /// edge end inside the row: instead of walking and sorting all of the cluster's edges in
    /// every strip (n strips × n edges), it keeps the edges live in the strip — those that
    /// span it — in order, letting each in at its top and out at its bottom, so a strip costs
    /// its live edges. Where a polyline runs along a row, few are live at any height; where
    /// it runs across, hundreds may span the whole row, and those rows still cost their ends
    /// times their live edges. Measured with the release binary (`iconmorph mask`, 132 px): a
    /// wobbly circle of 100,000 points 1.70 → 0.74 s, of 50,000 0.49 → 0.23 s (95 % of the
    /// time was in `accumulateCluster`), the same bytes; a polygon of 500,000 scribbled
    /// points, refused by the work limit after 4.2 s, now draws in 0.7 s.
    ///
    /// The strips are the same, and each live edge adds the same boundary pieces, so the
    /// coverage is the same as `accumulateCluster`'s but for rounding: a piece is added when
    /// its edge leaves, rather than at the cluster's end, and equal keys may order live
    /// edges differently: edges that coincide across a strip, whose changes then cancel in
    /// either order, and, once a row's crossing budget (`crossingsPerRow`) is spent, edges
    /// that cross at mid-strip, where both ways' order is the approximation that budget
    /// accepts (a reviewer's scribbles packed into one row differed by up to 53 levels there,
    /// both ways up to 158 from the true coverage; with the budget unlimited, by at most 1).
    /// `VectorLargeClusterTests` compares the two.
    ///
    /// Work: `liveEdgeWork` per live edge and one more per strip and per cut at a crossing,
    /// and `stripWork` per edge starting inside the row, whose tops are sorted once (see
    /// `VectorRasterizer.maximumWork`).
    func accumulateLargeCluster(
        _ row: Int, _ line: UnsafeMutablePointer<Float>, _ slots: UnsafeMutableBufferPointer<Slot>,
        _ list: UnsafeBufferPointer<Edge>, windings: inout Windings, splits: inout [Double]
    ) {
        let n = slots.count, rowTop = Double(row)
        cutRow(row, at: slots, list, into: &splits)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { liveBuffer in
          withUnsafeTemporaryAllocation(of: (top: Double, slot: Int32).self, capacity: n) { enteringBuffer in
            // The live slots in the order of the last strip, from those of edges coming from
            // above the row; the others by their edges' tops (the order they go live in),
            // sorted once as compact pairs, not through the slots (which, for a million edges
            // in one row, was most of the row's time).
            let live = liveBuffer.baseAddress!
            var liveCount = 0, enteringCount = 0
            for i in 0..<n {
                let top = list[Int(slots[i].edge)].y0
                if top <= rowTop {
                    live[liveCount] = Int32(i)
                    liveCount += 1
                } else {
                    enteringBuffer[enteringCount] = (top, Int32(i))
                    enteringCount += 1
                }
            }
            workLeft &-= enteringCount &* Self.stripWork
            if workLeft < 0 {
                overBudget = true
                return
            }
            let entering = UnsafeMutableBufferPointer(rebasing: enteringBuffer[0..<enteringCount])
            stableSort(entering) { $0.top < $1.top }
            var nextEntering = 0
            var crossingBudget = Self.crossingsPerRow + 8 * n
            // Strip by strip from the row's top (`a`), each ending at the next cut (`b`) or
            // sooner where two live edges cross; cuts at one height make no strip.
            var k = 0, a = splits[0]
            while k + 1 < splits.count {
                var b = splits[k + 1]
                guard a < b else {
                    k += 1
                    continue
                }
                // Out: the edges ending at a, their pending pieces added. In: those starting
                // at a (every edge end is a split, so an edge in spans the strip).
                var kept = 0
                for j in 0..<liveCount {
                    let i = Int(live[j])
                    if list[Int(slots[i].edge)].y1 <= a {
                        flush(&slots[i], line)
                    } else {
                        live[kept] = live[j]
                        kept += 1
                    }
                }
                liveCount = kept
                while nextEntering < entering.count && entering[nextEntering].top <= a {
                    let i = entering[nextEntering].slot
                    if list[Int(slots[Int(i)].edge)].y1 > a {
                        live[liveCount] = i
                        liveCount += 1
                    }
                    nextEntering += 1
                }
                let order = UnsafeMutableBufferPointer(start: live, count: liveCount)
                while true {
                    workLeft &-= (liveCount &+ 1) &* Self.liveEdgeWork
                    if workLeft < 0 {
                        overBudget = true
                        return
                    }
                    for i in order {
                        let e = list[Int(slots[Int(i)].edge)]
                        let xt = x(of: e, at: a), xb = x(of: e, at: b)
                        slots[Int(i)].xTop = xt; slots[Int(i)].xBottom = xb; slots[Int(i)].key = xt + xb
                    }
                    stableSort(order) { slots[Int($0)].key < slots[Int($1)].key }
                    guard crossingBudget > 0 else { break }
                    var crossing = b
                    for j in order.indices.dropFirst() {
                        crossing = Self.earlierCrossing(slots[Int(order[j - 1])], slots[Int(order[j])], a, b, before: crossing)
                    }
                    guard crossing < b else { break }
                    b = crossing
                    crossingBudget -= 1
                }
                if b == splits[k + 1] { k += 1 }
                for i in order {
                    addStrip(a, b, of: &slots[Int(i)], list[Int(slots[Int(i)].edge)], windings: &windings, line)
                }
                // Back to the winding numbers left of the cluster for the next strip.
                for i in order {
                    let e = list[Int(slots[Int(i)].edge)]
                    _ = windings.add(-e.direction, to: e.group)
                }
                a = b
            }
            for i in slots.indices { flush(&slots[i], line) }
          }
        }
    }
}
