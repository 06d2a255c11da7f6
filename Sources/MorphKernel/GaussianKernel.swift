#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import _IconMorphSupport

/// The normalised 1-D Gaussian of one blur level.
///
/// For radius R ≥ 0 in pixels: half-width n = ⌈R⌉, σ = R / 2, and for i = −n … n
/// w_i = exp(−i² / 2σ²) / Σ_j exp(−j² / 2σ²), computed in double precision and stored as
/// `Float`. The stored weights are symmetric and sum to 1 within 1e-6. R = 0 gives the
/// identity `[1]`.
public struct GaussianKernel: Sendable, Equatable {
    /// R, the radius in pixels.
    public let radius: Double
    /// n = ⌈R⌉, the number of taps on each side of the centre.
    public let halfWidth: Int
    /// The 2n + 1 weights w_{−n} … w_n; `weights[n + i]` is w_i.
    public let weights: [Float]

    /// The kernel for `radius` pixels.
    ///
    /// - Throws: `MorphError.invalidParameter` (`.radius`) unless the radius is finite and
    ///   in 0 … `MorphStyle.maximumBlurRadius`.
    public init(radius: Double) throws {
        guard radius.isFinite, radius >= 0, radius <= MorphStyle.maximumBlurRadius else {
            throw MorphError.invalidParameter(
                .radius,
                reason: "must be a finite number of pixels from 0 to \(Int(MorphStyle.maximumBlurRadius)), got \(radius)")
        }
        self.init(validRadius: radius)
    }

    /// The kernel for a radius already known to be finite and in range.
    init(validRadius radius: Double) {
        let n = MorphFrameMath.kernelHalfWidth(radius: radius)
        let sigma = radius / 2
        var exact = [Double](repeating: 0, count: 2 * n + 1)
        for i in -n...n {
            // i = 0 is set apart: for a radius so small that σ² underflows, 0 / 0 is NaN.
            exact[n + i] = i == 0 ? 1 : exp(-Double(i * i) / (2 * sigma * sigma))
        }
        // w_0 = 1, so the sum is at least 1 and the division is safe.
        let sum = exact.reduce(0, +)
        self.radius = radius
        self.halfWidth = n
        self.weights = exact.map { Float($0 / sum) }
    }
}

/// The Gaussians of all L levels of a style, R_k = Rmax · k / (L − 1) for k = 0 … L − 1.
///
/// Immutable, so one bank is shared by every renderer with the same (Rmax, L) through
/// `shared(maxBlurRadius:blurLevels:)`.
final class GaussianKernelBank: Sendable {
    /// Rmax in pixels.
    let maxBlurRadius: Double
    /// The kernels by level index.
    let levels: [GaussianKernel]
    /// The largest half-width, ⌈Rmax⌉.
    let maxHalfWidth: Int

    /// Builds every level; `maxBlurRadius` and `blurLevels` must already be validated.
    init(maxBlurRadius: Double, blurLevels: Int) {
        self.maxBlurRadius = maxBlurRadius
        self.levels = (0..<blurLevels).map { k in
            GaussianKernel(validRadius: MorphFrameMath.levelRadius(
                level: k, blurLevels: blurLevels, maxBlurRadius: maxBlurRadius))
        }
        self.maxHalfWidth = levels.map(\.halfWidth).max() ?? 0
    }

    /// The bank for (Rmax, L), built on first use and then reused.
    ///
    /// The cache keeps the `cacheCapacity` most recently built banks; a renderer holds its own
    /// reference, so an evicted bank lives on until its last renderer goes.
    static func shared(maxBlurRadius: Double, blurLevels: Int) -> GaussianKernelBank {
        cache.bank(maxBlurRadius: maxBlurRadius, blurLevels: blurLevels)
    }

    /// How many banks the shared cache keeps.
    static let cacheCapacity = 8

    private static let cache = Cache()

    /// A small lock-protected list of banks, oldest first, evicting the oldest entry.
    ///
    /// A list searched in order rather than a dictionary: it holds at most `cacheCapacity`
    /// banks, and a dictionary's generic metadata costs the command-line tool more start-up
    /// time than the search.
    private final class Cache: @unchecked Sendable {
        private let lock = MutexLock()
        private var banks: [GaussianKernelBank] = []

        func bank(maxBlurRadius: Double, blurLevels: Int) -> GaussianKernelBank {
            // +0.0 and −0.0 are the same radius; adding 0 turns −0 into +0.
            let radiusBits = (maxBlurRadius + 0).bitPattern
            lock.lock()
            defer { lock.unlock() }
            if let bank = banks.first(where: {
                ($0.maxBlurRadius + 0).bitPattern == radiusBits && $0.levels.count == blurLevels
            }) {
                return bank
            }
            // Built under the lock so two renderers asking at once do the work once.
            let bank = GaussianKernelBank(maxBlurRadius: maxBlurRadius, blurLevels: blurLevels)
            banks.append(bank)
            if banks.count > GaussianKernelBank.cacheCapacity { banks.removeFirst() }
            return bank
        }
    }
}
