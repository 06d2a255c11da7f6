/// The sweep: the kept edges bucketed by row, accumulated band by band, summed into coverage
/// and handed to a sink.
extension CoverageAccumulator {
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
}
