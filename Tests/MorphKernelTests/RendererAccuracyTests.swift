import AlphaRaster
import Foundation
import Testing
@testable import MorphKernel

/// Renders one frame both ways and checks every byte against the float64 reference:
/// alpha within ±1 of round(reference), RGB exactly the tint, RGBA alpha == alpha render.
/// Returns the largest |byte − unrounded reference|.
@discardableResult
func expectMatchesReference(
    source: AlphaMask, target: AlphaMask, progress: Double, style: MorphStyle,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Double {
    let width = source.width, height = source.height
    let renderer = try MorphRenderer(width: width, height: height, style: style)
    var rgba = [UInt8]()
    var alpha = [UInt8]()
    try renderer.renderRGBA(source: source, target: target, progress: progress, into: &rgba)
    try renderer.renderAlpha(source: source, target: target, progress: progress, into: &alpha)
    let expected = ReferenceMorph.alpha(
        source: source.pixels, target: target.pixels, width: width, height: height,
        progress: progress, style: style)
    var worst = 0.0
    var badAlpha = 0, badColour = 0, badPair = 0
    for i in 0..<width * height {
        worst = max(worst, abs(Double(alpha[i]) - expected[i]))
        if abs(Int(alpha[i]) - Int(expected[i].rounded())) > 1 { badAlpha += 1 }
        let tint = style.tint
        if rgba[4 * i] != tint.red || rgba[4 * i + 1] != tint.green || rgba[4 * i + 2] != tint.blue { badColour += 1 }
        if rgba[4 * i + 3] != alpha[i] { badPair += 1 }
    }
    let context = "\(width)×\(height) p=\(progress) \(style)"
    #expect(badAlpha == 0, "\(badAlpha) alpha bytes off by more than 1; \(context)", sourceLocation: sourceLocation)
    #expect(badColour == 0, "\(badColour) pixels with RGB other than the tint; \(context)", sourceLocation: sourceLocation)
    #expect(badPair == 0, "\(badPair) RGBA alphas differ from the alpha render; \(context)", sourceLocation: sourceLocation)
    return worst
}

@Suite struct RendererAccuracyTests {
    static let sizes: [(Int, Int)] = [
        (1, 1), (1, 9), (9, 1), (2, 3), (5, 5), (16, 16), (17, 3), (3, 17), (15, 31), (33, 20), (40, 7), (6, 48),
    ]

    static let styles: [MorphStyle] = [
        MorphStyle(),
        MorphStyle(maxBlurRadius: 0),
        MorphStyle(maxBlurRadius: 3, blurLevels: 2),
        MorphStyle(maxBlurRadius: 5.5, blurLevels: 7, easing: .linear),
        MorphStyle(maxBlurRadius: 40, blurLevels: 9, threshold: 0.35, softness: 0.2),
        MorphStyle(maxBlurRadius: 2.3, threshold: 0.3, softness: 0.3, tint: TintColor(red: 200, green: 100, blue: 50, alpha: 128)),
        MorphStyle(maxBlurRadius: 8, threshold: 1, softness: 0.4, tint: TintColor(red: 255, green: 255, blue: 255, alpha: 1)),
        MorphStyle(maxBlurRadius: 6, blurLevels: 13, softness: .fixed(MorphStyle.minimumSoftness), easing: .linear, tint: TintColor(red: 9, green: 8, blue: 7, alpha: 0)),
        MorphStyle(maxBlurRadius: 0.7, blurLevels: 3, threshold: 0.15, softness: 0.1, tint: TintColor(red: 12, green: 240, blue: 99, alpha: 77)),
        // Automatic softness (the first four styles are automatic too) at the ends of the
        // threshold's range, with a tint alpha.
        MorphStyle(maxBlurRadius: 4, threshold: 0.05, tint: TintColor(red: 1, green: 2, blue: 3, alpha: 99)),
        MorphStyle(maxBlurRadius: 17, blurLevels: 6, threshold: 0.95, easing: .linear),
        MorphStyle(maxBlurRadius: 0.4, threshold: 0.3),
    ]

    @Test("every byte within ±1 of the float64 reference, across sizes, styles and progress")
    func matchesReference() throws {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var worst = 0.0
        for (width, height) in Self.sizes {
            for (index, style) in Self.styles.enumerated() {
                let kinds = TestMasks.Kind.allCases
                let source = TestMasks.random(width: width, height: height, kind: kinds[index % 3], using: &rng)
                let target = TestMasks.random(width: width, height: height, kind: kinds[(index + 1) % 3], using: &rng)
                for progress in [0, 1, 0.5, 0.2, 0.85, Double.random(in: 0...1, using: &rng)] {
                    worst = max(worst, try expectMatchesReference(source: source, target: target, progress: progress, style: style))
                }
            }
        }
        // The ±1 rule allows up to 1.5; single precision costs far less (0.50 measured: bytes
        // differ from round(reference) only where the reference sits on a rounding tie).
        #expect(worst < 0.6, "largest |byte − reference| was \(worst)")
    }

    @Test("the default 132 × 132 frame at many progress values, automatic and fixed")
    func defaultFrame() throws {
        var rng = SplitMix64(seed: 0x5EED_0002)
        let source = TestMasks.random(width: 132, height: 132, kind: .discs, using: &rng)
        let target = TestMasks.random(width: 132, height: 132, kind: .discs, using: &rng)
        for style in [MorphStyle(), MorphStyle(softness: 0.05)] {
            for progress in [0.05, 0.3, 0.5, 0.62] {
                try expectMatchesReference(source: source, target: target, progress: progress, style: style)
            }
        }
    }

    @Test("a radius far larger than the image")
    func hugeRadius() throws {
        var rng = SplitMix64(seed: 0x5EED_0003)
        let source = TestMasks.random(width: 13, height: 6, kind: .binary, using: &rng)
        let target = TestMasks.random(width: 13, height: 6, kind: .noise, using: &rng)
        let style = MorphStyle(maxBlurRadius: 300, blurLevels: 5, threshold: 0.02, softness: 0.02)
        for progress in [0.3, 0.5] {
            try expectMatchesReference(source: source, target: target, progress: progress, style: style)
        }
    }

    @Test("all 256 mask values against all 256 tint alphas, unblurred")
    func wholeDomainUnblurred() throws {
        let values = (0...255).map { UInt8($0) }
        let source = try AlphaMask(width: 256, height: 1, pixels: values)
        let target = try AlphaMask(width: 256, height: 1, pixels: values.reversed())
        for softness in [0.05, 0.5] {
            for tintAlpha in 0...255 {
                let style = MorphStyle(
                    maxBlurRadius: 0, softness: .fixed(softness),
                    tint: TintColor(red: 1, green: 2, blue: 3, alpha: UInt8(tintAlpha)))
                let renderer = try MorphRenderer(width: 256, height: 1, style: style)
                var alpha = [UInt8]()
                for progress in [0.0, 1.0] {
                    try renderer.renderAlpha(source: source, target: target, progress: progress, into: &alpha)
                    let mask = progress == 0 ? source.pixels : target.pixels
                    let bad = (0..<256).filter { i in
                        let a = ReferenceMorph.smoothstep(0.5 - softness, 0.5, Double(mask[i]) / 255)
                        return abs(Int(alpha[i]) - Int((Double(tintAlpha) * a).rounded())) > 1
                    }
                    #expect(bad.isEmpty, "tint alpha \(tintAlpha), softness \(softness), p \(progress): values \(bad)")
                }
            }
        }
    }
}
