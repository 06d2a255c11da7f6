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
/// 5. the mix M = (1 − e) · S + e · T, then the blur V of M, then the coverage α: with
///    `.fixed(s)` softness α = smoothstep(t − s, t, V) (`smoothstep`); with `.automatic`
///    softness α = `automaticCoverage`, a ramp about one pixel wide that follows the local
///    slope of V (see there).
///
/// Steps 1 and 2 fold p > ½ onto 1 − p: they evaluate d = easing(min(p, 1 − p)), then
/// e = d or 1 − d and b = sin(π d). That equals the formulas above (both easings satisfy
/// e(1 − p) = 1 − e(p), and sin(π(1 − d)) = sin(π d)) and makes a morph played backwards
/// exact: when p′ = 1 − p holds exactly in double precision, frame p′ from T to S has the
/// same blur level and the same mix weights as frame p from S to T, so the same bytes.
public enum MorphFrameMath {
    /// The eased progress e in [0, 1] for progress `p` in [0, 1]; within 2 ulps of
    /// `easing(p)` (past ½ it is 1 − easing(1 − p), rounded twice: the smooth easing just
    /// past ½ comes out 2 ulps away, over 200,000 random p in the tests).
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

    /// w_flat, the width in field units of the automatic ramp where the field is flat: 0.1.
    ///
    /// A region that only one icon covers has V ≈ 1 − e or e inside, so it fades as the mix
    /// crosses t over Δe = w_flat of eased progress: 4 frame steps of a 61-frame morph at
    /// its middle with smooth easing (3 frames partly transparent), where w_flat = 0.05, the
    /// old default fixed softness, gave 2 steps (1 frame).
    public static let flatFadeWidth: Double = 0.1

    /// κ, the fraction of w_0 (the steepest slope a unit step can have at the frame's blur)
    /// at which the automatic ramp counts a pixel as fully on an edge: ¼.
    ///
    /// Below κ · w_0 the ramp blends towards the flat-field width; ¼ keeps edges of contrast
    /// down to about ¼ one pixel wide, and near rest keeps nearly every pixel of an
    /// antialiased edge on the exact one-pixel ramp (rest frames of 47 real icons, the
    /// built-in symbols and Adwaita's at two sizes: largest error 6/255; with ½: 17/255).
    public static let edgeSlopeFraction: Double = 0.25

    /// r = 2 w_0 / (w_0 + w_1) in [1, 2] for the centre tap w_0 and first tap w_1 of a
    /// level's normalised kernel (w_1 = 0 for the identity kernel of radius 0).
    ///
    /// A box-filtered unit step blurred by the kernel rises by w_0 per pixel at its middle,
    /// but its central difference at the pixel nearest the step is (w_0 + w_1) / 2, wherever
    /// the step falls inside that pixel; r converts the one into the other: 2 at rest (a
    /// 1-pixel ramp 0, a, 1 has central difference ½), falling to 1 as the blur grows.
    public static func slopeCorrection(kernelCentre w0: Double, kernelNeighbour w1: Double) -> Double {
        2 * w0 / (w0 + w1)
    }

