import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// Coverage is the area of the union of the inside points: geometry overlapping itself in a
/// partially covered pixel (duplicated subpaths, a stroke's overlapping pieces, overlapping
/// shapes) covers it once, not once per layer of overlap.
@Suite("Vector coverage of overlapping geometry")
struct VectorOverlapTests {
    /// Largest |a − b| over the pixels of two masks of one size.
    static func worstDifference(_ a: AlphaMask, _ b: AlphaMask) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Largest |mask − 255 · oracle| over the pixels.
    static func worstDifference(_ mask: AlphaMask, oracle: [Double]) -> Double {
        zip(mask.pixels, oracle).map { abs(Double($0) - $1 * 255) }.max() ?? 0
    }

    /// The byte at column x, row y.
    static func value(_ mask: AlphaMask, _ x: Int, _ y: Int) -> UInt8 { mask.pixels[y * mask.width + x] }

    /// The path twice over (same subpaths, same direction).
    static func doubled(_ path: VectorPath) -> VectorPath {
        var twice = path
        twice.append(path)
        return twice
    }

    @Test("a duplicated subpath fills exactly as a single one (random polygons and circles, non-zero)")
    func duplicatedFill() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<8 {
            let polygon = VectorOracleTests.simplePolygon(&rng)
            let single = try renderPath(polygonPath(polygon), width: 20, height: 20)
            let twice = try renderPath(Self.doubled(polygonPath(polygon)), width: 20, height: 20)
            #expect(Self.worstDifference(single, twice) <= 1, "\(polygon)")
        }
        let circle = circlePath(center: [8.3, 7.6], radius: 5.2)
        let single = try renderPath(circle, width: 16, height: 16)
        let twice = try renderPath(Self.doubled(circle), width: 16, height: 16)
        #expect(Self.worstDifference(single, twice) <= 1)
    }

    @Test("a duplicated subpath strokes exactly as a single one", arguments: StrokeStyle.LineCap.allCases)
    func duplicatedStroke(cap: StrokeStyle.LineCap) throws {
        var path = VectorPath()
        path.move(to: [3.2, 4.7])
        path.line(to: [12.6, 6.1])
        path.cubic(control1: [15, 10], control2: [6, 14], to: [4.3, 11.2])
        let paint = VectorIcon.Layer.Paint.stroke(StrokeStyle(width: 1.5, lineCap: cap, lineJoin: .round))
        let single = try renderPath(path, paint, width: 16, height: 16)
        let twice = try renderPath(Self.doubled(path), paint, width: 16, height: 16)
        #expect(Self.worstDifference(single, twice) <= 1)
    }

    @Test("a 1.5-wide horizontal stroke at y = 8.25 half covers its top row, once or twice drawn")
    func halfRow() throws {
        var path = VectorPath()
        path.move(to: [2, 8.25])
        path.line(to: [14, 8.25])
        let paint = VectorIcon.Layer.Paint.stroke(StrokeStyle(width: 1.5, lineCap: .butt))
        for drawn in [path, Self.doubled(path)] {
            let mask = try renderPath(drawn, paint, width: 16, height: 16)
            // The stroke spans y 7.5...9: row 7 is half covered, row 8 fully.
            for x in 2..<14 {
                #expect([127, 128].contains(Self.value(mask, x, 7)), "row 7 x \(x): \(Self.value(mask, x, 7))")
                #expect(Self.value(mask, x, 8) == 255)
                #expect(Self.value(mask, x, 6) == 0 && Self.value(mask, x, 9) == 0)
            }
        }
    }

    @Test("two overlapping rectangles at fractional coordinates give their L-shaped union")
    func overlappingRectangles() throws {
        var both = rectanglePath(x: 2.3, y: 3.6, width: 9.45, height: 4.2)
        both.append(rectanglePath(x: 2.3, y: 3.6, width: 3.8, height: 10.15))
        // The same union as one simple polygon.
        let union = polygonPath([[2.3, 3.6], [11.75, 3.6], [11.75, 7.8], [6.1, 7.8], [6.1, 13.75], [2.3, 13.75]])
        let mask = try renderPath(both, width: 16, height: 16)
        let reference = try renderPath(union, width: 16, height: 16)
        #expect(Self.worstDifference(mask, reference) <= 1)
        // Even-odd: the overlap is outside, the rest is the symmetric difference.
        let evenOdd = try renderPath(both, .fill(.evenOdd), width: 16, height: 16)
        let overlapOnly = VectorOracleTests.exactCoverage([[2.3, 3.6], [6.1, 3.6], [6.1, 7.8], [2.3, 7.8]], width: 16, height: 16)
        let first = VectorOracleTests.exactCoverage([[2.3, 3.6], [11.75, 3.6], [11.75, 7.8], [2.3, 7.8]], width: 16, height: 16)
        let second = VectorOracleTests.exactCoverage([[2.3, 3.6], [6.1, 3.6], [6.1, 13.75], [2.3, 13.75]], width: 16, height: 16)
        let symmetric = (0..<(16 * 16)).map { first[$0] + second[$0] - 2 * overlapOnly[$0] }
        #expect(Self.worstDifference(evenOdd, oracle: symmetric) <= 1)
    }

    @Test("a sharp miter join (60° inside) matches the stroke's outline drawn as one simple polygon")
    func sharpJoin() throws {
        let a = SIMD2(2.2, 12.7), b = SIMD2(8.35, 3.4), c = SIMD2(13.1, 13.3)
        let h = 0.8
        func unit(_ v: SIMD2<Double>) -> SIMD2<Double> { v / (v * v).sum().squareRoot() }
        let d1 = unit(b - a), d2 = unit(c - b)
        let n1 = SIMD2(-d1.y, d1.x), n2 = SIMD2(-d2.y, d2.x)
        /// Where the lines p + t·d1 and q + s·d2 meet.
        func meet(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double> {
            let r = q - p
            let cross = d1.x * d2.y - d1.y * d2.x
            let t = (r.x * d2.y - r.y * d2.x) / cross
            return p + t * d1
        }
        let plus = meet(a + h * n1, b + h * n2), minus = meet(a - h * n1, b - h * n2)
        let outline = [a + h * n1, plus, c + h * n2, c - h * n2, minus, a - h * n1]
        var path = VectorPath()
        path.move(to: a)
        path.line(to: b)
        path.line(to: c)
        let stroke = try renderPath(path, .stroke(StrokeStyle(width: 2 * h, lineCap: .butt, lineJoin: .miter, miterLimit: 4)),
                                    width: 16, height: 16)
        let exact = VectorOracleTests.exactCoverage(outline, width: 16, height: 16)
        #expect(Self.worstDifference(stroke, oracle: exact) <= 1)
    }

    @Test("a dot is fully covered at its centre: a round-capped zero-length subpath, a circle of radius half the width")
    func dots() throws {
        var point = VectorPath()
        point.move(to: [8.5, 8.5])
        point.line(to: [8.5, 8.5])
        let dot = try renderPath(point, .stroke(StrokeStyle(width: 3, lineCap: .round)), width: 16, height: 16)
        #expect(Self.value(dot, 8, 8) == 255)
        for (radius, width) in [(1.0, 2.0), (1.5, 3.0), (0.75, 1.5)] {
            let ring = circlePath(center: [8.5, 8.5], radius: radius)
            let mask = try renderPath(ring, .stroke(StrokeStyle(width: width)), width: 16, height: 16)
            #expect(Self.value(mask, 8, 8) == 255, "radius \(radius) width \(width): \(Self.value(mask, 8, 8))")
            // The union is the disc of radius `width`: its area, within flattening error.
            let area = Double.pi * width * width
            #expect(abs(coveredArea(mask) - area) < 0.02 * area, "radius \(radius): \(coveredArea(mask)) vs \(area)")
        }
    }

    @Test("star polygons {n/k} with many crossings per row match the point-sampled union, both rules",
          arguments: FillRule.allCases)
    func starPolygons(rule: FillRule) throws {
        for (n, k) in [(5, 2), (17, 8), (29, 5), (31, 12)] {
            let points = (0..<n).map { i -> SIMD2<Double> in
                let angle = 2 * Double.pi * Double(i * k % n) / Double(n) + 0.1
                return SIMD2(10.3, 9.7) + 8.6 * SIMD2(cos(angle), sin(angle))
            }
            let mask = try renderPath(polygonPath(points), .fill(rule), width: 20, height: 20)
            let oracle = supersampledCoverage(polygons: [points], rule: rule, width: 20, height: 20, samples: 64)
            let errors = zip(mask.pixels, oracle).map { abs(Double($0) - $1 * 255) }
            #expect(errors.max()! <= 8, "{\(n)/\(k)}: worst \(errors.max()!)")
            #expect(errors.reduce(0, +) / Double(errors.count) < 0.5, "{\(n)/\(k)}")
        }
    }
}
