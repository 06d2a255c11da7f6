import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@Suite("Vector coverage: exact-area anti-aliasing")
struct VectorCoverageTests {
    @Test("a pixel-aligned square is 255 inside and 0 outside, with no fringe")
    func alignedSquare() throws {
        for reversed in [false, true] {
            let mask = try renderPath(rectanglePath(x: 3, y: 2, width: 5, height: 4, reversed: reversed), width: 12, height: 10)
            for y in 0..<10 {
                for x in 0..<12 {
                    let inside = (3..<8).contains(x) && (2..<6).contains(y)
                    #expect(mask.pixels[y * 12 + x] == (inside ? 255 : 0), "pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("an edge through pixel centres gives half coverage")
    func halfPixelEdge() throws {
        // Vertical edge at x = 4.5 and horizontal edge at y = 2.5.
        let mask = try renderPath(rectanglePath(x: 1, y: 2.5, width: 3.5, height: 4), width: 8, height: 8)
        let half: ClosedRange<UInt8> = 127...128
        for y in 3..<6 {
            #expect(mask.pixels[y * 8 + 4] == 128 || half.contains(mask.pixels[y * 8 + 4]))
            #expect(mask.pixels[y * 8 + 3] == 255)
            #expect(mask.pixels[y * 8 + 5] == 0)
        }
        #expect(half.contains(mask.pixels[2 * 8 + 2]))
        // The corner pixel is a quarter.
        #expect((63...64).contains(mask.pixels[2 * 8 + 4]))
    }

    @Test("a circle's total coverage equals πr² within 0.1 %", arguments: [
        (20.0, SIMD2(32.0, 32.0)), (23.7, SIMD2(31.3, 32.81)), (41.25, SIMD2(50.5, 49.77)), (12.5, SIMD2(20.1, 19.9)),
    ])
    func circleArea(radius: Double, center: SIMD2<Double>) throws {
        let side = Int((center.x + radius).rounded(.up)) + 3
        let mask = try renderPath(circlePath(center: center, radius: radius), width: side, height: side)
        let exact = Double.pi * radius * radius
        let relative = abs(coveredArea(mask) - exact) / exact
        #expect(relative < 0.001, "r = \(radius): area \(coveredArea(mask)) vs \(exact)")
    }

    @Test("polygon coverage sums equal their shoelace areas")
    func polygonAreas() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20 {
            // Random convex polygon: sorted angles around a centre.
            let count = Int.random(in: 3...12, using: &rng)
            let center = SIMD2(Double.random(in: 20...44, using: &rng), Double.random(in: 20...44, using: &rng))
            let angles = (0..<count).map { _ in Double.random(in: 0..<(2 * .pi), using: &rng) }.sorted()
            let points = angles.map { a in center + Double.random(in: 5...18, using: &rng) * SIMD2(cos(a), sin(a)) }
            let mask = try renderPath(polygonPath(points), width: 64, height: 64)
            let exact = abs(shoelaceArea(points))
            // Byte rounding: at most 0.5/255 per edge pixel.
            #expect(abs(coveredArea(mask) - exact) < 0.05 + exact * 1e-4, "area \(coveredArea(mask)) vs \(exact)")
        }
    }

    @Test("a self-overlapping star: non-zero fills the centre, even-odd leaves it empty")
    func starRules() throws {
        // Pentagram: vertices every 144°, the centre pentagon has winding 2.
        let center = SIMD2(40.0, 40.0)
        let points = (0..<5).map { i -> SIMD2<Double> in
            let angle = -Double.pi / 2 + Double(i) * 4 * .pi / 5
            return center + 36 * SIMD2(cos(angle), sin(angle))
        }
        let nonZero = try renderPath(polygonPath(points), .fill(.nonZero), width: 80, height: 80)
        let evenOdd = try renderPath(polygonPath(points), .fill(.evenOdd), width: 80, height: 80)
        #expect(nonZero.pixels[40 * 80 + 40] == 255)
        #expect(evenOdd.pixels[40 * 80 + 40] == 0)
        // A point in one tip is inside under both rules.
        #expect(nonZero.pixels[10 * 80 + 40] == 255 && evenOdd.pixels[10 * 80 + 40] == 255)
        // Areas: the pentagram's tips plus (non-zero only) the inner pentagon, whose
        // circumradius is R·cos(72°)/cos(36°).
        let r = 36 * cos(0.4 * .pi) / cos(0.2 * .pi)
        let inner = 5.0 / 2 * r * r * sin(0.4 * .pi)
        let tips = nonZeroArea(points) - inner
        // Exact everywhere but in the pixels holding the inner pentagon's five corners, where
        // the rule is applied to the pixel's mean winding (as in every accumulating
        // rasterizer) rather than to each point: allow a quarter pixel for each.
        #expect(abs(coveredArea(nonZero) - (tips + inner)) < 1.25)
        #expect(abs(coveredArea(evenOdd) - tips) < 1.25)
    }

    /// The area with non-zero winding of a pentagram: the shoelace sum counts the inner
    /// pentagon twice.
    private func nonZeroArea(_ star: [SIMD2<Double>]) -> Double {
        let r = 36 * cos(0.4 * .pi) / cos(0.2 * .pi)
        let inner = 5.0 / 2 * r * r * sin(0.4 * .pi)
        return abs(shoelaceArea(star)) - inner
    }

    @Test("nested squares: a hole under even-odd either way, under non-zero only when reversed")
    func nestedSquares() throws {
        for reversedInner in [false, true] {
            var path = rectanglePath(x: 4, y: 4, width: 24, height: 24)
            path.append(rectanglePath(x: 10, y: 10, width: 12, height: 12, reversed: reversedInner))
            let nonZero = try renderPath(path, .fill(.nonZero), width: 32, height: 32)
            let evenOdd = try renderPath(path, .fill(.evenOdd), width: 32, height: 32)
            #expect(evenOdd.pixels[16 * 32 + 16] == 0)
            #expect(abs(coveredArea(evenOdd) - (576 - 144)) < 1e-9)
            #expect(nonZero.pixels[16 * 32 + 16] == (reversedInner ? 0 : 255))
            #expect(abs(coveredArea(nonZero) - (reversedInner ? 432 : 576)) < 1e-9)
        }
    }

    @Test("edges crossing several row bands of a wide mask are exact in every band")
    func rowBands() throws {
        // 1400 px wide: the accumulator works in bands of 46 rows, so 100 rows take three.
        let triangle: [SIMD2<Double>] = [[-5.5, -3.25], [1403.7, 47.9], [201.3, 103.6]]
        let rasterizer = VectorRasterizer()
        let mask = try rasterizer.mask(for: polygonPath(triangle), paint: .fill(.nonZero), width: 1400, height: 100)
        let exact = VectorOracleTests.exactCoverage(triangle, width: 1400, height: 100)
        #expect(VectorOracleTests.compare(mask: mask, oracle: exact).worst <= 0.5 + 1e-3)
        // The same rasterizer, reused at another size and back, gives the same bytes.
        _ = try rasterizer.mask(for: circlePath(center: [20, 20], radius: 9), paint: .fill(.evenOdd), width: 40, height: 40)
        #expect(try rasterizer.mask(for: polygonPath(triangle), paint: .fill(.nonZero), width: 1400, height: 100) == mask)
    }

    @Test("open subpaths are closed implicitly when filled")
    func implicitClose() throws {
        var open = VectorPath()
        open.move(to: [2, 2]); open.line(to: [14, 2]); open.line(to: [14, 14]); open.line(to: [2, 14])
        let closed = rectanglePath(x: 2, y: 2, width: 12, height: 12)
        #expect(try renderPath(open, width: 16, height: 16) == renderPath(closed, width: 16, height: 16))
    }
}
