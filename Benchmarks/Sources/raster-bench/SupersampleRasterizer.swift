import AlphaRaster

/// The baseline: a plain 16 × 16 supersampling rasterizer. Each sample (at the centre of
/// its 1/16-pixel cell) is inside or not; a pixel's coverage is the fraction of its 256
/// samples inside. Inside is decided per row of samples from the crossings of that row with
/// the polygon's edges (the winding of each sample is the signed count of edges crossed to
/// its left), and for strokes with round joins and caps from the union of the row's
/// intersections with every segment's capsule (all points within half the width of it).
///
/// Curves are flattened by uniform subdivision into 64 chords, independently of the
/// library's flattener.
struct SupersampleRasterizer {
    static let samples = 16
    let width: Int, height: Int

    /// Mapped, flattened subpaths of `path` (each closed when `closeAll`).
    static func polylines(_ path: VectorPath, transform: AlphaRaster.VectorTransform) -> [[SIMD2<Double>]] {
        var result: [[SIMD2<Double>]] = []
        var current: [SIMD2<Double>] = []
        var point = SIMD2<Double>.zero
        func flush() { if current.count > 1 { result.append(current) }; current = [] }
        for segment in path.segments {
            switch segment {
            case .move(let p):
                flush(); point = transform.apply(p); current = [point]
            case .line(let p):
                point = transform.apply(p); current.append(point)
            case .quad(let c, let p):
                let p0 = point, p1 = transform.apply(c), p2 = transform.apply(p)
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    current.append(u * u * p0 + 2 * u * t * p1 + t * t * p2)
                }
                point = p2
            case .cubic(let c1, let c2, let p):
                let p0 = point, p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
                for i in 1...64 {
                    let t = Double(i) / 64, u = 1 - t
                    current.append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
                }
                point = p3
            case .close:
                if let first = current.first { current.append(first); point = first }
                flush()
            }
        }
        flush()
        return result
    }

    /// Coverage in [0, 1] of the polygons (implicitly closed) under `rule`.
    func fill(_ polygons: [[SIMD2<Double>]], rule: FillRule) -> [Double] {
        var crossings: [(x: Double, winding: Int)] = []
        return render { y, spans in
            crossings.removeAll(keepingCapacity: true)
            for polygon in polygons {
                for i in polygon.indices {
                    let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                    if (p.y <= y && q.y > y) || (q.y <= y && p.y > y) {
                        crossings.append((p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x), q.y > p.y ? 1 : -1))
                    }
                }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for (i, crossing) in crossings.enumerated() {
                winding += crossing.winding
                let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                if inside, i + 1 < crossings.count { spans.append((crossing.x, crossings[i + 1].x)) }
            }
        }
    }

    /// Coverage of the round-joined, round-capped stroke of half-width `h` along polylines.
    func stroke(_ polylines: [[SIMD2<Double>]], halfWidth h: Double) -> [Double] {
        render { y, spans in
            for line in polylines {
                for (a, b) in zip(line, line.dropFirst()) {
                    if let span = Self.capsuleSpan(a, b, h, y) { spans.append(span) }
                }
            }
        }
    }

    /// The interval of the row y inside the capsule around a–b: the hull of the two end
    /// discs' chords and the rectangle's crossings (the capsule is convex).
    static func capsuleSpan(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ h: Double, _ y: Double) -> (Double, Double)? {
        var low = Double.infinity, high = -Double.infinity
        @inline(__always) func disc(_ c: SIMD2<Double>) {
            let dy = y - c.y
            if abs(dy) <= h {
                let half = (h * h - dy * dy).squareRoot()
                low = min(low, c.x - half); high = max(high, c.x + half)
            }
        }
        @inline(__always) func edge(_ p: SIMD2<Double>, _ q: SIMD2<Double>) {
            if (p.y <= y && q.y >= y) || (q.y <= y && p.y >= y), p.y != q.y {
                let x = p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x)
                low = min(low, x); high = max(high, x)
            }
        }
        disc(a)
        disc(b)
        let d = b - a, length = (d * d).sum().squareRoot()
        if length > 0 {
            let n = SIMD2(-d.y, d.x) / length * h
            edge(a + n, b + n); edge(b + n, b - n); edge(b - n, a - n); edge(a - n, a + n)
        }
        return low <= high ? (low, high) : nil
    }

    /// Runs `spansAt(y, &spans)` for every sample row and counts the samples whose centre
    /// lies in a span (spans may overlap: they are merged first).
    private func render(_ spansAt: (Double, inout [(Double, Double)]) -> Void) -> [Double] {
        let n = Self.samples, columns = width * n
        var counts = [Int32](repeating: 0, count: width * height)
        var spans: [(Double, Double)] = []
        for sampleRow in 0..<(height * n) {
            let y = (Double(sampleRow) + 0.5) / Double(n)
            spans.removeAll(keepingCapacity: true)
            spansAt(y, &spans)
            spans.sort { $0.0 < $1.0 }
            let rowBase = (sampleRow / n) * width
            var index = 0
            while index < spans.count {
                var (start, end) = spans[index]
                index += 1
                while index < spans.count, spans[index].0 <= end { end = max(end, spans[index].1); index += 1 }
                // Samples s with centre (s + 0.5) / n in [start, end).
                let first = max(0, Int((start * Double(n) - 0.5).rounded(.up)))
                let last = min(columns - 1, Int((end * Double(n) - 0.5).rounded(.up)) - 1)
                if first > last { continue }
                let p0 = first / n, p1 = last / n
                if p0 == p1 {
                    counts[rowBase + p0] += Int32(last - first + 1)
                } else {
                    counts[rowBase + p0] += Int32(n - first % n)
                    counts[rowBase + p1] += Int32(last % n + 1)
                    for p in (p0 + 1)..<p1 { counts[rowBase + p] += Int32(n) }
                }
            }
        }
        let total = Double(n * n)
        return counts.map { Double($0) / total }
    }
}
