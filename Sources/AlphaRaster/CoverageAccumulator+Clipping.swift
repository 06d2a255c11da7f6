/// Clipping and edge collection: edges are clipped to the clip rectangle and kept for the
/// next sweep.
extension CoverageAccumulator {
    /// Adds the directed edge p → q in pixel coordinates (|coordinate| ≤
    /// `VectorRasterizer.coordinateLimit`; anything else, NaN included, is ignored).
    ///
    /// Parts above or below the clip rectangle add nothing; parts left or right of it become a
    /// vertical edge on its left or right side: on the left one, it adds the same winding to
    /// every visible pixel (winding right of an edge depends only on the edge's y extent); on
    /// the right one, it adds nothing to a visible pixel, but each row's windings stay
    /// balanced and an outline's ends there are kept. The union's sweep needs both: it cuts a
    /// row into clusters where no outline crosses between them, and a horizontal edge is
    /// known only by the ends of the edges it joins. (Dropped, the right parts lost those
    /// ends: two overlapping shapes, one reaching the right side, lost a bar's anti-aliased
    /// rows, a 1.25 px bar drawn as 0 and 255 in its two rows instead of 191 and 128.)
    func addLine(_ p: SIMD2<Double>, _ q: SIMD2<Double>) {
        var x0 = p.x, y0 = p.y, x1 = q.x, y1 = q.y
        // Callers check their input; this keeps NaN or overflow from ever reaching an Int
        // conversion (false for NaN).
        let limit = VectorRasterizer.coordinateLimit
        guard abs(x0) <= limit, abs(y0) <= limit, abs(x1) <= limit, abs(y1) <= limit else { return }
        if y0 == y1 || clipRight <= clipLeft { return }
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

        if x0 >= right, x1 >= right {
            addClipped(right, y0, right, y1)
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
        // Split at the right side: the right part runs down it.
        if x0 > right || x1 > right {
            let crossing = y0 + (right - x0) / (x1 - x0) * (y1 - y0)
            let yc = min(max(crossing, min(y0, y1)), max(y0, y1))
            if x0 > right {
                addClipped(right, y0, right, yc)
                x0 = right; y0 = yc
            } else {
                addClipped(right, yc, right, y1)
                x1 = right; y1 = yc
            }
        }
        addClipped(x0, y0, x1, y1)
    }

    /// Keeps an edge that lies inside the clip rectangle.
    private func addClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        if y0 == y1 { return }
        // Winding sign: downward edges add, upward ones subtract; kept top to bottom.
        let direction: Int32 = y1 > y0 ? 1 : -1
        let (xa, ya, xb, yb) = y1 > y0 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        // Coordinates are ≥ 0 here, so truncation is the floor (and no libm call).
        let firstRow = max(Int(ya), clipTop)
        let lastRow = min(ceiling(yb), clipBottom) - 1
        if firstRow > lastRow { return }
        // (An edge on the right side touches no visible column: the sweep starts left of it.)
        let lowColumn = max(min(Int(min(xa, xb)), clipRight - 1), clipLeft)
        let highColumn = min(Int(max(xa, xb)) + 1, clipRight)
        rowStart = min(rowStart, firstRow); rowEnd = max(rowEnd, lastRow + 1)
        columnStart = min(columnStart, lowColumn); columnEnd = max(columnEnd, highColumn)
        edgeRows &+= lastRow - firstRow + 1
        edges.append(Edge(x0: xa, y0: ya, x1: xb, y1: yb, dxdy: (xb - xa) / (yb - ya), direction: direction, group: group))
    }
}
