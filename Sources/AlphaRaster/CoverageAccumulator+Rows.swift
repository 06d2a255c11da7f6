/// The rows of a band: each row's edges cut into clusters and strips, each boundary piece
/// added to the row's deltas.
extension CoverageAccumulator {
    /// Accumulates the rows of one band (its first row at the top of the buffer), carrying
    /// the edges crossing a row in `slots` to the next. (A method of its own: the arrays
    /// arrive as inout parameters instead of closure captures, which would pay a dynamic
    /// exclusivity check on every access.)
    func accumulateRows(
        _ rows: Range<Int>, origin: Int, list: UnsafeBufferPointer<Edge>, order: [Int32], starts: [Int],
        windings: inout Windings, slots: inout [Slot], splits: inout [Double], ends: inout [SIMD2<Double>], joins: inout [SIMD2<Double>]
    ) {
        for row in rows {
            for i in starts[row - origin]..<starts[row - origin + 1] {
                slots.append(Slot(edge: order[i]))
            }
            if slots.isEmpty { continue }
            let line = deltas + (row - rows.lowerBound) * stride
            let ended = slots.withUnsafeMutableBufferPointer { slots in
                accumulateRow(row, line, slots, list, windings: &windings, splits: &splits, ends: &ends, joins: &joins)
                // Drop the edges ending in this row, keeping the others' order.
                let rowBottom = Double(row + 1)
                var kept = 0
                for i in slots.indices where list[Int(slots[i].edge)].y1 > rowBottom {
                    if kept != i { slots[kept] = slots[i] }
                    kept += 1
                }
                return slots.count - kept
            }
            if ended > 0 { slots.removeLast(ended) }
            if overBudget { return }
        }
    }

    /// Strips every pixel row starts with, before cuts at edge ends and crossings.
    static let stripsPerRow = 1

    /// Work units charged per edge of a cluster for each strip it is cut into (see
    /// `VectorRasterizer.maximumWork`).
    static let stripWork = 16

    /// The most strips a cluster of n edges in one row may gain at edge crossings:
    /// `crossingsPerRow + 8·n` (each costs O(n), so this bounds a row's work by O(n²)); beyond,
    /// edges crossing inside a strip are ordered by their x at mid-strip, which misplaces the
    /// union's boundary by at most the area between them in that strip.
    static let crossingsPerRow = 64

    /// An edge crossing the row being accumulated, with its x at the top and bottom of the
    /// current strip; `key` (their sum) orders the edges along the strip. The edge's
    /// boundary piece still to be added spans `pendingTop...pendingBottom` (y, with x
    /// `pendingTopX`, `pendingBottomX`) with sign `pendingChange` (0: none): consecutive
    /// strips where the edge is the same boundary make one piece of the straight edge.
    struct Slot {
        var key = 0.0, xTop = 0.0, xBottom = 0.0
        /// The edge's x range within the row.
        var low = 0.0, high = 0.0
        var pendingTop = 0.0, pendingTopX = 0.0, pendingBottom = 0.0, pendingBottomX = 0.0
        var pendingChange = 0
        var edge: Int32
        /// True when the edge spans the current strip.
        var live = false

        init(edge: Int32) { self.edge = edge }
    }

    /// x of an edge at height y, clamped to the edge.
    @inline(__always)
    func x(of e: Edge, at y: Double) -> Double {
        if y <= e.y0 { return e.x0 }
        if y >= e.y1 { return e.x1 }
        return min(max(e.x0 + (y - e.y0) * e.dxdy, min(e.x0, e.x1)), max(e.x0, e.x1))
    }

