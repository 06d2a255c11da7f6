/// How the loops of a translucent frame's layers are adjusted once walked: off-edge vertices
/// dropped at levels other than ½, and, for layers under the opaque one, moved a pixel inside
/// the frame's anti-aliased edges and thinned where the opaque layer hides them.
extension MarchingSquares {
    /// Drops the vertices off an anti-aliased edge between two that lie on one. Along an
    /// edge at a slant, the crossings between rows (for a steep edge; between columns for a
    /// flat one) fall in the long ramp the slant leaves in a column, where a step other than
    /// the whole band is placed off the edge by up to about half a pixel; the crossings
    /// across the edge are placed on it (see `crossing`). Kept, the off ones would zigzag the outline
    /// (at ½ they lie on the edge, and are kept).
    static func dropOffEdge(
        _ loop: UnsafeMutablePointer<SIMD2<Double>>, _ edges: UnsafeMutablePointer<SIMD2<Double>>, count n: Int
    ) -> Int {
        guard n >= 8 else { return n }
        // Vertices are moved down in place; the flags a vertex's test reads are read before
        // they can be overwritten (the one before from a local, the one after not reached yet).
        let firstOnEdge = !edges[0].x.isNaN
        var previousOnEdge = !edges[n - 1].x.isNaN, write = 0
        for i in 0..<n {
            let onEdge = !edges[i].x.isNaN
            let nextOnEdge = i + 1 < n ? !edges[i + 1].x.isNaN : firstOnEdge
            let off = !onEdge && previousOnEdge && nextOnEdge
            previousOnEdge = onEdge
            if off { continue }
            loop[write] = loop[i]
            edges[write] = edges[i]
            write += 1
        }
        return write
    }

    /// Moves the vertices on an anti-aliased edge (those whose `edges` entry is a point) to a
    /// pixel inside that edge, along the normal from their neighbours (the inside is on the
    /// walker's right).
    static func inset(_ loop: inout [SIMD2<Double>], edges: UnsafeBufferPointer<SIMD2<Double>>) {
        let n = loop.count, first = loop[0]
        // The normals come from the vertices as traced: the one before is kept aside before
        // it moves, the one after has not moved yet.
        var previous = loop[n - 1]
        for i in 0..<n {
            let current = loop[i]
            defer { previous = current }
            guard !edges[i].x.isNaN else { continue }
            let d = (i + 1 < n ? loop[i + 1] : first) - previous
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { continue }
            loop[i] = edges[i] + SIMD2(-d.y, d.x) / length
        }
    }

    /// Keeps one hidden vertex in four (and every one next to a visible vertex): under the
    /// opaque layer the loop need only stay inside it, and fewer vertices there are less to fit.
    static func thinHidden(_ loop: inout [SIMD2<Double>], _ hidden: inout [Bool]) {
        let n = loop.count
        guard n >= 16, hidden.contains(true) else { return }
        // Kept vertices are moved down in place; a flag is read before it can be overwritten
        // (the one before from a local, the one after not reached yet).
        let last = hidden[n - 1], firstHidden = hidden[0]
        var previousHidden = last, run = 0, write = 0
        for i in 0..<n {
            let isHidden = hidden[i]
            let keep = !isHidden || !previousHidden || !(i + 1 < n ? hidden[i + 1] : firstHidden) || run % 4 == 0
            run = isHidden ? run + 1 : 0
            previousHidden = isHidden
            if keep {
                loop[write] = loop[i]
                hidden[write] = isHidden
                write += 1
            }
        }
        // (At least one vertex in four is kept: four or more of the 16 or more.)
        loop.removeLast(n - write)
        hidden.removeLast(n - write)
    }
}
