/// The coverages a frame is drawn at as vector layers: just 1 for a crisp frame (one outline
/// at ½, filled opaque), or one to four partial coverages below 1 for a frame with
/// translucent regions.
///
/// Partly covered pixels come in two kinds. Those of an anti-aliased edge (`isEdge`: between
/// a nearly empty and a nearly full neighbour, or the border of a translucent region) are
/// redrawn by a vector renderer at its own resolution from the outline crossing them, so
/// they need no coverage of their own. The others — the inside of a region mid-fade, a
/// thin ring of partial coverage, a ramp wider than a pixel — would be lost by a cut at ½
/// (each becomes 0 or 1), so when what a cut at ½ would lose there exceeds `budget` of the
/// frame's total coverage, the frame is drawn as a staircase: partial coverages
/// c₁ < … < cₖ < 1 chosen to fit those pixels best (least squares, k ≤ 4, the fewest that
/// stay within the budget), each the fill of the outline midway between it and the one below.
struct CoverageLevels {
    /// The share of a frame's total coverage that the cut may lose in its non-edge pixels
    /// before the frame is drawn with partial layers.
    static let budget = 0.002
    /// At most this many partial coverages. Measured with `Benchmarks/Scripts/vector-fidelity.py`
    /// (thirteen 61-frame pairs, rsvg-convert against the PNG frames) once each crossing was
    /// placed on its layer's step: with four instead of five no pair's worst translucent frame
    /// fell by more than 0.0007 (bolt → cloud, 0.9957 → 0.9950; document-open → document-save
    /// 0.9872 → 0.9869, eleven pairs' every frame still ≥ 0.9901), and a loop tracing the nine
    /// translucent frames of edit-find → mail-send ran 5–18 % faster; with three, warning →
    /// information fell from 0.9921 to 0.9903 and document-open → document-save from 0.9872
    /// to 0.9852. (Before that, four had cost warning → information 0.0009.)
    static let maximumPartial = 4

    /// The coverages, ascending, ending with 1.
    var coverages: [Double]

    /// True when the frame is one outline at ½.
    var isCrisp: Bool { coverages.count == 1 }

    /// The levels of `alpha` (`width` × `height` bytes, rows tight).
    init(_ alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        let (histogram, total) = Self.histogram(alpha, width: width, height: height)
        let budget = Self.budget * Double(total)
        if Self.cutLoss(histogram) <= budget {
            coverages = [1]
            return
        }
        let fits = Self.centres(histogram, upTo: Self.maximumPartial)
        let best = fits.first { Self.loss(histogram, centres: $0) <= budget } ?? fits[fits.count - 1]
        coverages = best.map { $0 / 255 } + [1]
    }

    /// A histogram, in 64 bins of four bytes, of the partly covered pixels (3…252) of `alpha`
    /// that are not an anti-aliased edge's (see `isEdge`), and the frame's total coverage in
    /// bytes. Rows are read sixteen pixels at a time while they are all empty or all full
    /// (most of a frame), else eight at a time; only the partly covered ones are looked at on
    /// their own. The bins count in integers, on the stack (counting into the array checked
    /// its bounds and its sharing at every pixel).
    static func histogram(_ alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> (histogram: [Double], total: Int) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { bins in
            bins.initialize(repeating: 0)
            let base = alpha.baseAddress!
            var total = 0
            for y in 0..<height {
                let row = base + y &* width
                var x = 0
                while x < width {
                    // Sixteen pixels at a time while both halves are empty, or both full.
                    if x &+ 16 <= width {
                        let first = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                        let second = UnsafeRawPointer(row + (x &+ 8)).loadUnaligned(as: UInt64.self)
                        if first | second == 0 {
                            x &+= 16
                            continue
                        }
                        if first & second == UInt64.max {
                            total &+= 16 &* 255
                            x &+= 16
                            continue
                        }
                    }
                    // Eight pixels at a time: their sum, and a bit for each that is partly covered.
                    var partial: UInt64 = 0
                    if x &+ 8 <= width {
                        let v = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                        if v == 0 {
                            x &+= 8
                            continue
                        }
                        if v == UInt64.max {
                            total &+= 8 &* 255
                            x &+= 8
                            continue
                        }
                        total &+= ByteBits.sum(v)
                        partial = Self.partialBits(v)
                    } else {
                        for k in 0..<(width &- x) {
                            total &+= Int(row[x &+ k])
                            if row[x &+ k] > 2 && row[x &+ k] < 253 { partial |= 1 << UInt64(k) }
                        }
                    }
                    while partial != 0 {
                        let at = x &+ partial.trailingZeroBitCount
                        partial &= partial &- 1
                        if Self.isEdge(base, width: width, height: height, x: at, y: y) { continue }
                        bins[Int(row[at]) &>> 2] &+= 1
                    }
                    x &+= 8
                }
            }
            return (bins.map { Double($0) }, total)
        }
    }

