import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

/// The translucent-layer stage (`LayerOpacity`) at its edges: renderers reused across pairs,
/// captures of either kind, blurs wider than the canvas, the distance style, every format and
/// look, threads, and memory on thin canvases.
@Suite struct TranslucentLayerEdgeCaseTests {
    static func alpha(_ renderer: MorphRenderer, _ frame: MorphFrame, format: PixelFormat = .alpha8) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: renderer.width * renderer.height * format.bytesPerPixel)
        try out.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: format) }
        return out
    }

    @Test("one renderer over several pairs (layered, plain, layered again) draws what fresh renderers draw")
    func noStaleStateBetweenPairs() throws {
        var rng = SplitMix64(seed: 0xBEEF_0001)
        for (width, height) in [(1, 1), (9, 1), (1, 9), (17, 3), (48, 48), (70, 41)] {
            for style in [MorphStyle(), MorphStyle(maxBlurRadius: 9, blurLevels: 9, threshold: 0.35, softness: 0.2)] {
                let pairs: [(AlphaMask, AlphaMask)] = try (0..<4).map { i in
                    let a = try TranslucentLayerTests.layered(width: width, height: height, opacity: 0.3 + 0.1 * Double(i), using: &rng)
                    let b = i == 2 ? TestMasks.random(width: width, height: height, kind: .discs, using: &rng)
                        : try TranslucentLayerTests.layered(width: width, height: height, opacity: 0.6, using: &rng)
                    return i == 1 ? (TestMasks.random(width: width, height: height, kind: .discs, using: &rng), b) : (a, b)
                }
                let shared = try MorphRenderer(width: width, height: height, style: style)
                for round in 0..<2 {
                    for (s, t) in pairs {
                        for p in [0, 0.3, 0.6, 1] {
                            let got = try Self.alpha(shared, MorphFrame(source: s, target: t, progress: p))
                            let fresh = try Self.alpha(
                                MorphRenderer(width: width, height: height, style: style), MorphFrame(source: s, target: t, progress: p))
                            #expect(got == fresh, "\(width)×\(height) round \(round) p = \(p)")
                        }
                    }
                }
            }
        }
    }

    @Test("a captured field without translucency mixed into layered masks, and with it into plain masks, match the reference")
    func capturedKindsCross() throws {
        var rng = SplitMix64(seed: 0xBEEF_0002)
        let size = 36
        let style = MorphStyle(maxBlurRadius: 6, blurLevels: 7)
        let plainA = TestMasks.random(width: size, height: size, kind: .discs, using: &rng)
        let plainB = TestMasks.random(width: size, height: size, kind: .discs, using: &rng)
        let layeredA = try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.35, using: &rng)
        let layeredB = try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.5, using: &rng)
        let renderer = try MorphRenderer(width: size, height: size, style: style)
        let plainCapture = try renderer.captureField(of: MorphFrame(source: plainA, target: plainB, progress: 0.4))
        #expect(plainCapture.translucency == nil)
        let layeredCapture = try renderer.captureField(of: MorphFrame(source: layeredA, target: plainB, progress: 0.4))
        for (capture, s, t) in [(plainCapture, layeredA, layeredB), (layeredCapture, plainA, plainB)] {
            for (p, w) in [(0.2, 0.8), (0.6, 0.3)] {
                let got = try Self.alpha(renderer, MorphFrame(source: s, target: t, progress: p, captured: capture, capturedWeight: w))
                let expected = TranslucentLayerTests.reference(
                    source: s, target: t, captured: (capture.values, capture.translucency, w, capture.blurRadius), progress: p,
                    style: style)
                let bad = TranslucentLayerTests.offByMoreThanOne(got, expected)
                #expect(bad == 0, "\(bad) bytes off at p = \(p)")
            }
        }
    }

    @Test("a blur far wider than a thin canvas matches the reference")
    func hugeBlur() throws {
        var rng = SplitMix64(seed: 0xBEEF_0003)
        for (width, height) in [(3, 40), (40, 3), (1, 1), (2, 2)] {
            let style = MorphStyle(maxBlurRadius: 120, blurLevels: 5, easing: .linear)
            let s = try TranslucentLayerTests.layered(width: width, height: height, opacity: 0.35, using: &rng)
            let t = try TranslucentLayerTests.layered(width: width, height: height, opacity: 0.7, using: &rng)
            let renderer = try MorphRenderer(width: width, height: height, style: style)
            for p in [0, 0.25, 0.5, 1] {
                let got = try Self.alpha(renderer, MorphFrame(source: s, target: t, progress: p))
                let expected = TranslucentLayerTests.reference(source: s, target: t, captured: nil, progress: p, style: style)
                let bad = TranslucentLayerTests.offByMoreThanOne(got, expected)
                #expect(bad == 0, "\(width)×\(height) p = \(p): \(bad) bytes off")
            }
        }
    }

    @Test("the distance style ignores opaque coverage")
    func distanceIgnoresCoverage() throws {
        var rng = SplitMix64(seed: 0xBEEF_0004)
        let size = 40
        let s = try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.35, using: &rng)
        let t = try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.7, using: &rng)
        let s1 = try AlphaMask(width: size, height: size, pixels: s.pixels), t1 = try AlphaMask(width: size, height: size, pixels: t.pixels)
        let style = MorphStyle(field: .distance, maxBlurRadius: 6)
        for p in [0, 0.4, 1] {
            let a = try Self.alpha(MorphRenderer(width: size, height: size, style: style), MorphFrame(source: s, target: t, progress: p))
            let b = try Self.alpha(MorphRenderer(width: size, height: size, style: style), MorphFrame(source: s1, target: t1, progress: p))
            #expect(a == b)
        }
        let renderer = try MorphRenderer(width: size, height: size, style: style)
        let c1 = try renderer.captureField(of: MorphFrame(source: s, target: t, progress: 0.4))
        let c2 = try renderer.captureField(of: MorphFrame(source: s1, target: t1, progress: 0.4))
        #expect(c1.values == c2.values && c1.translucency == nil)
    }

    @Test("every format and look of a layered frame is the finish of its alpha8 coverage")
    func formatsAndLooks() throws {
        var rng = SplitMix64(seed: 0xBEEF_0005)
        let size = 33
        let s = try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.35, using: &rng)
        let t = try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.7, using: &rng)
        let looks = [
            MorphStyle(tint: TintColor(red: 200, green: 30, blue: 90, alpha: 128)),
            MorphStyle(tint: TintColor(red: 200, green: 30, blue: 90, alpha: 200), targetTint: TintColor(red: 0, green: 90, blue: 250, alpha: 60)),
            MorphStyle(tint: TintColor(red: 10, green: 30, blue: 90, alpha: 77), background: TintColor(red: 255, green: 255, blue: 255, alpha: 128)),
        ]
        for look in looks {
            let plainLook = MorphStyle(maxBlurRadius: look.maxBlurRadius)
            for p in [0, 0.3, 1] {
                let coverage = try AlphaMask(
                    width: size, height: size,
                    pixels: Self.alpha(MorphRenderer(width: size, height: size, style: plainLook), MorphFrame(source: s, target: t, progress: p)))
                let renderer = try MorphRenderer(width: size, height: size, style: look)
                for format in [PixelFormat.alpha8, .rgba8, .bgra8, .rgba8Premultiplied, .bgra8Premultiplied] {
                    let got = try Self.alpha(renderer, MorphFrame(source: s, target: t, progress: p), format: format)
                    var finished = [UInt8](repeating: 0, count: got.count)
                    try finished.withUnsafeMutableBytes { try renderer.render(coverage: coverage, progress: p, into: $0, format: format) }
                    #expect(got == finished, "\(format) p = \(p)")
                }
            }
        }
    }

    @Test("one renderer shared by threads drawing different layered pairs")
    func threads() async throws {
        var rng = SplitMix64(seed: 0xBEEF_0006)
        let size = 64
        let pairs = try (0..<4).map { _ in
            (try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.35, using: &rng),
             try TranslucentLayerTests.layered(width: size, height: size, opacity: 0.6, using: &rng))
        }
        let renderer = try MorphRenderer(width: size, height: size)
        let expected = try pairs.map { try Self.alpha(MorphRenderer(width: size, height: size), MorphFrame(source: $0.0, target: $0.1, progress: 0.4)) }
        let expectedCaptures = try pairs.map {
            try MorphRenderer(width: size, height: size).captureField(of: MorphFrame(source: $0.0, target: $0.1, progress: 0.4)).translucency!
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    var ok = true
                    for round in 0..<200 {
                        let k = (i + round) % 4
                        if round % 3 == 0 {
                            let c = try renderer.captureField(of: MorphFrame(source: pairs[k].0, target: pairs[k].1, progress: 0.4))
                            ok = ok && c.translucency! == expectedCaptures[k]
                        } else {
                            let got = try Self.alpha(renderer, MorphFrame(source: pairs[k].0, target: pairs[k].1, progress: 0.4))
                            ok = ok && got == expected[k]
                        }
                    }
                    return ok
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}

extension TranslucentLayerEdgeCaseTests {
    @Test("a layered frame's planes grow with the canvas, not with the blur")
    func thinCanvasMemory() throws {
        var rng = SplitMix64(seed: 0xBEEF_0007)
        let width = 4096, height = 1
        let s = try TranslucentLayerTests.layered(width: width, height: height, opacity: 0.35, using: &rng)
        let t = try TranslucentLayerTests.layered(width: width, height: height, opacity: 0.6, using: &rng)
        let renderer = try MorphRenderer(width: width, height: height, style: MorphStyle(maxBlurRadius: 1000))
        var out = [UInt8](repeating: 0, count: width * height)
        try renderer.renderAlpha(source: s, target: t, progress: 0.5, into: &out)
        let bytes = try #require(renderer.layerOpacity).planeBytes
        // Two planes of the canvas's columns, a row and its zero rows above and below each:
        // a few floats a pixel, where padding the blur's 1000 rows would take 16 KB a pixel.
        #expect(bytes <= 2 * 4 * 16 * (width + 15) / 16 * 16, "the planes take \(bytes) bytes")
    }
}
