import Foundation
import Testing
@testable import MorphKernel

@Suite struct GaussianKernelTests {
    @Test("every cached level is symmetric, sums to 1 and matches the float64 weights",
          arguments: [(12.0, 49), (0.0, 2), (3.0, 2), (5.5, 7), (0.3, 4), (200.0, 801)])
    func bankLevels(maxBlurRadius: Double, blurLevels: Int) {
        let bank = GaussianKernelBank.shared(maxBlurRadius: maxBlurRadius, blurLevels: blurLevels)
        #expect(bank.levels.count == blurLevels)
        #expect(bank.maxHalfWidth == Int(maxBlurRadius.rounded(.up)))
        for (k, level) in bank.levels.enumerated() {
            let radius = maxBlurRadius * Double(k) / Double(blurLevels - 1)
            let reference = ReferenceMorph.weights(radius: radius)
            #expect(level.radius == radius)
            #expect(level.weights.count == reference.count, "level \(k)")
            #expect(level.weights == Array(level.weights.reversed()), "level \(k) is not symmetric")
            let sum = level.weights.reduce(0.0) { $0 + Double($1) }
            #expect(abs(sum - 1) <= 1e-6, "level \(k) sums to \(sum)")
            let worst = zip(level.weights, reference).map { abs(Double($0) - $1) }.max() ?? 0
            #expect(worst <= 1e-7, "level \(k) is \(worst) from the float64 weights")
        }
    }

    @Test("banks are shared per (Rmax, L) and rebuilt after eviction")
    func bankCache() {
        let a = GaussianKernelBank.shared(maxBlurRadius: 6.25, blurLevels: 26)
        #expect(GaussianKernelBank.shared(maxBlurRadius: 6.25, blurLevels: 26) === a)
        #expect(GaussianKernelBank.shared(maxBlurRadius: 6.25, blurLevels: 27) !== a)
        #expect(GaussianKernelBank.shared(maxBlurRadius: 6.5, blurLevels: 26) !== a)
        #expect(GaussianKernelBank.shared(maxBlurRadius: -0.0, blurLevels: 3)
                === GaussianKernelBank.shared(maxBlurRadius: 0.0, blurLevels: 3))
    }

    @Test("renderers with equal styles share one bank from many threads")
    func bankCacheIsThreadSafe() async {
        let banks = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 {
                group.addTask { ObjectIdentifier(GaussianKernelBank.shared(maxBlurRadius: 7.75, blurLevels: 32)) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(banks.count == 1)
    }

    @Test("the public kernel: radius 0 is the identity, tiny radii stay finite, bad radii throw")
    func publicKernel() throws {
        #expect(try GaussianKernel(radius: 0).weights == [1])
        let tiny = try GaussianKernel(radius: 1e-300)
        #expect(tiny.halfWidth == 1)
        #expect(tiny.weights == [0, 1, 0])
        let k = try GaussianKernel(radius: 2.5)
        #expect(k.halfWidth == 3)
        #expect(k.weights.count == 7)
        for bad in [-1, .nan, .infinity, 1000.5] {
            #expect {
                try GaussianKernel(radius: bad)
            } throws: { error in
                guard case MorphError.invalidParameter(.radius, _) = error else { return false }
                return true
            }
        }
    }
}
