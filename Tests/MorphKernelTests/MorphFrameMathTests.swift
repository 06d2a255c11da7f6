import Foundation
import Testing
@testable import MorphKernel
import _TestSupport

@Suite struct MorphFrameMathTests {
    @Test("eased progress and blur amount follow the formulas", arguments: MorphEasing.allCases)
    func easingAndBlurAmount(easing: MorphEasing) {
        for i in 0...1000 {
            let p = Double(i) / 1000
            let e = ReferenceMorph.eased(p, easing)
            #expect(abs(MorphFrameMath.easedProgress(p, easing: easing) - e) <= 1e-15)
            #expect(abs(easing(p) - e) <= 1e-15)
            #expect(abs(MorphFrameMath.blurAmount(progress: p, easing: easing) - sin(Double.pi * e)) <= 1e-15)
        }
        #expect(MorphFrameMath.easedProgress(0, easing: easing) == 0)
        #expect(MorphFrameMath.easedProgress(1, easing: easing) == 1)
        #expect(MorphFrameMath.blurAmount(progress: 0, easing: easing) == 0)
        #expect(MorphFrameMath.blurAmount(progress: 1, easing: easing) == 0)
        #expect(MorphFrameMath.blurAmount(progress: 0.5, easing: easing) == 1)
    }

    /// The documented bound: within 2 ulps of `easing(p)`, over random p (the smooth easing
    /// just past ½ reaches 2, as 1 − easing(1 − p) rounds twice).
    @Test("eased progress is within 2 ulps of the easing", arguments: MorphEasing.allCases)
    func easedProgressWithinTwoUlps(easing: MorphEasing) {
        var generator = SplitMix64(seed: 2026)
        var worst = 0.0
        for _ in 0..<200_000 {
            let p = Double.random(in: 0...1, using: &generator)
            let direct = easing(p)
            let ulps = abs(MorphFrameMath.easedProgress(p, easing: easing) - direct) / direct.ulp
            worst = max(worst, ulps)
        }
        #expect(worst <= 2, "\(easing): \(worst) ulps")
    }

    @Test("levels and radii: k = round(b (L − 1)), R_k = Rmax k / (L − 1), n = ⌈R_k⌉")
    func levels() {
        #expect(MorphFrameMath.levelIndex(blurAmount: 0, blurLevels: 49) == 0)
        #expect(MorphFrameMath.levelIndex(blurAmount: 1, blurLevels: 49) == 48)
        #expect(MorphFrameMath.levelIndex(blurAmount: 0.5 / 48, blurLevels: 49) == 1)  // halves round up
        #expect(MorphFrameMath.levelIndex(blurAmount: 0.49 / 48, blurLevels: 49) == 0)
        #expect(MorphFrameMath.levelIndex(blurAmount: 0.5, blurLevels: 2) == 1)
        #expect(MorphFrameMath.levelIndex(blurAmount: .nan, blurLevels: 9) == 0)
        #expect(MorphFrameMath.levelIndex(blurAmount: 7, blurLevels: 9) == 8)
        #expect(MorphFrameMath.levelRadius(level: 4, blurLevels: 49, maxBlurRadius: 12) == 1)
        #expect(MorphFrameMath.kernelHalfWidth(radius: 1) == 1)
        #expect(MorphFrameMath.kernelHalfWidth(radius: 1.0001) == 2)
        // The whole chain against the reference's own radius.
        var rng = SplitMix64(seed: 0xF4A3_0001)
        for _ in 0..<500 {
            let style = MorphStyle(
                maxBlurRadius: Double.random(in: 0...50, using: &rng), blurLevels: Int.random(in: 2...300, using: &rng),
                easing: Bool.random(using: &rng) ? .smooth : .linear)
            let p = Double.random(in: 0...1, using: &rng)
            let b = MorphFrameMath.blurAmount(progress: p, easing: style.easing)
            let k = MorphFrameMath.levelIndex(blurAmount: b, blurLevels: style.blurLevels)
            let r = MorphFrameMath.levelRadius(level: k, blurLevels: style.blurLevels, maxBlurRadius: style.maxBlurRadius)
            #expect(r == ReferenceMorph.radius(progress: p, style: style))
            #expect(MorphFrameMath.frame(progress: p, style: style).level == k)
        }
    }

    @Test("the frame's mix weights are (1 − e) / 255 and e / 255 and swap exactly on reversal")
    func mixWeights() {
        for easing in MorphEasing.allCases {
            for i in 0...200 {
                let p = Double(i) / 200
                let e = ReferenceMorph.eased(p, easing)
                let f = MorphFrameMath.frame(progress: p, style: MorphStyle(easing: easing))
                #expect(abs(Double(f.sourceWeight) * 255 - (1 - e)) <= 1e-6)
                #expect(abs(Double(f.targetWeight) * 255 - e) <= 1e-6)
                if p >= 0.5 {
                    let g = MorphFrameMath.frame(progress: 1 - p, style: MorphStyle(easing: easing))
                    #expect(g.sourceWeight == f.targetWeight && g.targetWeight == f.sourceWeight && g.level == f.level)
                }
            }
        }
    }

    @Test("smoothstep clamps and eases")
    func smoothstep() {
        #expect(MorphFrameMath.smoothstep(0.2, 0.4, 0.1) == 0)
        #expect(MorphFrameMath.smoothstep(0.2, 0.4, 0.5) == 1)
        #expect(abs(MorphFrameMath.smoothstep(0.2, 0.4, 0.3) - 0.5) < 1e-15)
        #expect(abs(MorphFrameMath.smoothstep(0, 1, 0.25) - 0.15625) < 1e-15)
    }

    @Test("the default number of levels keeps levels at most 0.25 px apart")
    func defaultLevels() {
        for radius in [0.0, 0.1, 0.25, 0.26, 1, 3.3, 12, 100, 1000] {
            var smallest = 2
            while radius / Double(smallest - 1) > 0.25 { smallest += 1 }
            #expect(MorphStyle.defaultBlurLevels(maxBlurRadius: radius) == smallest, "R = \(radius)")
        }
        #expect(MorphStyle().blurLevels == 49)
        for bad in [Double.nan, -Double.infinity, Double.infinity, -5] {
            #expect(MorphStyle.defaultBlurLevels(maxBlurRadius: bad) == 2)
        }
        for huge in [1e6, 2500.1, Double.greatestFiniteMagnitude] {
            #expect(MorphStyle.defaultBlurLevels(maxBlurRadius: huge) == MorphStyle.maximumBlurLevels)
        }
    }
}
