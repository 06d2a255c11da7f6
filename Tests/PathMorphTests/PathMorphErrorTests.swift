import AlphaRaster
import Foundation
import Testing
@testable import PathMorph

/// Inputs a path morph cannot take get errors that name the icon and the reason.
struct PathMorphErrorTests {
    static let square = icon(rectangle(4, 4, 16, 16))

    @Test func translucentLayerIsRefused() {
        var faded = Self.square
        faded.layers.append(VectorIcon.Layer(path: rectangle(2, 2, 4, 4), paint: .fill(.nonZero), opacity: 0.5))
        #expect(throws: PathMorphError.translucentLayer(.target, layer: 2, opacity: 0.5)) {
            try PathMorph(from: Self.square, to: faded, layout: iconLayout)
        }
        let message = "\(PathMorphError.translucentLayer(.target, layer: 2, opacity: 0.5))"
        #expect(message == "the target icon: layer 2 has opacity 0.5; a path morph needs opaque shapes")
    }

    @Test func contoursBeyondTheRasterizersRangeAreRefused() throws {
        // contours(at:) extrapolated far out (documented to extrapolate) fed back in: points
        // whose matching costs would overflow to infinity, where the matching never ended.
        let star = try PathMorph(from: Self.square, to: Self.square, layout: iconLayout)
        for v in [1e160, .infinity, -.infinity, .nan] {
            let wild = PathContour(start: [v, 1], curves: [
                .init(lineFrom: [v, 1], to: [-v, 5]), .init(lineFrom: [-v, 5], to: [1, v]), .init(lineFrom: [1, v], to: [v, 1]),
            ])
            #expect(throws: PathMorphError.invalidPoint(.source, contour: 1)) {
                try PathMorph(from: star.source + [wild], to: Self.square, layout: iconLayout)
            }
        }
        // Up to the limit, a point far out is matched as any other.
        let far = PathContour(start: [1e90, 1], curves: [.init(lineFrom: [1e90, 1], to: [1, 1e90]), .init(lineFrom: [1, 1e90], to: [1e90, 1])])
        _ = try PathMorph(from: [far], to: Self.square, layout: iconLayout)
    }

    /// Non-finite progress gives finite contours: NaN and −∞ the source, +∞ the target (at
    /// ∞ the extrapolation gave NaN points, which no SVG reader takes as path data).
    @Test func nonFiniteProgressGivesTheEnds() throws {
        let other = icon(rectangle(2, 6, 10, 12))
        let morph = try PathMorph(from: Self.square, to: other, layout: iconLayout)
        #expect(morph.contours(at: .nan) == morph.contours(at: 0))
        #expect(morph.contours(at: -.infinity) == morph.contours(at: 0))
        #expect(morph.contours(at: .infinity) == morph.contours(at: 1))
        #expect(!PathContour.svgPathData(morph.contours(at: .infinity)).contains("nan"))
    }

    @Test func invisibleLayersAreLeftOut() throws {
        var hidden = Self.square
        hidden.layers.append(VectorIcon.Layer(path: rectangle(2, 2, 4, 4), paint: .fill(.nonZero), opacity: 0))
        let morph = try PathMorph(from: hidden, to: Self.square, layout: iconLayout)
        #expect(morph.source.count == 1)
    }

    @Test func emptyIconIsRefused() {
        var empty = VectorPath()
        empty.move(to: SIMD2(3, 3))
        #expect(throws: PathMorphError.emptyIcon(.source)) {
            try PathMorph(from: icon(empty), to: Self.square, layout: iconLayout)
        }
        #expect(throws: PathMorphError.emptyIcon(.target)) {
            try PathMorph(from: Self.square, to: VectorIcon(width: 24, height: 24, layers: []), layout: iconLayout)
        }
    }

    @Test func tooManyContoursIsRefused() {
        var dots = VectorPath()
        for i in 0..<(PathMorph.maximumContours + 1) {
            dots.append(rectangle(Double(i % 20), Double(i / 20), 0.5, 0.5))
        }
        #expect(throws: PathMorphError.tooManyContours(.source, count: PathMorph.maximumContours + 1, limit: PathMorph.maximumContours)) {
            try PathMorph(from: icon(dots), to: Self.square, layout: iconLayout)
        }
        // Counted in full, across layers, though the matching stops at the limit (300 dots, one
        // layer each, were said to be 257).
        let layers = (0..<300).map { i in
            VectorIcon.Layer(path: rectangle(Double(i % 20), Double(i / 20), 0.5, 0.5), paint: .fill(.nonZero))
        }
        #expect(throws: PathMorphError.tooManyContours(.target, count: 300, limit: PathMorph.maximumContours)) {
            try PathMorph(from: Self.square, to: VectorIcon(width: 24, height: 24, layers: layers), layout: iconLayout)
        }
    }

    @Test func hugeOutlinesAreRefusedQuickly() {
        // One polygon of 300 000 points: past the curve limit, refused before any search.
        let n = 300_000
        let points = (0..<n).map { k -> SIMD2<Double> in
            let a = Double(k) / Double(n) * 2 * .pi
            return SIMD2(12 + 8 * cos(a), 12 + 8 * sin(a))
        }
        #expect(throws: PathMorphError.self) {
            try PathMorph(from: icon(polygon(points)), to: Self.square, layout: iconLayout)
        }
    }

    @Test func invalidIconNamesTheIcon() {
        let bad = VectorIcon(width: 0, height: 24, layers: Self.square.layers)
        #expect {
            try PathMorph(from: Self.square, to: bad, layout: iconLayout)
        } throws: { error in
            guard case .invalidIcon(.target, _)? = error as? PathMorphError else { return false }
            return "\(error)".hasPrefix("the target icon: ")
        }
    }
}