    /// Bit k: byte k of `v` is over 2 and not over 252.
    @inline(__always)
    static func partialBits(_ v: UInt64) -> UInt64 {
        ByteBits.over(v, 2) & ~ByteBits.over(v, 252) & 0xFF
    }

    /// Whether the pixel at (`x`, `y`) is an anti-aliased edge's, by the extremes of its 3 × 3
    /// neighbourhood (outside the frame counts as empty): it sits between a nearly empty and a
    /// nearly full pixel (an opaque shape's edge), or between an empty pixel and one it is
    /// under `plateauShareInTenths` tenths of (the edge of a translucent region: a thin ring mid-fade is a
    /// plateau of partial coverage with an anti-aliased border, which the plateau's own layer
    /// draws, its outline crossing each border pixel as much as the pixel lies up the step).
    ///
    /// Counted as levels, such border pixels pulled the levels below the plateaus and added
    /// layers for themselves. Measured with `Benchmarks/Scripts/vector-fidelity.py` (thirteen
    /// 61-frame pairs, rsvg-convert against the PNG frames) at shares 0.7, 0.85 and 0.9:
    /// at 0.7, frame 27 of edit-delete → list-add went from 0.9844 soft IoU to 0.9886, no
    /// pair's worst frame fell by more than 0.0002, and the four largest Lottie files shrank
    /// by 3–7 %; at 0.85 and 0.9 warning → information's worst frame fell to 0.9911.
    @inline(__always)
    static func isEdge(_ base: UnsafePointer<UInt8>, width: Int, height: Int, x: Int, y: Int) -> Bool {
        let v = base[y * width + x]
        var low = v, high = v
        if x > 0 && y > 0 && x < width - 1 && y < height - 1 {
            // The four nearest neighbours settle most edge pixels; the corners the rest.
            let p = base + y * width + x
            let left = p[-1], right = p[1], up = p[-width], down = p[width]
            low = min(low, min(min(left, right), min(up, down)))
            high = max(high, max(max(left, right), max(up, down)))
            if low <= 80 && high >= 175 { return true }
            let a = p[-width - 1], b = p[-width + 1], c = p[width - 1], d = p[width + 1]
            low = min(low, min(min(a, b), min(c, d)))
            high = max(high, max(max(a, b), max(c, d)))
        } else {
            low = 0
            for dy in -1...1 where y + dy >= 0 && y + dy < height {
                for dx in -1...1 where x + dx >= 0 && x + dx < width { high = max(high, base[(y + dy) * width + x + dx]) }
            }
        }
        return (low <= 80 && high >= 175) || (low <= 2 && Int(v) * 10 < Int(high) * Self.plateauShareInTenths)
    }

    /// A pixel beside an empty one and under this share of its brightest neighbour is the
    /// border of a translucent region (see `isEdge`), in tenths.
    static let plateauShareInTenths = 7

    /// The layers' steps (from the coverage below, 0 for the first, to their own) and fill
    /// opacities (so that the layers composited over one another give each coverage). Each
    /// is cut midway up its step.
    var layers: [(lower: Double, upper: Double, opacity: Double)] {
        var below = 0.0
        return coverages.map { c in
            defer { below = c }
            return (below, c, (c - below) / (1 - below))
        }
    }

    /// A bin's value in bytes: its middle.
    private static func value(_ bin: Int) -> Double { Double(bin * 4) + 1.5 }

    /// What a cut at ½ loses: each pixel becomes 0 or 255.
    private static func cutLoss(_ histogram: [Double]) -> Double {
        loss(histogram, centres: [])
    }

    /// What drawing each pixel at the nearest of 0, `centres` and 255 loses, in bytes.
    private static func loss(_ histogram: [Double], centres: [Double]) -> Double {
        var sum = 0.0
        for (bin, count) in histogram.enumerated() where count > 0 {
            let v = value(bin)
            var nearest = min(v, 255 - v)
            for c in centres { nearest = min(nearest, abs(v - c)) }
            sum += count * nearest
        }
        return sum
    }