    /// Accumulates row `row` of the union of the inside points. The row is cut into strips
    /// at every edge end inside it and where two edges cross, so that along a strip every
    /// edge touching it spans it and their order in x is fixed; ordered so, only edges where
    /// the inside indicator (w ≠ 0, or w odd) changes count, with the sign of that change.
    /// Edges inside the union (overlaps, duplicates) add nothing. A straight edge that is the
    /// same boundary in consecutive strips is added as one piece, so a row without overlaps
    /// costs one piece per edge, as accumulating whole edges would.
    @inline(__always)
    private func accumulateRow(
        _ row: Int, _ line: UnsafeMutablePointer<Float>, _ slots: UnsafeMutableBufferPointer<Slot>,
        _ list: UnsafeBufferPointer<Edge>, windings: inout Windings, splits: inout [Double],
        ends: inout [SIMD2<Double>], joins: inout [SIMD2<Double>]
    ) {
        let rowTop = Double(row), rowBottom = rowTop + 1
        // Each edge's x range within the row; edges whose ranges overlap (edges meeting at a
        // vertex among them) form a cluster, and so do the ends of the (dropped) horizontal
        // edges: ends inside the row at one height. No outline then crosses the gap between
        // clusters, so the winding there is the same at every height of the row, and each
        // cluster can be cut into strips on its own.
        ends.removeAll(keepingCapacity: true)
        for i in slots.indices {
            let e = list[Int(slots[i].edge)]
            let ya = max(e.y0, rowTop), yb = min(e.y1, rowBottom)
            let xa = x(of: e, at: ya), xb = x(of: e, at: yb)
            slots[i].low = min(xa, xb); slots[i].high = max(xa, xb)
            if e.y0 > rowTop { ends.append(SIMD2(e.y0, xa)) }
            if e.y1 < rowBottom { ends.append(SIMD2(e.y1, xb)) }
        }
        // Ranges of x joined by horizontal edges, as (low, high) sorted by low.
        joins.removeAll(keepingCapacity: true)
        if ends.count > 1 {
            ends.withUnsafeMutableBufferPointer { stableSort($0) { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) } }
            var k = 0
            while k < ends.count {
                var low = ends[k].y, high = low
                var m = k + 1
                while m < ends.count && ends[m].x == ends[k].x {
                    low = min(low, ends[m].y); high = max(high, ends[m].y)
                    m += 1
                }
                if low < high { joins.append(SIMD2(low, high)) }
                k = m
            }
            if joins.count > 1 { joins.withUnsafeMutableBufferPointer { stableSort($0) { $0.x < $1.x } } }
        }
        var nextJoin = 0
        stableSort(slots) { $0.low < $1.low }
        // Left of the row every winding number is 0 (edges left of the clip run down its
        // side); the walk leaves the numbers right of the row, set back at the end.
        defer { windings.clear(slots, list) }
        var start = 0
        while start < slots.count {
            var end = start + 1
            var high = slots[start].high
            while true {
                while end < slots.count && slots[end].low <= high {
                    high = max(high, slots[end].high)
                    end += 1
                }
                var extended = false
                while nextJoin < joins.count && joins[nextJoin].x <= high {
                    if joins[nextJoin].y > high {
                        high = joins[nextJoin].y
                        extended = true
                    }
                    nextJoin += 1
                }
                if !extended { break }
            }
            let e = list[Int(slots[start].edge)]
            if end == start + 1 && e.y0 <= rowTop && e.y1 >= rowBottom {
                // A lone edge across the row: one piece.
                let change = windings.add(e.direction, to: e.group)
                if change != 0 {
                    cellRow(line, x(of: e, at: rowTop), x(of: e, at: rowBottom), Double(change))
                }
            } else if chain(UnsafeMutableBufferPointer(rebasing: slots[start..<end]), list, rowTop, rowBottom) {
                // One chain of edges down (or up) the row: one boundary at every height.
                let change = windings.add(e.direction, to: e.group)
                if change != 0 {
                    for slot in slots[start..<end] {
                        let e = list[Int(slot.edge)]
                        let ya = max(e.y0, rowTop), yb = min(e.y1, rowBottom)
                        cellRow(line, x(of: e, at: ya), x(of: e, at: yb), (yb - ya) * Double(change))
                    }
                }
            } else {
                let cluster = UnsafeMutableBufferPointer(rebasing: slots[start..<end])
                if cluster.count > appliedLargeClusterEdges {
                    accumulateLargeCluster(row, line, cluster, list, windings: &windings, splits: &splits)
                } else {
                    accumulateCluster(row, line, cluster, list, windings: &windings, splits: &splits)
                }
                if overBudget { return }
                for slot in cluster {
                    let e = list[Int(slot.edge)]
                    if e.y0 <= rowTop { _ = windings.add(e.direction, to: e.group) }
                }
            }
            start = end
        }
    }

    /// True when a cluster's edges, all of one shape and one direction, form one chain
    /// across the row, each starting where the one above ends (so at every height exactly
    /// one is there). Sorts the cluster by the edges' tops within the row.
    @inline(__always)
    private func chain(
        _ slots: UnsafeMutableBufferPointer<Slot>, _ list: UnsafeBufferPointer<Edge>, _ rowTop: Double, _ rowBottom: Double
    ) -> Bool {
        let head = list[Int(slots[0].edge)]
        for slot in slots {
            let e = list[Int(slot.edge)]
            if e.direction != head.direction || e.group != head.group { return false }
        }
        stableSort(slots) { list[Int($0.edge)].y0 < list[Int($1.edge)].y0 }
        var y = rowTop
        var previous: Edge? = nil
        for slot in slots {
            let e = list[Int(slot.edge)]
            if max(e.y0, rowTop) != y { return false }
            if let p = previous, p.x1 != e.x0 { return false }
            y = min(e.y1, rowBottom)
            previous = e
        }
        return y == rowBottom
    }

    /// Accumulates one cluster of a row (see `accumulateRow`), `winding` being the winding
    /// number left of it. Each strip walks and sorts every edge of the cluster, live or not,
    /// which keeps the order of small clusters' edges the same from strip to strip; clusters
    /// of more than `largeClusterEdges` go to `accumulateLargeCluster`.
    @inline(__always)
    private func accumulateCluster(
        _ row: Int, _ line: UnsafeMutablePointer<Float>, _ slots: UnsafeMutableBufferPointer<Slot>,
        _ list: UnsafeBufferPointer<Edge>, windings: inout Windings, splits: inout [Double]
    ) {
        cutRow(row, at: slots, list, into: &splits)
        // Strips also end where two edges cross, found between neighbours in the order at
        // mid-height; a budget bounds the work in rows where many edges cross.
        var crossingBudget = Self.crossingsPerRow + 8 * slots.count
        var k = 0
        var a = splits[0]
        while k + 1 < splits.count {
            var b = splits[k + 1]
            if !(a < b) {
                k += 1
                continue
            }
            while true {
                // Each strip walks and sorts the whole cluster: the cost that grows with the
                // square of the edges when many of them end inside one row.
                workLeft &-= slots.count &* Self.stripWork
                if workLeft < 0 {
                    overBudget = true
                    return
                }
                let mid = (a + b) * 0.5
                for i in slots.indices {
                    let e = list[Int(slots[i].edge)]
                    if e.y0 <= a && e.y1 >= b {
                        let xt = x(of: e, at: a), xb = x(of: e, at: b)
                        slots[i].xTop = xt; slots[i].xBottom = xb; slots[i].key = xt + xb
                        slots[i].live = true
                    } else {
                        slots[i].key = 2 * x(of: e, at: mid)
                        slots[i].live = false
                    }
                }
                // The order barely changes from strip to strip (see `stableSort`).
                stableSort(slots) { $0.key < $1.key }
                guard crossingBudget > 0 else { break }
                var crossing = b
                var previous = -1
                for i in slots.indices where slots[i].live {
                    if previous >= 0 { crossing = Self.earlierCrossing(slots[previous], slots[i], a, b, before: crossing) }
                    previous = i
                }
                guard crossing < b else { break }
                b = crossing
                crossingBudget -= 1
            }
            if b == splits[k + 1] { k += 1 }
            for i in slots.indices where slots[i].live {
                addStrip(a, b, of: &slots[i], list[Int(slots[i].edge)], windings: &windings, line)
            }
            // Back to the winding numbers left of the cluster for the next strip.
            for i in slots.indices where slots[i].live {
                let e = list[Int(slots[i].edge)]
                _ = windings.add(-e.direction, to: e.group)
            }
            a = b
        }
        for i in slots.indices { flush(&slots[i], line) }
    }

    /// The heights row `row` is cut into strips at before any crossing: `stripsPerRow`
    /// even cuts and every end of the cluster's edges inside the row, in order.
    @inline(__always)
    func cutRow(_ row: Int, at slots: UnsafeMutableBufferPointer<Slot>, _ list: UnsafeBufferPointer<Edge>, into splits: inout [Double]) {
        let rowTop = Double(row), rowBottom = rowTop + 1
        let strips = Self.stripsPerRow
        splits.removeAll(keepingCapacity: true)
        for k in 0...strips { splits.append(rowTop + Double(k) / Double(strips)) }
        var extra = false
        for s in slots {
            let e = list[Int(s.edge)]
            if e.y0 > rowTop { splits.append(e.y0); extra = true }
            if e.y1 < rowBottom { splits.append(e.y1); extra = true }
        }
        if extra { splits.withUnsafeMutableBufferPointer { stableSort($0) { $0 < $1 } } }
    }

    /// The height where the live edges `left` and `right`, neighbours along strip `a...b`
    /// (their x at its ends in `xTop`, `xBottom`), cross, if they do inside the strip and
    /// below `before`; else `before`. A crossing within rounding of the strip's ends (such as
    /// the one just cut at) changes nothing visible.
    @inline(__always)
    static func earlierCrossing(_ left: Slot, _ right: Slot, _ a: Double, _ b: Double, before: Double) -> Double {
        let dt = right.xTop - left.xTop, db = right.xBottom - left.xBottom
        guard (dt < 0 && db > 0) || (dt > 0 && db < 0) else { return before }
        let y = a + dt / (dt - db) * (b - a)
        return y > a + 1e-9 && y < b - 1e-9 ? min(before, y) : before
    }

    /// Counts a live edge's crossing of strip `a...b` (the strip's edges taken in their order
    /// along it) into `windings`: where it changes the inside, its piece of the strip joins
    /// its pending boundary piece when that ends at `a` with the same change, or the pending
    /// piece is added and this one is pending.
    @inline(__always)
    func addStrip(_ a: Double, _ b: Double, of slot: inout Slot, _ e: Edge, windings: inout Windings, _ line: UnsafeMutablePointer<Float>) {
        let change = windings.add(e.direction, to: e.group)
        if change == slot.pendingChange && slot.pendingBottom == a {
            slot.pendingBottom = b
            slot.pendingBottomX = slot.xBottom
        } else {
            flush(&slot, line)
            slot.pendingChange = change
            slot.pendingTop = a; slot.pendingTopX = slot.xTop
            slot.pendingBottom = b; slot.pendingBottomX = slot.xBottom
        }
    }

    /// Adds a slot's pending boundary piece, if any, and forgets it.
    @inline(__always)
    func flush(_ slot: inout Slot, _ line: UnsafeMutablePointer<Float>) {
        if slot.pendingChange != 0 {
            cellRow(line, slot.pendingTopX, slot.pendingBottomX, (slot.pendingBottom - slot.pendingTop) * Double(slot.pendingChange))
            slot.pendingChange = 0
        }
    }

    /// Adds one row's piece of an edge spanning x from `xa` to `xb` with signed height `dy`.
    @inline(__always)
    private func cellRow(_ line: UnsafeMutablePointer<Float>, _ xa: Double, _ xb: Double, _ dy: Double) {
        let xl = min(xa, xb), xr = max(xa, xb)
        let i0 = Int(xl)
        // The piece's last column: one left of ⌈xr⌉, but never left of i0.
        let i1 = max(i0, ceiling(xr) - 1)
        if i0 == i1 {
            let mid = (xl + xr) * 0.5 - Double(i0)
            line[i0] += Float(dy * (1 - mid))
            line[i0 + 1] += Float(dy * mid)
            return
        }
        // y is linear in x, so each column's share of dy is its share of the x span.
        let slope = dy / (xr - xl)
        // First column: from xl to i0 + 1.
        let w0 = Double(i0 + 1) - xl
        let d0 = slope * w0
        line[i0] += Float(d0 * (w0 * 0.5))
        var carry = d0 * (1 - w0 * 0.5)
        // Full columns: half of each side's share lands on either side of the boundary.
        let half = slope * 0.5
        var i = i0 + 1
        while i < i1 {
            line[i] += Float(carry + half)
            carry = half
            i += 1
        }
        // Last column: from i1 to xr.
        let w1 = xr - Double(i1)
        let d1 = slope * w1
        line[i1] += Float(carry + d1 * (1 - w1 * 0.5))
        line[i1 + 1] += Float(d1 * (w1 * 0.5))
    }
}
