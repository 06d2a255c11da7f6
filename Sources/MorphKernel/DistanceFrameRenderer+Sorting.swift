/// How a distance frame finds the segments it computes (see `DistanceFrameRenderer.render`):
/// how far a level's blur reaches, the first sort by the fields' bounds, the second by
/// bounds on V, and the segments of A the blur down reads.
extension DistanceFrameRenderer {
    /// How far from zero V, A and the fields must be for the pixels and segments there to be
    /// sorted without V (see `render`), for a frame whose fields step by at most L from a
    /// pixel to the next along a row or a column (`FieldSteps`; V and A then do too, and from
    /// p to p + (i, j), a row then a column, any of them changes by at most L · (|i| + |j|)).
    struct Reach {
        /// α is 0 or 1 where |V| ≥ this: max(L, √½), and `margin`. α is 0 or 1 where
        /// |d| ≥ h, half the sum of the normal's components' magnitudes (`PixelEdge`). Where
        /// the slope g is at least its floor f, d = V / g and g · h = (|∂V/∂x| + |∂V/∂y|) / 2,
        /// each difference at most L; below it d = V / f with f ≤ 1 and h ≤ √½.
        var pixel: Float
        /// `pixel` + L, and `margin`: where |V| ≥ this throughout a segment, its pixels are
        /// 0 or 1, and so are their neighbours, whose V an edge segment's slope may read.
        var edge: Float
        /// `edge` + 2 · L · Σ_i w_i |i|, and `margin`: φ that far from zero throughout a
        /// segment leaves |V| ≥ `edge` there, V being Σ_ij w_i w_j φ(p + (i, j)).
        var field: Float
        /// L · Σ_i w_i |i|, and `margin`: A differs from φ by less than that.
        var across: Float
        /// L: A and V step by at most this from a pixel to the next.
        var step: Float

        /// Every segment an edge segment: V everywhere (a capture, and a renderer between
        /// frames).
        static let everywhere = Reach(pixel: .infinity, edge: .infinity, field: .infinity, across: .infinity, step: .infinity)

        /// The margin over the float rounding of V and of its bounds, which is far smaller:
        /// 1/16.
        static let margin: Float = 0.0625

        /// √½ rounded up, and a little more.
        static let flatReach: Float = 0.7072

        /// The reach of a level whose weights' mean distance from the centre is `spread`
        /// (Σ_i w_i |i|), for fields that step by at most `step`.
        init(spread: Float, step: Float) {
            pixel = max(step, Self.flatReach) + Self.margin
            edge = pixel + step + Self.margin
            field = edge + 2 * step * spread + Self.margin
            across = step * spread + Self.margin
            self.step = step
        }

        private init(pixel: Float, edge: Float, field: Float, across: Float, step: Float) {
            (self.pixel, self.edge, self.field, self.across, self.step) = (pixel, edge, field, across, step)
        }
    }

    /// The level's weights' mean distance from the centre, Σ_i w_i |i| (rounded up, so that
    /// the reaches stay bounds), computed on first use.
    func spread(level: Int, kernel: GaussianKernel) -> Float {
        if let known = spreads[level] { return known }
        let n = kernel.halfWidth
        var spread = 0.0
        kernel.weights.withUnsafeBufferPointer { w in
            for i in -n...n { spread += Double(w[n + i]) * Double(abs(i)) }
        }
        let rounded = Float(spread).nextUp
        spreads[level] = rounded
        return rounded
    }

    /// The first sort (`kinds`) of the segments of `rows` (whole runs of 16 rows but the
    /// last): full where φ ≥ `reach.field` by the fields' bounds (the
    /// weights are ≥ 0, so the mix of the least values bounds the mix from below), empty
    /// where φ ≤ −`reach.field`, else edge. When the frame sorts `twice`, also every
    /// segment's bounds on A from φ's, `reach.across` beyond them, the edge segments of every
    /// `measuredRowStep`-th row as `measured` and the runs of rows holding edge segments
    /// (`edgeRuns`); else no segment `measured`.
    func sortSegments(
        _ s: UnsafePointer<SIMD2<Float>>, _ t: UnsafePointer<SIMD2<Float>>, _ c: UnsafePointer<SIMD2<Float>>?,
        weights: MixWeights, reach: Reach, twice: Bool, rows: Range<Int>
    ) {
        let across = segmentsAcross, length = Self.segmentLength
        // The rows are whole runs of 16 (but the last).
        let runs = rows.lowerBound / length ..< (rows.upperBound + length - 1) / length
        // The tables in locals: stores through them cannot change them, so they stay in
        // registers (read from `self`, each was loaded again after every store).
        let kinds = self.kinds, measured = self.measured, edgeRuns = self.edgeRuns
        let lowerBounds = self.lowerBounds + padding, upperBounds = self.upperBounds + padding
        let boundsStride = self.boundsStride
        let field = reach.field, acrossReach = reach.across
        let (keep, take, captured) = (weights.keep, weights.take, weights.captured)
        if twice { (edgeRuns + runs.lowerBound * across).update(repeating: false, count: across * runs.count) }
        for y in rows {
            let row = y &* across
            let measures = y % Self.measuredRowStep == 0
            let runRow = edgeRuns + y / length &* across
            for column in 0..<across {
                let segment = row &+ column
                var bounds = keep * s[segment] + take * t[segment]
                if let c { bounds += captured * c[segment] }
                let kind: SegmentKind = bounds.x >= field ? .full : bounds.y <= -field ? .empty : .edge
                kinds[segment] = kind
                guard twice else {
                    measured[segment] = false
                    continue
                }
                measured[segment] = measures && kind == .edge
                let bound = column &* boundsStride &+ y
                lowerBounds[bound] = bounds.x - acrossReach
                upperBounds[bound] = bounds.y + acrossReach
                if kind == .edge { runRow[column] = true }
            }
        }
    }

