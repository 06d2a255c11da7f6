import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

/// Metaball frames of icons with translucent layers (`AlphaMask.opaqueCoverage`): the shape
/// melted from the opaque coverages C, scaled by o = 1 − V_D / V_C (D = C − A), checked
/// against the same math in double precision.
@Suite struct TranslucentLayerTests {
    /// A mask of discs (C) whose pixels A are C at `opacity` inside a random rectangle, so
    /// the translucent part has both flat insides and anti-aliased rims.
    static func layered(width: Int, height: Int, opacity: Double, using rng: inout SplitMix64) throws -> AlphaMask {
        let shape = TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
        let x0 = Int.random(in: 0...width / 2, using: &rng), y0 = Int.random(in: 0...height / 2, using: &rng)
        let x1 = Int.random(in: x0...width, using: &rng), y1 = Int.random(in: y0...height, using: &rng)
        var pixels = shape.pixels
        for y in y0..<y1 {
            for x in x0..<x1 { pixels[y * width + x] = UInt8((Double(pixels[y * width + x]) * opacity).rounded()) }
        }
        return try AlphaMask(width: width, height: height, pixels: pixels, opaqueCoverage: shape.pixels)
    }

    /// The frame's alpha bytes (unrounded) in double precision, for an opaque tint: the
    /// shape's coverage byte round(255 · α) from the opaque coverages, times o.
    static func reference(
        source: AlphaMask, target: AlphaMask, captured: (values: [Float], translucency: [Float]?, weight: Double, radius: Double)?,
        progress p: Double, style: MorphStyle
    ) -> [Double] {
        let width = source.width, height = source.height
        let sourceShape = source.opaqueCoverage ?? source.pixels, targetShape = target.opaqueCoverage ?? target.pixels
        let shapeAlpha: [Double]
        let difference: [Double], shapeField: [Double]
        let e = ReferenceMorph.eased(p, style.easing)
        let weights = ReferenceMorph.weights(radius: ReferenceMorph.radius(progress: p, style: style))
        func differences(_ mask: AlphaMask) -> [Double] {
            (mask.opaqueCoverage ?? mask.pixels).indices.map { Double((mask.opaqueCoverage ?? mask.pixels)[$0]) - Double(mask.pixels[$0]) }
        }
        let ds = differences(source), dt = differences(target)
        var mixedDifference = ds.indices.map { (1 - e) * ds[$0] / 255 + e * dt[$0] / 255 }
        if let captured {
            shapeAlpha = ReferenceThreeWayMorph.alpha(
                source: sourceShape, target: targetShape, captured: captured.values, weight: captured.weight, width: width,
                height: height, progress: p, style: style,
                rampRadius: (pow(ReferenceMorph.radius(progress: p, style: style), 2)
                    + captured.weight * pow(captured.radius, 2)).squareRoot())
            shapeField = ReferenceThreeWayMorph.field(
                source: sourceShape, target: targetShape, captured: captured.values, weight: captured.weight, width: width,
                height: height, progress: p, style: style)
            mixedDifference = mixedDifference.indices.map {
                (1 - captured.weight) * mixedDifference[$0] + captured.weight * Double(captured.translucency?[$0] ?? 0)
            }
        } else {
            shapeAlpha = ReferenceMorph.alpha(source: sourceShape, target: targetShape, width: width, height: height, progress: p, style: style)
            shapeField = ReferenceMorph.field(source: sourceShape, target: targetShape, width: width, height: height, progress: p, style: style)
        }
        difference = ReferenceMorph.separableBlur(mixedDifference, width: width, height: height, weights: weights)
        return shapeAlpha.indices.map { i in
            let o = shapeField[i] > 0 ? min(1, max(0, 1 - difference[i] / shapeField[i])) : 1
            return shapeAlpha[i].rounded() * o
        }
    }

    /// How many bytes of `got` are more than 1 off round(`expected`).
    static func offByMoreThanOne(_ got: [UInt8], _ expected: [Double]) -> Int {
        got.indices.filter { abs(Int(got[$0]) - Int(expected[$0].rounded())) > 1 }.count
    }

