import AlphaRaster
import Foundation
import Testing
@testable import PathMorph

/// Added nodes change neither the shape nor the rasterizer's polygon of it.
struct NodeBalancingTests {
    static let blob = PathContour(start: SIMD2(20, 30), curves: [
        .init(control1: SIMD2(40, 5), control2: SIMD2(90, 10), end: SIMD2(110, 40)),
        .init(lineFrom: SIMD2(110, 40), to: SIMD2(100, 100)),
        .init(control1: SIMD2(80, 130), control2: SIMD2(30, 120), end: SIMD2(25, 90)),
        .init(control1: SIMD2(22, 70), control2: SIMD2(18, 50), end: SIMD2(20, 30)),
    ])

    @Test(arguments: [5, 6, 9, 17, 40, 200])
    func balancedContourDrawsTheSameMask(_ count: Int) throws {
        let balanced = NodeBalancing.balanced(Self.blob, to: count, tolerance: VectorRasterizer.defaultTolerance)
        #expect(balanced.curves.count == count)
        let rasterizer = VectorRasterizer()
        let before = try rasterizer.mask(forPixelPath: PathMorph.path(of: [Self.blob]), rule: .nonZero, in: iconLayout)
        let after = try rasterizer.mask(forPixelPath: PathMorph.path(of: [balanced]), rule: .nonZero, in: iconLayout)
        #expect(difference(before, after).count == 0, "\(difference(before, after))")
        #expect(abs(balanced.signedArea - Self.blob.signedArea) < 1e-6 * Self.blob.signedArea)
    }

    /// A circle of four arcs paired with the same circle as a 400-gon: past the ~176 nodes
    /// the arcs can take without moving the rasterizer's polygon, the rest are curves of length
    /// zero, and spread round the circle they keep the frame between a circle (they all went
    /// after one arc, and the circle swelled into two lobes mid-morph, 224 nodes there).
    @Test func nodesThatDrawNothingKeepACircleRound() throws {
        let k = 0.5522847498 * 10
        var arcs = VectorPath()
        arcs.move(to: SIMD2(22, 12))
        arcs.cubic(control1: SIMD2(22, 12 + k), control2: SIMD2(12 + k, 22), to: SIMD2(12, 22))
        arcs.cubic(control1: SIMD2(12 - k, 22), control2: SIMD2(2, 12 + k), to: SIMD2(2, 12))
        arcs.cubic(control1: SIMD2(2, 12 - k), control2: SIMD2(12 - k, 2), to: SIMD2(12, 2))
        arcs.cubic(control1: SIMD2(12 + k, 2), control2: SIMD2(22, 12 - k), to: SIMD2(22, 12))
        arcs.close()
        let gon = polygon((0..<400).map { i in
            let a = 2 * Double.pi * Double(i) / 400
            return SIMD2(12 + 10 * cos(a), 12 + 10 * sin(a))
        })
        let morph = try PathMorph(from: icon(arcs), to: icon(gon), layout: iconLayout)
        let ends = morph.contours(at: 0)[0].nodes
        let centre = ends.reduce(SIMD2<Double>(), +) / Double(ends.count)
        let radius = ends.map { length($0 - centre) }.reduce(0, +) / Double(ends.count)
        for p in [0.25, 0.5, 0.75] {
            let farthest = morph.contours(at: p)[0].nodes.map { abs(length($0 - centre) - radius) }.max()!
            // Chords of the 400-gon and of ~1 px pieces lie within a few hundredths of a pixel.
            #expect(farthest < 0.1, "p = \(p): a node \(farthest) px off the circle of radius \(radius)")
        }
    }

    @Test func extraNodesAreSpreadByLength() {
        let lengths = [10.0, 0, 30, 20, 40]
        for extra in [1, 3, 7, 100, 101] {
            let counts = NodeBalancing.spread(extra, over: lengths)
            #expect(counts.values.reduce(0, +) == extra)
            for (index, length) in lengths.enumerated() {
                let share = Double(extra) * length / 100
                #expect(abs(Double(counts[index] ?? 0) - share) < 1, "\(extra): piece \(index) got \(counts[index] ?? 0) of \(share)")
            }
        }
        #expect(NodeBalancing.spread(3, over: [0, 0]) == [0: 3])
    }

    @Test func cutsGoWhereTheArcIsLongest() {
        // A long straight side and three short ones: the first added nodes all go to the long side.
        let contour = PathContour(start: SIMD2(0, 0), curves: [
            .init(lineFrom: SIMD2(0, 0), to: SIMD2(100, 0)),
            .init(lineFrom: SIMD2(100, 0), to: SIMD2(100, 10)),
            .init(lineFrom: SIMD2(100, 10), to: SIMD2(0, 10)),
            .init(lineFrom: SIMD2(0, 10), to: SIMD2(0, 0)),
        ])
        let balanced = NodeBalancing.balanced(contour, to: 7, tolerance: 0.01)
        // 100 → 50 + 50 → 25 × 4 (the 100-long side and the other 100-long side alternate).
        let lengths = zip([balanced.start] + balanced.nodes.dropFirst(), balanced.curves).map { length($1.end - $0) }
        #expect(lengths.max()! <= 50 + 1e-9)
        func has(_ p: SIMD2<Double>) -> Bool { balanced.nodes.contains { length($0 - p) < 1e-9 } }
        #expect(has(SIMD2(50, 0)) && has(SIMD2(50, 10)), "\(balanced.nodes)")
    }

    @Test func oneChordCurvesGetZeroLengthCurves() throws {
        // A tiny curved triangle: every curve is one chord, so nothing can be cut.
        let tiny = PathContour(start: SIMD2(30, 30), curves: [
            .init(control1: SIMD2(30.3, 29.99), control2: SIMD2(30.6, 29.99), end: SIMD2(31, 30)),
            .init(control1: SIMD2(31, 30.3), control2: SIMD2(31, 30.6), end: SIMD2(31, 31)),
            .init(control1: SIMD2(30.6, 30.6), control2: SIMD2(30.3, 30.3), end: SIMD2(30, 30)),
        ])
        let balanced = NodeBalancing.balanced(tiny, to: 8, tolerance: 0.01)
        #expect(balanced.curves.count == 8)
        let rasterizer = VectorRasterizer()
        let before = try rasterizer.mask(forPixelPath: PathMorph.path(of: [tiny]), rule: .nonZero, in: iconLayout)
        let after = try rasterizer.mask(forPixelPath: PathMorph.path(of: [balanced]), rule: .nonZero, in: iconLayout)
        #expect(before == after)
    }
}
