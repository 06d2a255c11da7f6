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
    /// Floats per row: two spare columns, the first for the right half of pieces in the last
    /// column, the second for the (zero) right half of pieces on the grid's right side (the
    /// clip's right side runs there, `addLine`).
    let stride: Int
    /// Rows per band.
    let bandHeight: Int
    /// `stride × bandHeight` deltas, all zero between bands.
    let deltas: UnsafeMutablePointer<Float>

    /// The pixel rectangle edges are clipped to: x in clipX0...clipX1, y in clipY0...clipY1.
    private(set) var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
    /// The same in whole pixels: columns clipLeft..<clipRight, rows clipTop..<clipBottom.
    var clipLeft = 0, clipRight = 0, clipTop = 0, clipBottom = 0

    /// Touched rows (half-open) and columns (closed); empty when `rowStart >= rowEnd`.
    // Unchecked: updated for every edge, and a class's stored properties otherwise pay a
    // dynamic exclusivity check on each access. The accumulator is used by one thread.
    @exclusivity(unchecked) var rowStart = Int.max
    @exclusivity(unchecked) var rowEnd = Int.min
    @exclusivity(unchecked) var columnStart = Int.max
    @exclusivity(unchecked) var columnEnd = Int.min

    /// The shape that edges added from now on belong to, from 0. Each shape has its own
    /// winding number and fill rule; the sweep covers the union of the shapes' insides.
    var group: Int32 = 0

    /// Σ over the edges kept of the rows each spans: the work the sweep will do.
    @exclusivity(unchecked) var edgeRows = 0
    /// Work units the next sweep may still spend cutting clusters into strips (see
    /// `VectorRasterizer.maximumWork`): each strip costs `stripWork` per edge of its cluster
    /// (of a large cluster, `liveEdgeWork` per edge spanning the strip and one more).
    /// When it runs out, `sweep` stops and returns false. Set by the caller before each sweep.
    @exclusivity(unchecked) var workLeft = Int.max
    /// Set when a sweep stopped because `workLeft` ran out.
    @exclusivity(unchecked) var overBudget = false
    /// Clusters of more edges than this go to `accumulateLargeCluster`: `largeClusterEdges`,
    /// set by the tests to compare the two ways.
    @exclusivity(unchecked) var appliedLargeClusterEdges = CoverageAccumulator.largeClusterEdges
    @exclusivity(unchecked) var edges: [Edge] = []
    /// The edges kept for the next sweep (`VectorRasterizer.maximumEdges`).
    var edgeCount: Int { edges.count }
    /// Edge indices sorted by first row, and where each row's run starts.
    var order: [Int32] = []
    var rowStarts: [Int] = []
    /// Scratch of the sweep, kept for its storage.
    var slots: [Slot] = []
    var splits: [Double] = []
    var ends: [SIMD2<Double>] = []
    var joins: [SIMD2<Double>] = []
    var windingCounts: [Int32] = []
    var evenOddGroups: [Bool] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 2
        // About 256 KiB of deltas per band: small enough for a level-2 cache.
        bandHeight = min(height, max(4, 65_536 / stride))
        let count = stride * bandHeight
        // Swift's allocation, whose failure ends the process as every other one does (SIGABRT,
        // which the command's handler ends cleanly), where a failed calloc trapped here.
        deltas = .allocate(capacity: count)
        deltas.initialize(repeating: 0, count: count)
        setClip(x0: 0, y0: 0, x1: width, y1: height)
    }

    deinit { deltas.deallocate() }

    /// Restricts coverage to the pixels x0..<x1 × y0..<y1 (clamped to the grid).
    func setClip(x0: Int, y0: Int, x1: Int, y1: Int) {
        clipLeft = min(max(x0, 0), width); clipRight = min(max(x1, clipLeft), width)
        clipTop = min(max(y0, 0), height); clipBottom = min(max(y1, clipTop), height)
        clipX0 = Double(clipLeft); clipX1 = Double(clipRight)
        clipY0 = Double(clipTop); clipY1 = Double(clipBottom)
    }

    /// True when no edge has touched the buffer since the last sweep.
    var isEmpty: Bool { rowStart >= rowEnd }

    /// The touched pixels as (rows, first column, last column), or nil when nothing was
    /// touched. The sweep visits exactly these.
    var sweepBounds: (rows: Range<Int>, first: Int, last: Int)? {
        guard !isEmpty else { return nil }
        // (Edges right of the clip run down its right side, which no visible pixel reaches.)
        return (rowStart..<rowEnd, columnStart, max(min(columnEnd, clipRight - 1), columnStart))
    }

    /// ⌈v⌉ for 0 ≤ v < 2⁶³, without a libm call.
    @inline(__always)
    func ceiling(_ v: Double) -> Int {
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