    static func alpha(_ renderer: MorphRenderer, _ frame: MorphFrame) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        try out.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: .alpha8) }
        return out
    }

    static let styles: [MorphStyle] = [
        MorphStyle(),
        MorphStyle(maxBlurRadius: 0),
        MorphStyle(maxBlurRadius: 5.5, blurLevels: 7, easing: .linear),
        MorphStyle(maxBlurRadius: 9, blurLevels: 9, threshold: 0.35, softness: 0.2),
        MorphStyle(maxBlurRadius: 4, threshold: 0.3),
    ]

    @Test("every byte within ±1 of the float64 reference, one thread and two, one icon layered or both")
    func matchesReference() throws {
        var rng = SplitMix64(seed: 0x7A5E_0001)
        for (width, height) in [(1, 1), (9, 1), (5, 5), (17, 3), (33, 20), (48, 48), (70, 41)] {
            for (index, style) in Self.styles.enumerated() {
                let source = try Self.layered(width: width, height: height, opacity: 0.35, using: &rng)
                let target = index % 2 == 0
                    ? try Self.layered(width: width, height: height, opacity: 0.6, using: &rng)
                    : TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
                for bands in [1, 2] {
                    let renderer = try MorphRenderer(width: width, height: height, style: style, bandCount: bands)
                    renderer.concurrentWorkThreshold = bands > 1 ? 0 : .max
                    for p in [0, 0.1, 0.3, 0.5, 0.77, 1] {
                        let got = try Self.alpha(renderer, MorphFrame(source: source, target: target, progress: p))
                        let expected = Self.reference(source: source, target: target, captured: nil, progress: p, style: style)
                        let bad = got.indices.filter { abs(Int(got[$0]) - Int(expected[$0].rounded())) > 1 }
                        #expect(bad.isEmpty, "\(bad.count) bytes off by more than 1, \(width)×\(height) p = \(p) \(style), \(bands) band(s); first at \(bad.first.map { "\($0): \(got[$0]) against \(expected[$0])" } ?? "")")
                    }
                }
            }
        }
    }

    @Test("rest frames give back each icon's pixels, translucent layers at their opacity")
    func restFramesAreTheIcons() throws {
        var rng = SplitMix64(seed: 0x7A5E_0002)
        let source = try Self.layered(width: 64, height: 64, opacity: 0.35, using: &rng)
        let target = try Self.layered(width: 64, height: 64, opacity: 0.5, using: &rng)
        let renderer = try MorphRenderer(width: 64, height: 64)
        for (p, mask) in [(0.0, source), (1.0, target)] {
            let got = try Self.alpha(renderer, MorphFrame(source: source, target: target, progress: p))
            let off = got.indices.filter { abs(Int(got[$0]) - Int(mask.pixels[$0])) > 1 }
            #expect(off.isEmpty, "p = \(p): \(off.count) pixels off the mask by more than 1")
            // The translucent insides are there, not cut at the threshold.
            #expect(got.contains { $0 > 60 && $0 < 100 })
        }
    }

    @Test("a captured frame keeps its opacity: captures match the reference fields, and frames mixing them in the reference")
    func capturedFramesKeepTheirOpacity() throws {
        var rng = SplitMix64(seed: 0x7A5E_0003)
        let size = 40
        let a = try Self.layered(width: size, height: size, opacity: 0.35, using: &rng)
        let b = TestMasks.random(width: size, height: size, kind: .discs, using: &rng)
        let c = try Self.layered(width: size, height: size, opacity: 0.7, using: &rng)
        for style in [MorphStyle(maxBlurRadius: 6, blurLevels: 7), MorphStyle(maxBlurRadius: 6, blurLevels: 7, softness: 0.1)] {
            let renderer = try MorphRenderer(width: size, height: size, style: style)
            let first = try renderer.captureField(of: MorphFrame(source: a, target: b, progress: 0.3))
            let translucency = try #require(first.translucency)
            let shapeField = ReferenceMorph.field(
                source: a.opaqueCoverage!, target: b.pixels, width: size, height: size, progress: 0.3, style: style)
            #expect(zip(first.values, shapeField).map { abs(Double($0) - $1) }.max()! < 1e-5)
            let e = ReferenceMorph.eased(0.3, style.easing)
            let mixedDifference = a.pixels.indices.map { (1 - e) * Double(a.opaqueCoverage![$0] - a.pixels[$0]) / 255 }
            let expected = ReferenceMorph.separableBlur(
                mixedDifference, width: size, height: size,
                weights: ReferenceMorph.weights(radius: ReferenceMorph.radius(progress: 0.3, style: style)))
            #expect(zip(translucency, expected).map { abs(Double($0) - $1) }.max()! < 1e-5)
            // The frame right after the capture (w = 1, no blur of its own) is the captured frame.
            let captured = try Self.alpha(renderer, MorphFrame(source: a, target: b, progress: 0.3))
            let resumed = try Self.alpha(renderer, MorphFrame(source: b, target: c, progress: 0, captured: first, capturedWeight: 1))
            #expect(zip(captured, resumed).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
            for (p, w) in [(0.1, 0.9), (0.35, 0.5), (0.8, 0.05), (1.0, 0.3)] {
                let got = try Self.alpha(renderer, MorphFrame(source: b, target: c, progress: p, captured: first, capturedWeight: w))
                let expected = Self.reference(
                    source: b, target: c, captured: (first.values, first.translucency, w, first.blurRadius), progress: p, style: style)
                let bad = TranslucentLayerTests.offByMoreThanOne(got, expected)
                #expect(bad == 0, "\(bad) bytes off by more than 1 at p = \(p), w = \(w), \(style.softness)")
            }
        }
    }

    @Test("a capture wrapped again with its translucency draws the same frames; bad translucency is refused")
    func wrappedCaptures() throws {
        var rng = SplitMix64(seed: 0x7A5E_0004)
        let size = 24
        let a = try Self.layered(width: size, height: size, opacity: 0.35, using: &rng)
        let b = TestMasks.random(width: size, height: size, kind: .discs, using: &rng)
        let renderer = try MorphRenderer(width: size, height: size, style: MorphStyle(maxBlurRadius: 5, blurLevels: 6))
        let captured = try renderer.captureField(of: MorphFrame(source: a, target: b, progress: 0.4))
        let translucency = try #require(captured.translucency)
        #expect(translucency.allSatisfy { $0 >= 0 && $0 <= 1 } && translucency.contains { $0 > 0 })
        let wrapped = try CapturedField(
            width: size, height: size, values: captured.values, blurRadius: captured.blurRadius, translucency: translucency)
        let bare = try CapturedField(width: size, height: size, values: captured.values, blurRadius: captured.blurRadius)
        let frame = { (field: CapturedField) in MorphFrame(source: b, target: a, progress: 0.2, captured: field, capturedWeight: 0.7) }
        #expect(try Self.alpha(renderer, frame(wrapped)) == Self.alpha(renderer, frame(captured)))
        #expect(try Self.alpha(renderer, frame(bare)) != Self.alpha(renderer, frame(captured)))
        for bad in [[Float](repeating: 0, count: 3), [Float](repeating: 1.5, count: size * size), [Float](repeating: .nan, count: size * size)] {
            #expect(throws: MorphError.self) {
                try CapturedField(width: size, height: size, values: captured.values, translucency: bad)
            }
        }
    }

    @Test("opaque coverage equal to the pixels is dropped; one below them counts as them; writing the pixels drops it")
    func opaqueCoverageRules() throws {
        let pixels: [UInt8] = [0, 90, 255, 30]
        #expect(try AlphaMask(width: 2, height: 2, pixels: pixels, opaqueCoverage: pixels).opaqueCoverage == nil)
        var mask = try AlphaMask(width: 2, height: 2, pixels: pixels, opaqueCoverage: [10, 80, 255, 255])
        #expect(mask.opaqueCoverage == [10, 90, 255, 255])
        #expect(throws: AlphaRasterError.self) { try AlphaMask(width: 2, height: 2, pixels: pixels, opaqueCoverage: [1]) }
        mask.withUnsafeMutablePixels { $0[0] = 1 }
        #expect(mask.opaqueCoverage == nil)
    }
}
