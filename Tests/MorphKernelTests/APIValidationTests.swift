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
