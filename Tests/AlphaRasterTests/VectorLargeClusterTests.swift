#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Testing) @testable import AlphaRaster
import Testing

/// Rows whose edges form large clusters (dense polylines, scribbles, stacked shapes) are cut
/// into strips that walk only their live edges (`CoverageAccumulator.accumulateLargeCluster`);
/// the masks are those of the way that walks every edge of the cluster in every strip, but
/// for rounding, and the work counted falls from the product of ends and edges.
@Suite("Vector icons: rows of many edges")
struct VectorLargeClusterTests {
    /// A closed polyline of `count` points around (12, 12) whose radius wobbles quickly: a
    /// dense outline with few live edges at any height but thousands in a row.
    static func wobblyCircle(_ count: Int, wobble: Double = 0.05) -> [SIMD2<Double>] {
        (0..<count).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(count), radius = 10 * (1 + wobble * sin(Double(i) * 0.37))
            return SIMD2(12 + radius * cos(angle), 12 + radius * sin(angle))
        }
    }

    /// Random points in a disc, joined in order: a scribble that crosses itself everywhere.
    static func scribble(_ count: Int, _ rng: inout SplitMix64) -> [SIMD2<Double>] {
        (0..<count).map { _ in
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng), radius = 10 * Double.random(in: 0...1, using: &rng).squareRoot()
            return SIMD2(12 + radius * cos(angle), 12 + radius * sin(angle))
        }
    }

    static func mask(_ layers: [VectorIcon.Layer], largeClusterEdges: Int, side: Int = 48) throws -> (mask: AlphaMask, work: Int) {
        let rasterizer = VectorRasterizer()
        rasterizer.largeClusterEdges = largeClusterEdges
        let icon = VectorIcon(width: 24, height: 24, layers: layers)
        let mask = try rasterizer.mask(for: icon, in: IconBox(width: 24, height: 24, scale: Double(side) / 24))
        return (mask, rasterizer.lastWork)
    }

    /// Every cluster on either way (0: every cluster walks only its live edges; `Int.max`:
    /// none does), for dense outlines, scribbles under both rules, stacked and overlapping
    /// shapes, and a translucent layer: every byte within 1, nearly all equal.
    @Test func bothWaysDrawTheSameMasks() throws {
        var rng = SplitMix64(seed: 41)
        var icons: [[VectorIcon.Layer]] = [
            [VectorIcon.Layer(path: polygonPath(Self.wobblyCircle(3_000)), paint: .fill(.nonZero))],
            [VectorIcon.Layer(path: polygonPath(Self.wobblyCircle(2_000, wobble: 0.3)), paint: .fill(.evenOdd))],
            VectorWorkBudgetTests.stripLayers(60),
        ]
        for rule in FillRule.allCases {
            icons.append([VectorIcon.Layer(path: polygonPath(Self.scribble(400, &rng)), paint: .fill(rule))])
        }
        // Two scribbles, one of them translucent, and a wobbly ring (a hole) under both.
        var ring = polygonPath(Self.wobblyCircle(1_500))
        for p in Self.wobblyCircle(900, wobble: 0.1).reversed().enumerated() {
            let inner = SIMD2(12, 12) + (p.element - SIMD2(12, 12)) * 0.5
            if p.offset == 0 { ring.move(to: inner) } else { ring.line(to: inner) }
        }
        ring.close()
        icons.append([
            VectorIcon.Layer(path: ring, paint: .fill(.nonZero)),
            VectorIcon.Layer(path: polygonPath(Self.scribble(300, &rng)), paint: .fill(.evenOdd), opacity: 0.5),
            VectorIcon.Layer(path: polygonPath(Self.scribble(300, &rng)), paint: .fill(.nonZero)),
        ])
        for (index, layers) in icons.enumerated() {
            let (every, _) = try Self.mask(layers, largeClusterEdges: .max)
            for threshold in [0, CoverageAccumulator.largeClusterEdges] {
                let (live, _) = try Self.mask(layers, largeClusterEdges: threshold)
                let differences = zip(every.pixels, live.pixels).map { abs(Int($0) - Int($1)) }
                #expect(differences.max() ?? 0 <= 1, "icon \(index), threshold \(threshold): \(differences.max() ?? 0)")
                #expect(differences.filter { $0 != 0 }.count * 1000 <= differences.count, "icon \(index), threshold \(threshold)")
            }
            #expect(every.pixels.contains { $0 > 0 && $0 < 255 }, "icon \(index) draws nothing partial")
        }
    }

    /// A dense simple polygon against exact per-pixel clipping: within a level at every
    /// pixel, as the sparse ones of `VectorOracleTests`.
    @Test func aDensePolygonIsExact() throws {
        let polygon = Self.wobblyCircle(4_000, wobble: 0.02).map { $0 * (20.0 / 24) }
        let rasterizer = VectorRasterizer()
        rasterizer.largeClusterEdges = 0
        let mask = try rasterizer.mask(for: polygonPath(polygon), paint: .fill(.nonZero), width: 20, height: 20)
        let (worst, mean) = VectorOracleTests.compare(mask: mask, oracle: VectorOracleTests.exactCoverage(polygon, width: 20, height: 20))
        #expect(worst <= 1, "worst \(worst)")
        #expect(mean < 0.3, "mean \(mean)")
    }

    /// The work counted for a dense outline: each strip costs its live edges instead of its
    /// cluster's: a sixth here (59 against 376 million units, 40,000 points at 48 px; the
    /// rows across the circle's top and bottom, where hundreds of edges span the row, still
    /// cost their ends times their live edges).
    @Test func denseOutlinesCostTheirLiveEdges() throws {
        let layers = [VectorIcon.Layer(path: polygonPath(Self.wobblyCircle(40_000)), paint: .fill(.nonZero))]
        let (every, everyWork) = try Self.mask(layers, largeClusterEdges: .max, side: 48)
        let (live, liveWork) = try Self.mask(layers, largeClusterEdges: CoverageAccumulator.largeClusterEdges, side: 48)
        #expect(live.pixels == every.pixels)
        #expect(liveWork * 4 < everyWork, "\(liveWork) against \(everyWork)")
    }
}
