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
/// Only the rows and columns that edges touch are summed, and summing resets them to zero,
/// so the buffer is clean for the next path without a full clear.
final class CoverageAccumulator {
    /// Pixel grid size.
    let width: Int, height: Int
    /// Floats per row: one spare column takes the right half of pieces in the last column.
    let stride: Int
    /// `stride × height` deltas, all zero between paths.
    let deltas: UnsafeMutablePointer<Float>

    /// The pixel rectangle edges are clipped to: x in clipX0...clipX1, y in clipY0...clipY1.
    private(set) var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
    private var clipLeft = 0, clipRight = 0, clipTop = 0, clipBottom = 0

    /// Touched rows (half-open) and columns (closed); empty when `rowStart >= rowEnd`.
    private(set) var rowStart = Int.max, rowEnd = Int.min
    private(set) var columnStart = Int.max, columnEnd = Int.min

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = width + 1
        // calloc: large buffers come as zero pages that cost nothing until touched.
        let count = stride * height
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

    /// Adds the directed edge p → q in pixel coordinates (finite, |coordinate| ≤ 2⁵⁰).
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
        if min(x0, x1) >= right { return }
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

    /// Adds an edge that lies inside the clip rectangle.
    private func addClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        // Nothing of a piece on the right side lies inside a visible pixel.
        if y0 == y1 || min(x0, x1) >= clipX1 { return }
        // Winding sign: downward edges add, upward ones subtract; walk from top to bottom.
        let sign: Double = y1 > y0 ? 1 : -1
        let (xa, ya, xb, yb) = y1 > y0 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let firstRow = max(Int(ya.rounded(.down)), clipTop)
        let lastRow = min(Int(yb.rounded(.up)), clipBottom) - 1
        if firstRow > lastRow { return }
        let lowColumn = max(Int(min(xa, xb).rounded(.down)), clipLeft)
        let highColumn = min(Int(max(xa, xb).rounded(.down)) + 1, clipRight)
        rowStart = min(rowStart, firstRow); rowEnd = max(rowEnd, lastRow + 1)
        columnStart = min(columnStart, lowColumn); columnEnd = max(columnEnd, highColumn)

        let spanX = xb - xa, spanY = yb - ya
        let lowX = min(xa, xb), highX = max(xa, xb)
        var rowTopX = xa
        var rowTopY = ya
        for row in firstRow...lastRow {
            let rowBottomY = min(Double(row + 1), yb)
            var rowBottomX = rowBottomY == yb ? xb : xa + (rowBottomY - ya) / spanY * spanX
            rowBottomX = min(max(rowBottomX, lowX), highX)
            let dy = (rowBottomY - rowTopY) * sign
            if dy != 0 {
                cellRow(deltas + row * stride, rowTopX, rowBottomX, dy)
            }
            rowTopX = rowBottomX
            rowTopY = rowBottomY
        }
    }

    /// Adds one row's piece of an edge spanning x from `xa` to `xb` with signed height `dy`.
    @inline(__always)
    private func cellRow(_ line: UnsafeMutablePointer<Float>, _ xa: Double, _ xb: Double, _ dy: Double) {
        let xl = min(xa, xb), xr = max(xa, xb)
        let i0 = Int(xl.rounded(.down))
        // The piece's last column: one left of ⌈xr⌉, but never left of i0.
        let i1 = max(i0, Int(xr.rounded(.up)) - 1)
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

    /// Sums the touched rows, turns the winding into coverage under `rule`, hands every
    /// touched row's coverage to `emit(row, firstColumn, coverage, count)`, and clears the
    /// buffer. `scratch` must hold `width` floats.
    ///
    /// Coverage from the mean winding w: non-zero min(1, |w|); even-odd the distance from w
    /// to the nearest even integer, which is at most 1.
    func sweep(
        rule: FillRule, scratch: UnsafeMutablePointer<Float>,
        _ emit: (_ row: Int, _ column: Int, _ coverage: UnsafePointer<Float>, _ count: Int) -> Void
    ) {
        guard !isEmpty else { return }
        let first = columnStart
        // Edges right of the clip leave the winding unbalanced to the end of the clip.
        let last = max(min(columnEnd, clipRight - 1), first)
        let count = last - first + 1
        let clearEnd = min(columnEnd, width)
        for row in rowStart..<rowEnd {
            let line = deltas + row * stride
            var acc: Float = 0
            switch rule {
            case .nonZero:
                for x in 0..<count {
                    acc += line[first + x]
                    scratch[x] = min(abs(acc), 1)
                }
            case .evenOdd:
                for x in 0..<count {
                    acc += line[first + x]
                    let w = abs(acc)
                    let folded = w - 2 * (w * 0.5).rounded(.down)
                    scratch[x] = folded <= 1 ? folded : 2 - folded
                }
            }
            (line + first).update(repeating: 0, count: clearEnd - first + 1)
            emit(row, first, scratch, count)
        }
        rowStart = .max; rowEnd = .min
        columnStart = .max; columnEnd = .min
    }

    /// Forgets every edge added since the last sweep.
    func reset() {
        guard !isEmpty else { return }
        let clearEnd = min(columnEnd, width)
        for row in rowStart..<rowEnd {
            (deltas + row * stride + columnStart).update(repeating: 0, count: clearEnd - columnStart + 1)
        }
        rowStart = .max; rowEnd = .min
        columnStart = .max; columnEnd = .min
    }
}