    /// The second sort, over the segment columns `columns`: each edge segment of the first
    /// whose bounds on V (the blur down of its column's bounds on A, 16 rows a vector) keep it
    /// `reach.edge` from zero becomes full or empty. A row's bounds on A are its measured
    /// least and greatest A, or else the tighter of φ's (`sortSegments`) and a measured row's
    /// d rows away, `reach.step` · d beyond them (A steps by at most that a row).
    func sortEdgeSegments(halfWidth n: Int, reach: Reach, columns: Range<Int>) {
        let length = Self.segmentLength, across = segmentsAcross, rowStep = Self.measuredRowStep
        let taps = UnsafePointer(self.taps), centre = SeparableBlur.splat(taps[0])
        let edge = reach.edge, step = reach.step
        for column in columns {
            let lower = lowerBounds + column * boundsStride + padding
            let upper = upperBounds + column * boundsStride + padding
            for y in Swift.stride(from: 0, to: height, by: rowStep) where measured[y * across + column] {
                let least = lower[y], greatest = upper[y]
                for d in 1..<rowStep {
                    let reach = step * Float(d)
                    if y >= d {
                        lower[y - d] = max(lower[y - d], least - reach)
                        upper[y - d] = min(upper[y - d], greatest + reach)
                    }
                    if y + d < height {
                        lower[y + d] = max(lower[y + d], least - reach)
                        upper[y + d] = min(upper[y + d], greatest + reach)
                    }
                }
            }
            // The end rows repeated, as the blur down repeats them.
            (lower - padding).update(repeating: lower[0], count: padding)
            (lower + height).update(repeating: lower[height - 1], count: padding + length)
            (upper - padding).update(repeating: upper[0], count: padding)
            (upper + height).update(repeating: upper[height - 1], count: padding + length)
            var y0 = 0
            while y0 < height {
                let rows = y0..<min(y0 + length, height)
                y0 += length
                guard edgeRuns[rows.lowerBound / length * across + column] else { continue }
                let least = SeparableBlur.horizontalSum(
                    UnsafePointer(lower + rows.lowerBound), centre: centre, taps: taps, halfWidth: n)
                let greatest = SeparableBlur.horizontalSum(
                    UnsafePointer(upper + rows.lowerBound), centre: centre, taps: taps, halfWidth: n)
                for y in rows where kinds[y * across + column] == .edge {
                    let lane = y - rows.lowerBound
                    if least[lane] >= edge {
                        kinds[y * across + column] = .full
                    } else if greatest[lane] <= -edge {
                        kinds[y * across + column] = .empty
                    }
                }
            }
        }
    }

    /// Marks the segments of the segment columns `columns` whose A the blur down of the edge
    /// segments reads (within n rows in the same column) and this frame has not computed yet
    /// (`needsAcross`).
    func markReach(halfWidth n: Int, columns: Range<Int>) {
        let across = segmentsAcross
        for y in 0..<height { (needsAcross + y * across + columns.lowerBound).update(repeating: false, count: columns.count) }
        // Per column, the rows below those marked so far.
        let marked = markedRows
        (marked + columns.lowerBound).update(repeating: 0, count: columns.count)
        for y in 0..<height {
            var scan = edges(row: y, in: columns)
            while let column = scan.next() {
                let end = min(y + n + 1, height)
                var row = max(y - n, marked[column])
                while row < end {
                    needsAcross[row * across + column] = !measured[row * across + column]
                    row += 1
                }
                marked[column] = end
            }
        }
    }
}