    /// For each count from 1 to `most`, the partial coverages (bytes, ascending) that with 0
    /// and 255 fit the histogram best in least squares: the bins split into contiguous
    /// groups, the first drawn at 0, the last at 255 and each between at its mean (dynamic
    /// programming over the split points, one table for every count). Empty bins change no
    /// group's cost or mean, so the splits run over the others only.
    static func centres(_ histogram: [Double], upTo most: Int) -> [[Double]] {
        let bins = histogram.indices.filter { histogram[$0] > 0 }
        let n = bins.count
        // Prefix sums of w, w·v and w·v².
        var w = [Double](repeating: 0, count: n + 1), wv = w, wvv = w
        for (i, bin) in bins.enumerated() {
            let v = value(bin), h = histogram[bin]
            w[i + 1] = w[i] + h
            wv[i + 1] = wv[i] + h * v
            wvv[i + 1] = wvv[i] + h * v * v
        }
        // cost[g][b]: bins 0..<b as the zero group (at 0) and g free groups; from[g][b]: where
        // the last free group starts (both flat, n + 1 to a row).
        let span = n + 1
        var cost = [Double](repeating: .infinity, count: (most + 1) * span)
        var from = [Int](repeating: 0, count: (most + 1) * span)
        for b in 0...n { cost[b] = wvv[b] }
        var ends: [Int] = []
        w.withUnsafeBufferPointer { w in
          wv.withUnsafeBufferPointer { wv in
            wvv.withUnsafeBufferPointer { wvv in
              cost.withUnsafeMutableBufferPointer { cost in
                from.withUnsafeMutableBufferPointer { from in
                    for g in 1...most {
                        let sums = PrefixSums(w: w.baseAddress!, wv: wv.baseAddress!, wvv: wvv.baseAddress!)
                        bestSplits(
                            sums, previous: cost.baseAddress! + (g - 1) * span, cost: cost.baseAddress! + g * span,
                            from: from.baseAddress! + g * span, ends: 0...n, starts: 0...n)
                        // The rest, bins b..<n, drawn at 255.
                        let row = g * span
                        var end = 0, best = Double.infinity
                        for b in 0...n {
                            let weight = w[n] - w[b], sum = wv[n] - wv[b], squares = wvv[n] - wvv[b]
                            let c = cost[row + b] + (squares - 2 * 255 * sum + 255 * 255 * weight)
                            if c < best {
                                best = c
                                end = b
                            }
                        }
                        ends.append(end)
                    }
                }
              }
            }
          }
        }
        return (1...most).map { g in
            var centres: [Double] = [], end = ends[g - 1]
            for k in stride(from: g, to: 0, by: -1) {
                let start = from[k * span + end]
                let weight = w[end] - w[start]
                if weight > 0 { centres.append((wv[end] - wv[start]) / weight) }
                end = start
            }
            return centres.reversed()
        }
    }
    /// Prefix sums over the histogram's bins of the weights, weighted values and weighted
    /// squares: the squared error of bins a..<b drawn at their mean in O(1).
    private struct PrefixSums {
        let w: UnsafePointer<Double>, wv: UnsafePointer<Double>, wvv: UnsafePointer<Double>

        /// The squared error of bins a..<b drawn at their mean (0 for no weight).
        @inline(__always)
        func spread(_ a: Int, _ b: Int) -> Double {
            let weight = w[b] - w[a], sum = wv[b] - wv[a]
            return weight > 0 ? (wvv[b] - wvv[a]) - sum * sum / weight : 0
        }
    }

    /// One row of the split search: for each end b in `ends`, the start a (within `starts`,
    /// at most b) of the last group minimizing `previous[a]` + the group's spread, stored in
    /// `cost[b]` and `from[b]` (the first such a). The best start never moves left as the end
    /// moves right (a group's spread satisfies the quadrangle inequality), so the middle end
    /// is settled first and each half searched only on its side of that start.
    private static func bestSplits(
        _ sums: PrefixSums, previous: UnsafePointer<Double>, cost: UnsafeMutablePointer<Double>,
        from: UnsafeMutablePointer<Int>, ends: ClosedRange<Int>, starts: ClosedRange<Int>
    ) {
        let b = (ends.lowerBound + ends.upperBound) / 2
        var best = Double.infinity, start = starts.lowerBound
        for a in starts.lowerBound...min(b, starts.upperBound) {
            let c = previous[a] + sums.spread(a, b)
            if c < best {
                best = c
                start = a
            }
        }
        cost[b] = best
        from[b] = start
        if ends.lowerBound < b {
            bestSplits(sums, previous: previous, cost: cost, from: from, ends: ends.lowerBound...(b - 1), starts: starts.lowerBound...start)
        }
        if b < ends.upperBound {
            bestSplits(sums, previous: previous, cost: cost, from: from, ends: (b + 1)...ends.upperBound, starts: start...starts.upperBound)
        }
    }

}
