import Foundation
import Testing

/// Checks of the oracle itself, so a renderer test that agrees with it means something.
@Suite struct ReferenceOracleTests {
    @Test("the separable reference blur equals a direct 2-D Gaussian convolution")
    func separableEqualsDirect() {
        var rng = SplitMix64(seed: 0x0AC1_E001)
        for (width, height, radius) in [(1, 1, 3.0), (7, 5, 1.2), (12, 9, 4.0), (5, 14, 9.5), (20, 3, 0.6)] {
            let m = (0..<width * height).map { _ in Double.random(in: 0...1, using: &rng) }
            let w = ReferenceMorph.weights(radius: radius)
            let separable = ReferenceMorph.separableBlur(m, width: width, height: height, weights: w)
            let direct = ReferenceMorph.directBlur(m, width: width, height: height, weights: w)
            let worst = zip(separable, direct).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-12, "\(width)×\(height) R=\(radius): differs by \(worst)")
        }
    }

    @Test("the reference blur of a single lit pixel is the outer product of the weights")
    func impulseResponse() {
        let (width, height, radius) = (11, 11, 3.7)
        var m = [Double](repeating: 0, count: width * height)
        m[5 * width + 5] = 1
        let w = ReferenceMorph.weights(radius: radius)
        let n = w.count / 2
        #expect(n == 4)
        let v = ReferenceMorph.separableBlur(m, width: width, height: height, weights: w)
        for y in 0..<height {
            for x in 0..<width {
                let dy = y - 5, dx = x - 5
                let expected = abs(dx) <= n && abs(dy) <= n ? w[n + dx] * w[n + dy] : 0
                #expect(abs(v[y * width + x] - expected) < 1e-15)
            }
        }
        // σ = R / 2: the ratio of neighbouring weights is exp(−(2i + 1) / 2σ²).
        let sigma = radius / 2
        #expect(abs(w[n + 1] / w[n] - exp(-1 / (2 * sigma * sigma))) < 1e-12)
        #expect(abs(w.reduce(0, +) - 1) < 1e-12)
    }
}
