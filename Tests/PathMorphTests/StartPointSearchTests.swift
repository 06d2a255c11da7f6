import AlphaRaster
import Testing
import Foundation
import _TestSupport
@testable import PathMorph

/// The chosen start point and direction against a brute-force minimum.
struct StartPointSearchTests {
    /// A random star-shaped contour of `n` line curves around `centre`, clockwise.
    static func randomContour(_ n: Int, centre: SIMD2<Double>, random: inout SplitMix64) -> PathContour {
        let points = (0..<n).map { k -> SIMD2<Double> in
            let angle = (Double(k) + Double.random(in: 0..<1, using: &random) * 0.8) / Double(n) * 2 * .pi
            let radius = 10 + 20 * Double.random(in: 0..<1, using: &random)
            return centre + radius * SIMD2(cos(angle), sin(angle))
        }
        return PathContour(start: points[0], curves: (0..<n).map { PathContour.Curve(lineFrom: points[$0], to: points[($0 + 1) % n]) })
    }

    /// Σ |aᵢ − bᵢ|² over the nodes, straight from the definition.
    static func travel(_ a: PathContour, _ b: PathContour) -> Double {
        zip(a.nodes, b.nodes).map { d in let v = d.0 - d.1; return (v * v).sum() }.reduce(0, +)
    }

    @Test func choiceIsTheBruteForceMinimum() {
        var random = SplitMix64(seed: 16)
        for trial in 0..<300 {
            let n = 3 + trial % 6
            let a = Self.randomContour(n, centre: SIMD2(60, 60), random: &random)
            var b = Self.randomContour(n, centre: SIMD2(60 + 20 * Double.random(in: 0..<1, using: &random), 60), random: &random)
            if trial % 2 == 1 { b = b.reversed() } // drawn the other way round
            let choice = StartPointSearch.best(a, b)
            // Every rotation, the target running as it is: reversed, it would fill otherwise.
            var minimum = Double.infinity
            for k in 0..<n { minimum = min(minimum, Self.travel(a, b.rotated(by: k))) }
            let chosen = StartPointSearch.apply(choice, to: b)
            #expect(abs(Self.travel(a, chosen) - minimum) <= 1e-9 * max(1, minimum), "trial \(trial)")
            #expect((chosen.signedArea > 0) == (b.signedArea > 0), "the target's winding is kept")
        }
    }

    @Test func bothDirectionsWhenTheTargetHasNoArea() {
        // A flat contour (a line there and back) has no winding to keep.
        let flat = PathContour(start: SIMD2(0, 0), curves: [
            .init(lineFrom: SIMD2(0, 0), to: SIMD2(10, 0)), .init(lineFrom: SIMD2(10, 0), to: SIMD2(0, 0)),
        ])
        #expect(StartPointSearch.directions(for: flat.reversed()) == [false, true])
        // A target with area keeps its direction (its fill), whatever the source.
        let square = PathContour(start: SIMD2(0, 0), curves: [
            .init(lineFrom: SIMD2(0, 0), to: SIMD2(10, 0)), .init(lineFrom: SIMD2(10, 0), to: SIMD2(10, 10)),
            .init(lineFrom: SIMD2(10, 10), to: SIMD2(0, 10)), .init(lineFrom: SIMD2(0, 10), to: SIMD2(0, 0)),
        ])
        #expect(StartPointSearch.directions(for: square) == [false])
        #expect(StartPointSearch.directions(for: square.reversed()) == [false])
        #expect(StartPointSearch.directions(for: flat) == [false, true])
        // A figure-eight's lobes cancel to a rounding error, which is no area.
        let eight = PathContour(start: SIMD2(0, 0), curves: [
            .init(lineFrom: SIMD2(0, 0), to: SIMD2(10, 10)), .init(lineFrom: SIMD2(10, 10), to: SIMD2(10, 0)),
            .init(lineFrom: SIMD2(10, 0), to: SIMD2(0, 10)), .init(lineFrom: SIMD2(0, 10), to: SIMD2(0, 0)),
        ])
        #expect(StartPointSearch.hasNoArea(eight) && !StartPointSearch.hasNoArea(square))
        #expect(StartPointSearch.directions(for: eight) == [false, true])
    }

    @Test func aSquareDrawnBackwardsFromAnotherCornerMatchesWithoutTravel() throws {
        // Non-zero: the same square anticlockwise from its third corner fills the same; after
        // orientation and the search its nodes land on the source's.
        let source = icon(rectangle(4, 4, 16, 16))
        let target = icon(polygon([SIMD2(20, 20), SIMD2(20, 4), SIMD2(4, 4), SIMD2(4, 20)]))
        let morph = try PathMorph(from: source, to: target, layout: iconLayout)
        #expect(morph.source.count == 1)
        #expect(morph.source[0].nodes == morph.target[0].nodes)
        #expect(try morph.mask(at: 0.5) == AlphaMask(icon: source, layout: iconLayout))
    }
}