    /// The coverage α in [0, 1] of one pixel with automatic softness.
    ///
    /// - v: V at the pixel;
    /// - c = ½ · max(|V(x + 1, y) − V(x − 1, y)|, |V(x, y + 1) − V(x, y − 1)|), the larger
    ///   central difference, in field units per pixel. A neighbour outside the canvas is
    ///   λ · max(0, 2 V − V′) with V′ the neighbour on the other side and λ = 2 − r: at radius
    ///   0 (λ = 0) the mix's own zero outside the canvas, so that rest frames of icons that
    ///   touch the canvas's edge stay exact, and as the blur grows (λ → 1) the straight
    ///   continuation of the field, which the blurred field outside the canvas follows
    ///   closely (over 61-frame morphs of Adwaita icons, which touch the canvas's edge, α
    ///   stayed within 19/255 of what the true blurred V outside gives; 95/255 with zero
    ///   outside, 60/255 with the plain straight continuation). Along an axis one pixel long
    ///   the difference is 0;
    /// - t: the threshold; w0, w1: the frame's kernel taps (`slopeCorrection`).
    ///
    /// With r = `slopeCorrection`, κ = `edgeSlopeFraction`, w_flat = `flatFadeWidth` and
    /// s_min = `MorphStyle.minimumSoftness`:
    /// - g = r · c, the field's slope along the axis nearer the edge normal;
    /// - x = min(1, g / (κ · w_0)), how edge-like the slope is;
    /// - w = max(g, (r − 1) · w_0 · x, w_flat · (1 − x), s_min), the ramp width in field
    ///   units;
    /// - α = clamp((V − t) / w + ½, 0, 1): centred on t (the edge's middle, α = ½, follows
    ///   the contour V = t), one pixel wide where w = g.
    ///
    /// Why each term: w = g makes α rise by 1 per pixel along the nearer axis, as an
    /// area-coverage (box-filtered) edge does at any angle. The (r − 1) term matters only
    /// near rest (r → 2, w_0 → 1): at radius 0 it makes w = 1 on every edge pixel, so
    /// α = V − t + ½, the input mask itself when t = ½; it fades as the blur grows. The
    /// w_flat term takes over where the field is flat (a region one icon covers), which
    /// then fades over `flatFadeWidth` of eased progress instead of vanishing in one frame.
    /// s_min bounds the ramp's steepness so that single precision stays within a byte.
    public static func automaticCoverage(
        field v: Double, centralDifference c: Double, threshold t: Double,
        kernelCentre w0: Double, kernelNeighbour w1: Double
    ) -> Double {
        let r = slopeCorrection(kernelCentre: w0, kernelNeighbour: w1)
        let g = r * c
        let x = min(1, g / (edgeSlopeFraction * w0))
        let w = max(g, (r - 1) * w0 * x, flatFadeWidth * (1 - x), MorphStyle.minimumSoftness)
        return min(max((v - t) / w + 0.5, 0), 1)
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
        return FrameConstants(level: level, sourceWeight: source / 255, targetWeight: target / 255, capturedWeight: 0)
    }

    /// R_eff = √(R_k² + w · R_C²): the radius of the one Gaussian whose variance is the frame's
    /// blur R_k plus, for the captured field's weight w, the blur R_C it carries (variances of
    /// Gaussians add under convolution; σ = R / 2). The automatic edge of a frame with a
    /// captured field takes its taps w_0, w_1 from this radius (`gaussianCentreTaps`), so the
    /// frame right after a capture (R_k = 0, w = 1) ramps exactly as the captured frame did.
    public static func effectiveBlurRadius(levelRadius rk: Double, capturedWeight w: Double, capturedRadius rc: Double) -> Double {
        (rk * rk + w * rc * rc).squareRoot()
    }

    /// w_0 and w_1 of `GaussianKernel`'s normalised Gaussian of radius R (n = ⌈R⌉, σ = R / 2),
    /// in double precision: (1, 0) for R = 0.
    static func gaussianCentreTaps(radius: Double) -> (centre: Double, neighbour: Double) {
        let n = kernelHalfWidth(radius: radius)
        guard n > 0 else { return (1, 0) }
        let sigma = radius / 2
        var sum = 1.0
        for i in 1...n { sum += 2 * exp(-Double(i * i) / (2 * sigma * sigma)) }
        return (1 / sum, exp(-1 / (2 * sigma * sigma)) / sum)
    }

    /// The constants of a frame that also mixes in a captured field with weight `w` in
    /// (0, 1] (`MorphFrame`): the mask weights times 1 − w, rounded once from double precision.
    static func frame(progress p: Double, style: MorphStyle, capturedWeight w: Double) -> FrameConstants {
        let plain = frame(progress: p, style: style)
        let keep = 1 - w
        return FrameConstants(
            level: plain.level, sourceWeight: Float(Double(plain.sourceWeight) * keep),
            targetWeight: Float(Double(plain.targetWeight) * keep), capturedWeight: Float(w))
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
    /// w: multiplies a captured field value (0 without one).
    let capturedWeight: Float
}
