import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// The rasterizer against a float64 supersampling reference (64 × 64 samples per pixel).
@Suite("Vector coverage against a supersampled oracle")
struct VectorOracleTests {
    static let side = 20

    /// A random star-shaped (hence simple) polygon inside the grid, possibly reaching past
    /// its edges. Star-shaped about `center` needs every angular gap between neighbouring
    /// vertices below π; a wider gap lets the closing edges cross others.
    static func simplePolygon(_ rng: inout SplitMix64) -> [SIMD2<Double>] {
        let count = Int.random(in: 3...14, using: &rng)
        let center = SIMD2(Double.random(in: 6...14, using: &rng), Double.random(in: 6...14, using: &rng))
        var angles: [Double]
        repeat {
            angles = (0..<count).map { _ in Double.random(in: 0..<(2 * .pi), using: &rng) }.sorted()
        } while zip(angles, angles.dropFirst() + [angles[0] + 2 * .pi]).contains { $1 - $0 >= .pi }
        return angles.map { a in center + Double.random(in: 2...13, using: &rng) * SIMD2(cos(a), sin(a)) }
    }

    static func compare(mask: AlphaMask, oracle: [Double]) -> (worst: Double, mean: Double) {
        var worst = 0.0, total = 0.0
        for i in oracle.indices {
            let error = abs(Double(mask.pixels[i]) - oracle[i] * 255)
            worst = max(worst, error)
            total += error
        }
        return (worst, total / Double(oracle.count))
    }

    /// Exact coverage of a simple polygon: the polygon clipped to each pixel square
    /// (Sutherland–Hodgman, exact for the area of any simple polygon against a convex
    /// window), then its shoelace area.
    static func exactCoverage(_ polygon: [SIMD2<Double>], width: Int, height: Int) -> [Double] {
        func clip(_ points: [SIMD2<Double>], axis: Int, bound: Double, keepBelow: Bool) -> [SIMD2<Double>] {
            var out: [SIMD2<Double>] = []
            func inside(_ p: SIMD2<Double>) -> Bool { keepBelow ? p[axis] <= bound : p[axis] >= bound }
            func crossing(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double> {
                let t = (bound - p[axis]) / (q[axis] - p[axis])
                var r = p + t * (q - p)
                r[axis] = bound
                return r
            }
            for i in points.indices {
                let p = points[i], q = points[(i + 1) % points.count]
                if inside(q) {
                    if !inside(p) { out.append(crossing(p, q)) }
                    out.append(q)
                } else if inside(p) {
                    out.append(crossing(p, q))
                }
            }
            return out
        }
        var coverage = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var piece = polygon
                for (axis, bound, below) in [(0, Double(x), false), (0, Double(x + 1), true), (1, Double(y), false), (1, Double(y + 1), true)] {
                    piece = clip(piece, axis: axis, bound: bound, keepBelow: below)
                    if piece.isEmpty { break }
                }
                coverage[y * width + x] = piece.count < 3 ? 0 : abs(shoelaceArea(piece))
            }
        }
        return coverage
    }

    @Test("random simple polygons against exact per-pixel clipping: every pixel within 1 level", arguments: FillRule.allCases)
    func simplePolygonsExact(rule: FillRule) throws {
        var rng = SplitMix64(seed: rule == .nonZero ? 31 : 32)
        for _ in 0..<20 {
            let polygon = Self.simplePolygon(&rng)
            let mask = try renderPath(polygonPath(polygon), .fill(rule), width: Self.side, height: Self.side)
            let (worst, mean) = Self.compare(mask: mask, oracle: Self.exactCoverage(polygon, width: Self.side, height: Self.side))
            // Byte rounding is 0.5 level; Float accumulation adds far less than 0.5 more.
            #expect(worst <= 1, "worst \(worst) levels for \(polygon)")
            #expect(mean < 0.3)
        }
    }

    @Test("random simple polygons against 64 × 64 point sampling: every pixel within 8 levels, mean below 0.5",
          arguments: FillRule.allCases)
    func simplePolygons(rule: FillRule) throws {
        var rng = SplitMix64(seed: rule == .nonZero ? 11 : 12)
        for _ in 0..<6 {
            let polygon = Self.simplePolygon(&rng)
            let mask = try renderPath(polygonPath(polygon), .fill(rule), width: Self.side, height: Self.side)
            let oracle = supersampledCoverage(polygons: [polygon], rule: rule, width: Self.side, height: Self.side, samples: 64)
            let (worst, mean) = Self.compare(mask: mask, oracle: oracle)
            // Point sampling errs by up to 1/64 of a pixel (4 levels) for each edge lying
            // nearly along a row or column of samples.
            #expect(worst <= 8, "worst \(worst) levels for \(polygon)")
            #expect(mean < 0.5, "mean \(mean) levels")
        }
    }

    @Test("a shape with a hole (two simple polygons, even-odd) matches the sampled oracle")
    func polygonWithHole() throws {
        var rng = SplitMix64(seed: 13)
        for _ in 0..<4 {
            // Outer: 6–12 vertices at jittered even angles, radius ≥ 6, so every edge stays
            // more than 4 from the centre; the hole (radius ≤ 3.2) lies inside it.
            let count = Int.random(in: 6...12, using: &rng)
            let c = SIMD2(10.0, 10.0) + SIMD2(Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng))
            let outer = (0..<count).map { i -> SIMD2<Double> in
                let a = (Double(i) + Double.random(in: -0.3...0.3, using: &rng)) * 2 * .pi / Double(count)
                return c + Double.random(in: 6...11, using: &rng) * SIMD2(cos(a), sin(a))
            }
            let hole: [SIMD2<Double>] = [c + [-2.3, -1.7], c + [2.9, -0.4], c + [0.2, 2.6]]
            var path = polygonPath(outer)
            path.append(polygonPath(hole))
            let mask = try renderPath(path, .fill(.evenOdd), width: Self.side, height: Self.side)
            let oracle = supersampledCoverage(polygons: [outer, hole], rule: .evenOdd, width: Self.side, height: Self.side, samples: 64)
            let (worst, mean) = Self.compare(mask: mask, oracle: oracle)
            #expect(worst <= 8)
            #expect(mean < 0.5)
            // Exact: outer minus hole.
            let exact = zip(Self.exactCoverage(outer, width: Self.side, height: Self.side),
                            Self.exactCoverage(hole, width: Self.side, height: Self.side)).map { $0 - $1 }
            #expect(Self.compare(mask: mask, oracle: exact).worst <= 1)
        }
    }

    @Test("random self-intersecting polygons: each pixel's covered area (union of the inside points) matches the oracle's",
          arguments: FillRule.allCases)
    func selfIntersecting(rule: FillRule) throws {
        var rng = SplitMix64(seed: rule == .nonZero ? 21 : 22)
        for _ in 0..<4 {
            let polygon = (0..<Int.random(in: 4...9, using: &rng)).map { _ in
                SIMD2(Double.random(in: -2...22, using: &rng), Double.random(in: -2...22, using: &rng))
            }
            let mask = try renderPath(polygonPath(polygon), .fill(rule), width: Self.side, height: Self.side)
            // Coverage is the area where the rule holds, so the oracle samples the rule point
            // by point (not the rule applied to a pixel's mean winding).
            let oracle = supersampledCoverage(polygons: [polygon], rule: rule, width: Self.side, height: Self.side, samples: 64)
            let (worst, mean) = Self.compare(mask: mask, oracle: oracle)
            #expect(worst <= 8, "worst \(worst) for \(polygon)")
            #expect(mean < 0.5)
        }
    }
}
