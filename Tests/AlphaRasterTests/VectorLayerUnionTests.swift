import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// An icon's opaque layers cover the union of their shapes, each shape inside under its own
/// fill rule; translucent layers go over that union.
@Suite("Vector icons: union of opaque layers")
struct VectorLayerUnionTests {
    static func fill(_ points: [SIMD2<Double>], _ rule: FillRule, opacity: Double = 1) -> VectorIcon.Layer {
        VectorIcon.Layer(path: polygonPath(points), paint: .fill(rule), opacity: opacity)
    }

    /// Per pixel: the fraction of n × n sample points inside any of the shapes.
    static func unionOracle(_ shapes: [([SIMD2<Double>], FillRule)], side: Int, samples n: Int) -> [Double] {
        supersampledCoverage(shapes: shapes.map { ([$0.0], $0.1) }, width: side, height: side, samples: n)
    }

    @Test("opaque shapes meeting inside a pixel cover it fully: no seam")
    func noSeam() throws {
        // Two opaque rectangles meeting at x = 2.5, and a third meeting them at y = 3.5.
        let left = Self.fill([[0, 0], [2.5, 0], [2.5, 6], [0, 6]], .nonZero)
        let right = Self.fill([[2.5, 0], [6, 0], [6, 3.5], [2.5, 3.5]], .evenOdd)
        let below = Self.fill([[2.5, 3.5], [6, 3.5], [6, 6], [2.5, 6]], .nonZero)
        let icon = VectorIcon(width: 6, height: 6, layers: [left, right, below])
        let mask = try AlphaMask(icon: icon, box: IconBox(width: 6, height: 6, scale: 1))
        #expect(mask.pixels.allSatisfy { $0 == 255 }, "\(mask.pixels)")
        // Painting them one over another would leave 191 (0.5 + 0.5 · 0.5) along the seams.
    }

    @Test("random opaque polygons with mixed fill rules match the point-sampled union")
    func randomUnion() throws {
        var rng = SplitMix64(seed: 42)
        let side = VectorOracleTests.side
        for _ in 0..<6 {
            var shapes: [([SIMD2<Double>], FillRule)] = []
            for k in 0..<3 {
                shapes.append((VectorOracleTests.simplePolygon(&rng), k % 2 == 0 ? .nonZero : .evenOdd))
            }
            // A self-intersecting star, where the two rules differ.
            let star = (0..<7).map { i -> SIMD2<Double> in
                let angle = 2 * Double.pi * Double(i * 3 % 7) / 7 + Double.random(in: 0..<1, using: &rng)
                return SIMD2(10, 10) + 7.3 * SIMD2(cos(angle), sin(angle))
            }
            shapes.append((star, Bool.random(using: &rng) ? .nonZero : .evenOdd))
            let icon = VectorIcon(
                width: Double(side), height: Double(side), layers: shapes.map { Self.fill($0.0, $0.1) })
            let mask = try AlphaMask(icon: icon, box: IconBox(width: Double(side), height: Double(side), scale: 1))
            let oracle = Self.unionOracle(shapes, side: side, samples: 32)
            let errors = zip(mask.pixels, oracle).map { abs(Double($0) - $1 * 255) }
            // 32² samples resolve a pixel's area to about 1/1024 per crossing edge.
            #expect(errors.max()! <= 6, "worst \(errors.max()!)")
            #expect(errors.reduce(0, +) / Double(errors.count) < 0.5)
        }
    }

