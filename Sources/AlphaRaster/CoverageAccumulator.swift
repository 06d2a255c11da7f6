#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Exact-area coverage of polygons on a pixel grid, accumulated edge by edge.
///
/// Every directed line segment adds its signed contribution to the cells it crosses. For a
/// piece of an edge inside one cell (column i, one row), with vertical extent dy (positive
/// downwards) and mean x position m, the winding it adds to a point of the row is dy where the
/// point is left of the piece, so averaged over pixel i it adds dy · (i + 1 − m) (the
/// trapezoid right of the piece) and over every pixel right of i it adds dy. The buffer holds
/// the first differences of that along the row: dy · (i + 1 − m) at i and dy · (m − i) at
/// i + 1. A running sum along the row then gives, for every pixel, the exact mean winding
/// number over the pixel's area, up to rounding; the fill rule turns it into coverage.
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
        var sign: Double
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

    /// Σ over the edges kept of the rows each spans: the work the sweep will do.
    @exclusivity(unchecked) private(set) var edgeRows = 0
    @exclusivity(unchecked) private var edges: [Edge] = []
    /// Edge indices sorted by first band, and where each band's run starts.
    private var order: [Int32] = []
    private var bandStarts: [Int] = []
    private var active: [Int32] = []

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
        let sign: Double = y1 > y0 ? 1 : -1
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
        edges.append(Edge(x0: xa, y0: ya, x1: xb, y1: yb, dxdy: (xb - xa) / (yb - ya), sign: sign))
    }

    /// Accumulates the rows `top..<bottom` (all inside one band starting at row `base`) of
    /// an edge.
    @inline(__always)
    private func rasterize(_ e: Edge, rows top: Int, _ bottom: Int, base: Int) {
        let firstRow = max(Int(e.y0), top)
        let lastRow = min(ceiling(e.y1), bottom) - 1
        if firstRow > lastRow { return }
        let lowX = min(e.x0, e.x1), highX = max(e.x0, e.x1)
        var rowTopY = max(e.y0, Double(firstRow))
        var rowTopX = rowTopY == e.y0 ? e.x0 : min(max(e.x0 + (rowTopY - e.y0) * e.dxdy, lowX), highX)
        var line = deltas + (firstRow - base) * stride
        for row in firstRow...lastRow {
            let rowBottomY = min(Double(row + 1), e.y1)
            let rowBottomX = rowBottomY == e.y1 ? e.x1 : min(max(e.x0 + (rowBottomY - e.y0) * e.dxdy, lowX), highX)
            let dy = (rowBottomY - rowTopY) * e.sign
            if dy != 0 {
                cellRow(line, rowTopX, rowBottomX, dy)
            }
            rowTopX = rowBottomX
            rowTopY = rowBottomY
            line += stride
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

    /// The touched pixels as (rows, first column, last column), or nil when nothing was
    /// touched. The sweep visits exactly these.
    var sweepBounds: (rows: Range<Int>, first: Int, last: Int)? {
        guard !isEmpty else { return nil }
        // Edges right of the clip leave the winding unbalanced up to the clip's side.
        return (rowStart..<rowEnd, columnStart, max(min(columnEnd, clipRight - 1), columnStart))
    }

    /// Sums the touched rows, turns the mean winding w into coverage under `rule` and hands
    /// it to `sink` pixel by pixel; then clears the buffer.
    ///
    /// Coverage: non-zero min(1, |w|); even-odd the distance from |w| to the nearest even
    /// integer, which is at most 1.
    func sweep<Sink: CoverageSink>(rule: FillRule, into sink: Sink) {
        switch rule {
        case .nonZero: sweep(NonZeroCoverage.self, sink)
        case .evenOdd: sweep(EvenOddCoverage.self, sink)
        }
    }

    private func sweep<Rule: CoverageRule, Sink: CoverageSink>(_: Rule.Type, _ sink: Sink) {
        guard let (rows, first, last) = sweepBounds else {
            edges.removeAll(keepingCapacity: true)
            return
        }
        // Work on locals (moved out and back, keeping their storage): arrays stored in a
        // class pay a dynamic exclusivity check on every access.
        var edges: [Edge] = [], order: [Int32] = [], starts: [Int] = [], active: [Int32] = []
        swap(&edges, &self.edges); swap(&order, &self.order)
        swap(&starts, &self.bandStarts); swap(&active, &self.active)
        defer {
            edges.removeAll(keepingCapacity: true)
            swap(&edges, &self.edges); swap(&order, &self.order)
            swap(&starts, &self.bandStarts); swap(&active, &self.active)
            rowStart = .max; rowEnd = .min
            columnStart = .max; columnEnd = .min
            edgeRows = 0
        }

        // Bucket the edges by the band of their first row (a counting sort).
        let bandCount = (rows.count + bandHeight - 1) / bandHeight
        let origin = rows.lowerBound, height = bandHeight
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: bandCount + 1))
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: edges.count))
        active.removeAll(keepingCapacity: true)
        let count = last - first + 1
        let clearCount = min(columnEnd, width) - first + 1
        edges.withUnsafeBufferPointer { list in
            starts.withUnsafeMutableBufferPointer { starts in
                for e in list { starts[(Int(e.y0) - origin) / height + 1] += 1 }
                for band in 0..<bandCount { starts[band + 1] += starts[band] }
                order.withUnsafeMutableBufferPointer { order in
                    var next = Array(starts)
                    for index in list.indices {
                        let band = (Int(list[index].y0) - origin) / height
                        order[next[band]] = Int32(index)
                        next[band] += 1
                    }
                }
            }
            for band in 0..<bandCount {
                let top = origin + band * height, bottom = min(top + height, rows.upperBound)
                for i in starts[band]..<starts[band + 1] { active.append(order[i]) }
                var i = 0
                while i < active.count {
                    let e = list[Int(active[i])]
                    rasterize(e, rows: top, bottom, base: top)
                    if e.y1 <= Double(bottom) {
                        active[i] = active[active.count - 1]
                        active.removeLast()
                    } else {
                        i += 1
                    }
                }
                sumRows(Rule.self, sink, rows: top, bottom, base: top, first: first, count: count, clearCount: clearCount)
            }
        }
    }

    /// Sums rows `top..<bottom` of the band starting at `base` into `sink`, and clears them.
    private func sumRows<Rule: CoverageRule, Sink: CoverageSink>(
        _: Rule.Type, _ sink: Sink, rows top: Int, _ bottom: Int, base: Int, first: Int, count: Int, clearCount: Int
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
                sink.put(Rule.coverage(line[x]), out + x)
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

/// Turns a pixel's mean winding number into coverage in [0, 1].
protocol CoverageRule {
    static func coverage(_ winding: Float) -> Float
}

/// Non-zero: min(1, |w|).
enum NonZeroCoverage: CoverageRule {
    @inline(__always)
    static func coverage(_ winding: Float) -> Float { min(abs(winding), 1) }
}

/// Even-odd: the distance from |w| to the nearest even integer.
enum EvenOddCoverage: CoverageRule {
    @inline(__always)
    static func coverage(_ winding: Float) -> Float {
        // ⌊h⌋ for 0 ≤ h < 2²², h = |w| / 2 (clamped: beyond, Float has no fraction left):
        // adding and subtracting 2²³ rounds to the nearest integer, then one step down when
        // that overshot. Selects only, so the loop vectorises.
        let half = min(abs(winding), 4_194_304) * 0.5
        let nearest = (half + 8_388_608) - 8_388_608
        let floor = nearest > half ? nearest - 1 : nearest
        let folded = 2 * (half - floor)
        return folded <= 1 ? folded : 2 - folded
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
