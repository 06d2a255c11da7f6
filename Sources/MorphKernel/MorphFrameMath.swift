#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-frame scalar math of a morph, in double precision, as the renderer uses it.
///
/// For progress p the renderer computes
/// 1. the eased progress e = easing(p) (`easedProgress`),
/// 2. the blur amount b = sin(π e) (`blurAmount`),
/// 3. the blur level k = round(b · (L − 1)) (`levelIndex`), halves away from zero,
/// 4. that level's radius R_k = Rmax · k / (L − 1) (`levelRadius`), blurred with a
///    Gaussian of σ = R_k / 2 over n = ⌈R_k⌉ pixels each side (`GaussianKernel`),
/// 5. the mix M = (1 − e) · S + e · T, then the blur V of M, then
///    α = smoothstep(t − s, t, V) (`smoothstep`).
///
/// Steps 1 and 2 fold p > ½ onto 1 − p: they evaluate d = easing(min(p, 1 − p)), then
/// e = d or 1 − d and b = sin(π d). That equals the formulas above (both easings satisfy
/// e(1 − p) = 1 − e(p), and sin(π(1 − d)) = sin(π d)) and makes a morph played backwards
/// exact: when p′ = 1 − p holds exactly in double precision, frame p′ from T to S has the
/// same blur level and the same mix weights as frame p from S to T, so the same bytes.
public enum MorphFrameMath {
    /// The eased progress e in [0, 1] for progress `p` in [0, 1]; within 1 ulp of
    /// `easing(p)`.
    public static func easedProgress(_ p: Double, easing: MorphEasing) -> Double {
        let fold = Fold(progress: p, easing: easing)
        return fold.pastHalf ? 1 - fold.nearEnd : fold.nearEnd
    }

    /// The blur amount b = sin(π e) in [0, 1] for progress `p` in [0, 1]: 0 at both ends,
    /// 1 at e = ½.
    public static func blurAmount(progress p: Double, easing: MorphEasing) -> Double {
        sin(Double.pi * Fold(progress: p, easing: easing).nearEnd)
    }

    /// The cached level k = round(b · (L − 1)) in 0 … L − 1 for blur amount `b` in [0, 1]
    /// and L = `blurLevels` ≥ 2. Out-of-range b is clamped, and so is L to
    /// 2 … `MorphStyle.maximumBlurLevels`.
    public static func levelIndex(blurAmount b: Double, blurLevels: Int) -> Int {
        let clamped = b.isNaN ? 0 : min(max(b, 0), 1)
        let levels = min(max(blurLevels, 2), MorphStyle.maximumBlurLevels)
        return Int((clamped * Double(levels - 1)).rounded())
    }

    /// The radius in pixels of level `k`: R_k = Rmax · k / (L − 1), for 0 ≤ k < L (L is
    /// clamped to at least 2).
    public static func levelRadius(level k: Int, blurLevels: Int, maxBlurRadius: Double) -> Double {
        maxBlurRadius * Double(k) / Double(max(blurLevels, 2) - 1)
    }

    /// The half-width n = ⌈R⌉ in pixels of the Gaussian for radius `R` ≥ 0; 0 means identity.
    /// R is clamped to 0 … `MorphStyle.maximumBlurRadius` (NaN gives 0).
    public static func kernelHalfWidth(radius: Double) -> Int {
        let clamped = radius.isNaN ? 0 : min(max(radius, 0), MorphStyle.maximumBlurRadius)
        return Int(clamped.rounded(.up))
    }

    /// smoothstep(a, b, x) = u²(3 − 2u) with u = clamp((x − a) / (b − a), 0, 1), for a < b.
    public static func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double {
        let u = min(max((x - a) / (b - a), 0), 1)
        return u * u * (3 - 2 * u)
    }

    /// The constants one frame needs; `progress` must be validated first.
    static func frame(progress p: Double, style: MorphStyle) -> FrameConstants {
        let fold = Fold(progress: p, easing: style.easing)
        let level = levelIndex(blurAmount: sin(Double.pi * fold.nearEnd), blurLevels: style.blurLevels)
        // The weight of the nearer end is 1 − d in single precision, computed the same way on
        // both sides of ½, so reversed frames multiply the same numbers.
        let far = Float(fold.nearEnd)
        let near = 1 - far
        let (source, target) = fold.pastHalf ? (far, near) : (near, far)
        return FrameConstants(level: level, sourceWeight: source / 255, targetWeight: target / 255)
    }

    /// Progress folded onto the first half: d = easing(min(p, 1 − p)).
    private struct Fold {
        let nearEnd: Double
        let pastHalf: Bool

        init(progress p: Double, easing: MorphEasing) {
            pastHalf = p > 0.5
            // 1 − p is exact for p in [½, 1] (Sterbenz), so 1 − (1 − p) gives back p.
            nearEnd = easing(pastHalf ? 1 - p : p)
        }
    }
}

/// The per-frame values the kernel stages consume.
struct FrameConstants {
    /// The blur level k.
    let level: Int
    /// (1 − e) / 255: multiplies a source byte.
    let sourceWeight: Float
    /// e / 255: multiplies a target byte.
    let targetWeight: Float
}
