/// The coverages a frame is drawn at as vector layers: just 1 for a crisp frame (one outline
/// at ½, filled opaque), or one to three partial coverages below 1 for a frame with
/// translucent regions.
///
/// Partly covered pixels come in two kinds. Those of an anti-aliased edge sit between a
/// nearly empty and a nearly full neighbour; a vector renderer redraws them at its own
/// resolution, so a cut at ½ keeps them. The others — the inside of a region mid-fade, a
/// thin ring of partial coverage, a ramp wider than a pixel — would be lost by a cut at ½
/// (each becomes 0 or 1), so when what a cut at ½ would lose there exceeds `budget` of the
/// frame's total coverage, the frame is drawn as a staircase: partial coverages
/// c₁ < … < cₖ < 1 chosen to fit those pixels best (least squares, k ≤ 4, the fewest that
/// stay within the budget), each the fill of the outline midway between it and the one below.
struct CoverageLevels {
    /// The share of a frame's total coverage that the cut may lose in its non-edge pixels
    /// before the frame is drawn with partial layers.
    static let budget = 0.002
    /// At most this many partial coverages.
    static let maximumPartial = 4

    /// The coverages, ascending, ending with 1.
    var coverages: [Double]

    /// True when the frame is one outline at ½.
    var isCrisp: Bool { coverages.count == 1 }

    /// The levels of `alpha` (`width` × `height` bytes, rows tight).
    init(_ alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        // A histogram, in 64 bins of four bytes, of the partly covered pixels that are not
        // an edge's, and the frame's total coverage.
        var histogram = [Double](repeating: 0, count: 64)
        var total = 0
        let base = alpha.baseAddress!
        for y in 0..<height {
            let row = base + y * width
            var x = 0
            while x < width {
                // Sixteen empty or sixteen full pixels at a time hold nothing partial.
                if x + 16 <= width {
                    let low = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                    let high = UnsafeRawPointer(row + x + 8).loadUnaligned(as: UInt64.self)
                    if low | high == 0 {
                        x += 16
                        continue
                    }
                    if low & high == UInt64.max {
                        total += 16 * 255
                        x += 16
                        continue
                    }
                }
                let v = row[x]
                total += Int(v)
                defer { x += 1 }
                guard v > 2 && v < 253 else { continue }
                // The 3 × 3 neighbourhood's extremes (outside the frame counts as empty).
                var low = v, high = v
                if x > 0 && y > 0 && x < width - 1 && y < height - 1 {
                    for p in [row - width - 1, row - 1, row + width - 1] {
                        let a = p[x], b = p[x + 1], c = p[x + 2]
                        low = min(low, min(a, min(b, c)))
                        high = max(high, max(a, max(b, c)))
                    }
                } else {
                    low = 0
                    for dy in -1...1 where y + dy >= 0 && y + dy < height {
                        let neighbours = base + (y + dy) * width
                        for dx in -1...1 where x + dx >= 0 && x + dx < width { high = max(high, neighbours[x + dx]) }
                    }
                }
                if low <= 80 && high >= 175 { continue }
                histogram[Int(v) / 4] += 1
            }
        }
        let budget = Self.budget * Double(total)
        if Self.cutLoss(histogram) <= budget {
            coverages = [1]
            return
        }
        let fits = Self.centres(histogram, upTo: Self.maximumPartial)
        let best = fits.first { Self.loss(histogram, centres: $0) <= budget } ?? fits[fits.count - 1]
        coverages = best.map { $0 / 255 } + [1]
    }

    /// The layers' cut levels (coverage between each coverage and the one below) and fill
    /// opacities (so that the layers composited over one another give each coverage).
    var layers: [(level: Double, opacity: Double)] {
        var below = 0.0
        return coverages.map { c in
            defer { below = c }
            return ((below + c) / 2, (c - below) / (1 - below))
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
    /// programming over the split points, one table for every count).
    private static func centres(_ histogram: [Double], upTo most: Int) -> [[Double]] {
        let n = histogram.count
        // Prefix sums of w, w·v and w·v².
        var w = [Double](repeating: 0, count: n + 1), wv = w, wvv = w
        for i in 0..<n {
            let v = value(i), h = histogram[i]
            w[i + 1] = w[i] + h
            wv[i + 1] = wv[i] + h * v
            wvv[i + 1] = wvv[i] + h * v * v
        }
        // The cost of bins a..<b drawn at their mean; of bins a..<n drawn at 255.
        func free(_ a: Int, _ b: Int) -> Double {
            let weight = w[b] - w[a]
            guard weight > 0 else { return 0 }
            let sum = wv[b] - wv[a]
            return (wvv[b] - wvv[a]) - sum * sum / weight
        }
        func atFull(_ a: Int) -> Double {
            let weight = w[n] - w[a], sum = wv[n] - wv[a], squares = wvv[n] - wvv[a]
            return squares - 2 * 255 * sum + 255 * 255 * weight
        }
        // cost[g][b]: bins 0..<b as the zero group (at 0) and g free groups; from[g][b]: where
        // the last free group starts.
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: n + 1), count: most + 1)
        var from = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: most + 1)
        cost[0] = wvv
        var fits: [[Double]] = []
        for g in 1...most {
            for b in 0...n {
                var best = Double.infinity, start = 0
                for a in 0...b {
                    let c = cost[g - 1][a] + free(a, b)
                    if c < best {
                        best = c
                        start = a
                    }
                }
                cost[g][b] = best
                from[g][b] = start
            }
            var end = 0, best = Double.infinity
            for b in 0...n {
                let c = cost[g][b] + atFull(b)
                if c < best {
                    best = c
                    end = b
                }
            }
            var centres: [Double] = []
            for k in stride(from: g, to: 0, by: -1) {
                let start = from[k][end]
                let weight = w[end] - w[start]
                if weight > 0 { centres.append((wv[end] - wv[start]) / weight) }
                end = start
            }
            fits.append(centres.reversed())
        }
        return fits
    }
}