    @Test("opaque rectangles reaching or crossing the canvas's sides are cut to it, their union exact")
    func unionAtTheSides() throws {
        // An upright and a bar overlapping it that ends short of, at or past the right side;
        // then the same mirrored (the left side) and transposed (the bottom and the top).
        // Before the right side kept the parts of edges beyond it, the bar's two rows came out
        // 0 and 255 instead of 191 and 128: the horizontal edge along its top, known only by
        // the ends of the edges it joins, lost its right end.
        typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)
        func overlap(_ a: Box, _ b: Box) -> Box? {
            let r = (x0: max(a.x0, b.x0), y0: max(a.y0, b.y0), x1: min(a.x1, b.x1), y1: min(a.y1, b.y1))
            return r.x0 < r.x1 && r.y0 < r.y1 ? r : nil
        }
        func area(_ b: Box?) -> Double { b.map { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) } ?? 0 }
        let side = 16
        for end in [15.9, 16, 16.5, 40] {
            let upright: Box = (3, 3, 4, 8), bar: Box = (3.5, 5.25, end, 6.5)
            for variant in 0..<4 {
                // Mirrored about x = 8 (variants 1, 3), then transposed (2, 3).
                func placed(_ b: Box) -> Box {
                    let m: Box = variant % 2 == 1 ? (Double(side) - b.x1, b.y0, Double(side) - b.x0, b.y1) : b
                    return variant >= 2 ? (m.y0, m.x0, m.y1, m.x1) : m
                }
                let a = placed(upright), b = placed(bar)
                let expected = (0..<(side * side)).map { i -> Double in
                    let pixel: Box = (Double(i % side), Double(i / side), Double(i % side + 1), Double(i / side + 1))
                    let inA = overlap(a, pixel), inB = overlap(b, pixel)
                    return area(inA) + area(inB) - area(inA.flatMap { overlap($0, b) })
                }
                func corners(_ r: Box) -> [SIMD2<Double>] { [[r.x0, r.y0], [r.x1, r.y0], [r.x1, r.y1], [r.x0, r.y1]] }
                let box = IconBox(width: Double(side), height: Double(side), scale: 1)
                // As two layers, and as one path of two subpaths under each rule.
                let twoLayers = VectorIcon(
                    width: Double(side), height: Double(side), layers: [Self.fill(corners(a), .nonZero), Self.fill(corners(b), .nonZero)])
                var both = polygonPath(corners(a))
                both.append(polygonPath(corners(b)))
                let onePath = VectorIcon(width: Double(side), height: Double(side), layers: [
                    VectorIcon.Layer(path: both, paint: .fill(.nonZero), opacity: 1)])
                for icon in [twoLayers, onePath] {
                    let mask = try AlphaMask(icon: icon, box: box)
                    let worst = zip(mask.pixels, expected).map { abs(Double($0) - $1 * 255) }.max()!
                    #expect(worst <= 1, "bar to \(end), variant \(variant), \(icon.layers.count) layer(s): a byte \(worst) off")
                }
            }
        }
    }

    @Test("translucent layers of one opacity group and opacity are one shape, composited once")
    func opacityGroups() throws {
        // Two overlapping squares at 0.35: in one group the overlap is the group's 0.35 (SVG's
        // group opacity); apart, or in one group at two opacities, each goes over the other.
        let a: [SIMD2<Double>] = [[2, 2], [10, 2], [10, 10], [2, 10]]
        let b: [SIMD2<Double>] = [[6, 6], [14, 6], [14, 14], [6, 14]]
        let box = IconBox(width: 16, height: 16, scale: 1)
        func mask(_ groups: (Int?, Int?), _ opacities: (Double, Double)) throws -> AlphaMask {
            var first = Self.fill(a, .nonZero, opacity: opacities.0), second = Self.fill(b, .evenOdd, opacity: opacities.1)
            first.opacityGroup = groups.0
            second.opacityGroup = groups.1
            return try AlphaMask(icon: VectorIcon(width: 16, height: 16, layers: [first, second]), box: box)
        }
        func at(_ mask: AlphaMask, _ x: Int, _ y: Int) -> UInt8 { mask.pixels[y * 16 + x] }
        let o = 0.35, alone = UInt8((255 * o).rounded()), over = UInt8((255 * (1 - (1 - o) * (1 - o))).rounded())
        let grouped = try mask((7, 7), (o, o))
        #expect(at(grouped, 3, 3) == alone && at(grouped, 8, 8) == alone && at(grouped, 12, 12) == alone)
        #expect(grouped.pixels.allSatisfy { $0 == 0 || $0 == alone })
        // The same shape as one path of both squares at that opacity.
        var both = polygonPath(a)
        both.append(polygonPath(b))
        let onePath = try AlphaMask(icon: VectorIcon(width: 16, height: 16, layers: [
            VectorIcon.Layer(path: both, paint: .fill(.nonZero), opacity: o)]), box: box)
        #expect(grouped == onePath)
        for (groups, opacities) in [((nil, nil), (o, o)), ((7, 8), (o, o)), ((7, nil), (o, o))] as [((Int?, Int?), (Double, Double))] {
            let apart = try mask(groups, opacities)
            #expect(at(apart, 8, 8) == over && at(apart, 3, 3) == alone, "\(groups)")
        }
        let twoOpacities = try mask((7, 7), (o, 0.5))
        #expect(at(twoOpacities, 8, 8) == UInt8((255 * (1 - (1 - o) * 0.5)).rounded()))
    }

    @Test("translucent layers go over the opaque union, in any order")
    func translucentOverUnion() throws {
        let a: [SIMD2<Double>] = [[1.3, 1.7], [11.2, 2.4], [9.6, 12.5]]
        let b: [SIMD2<Double>] = [[4.4, 3.1], [18.5, 6.2], [14.8, 17.9], [3.9, 15.2]]
        let c: [SIMD2<Double>] = [[6.2, 0.6], [19.1, 11.7], [2.3, 19.4]]
        let layers = [Self.fill(a, .nonZero), Self.fill(c, .nonZero, opacity: 0.4), Self.fill(b, .evenOdd)]
        let side = 20
        let box = IconBox(width: 20, height: 20, scale: 1)
        let mask = try AlphaMask(icon: VectorIcon(width: 20, height: 20, layers: layers), box: box)
        let reordered = try AlphaMask(icon: VectorIcon(width: 20, height: 20, layers: layers.reversed()), box: box)
        #expect(mask == reordered)
        let union = Self.unionOracle([(a, .nonZero), (b, .evenOdd)], side: side, samples: 32)
        let over = Self.unionOracle([(c, .nonZero)], side: side, samples: 32)
        let expected = zip(union, over).map { u, v in u + 0.4 * v * (1 - u) }
        let errors = zip(mask.pixels, expected).map { abs(Double($0) - $1 * 255) }
        #expect(errors.max()! <= 6, "worst \(errors.max()!)")
    }
}
