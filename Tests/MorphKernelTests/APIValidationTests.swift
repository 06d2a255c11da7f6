import AlphaRaster
import MorphKernel
import Testing

/// The kernel's public functions outside the renderer (whose own checks are in
/// `ValidationTests`) given NaN, infinities, negatives and extremes: the throwing ones throw
/// `MorphError.invalidParameter` naming the parameter, the others clamp into their documented
/// ranges instead of trapping (an `Int` made from NaN or infinity would trap).
@Suite struct APIValidationTests {
    static let hostile: [Double] = [.nan, .infinity, -.infinity, -1, -0.0, 0, 1e-300, 1e300, .greatestFiniteMagnitude, 2]

    @Test(arguments: [Double.nan, .infinity, -.infinity, -1, -1e-9, 1000.0001, 1e300])
    func kernelRadiusOutOfRange(_ radius: Double) {
        #expect {
            _ = try GaussianKernel(radius: radius)
        } throws: { error in
            guard case MorphError.invalidParameter(let name, let reason) = error else { return false }
            return name == .radius && !reason.isEmpty && !"\(error)".contains("\n")
        }
    }

    @Test func clampingFunctionsStayInRange() {
        for x in Self.hostile {
            for levels in [Int.min, -1, 0, 1, 2, 49, 10_000, Int.max] {
                let k = MorphFrameMath.levelIndex(blurAmount: x, blurLevels: levels)
                #expect(k >= 0 && k < max(2, min(levels, MorphStyle.maximumBlurLevels)), "b=\(x) L=\(levels)")
            }
            let n = MorphFrameMath.kernelHalfWidth(radius: x)
            #expect(n >= 0 && n <= Int(MorphStyle.maximumBlurRadius), "R=\(x)")
            let levels = MorphStyle.defaultBlurLevels(maxBlurRadius: x)
            #expect(levels >= 2 && levels <= MorphStyle.maximumBlurLevels, "R=\(x)")
            let step = MorphFrameMath.smoothstep(0, 1, x)
            #expect(x.isNaN || (step >= 0 && step <= 1), "x=\(x)")
        }
    }

    /// `blurLevels` left to its default follows `maxBlurRadius` when the radius is set later,
    /// so such a style draws what a style built with that radius draws (a level count kept
    /// from the first radius drew 31 of a 61-frame morph's frames otherwise, bytes up to 255
    /// apart); one set stays as set.
    @Test func blurLevelsFollowARadiusSetLater() throws {
        var changed = MorphStyle()
        changed.maxBlurRadius = 96
        let built = MorphStyle(maxBlurRadius: 96)
        #expect(changed.blurLevels == MorphStyle.defaultBlurLevels(maxBlurRadius: 96))
        #expect(changed == built && changed.hashValue == built.hashValue)
        var chosen = MorphStyle(blurLevels: 7)
        chosen.maxBlurRadius = 96
        #expect(chosen.blurLevels == 7 && chosen != built)
        #expect(MorphStyle(maxBlurRadius: 12, blurLevels: 49) == MorphStyle())
        var rng = SplitMix64(seed: 17)
        let source = TestMasks.random(width: 64, height: 64, kind: .discs, using: &rng)
        let target = TestMasks.random(width: 64, height: 64, kind: .discs, using: &rng)
        let first = try MorphRenderer(width: 64, height: 64, style: changed)
        let second = try MorphRenderer(width: 64, height: 64, style: built)
        for progress in [0.2, 0.45, 0.7] {
            var a: [UInt8] = [], b: [UInt8] = []
            try first.renderAlpha(source: source, target: target, progress: progress, into: &a)
            try second.renderAlpha(source: source, target: target, progress: progress, into: &b)
            #expect(a == b, "p = \(progress)")
        }
    }

    /// A style built from hostile numbers is refused by `validate()` and by the renderer,
    /// naming the parameter; building it never traps.
    @Test func hostileStylesAreRefused() {
        for x in [Double.nan, .infinity, -.infinity, -1, 1e300] {
            let styles = [
                (MorphStyle(maxBlurRadius: x), MorphParameter.maxBlurRadius), (MorphStyle(threshold: x), .threshold),
                (MorphStyle(softness: .fixed(x)), .softness),
            ]
            for (style, parameter) in styles {
                #expect {
                    _ = try MorphRenderer(width: 8, height: 8, style: style)
                } throws: { error in
                    guard case MorphError.invalidParameter(let name, _) = error else { return false }
                    return name == parameter
                }
            }
        }
    }
}
