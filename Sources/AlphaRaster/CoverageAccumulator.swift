#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Exact-area coverage of polygons on a pixel grid, accumulated edge piece by edge piece.
///
/// A directed line segment inside one cell (column i, one row), with vertical extent dy
/// (positive downwards) and mean x position m, changes what lies right of it by dy: averaged
/// over pixel i by dy · (i + 1 − m) (the trapezoid right of the piece) and over every pixel
/// right of i by dy. The buffer holds the first differences of that along the row: dy ·
/// (i + 1 − m) at i and dy · (m − i) at i + 1, and a running sum along the row gives every
/// pixel's total.
///
/// Only boundary pieces are added, signed so that the total is the covered area: each row is
/// cut into horizontal strips at every edge end and every crossing of two edges, so that
/// within a strip the edges keep their order in x; walking a strip left to right with the
/// winding number w, an edge where the inside indicator of the fill rule (w ≠ 0, or w odd)
/// goes from 0 to 1 adds its piece with +1, one where it goes back with −1, and edges inside
/// (overlapping pieces, duplicated subpaths) add nothing. The running sum is then, for every
/// pixel, the exact area of the union of the inside points within it, up to Float rounding:
/// overlaps are counted once, as point sampling would count them. Strips are cut only where
/// edges overlap in x (clusters; see `accumulateRow`), and a straight edge that stays the
/// same boundary across strips is added as one piece, so a row without overlaps costs one
/// piece per edge.
///
/// Edges are collected first (clipped) and accumulated band by band: a band of rows small
/// enough to stay in the processor's cache takes every edge crossing it, is summed, then
/// cleared for the next band. An edge walking down a whole large mask would otherwise touch
/// a new cache line in every row. Only the rows and columns that edges touch are summed.
final class CoverageAccumulator {
    /// A clipped edge, top to bottom.
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        /// dx/dy, finite because the edge spans y1 − y0 > 0 within a bounded grid.
        var dxdy: Double
        /// +1 for an edge drawn downwards, −1 upwards.
        var direction: Int32
        /// The shape the edge belongs to (see `group`).
        var group: Int32
    }

    /// Pixel grid size.
    let width: Int, height: Int
    /// Floats per row: one spare column takes the right half of pieces in the last column.
    let stride: Int
    /// Rows per band.
    let bandHeight: Int
    /// `stride × bandHeight` deltas, all zero between bands.
    let deltas: UnsafeMutablePointer<Float>

    /// The pixel rectangle edges are clipped to: x in clipX0...clipX1, y in clipY0...clipY1.
    private(set) var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
    private var clipLeft = 0, clipRight = 0, clipTop = 0, clipBottom = 0

    /// Touched rows (half-open) and columns (closed); empty when `rowStart >= rowEnd`.
    // Unchecked: updated for every edge, and a class's stored properties otherwise pay a
    // dynamic exclusivity check on each access. The accumulator is used by one thread.
    @exclusivity(unchecked) private(set) var rowStart = Int.max
    @exclusivity(unchecked) private(set) var rowEnd = Int.min
    @exclusivity(unchecked) private(set) var columnStart = Int.max
    @exclusivity(unchecked) private(set) var columnEnd = Int.min

    /// The shape that edges added from now on belong to, from 0. Each shape has its own
    /// winding number and fill rule; the sweep covers the union of the shapes' insides.
    var group: Int32 = 0

    /// Σ over the edges kept of the rows each spans: the work the sweep will do.
    @exclusivity(unchecked) private(set) var edgeRows = 0
    /// Work units the next sweep may still spend cutting clusters into strips (see
    /// `VectorRasterizer.maximumWork`): each strip costs `stripWork` per edge of its cluster.
    /// When it runs out, `sweep` stops and returns false. Set by the caller before each sweep.
    @exclusivity(unchecked) var workLeft = Int.max
    /// Set when a sweep stopped because `workLeft` ran out.
    @exclusivity(unchecked) private var overBudget = false
    @exclusivity(unchecked) private var edges: [Edge] = []
    /// The edges kept for the next sweep (`VectorRasterizer.maximumEdges`).
    var edgeCount: Int { edges.count }
    /// Edge indices sorted by first row, and where each row's run starts.
    private var order: [Int32] = []
    private var rowStarts: [Int] = []
    /// Scratch of the sweep, kept for its storage.
    private var slots: [Slot] = []
    private var splits: [Double] = []
    private var ends: [SIMD2<Double>] = []
    private var joins: [SIMD2<Double>] = []
    private var windingCounts: [Int32] = []
    private var evenOddGroups: [Bool] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 1
        // About 256 KiB of deltas per band: small enough for a level-2 cache.
        bandHeight = min(height, max(4, 65_536 / stride))
        let count = stride * bandHeight
        guard let raw = calloc(count, MemoryLayout<Float>.stride) else {
            fatalError("CoverageAccumulator: cannot allocate \(count) floats")
        }
        deltas = raw.bindMemory(to: Float.self, capacity: count)
        setClip(x0: 0, y0: 0, x1: width, y1: height)
    }

    deinit { free(deltas) }

    /// Restricts coverage to the pixels x0..<x1 × y0..<y1 (clamped to the grid).
    func setClip(x0: Int, y0: Int, x1: Int, y1: Int) {
        clipLeft = min(max(x0, 0), width); clipRight = min(max(x1, clipLeft), width)
        clipTop = min(max(y0, 0), height); clipBottom = min(max(y1, clipTop), height)
        clipX0 = Double(clipLeft); clipX1 = Double(clipRight)
        clipY0 = Double(clipTop); clipY1 = Double(clipBottom)
    }

    /// True when no edge has touched the buffer since the last sweep.
    var isEmpty: Bool { rowStart >= rowEnd }

    /// Adds the directed edge p → q in pixel coordinates (|coordinate| ≤
    /// `VectorRasterizer.coordinateLimit`; anything else, NaN included, is ignored).
    ///
    /// Parts above or below the clip rectangle add nothing; parts right of it add nothing to
    /// visible pixels and are dropped; parts left of it become a vertical edge on its left
    /// side, which adds the same winding to every visible pixel (winding right of an edge
    /// depends only on the edge's y extent).
    func addLine(_ p: SIMD2<Double>, _ q: SIMD2<Double>) {
        var x0 = p.x, y0 = p.y, x1 = q.x, y1 = q.y
        // Callers check their input; this keeps NaN or overflow from ever reaching an Int
        // conversion (false for NaN).
        let limit = VectorRasterizer.coordinateLimit
        guard abs(x0) <= limit, abs(y0) <= limit, abs(x1) <= limit, abs(y1) <= limit else { return }
        if y0 == y1 { return }
        let top = clipY0, bottom = clipY1
        if max(y0, y1) <= top || min(y0, y1) >= bottom { return }
        let left = clipX0, right = clipX1
        // Clip to the rows, moving along the edge. The parameter form t·Δx cannot overflow
        // where a slope Δx/Δy of a nearly horizontal edge could.
        let dx = x1 - x0, dy = y1 - y0
        if y0 < top { x0 = p.x + (top - p.y) / dy * dx; y0 = top } else if y0 > bottom { x0 = p.x + (bottom - p.y) / dy * dx; y0 = bottom }
        if y1 < top { x1 = p.x + (top - p.y) / dy * dx; y1 = top } else if y1 > bottom { x1 = p.x + (bottom - p.y) / dy * dx; y1 = bottom }
        // Rounding may carry x a hair past the original range; keep it inside.
        let lowX = min(p.x, q.x), highX = max(p.x, q.x)
        x0 = min(max(x0, lowX), highX); x1 = min(max(x1, lowX), highX)

        if min(x0, x1) >= right {
            markRightOverflow()
            return
        }

        // Split at the left side of the clip rectangle: the left part runs down its side.
        if x0 <= left, x1 <= left {
            addClipped(left, y0, left, y1)
            return
        }
        if x0 < left || x1 < left {
            let crossing = y0 + (left - x0) / (x1 - x0) * (y1 - y0)
            let yc = min(max(crossing, min(y0, y1)), max(y0, y1))
            if x0 < left {
                addClipped(left, y0, left, yc)
                x0 = left; y0 = yc
            } else {
                addClipped(left, yc, left, y1)
                x1 = left; y1 = yc
            }
        }
        // Cut at the right side: the right part adds nothing visible.
        if x0 > right || x1 > right {
            let crossing = y0 + (right - x0) / (x1 - x0) * (y1 - y0)
            let yc = min(max(crossing, min(y0, y1)), max(y0, y1))
            if x0 > right { x0 = right; y0 = yc } else { x1 = right; y1 = yc }
            markRightOverflow()
        }
        addClipped(x0, y0, x1, y1)
    }

    /// An edge was dropped right of the clip: rows stay unbalanced up to the clip's side, so
    /// the sweep must run that far.
    @inline(__always)
    private func markRightOverflow() {
        columnEnd = max(columnEnd, clipRight)
    }

    /// Keeps an edge that lies inside the clip rectangle.
    private func addClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        // Nothing of a piece on the right side lies inside a visible pixel.
        if y0 == y1 || min(x0, x1) >= clipX1 { return }
        // Winding sign: downward edges add, upward ones subtract; kept top to bottom.
        let direction: Int32 = y1 > y0 ? 1 : -1
        let (xa, ya, xb, yb) = y1 > y0 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        // Coordinates are ≥ 0 here, so truncation is the floor (and no libm call).
        let firstRow = max(Int(ya), clipTop)
        let lastRow = min(ceiling(yb), clipBottom) - 1
        if firstRow > lastRow { return }
        let lowColumn = max(Int(min(xa, xb)), clipLeft)
        let highColumn = min(Int(max(xa, xb)) + 1, clipRight)
        rowStart = min(rowStart, firstRow); rowEnd = max(rowEnd, lastRow + 1)
        columnStart = min(columnStart, lowColumn); columnEnd = max(columnEnd, highColumn)
        edgeRows &+= lastRow - firstRow + 1
        edges.append(Edge(x0: xa, y0: ya, x1: xb, y1: yb, dxdy: (xb - xa) / (yb - ya), direction: direction, group: group))
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

    /// The touched pixels as (rows, first column, last column), or nil when nothing was
    /// touched. The sweep visits exactly these.
    var sweepBounds: (rows: Range<Int>, first: Int, last: Int)? {
        guard !isEmpty else { return nil }
        // Edges right of the clip leave the winding unbalanced up to the clip's side.
        return (rowStart..<rowEnd, columnStart, max(min(columnEnd, clipRight - 1), columnStart))
    }

    /// Sums the touched rows into coverage of the union of the shapes' insides, shape g
    /// (the edges added with `group` g) being inside under `rules[g]`, and hands it to `sink`
    /// pixel by pixel; then clears the buffer and sets `group` back to 0. Every group used
    /// must have a rule.
    ///
    /// - Returns: false when the strips of the rows' clusters would cost more than
    ///   `workLeft`: the sweep then stops part way, having handed `sink` only some rows, and
    ///   leaves the buffer clean as after a full sweep.
    @discardableResult
    func sweep<Sink: CoverageSink>(rules: [FillRule], into sink: Sink) -> Bool {
        group = 0
        overBudget = false
        guard let (rows, first, last) = sweepBounds else {
            edges.removeAll(keepingCapacity: true)
            return true
        }
        windingCounts.removeAll(keepingCapacity: true)
        windingCounts.append(contentsOf: repeatElement(0, count: rules.count))
        evenOddGroups.removeAll(keepingCapacity: true)
        evenOddGroups.append(contentsOf: rules.map { $0 == .evenOdd })
        // Work on locals (moved out and back, keeping their storage): arrays stored in a
        // class pay a dynamic exclusivity check on every access.
        var edges: [Edge] = [], order: [Int32] = [], starts: [Int] = []
        var slots: [Slot] = [], splits: [Double] = [], ends: [SIMD2<Double>] = [], joins: [SIMD2<Double>] = []
        swap(&edges, &self.edges); swap(&order, &self.order); swap(&starts, &self.rowStarts)
        swap(&slots, &self.slots); swap(&splits, &self.splits); swap(&ends, &self.ends); swap(&joins, &self.joins)
        defer {
            edges.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
            swap(&edges, &self.edges); swap(&order, &self.order); swap(&starts, &self.rowStarts)
            swap(&slots, &self.slots); swap(&splits, &self.splits); swap(&ends, &self.ends); swap(&joins, &self.joins)
            rowStart = .max; rowEnd = .min
            columnStart = .max; columnEnd = .min
            edgeRows = 0
        }

        // Bucket the edges by their first row (a counting sort).
        let origin = rows.lowerBound
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: rows.count + 1))
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: edges.count))
        slots.removeAll(keepingCapacity: true)
        let count = last - first + 1
        let clearCount = min(columnEnd, width) - first + 1
        edges.withUnsafeBufferPointer { list in
            starts.withUnsafeMutableBufferPointer { starts in
                for e in list { starts[Int(e.y0) - origin + 1] += 1 }
                for row in 0..<rows.count { starts[row + 1] += starts[row] }
                order.withUnsafeMutableBufferPointer { order in
                    var next = Array(starts)
                    for index in list.indices {
                        let row = Int(list[index].y0) - origin
                        order[next[row]] = Int32(index)
                        next[row] += 1
                    }
                }
            }
            windingCounts.withUnsafeMutableBufferPointer { counts in
                evenOddGroups.withUnsafeBufferPointer { evenOdd in
                    var windings = Windings(counts: counts.baseAddress!, evenOdd: evenOdd.baseAddress!)
                    var top = origin
                    while top < rows.upperBound {
                        let bottom = min(top + bandHeight, rows.upperBound)
                        accumulateRows(
                            top..<bottom, origin: origin, list: list, order: order, starts: starts, windings: &windings,
                            slots: &slots, splits: &splits, ends: &ends, joins: &joins)
                        if overBudget {
                            // The band's deltas are partly written: clear them, as summing would.
                            for row in top..<bottom { (deltas + (row - top) * stride + first).update(repeating: 0, count: clearCount) }
                            break
                        }
                        sumRows(sink, rows: top, bottom, base: top, first: first, count: count, clearCount: clearCount)
                        top = bottom
                    }
                }
            }
        }
        return !overBudget
    }

    /// Accumulates the rows of one band (its first row at the top of the buffer), carrying
    /// the edges crossing a row in `slots` to the next. (A method of its own: the arrays
    /// arrive as inout parameters instead of closure captures, which would pay a dynamic
    /// exclusivity check on every access.)
    private func accumulateRows(
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
    private func x(of e: Edge, at y: Double) -> Double {
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
                accumulateCluster(row, line, cluster, list, windings: &windings, splits: &splits)
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
    /// number left of it.
    @inline(__always)
    private func accumulateCluster(
        _ row: Int, _ line: UnsafeMutablePointer<Float>, _ slots: UnsafeMutableBufferPointer<Slot>,
        _ list: UnsafeBufferPointer<Edge>, windings: inout Windings, splits: inout [Double]
    ) {
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
                // A crossing within rounding of the strip's ends (such as the one just cut
                // at) changes nothing visible.
                let earliest = a + 1e-9, latest = b - 1e-9
                var crossing = b
                var previous = -1
                for i in slots.indices where slots[i].live {
                    if previous >= 0 {
                        let dt = slots[i].xTop - slots[previous].xTop
                        let db = slots[i].xBottom - slots[previous].xBottom
                        if (dt < 0 && db > 0) || (dt > 0 && db < 0) {
                            let y = a + dt / (dt - db) * (b - a)
                            if y > earliest && y < latest { crossing = min(crossing, y) }
                        }
                    }
                    previous = i
                }
                guard crossing < b else { break }
                b = crossing
                crossingBudget -= 1
            }
            if b == splits[k + 1] { k += 1 }
            for i in slots.indices where slots[i].live {
                let e = list[Int(slots[i].edge)]
                let change = windings.add(e.direction, to: e.group)
                if change == slots[i].pendingChange && slots[i].pendingBottom == a {
                    slots[i].pendingBottom = b
                    slots[i].pendingBottomX = slots[i].xBottom
                } else {
                    flush(&slots[i], line)
                    slots[i].pendingChange = change
                    slots[i].pendingTop = a; slots[i].pendingTopX = slots[i].xTop
                    slots[i].pendingBottom = b; slots[i].pendingBottomX = slots[i].xBottom
                }
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

    /// Adds a slot's pending boundary piece, if any, and forgets it.
    @inline(__always)
    private func flush(_ slot: inout Slot, _ line: UnsafeMutablePointer<Float>) {
        if slot.pendingChange != 0 {
            cellRow(line, slot.pendingTopX, slot.pendingBottomX, (slot.pendingBottom - slot.pendingTop) * Double(slot.pendingChange))
            slot.pendingChange = 0
        }
    }

    /// Sums rows `top..<bottom` of the band starting at `base` into `sink` as coverage
    /// clamped to [0, 1] (the sums are union areas, off only by rounding), and clears them.
    private func sumRows<Sink: CoverageSink>(
        _ sink: Sink, rows top: Int, _ bottom: Int, base: Int, first: Int, count: Int, clearCount: Int
    ) {
        let stride = stride
        // Running sums in place, four rows at a time: four independent dependency chains,
        // where one row alone would wait on each addition's latency.
        var row = top
        while row + 4 <= bottom {
            let l0 = deltas + (row - base) * stride + first, l1 = l0 + stride, l2 = l1 + stride, l3 = l2 + stride
            var a0: Float = 0, a1: Float = 0, a2: Float = 0, a3: Float = 0
            for x in 0..<count {
                a0 += l0[x]; l0[x] = a0
                a1 += l1[x]; l1[x] = a1
                a2 += l2[x]; l2[x] = a2
                a3 += l3[x]; l3[x] = a3
            }
            row += 4
        }
        while row < bottom {
            let line = deltas + (row - base) * stride + first
            var acc: Float = 0
            for x in 0..<count {
                acc += line[x]
                line[x] = acc
            }
            row += 1
        }
        // Coverage, then clear; this loop has no dependency between pixels and vectorises.
        for row in top..<bottom {
            let line = deltas + (row - base) * stride + first
            let out = sink.row(row) + first
            for x in 0..<count {
                let v = line[x]
                sink.put(v < 0 ? 0 : (v > 1 ? 1 : v), out + x)
            }
            line.update(repeating: 0, count: clearCount)
        }
    }

    /// ⌈v⌉ for 0 ≤ v < 2⁶³, without a libm call.
    @inline(__always)
    private func ceiling(_ v: Double) -> Int {
        let t = Int(v)
        return Double(t) < v ? t + 1 : t
    }

    /// Forgets every edge added since the last sweep (the deltas are clean between sweeps).
    func reset() {
        edges.removeAll(keepingCapacity: true)
        edgeRows = 0
        rowStart = .max; rowEnd = .min
        columnStart = .max; columnEnd = .min
    }
}

/// Where swept coverage goes, pixel by pixel.
protocol CoverageSink {
    associatedtype Pixel
    /// The first pixel of row `row`.
    func row(_ row: Int) -> UnsafeMutablePointer<Pixel>
    /// Stores coverage `c` in [0, 1] at `pixel`.
    func put(_ c: Float, _ pixel: UnsafeMutablePointer<Pixel>)
}

/// Coverage × opacity rounded to bytes (halves up).
///
/// The same rounding as `ByteRounding.store`, fused into the sweep's per-pixel loop: a
/// separate rounding pass over each row measured 10–18 % slower on 2048 px masks
/// (raster-bench).
struct ByteSink: CoverageSink {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    /// 255 × opacity.
    let scale: Float

    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<UInt8> { base + row * width }

    /// ⌊c·scale + 0.5⌋ for c·scale in [0, 255]: the nearest integer from adding 2²³ (the
    /// low mantissa bits then hold it), one less when that rounded up. No checked
    /// conversion, so the loop vectorises.
    @inline(__always)
    func put(_ c: Float, _ pixel: UnsafeMutablePointer<UInt8>) {
        let v = c * scale + 0.5
        let shifted = v + 8_388_608
        let nearest = shifted.bitPattern &- 0x4B00_0000
        let floor = shifted - 8_388_608 > v ? nearest &- 1 : nearest
        pixel.pointee = UInt8(truncatingIfNeeded: floor)
    }
}

/// Coverage × opacity composited "over" Float alpha: a ← a + c·opacity·(1 − a).
struct CompositeSink: CoverageSink {
    let base: UnsafeMutablePointer<Float>
    let width: Int
    let opacity: Float

    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<Float> { base + row * width }

    @inline(__always)
    func put(_ c: Float, _ pixel: UnsafeMutablePointer<Float>) {
        let a = pixel.pointee
        pixel.pointee = a + c * opacity * (1 - a)
    }
}

/// The winding number of every shape at a point of a row, walking it left to right, and how
/// many shapes contain the point under their fill rules: the union's inside indicator is
/// whether any does.
struct Windings {
    /// Per shape: its winding number.
    let counts: UnsafeMutablePointer<Int32>
    /// Per shape: true for the even-odd rule, false for non-zero.
    let evenOdd: UnsafePointer<Bool>
    /// How many shapes contain the point.
    private var inside = 0

    init(counts: UnsafeMutablePointer<Int32>, evenOdd: UnsafePointer<Bool>) {
        self.counts = counts
        self.evenOdd = evenOdd
    }

    /// Adds `direction` to shape `group`'s winding number and returns the change of the
    /// union's inside indicator: +1, −1 or 0.
    @inline(__always)
    mutating func add(_ direction: Int32, to group: Int32) -> Int {
        let g = Int(group)
        let before = counts[g], after = before &+ direction
        counts[g] = after
        let wasInside = evenOdd[g] ? before & 1 != 0 : before != 0
        let isInside = evenOdd[g] ? after & 1 != 0 : after != 0
        if wasInside == isInside { return 0 }
        if isInside {
            inside += 1
            return inside == 1 ? 1 : 0
        }
        inside -= 1
        return inside == 0 ? -1 : 0
    }

    /// Sets every winding number changed by the edges of `slots` back to 0.
    @inline(__always)
    mutating func clear(_ slots: UnsafeMutableBufferPointer<CoverageAccumulator.Slot>, _ list: UnsafeBufferPointer<CoverageAccumulator.Edge>) {
        for slot in slots { counts[Int(list[Int(slot.edge)].group)] = 0 }
        inside = 0
    }
}
