/// Everything about a morph's look except its inputs and progress.
///
/// The initializer accepts any values so a style can be built from raw user input;
/// `validate()` (called by `MorphRenderer.init`) checks them and throws
/// `MorphError.invalidParameter` naming the first parameter out of range.
public struct MorphStyle: Sendable, Equatable, Hashable {
    /// Rmax, the largest blur radius in pixels (a radius in points × display scale).
    ///
    /// Valid range: finite, 0 … `MorphStyle.maximumBlurRadius`. 0 disables the blur, so every
    /// frame is the thresholded mix.
    public var maxBlurRadius: Double
    /// L, the number of cached blur levels; level k has radius Rmax · k / (L − 1).
    ///
    /// Valid range: 2 … `MorphStyle.maximumBlurLevels`.
    public var blurLevels: Int
    /// t, the blurred field value at which the edge reaches full opacity.
    ///
    /// Valid range: finite, in (0, 1].
    public var threshold: Double
    /// s, the width of the smoothstep ramp below the threshold: α = smoothstep(t − s, t, V).
    ///
    /// Valid range: finite, `MorphStyle.minimumSoftness` … t. The upper bound keeps an empty
    /// field (V = 0) fully transparent; the lower bound keeps the edge antialiased and the
    /// single-precision kernel within 1/255 of double-precision math.
    public var softness: Double
    /// The progress easing.
    public var easing: MorphEasing
    /// The colour of the shape; its alpha scales the output alpha.
    public var tint: TintColor

    /// The largest accepted `maxBlurRadius`, in pixels: 1000.
    public static let maximumBlurRadius: Double = 1000
    /// The largest accepted `blurLevels`: 10 000.
    public static let maximumBlurLevels = 10_000
    /// The smallest accepted `softness`: 0.001.
    ///
    /// The edge's slope is up to 1.5 / s in α per unit of field; below 0.001 the kernel's
    /// single-precision rounding (≈ 1e-6 in the field) could move an output byte by more
    /// than one.
    public static let minimumSoftness: Double = 0.001

    /// The smallest L that keeps cached levels at most 0.25 px apart, and at least 2:
    /// `max(2, ceil(Rmax / 0.25) + 1)`, capped at `maximumBlurLevels`.
    ///
    /// For a radius that is not finite or not positive this returns 2, so a style can always
    /// be built; `validate()` then reports the radius.
    public static func defaultBlurLevels(maxBlurRadius: Double) -> Int {
        guard maxBlurRadius.isFinite, maxBlurRadius > 0 else { return 2 }
        let intervals = (maxBlurRadius / 0.25).rounded(.up)
        guard intervals < Double(maximumBlurLevels - 1) else { return maximumBlurLevels }
        return max(2, Int(intervals) + 1)
    }

    /// Creates a style. The defaults are a 12 px radius (4 pt at 3×) with 49 levels,
    /// t = 0.5, s = 0.05, smooth easing and opaque black.
    ///
    /// - Parameter blurLevels: nil picks `defaultBlurLevels(maxBlurRadius:)`.
    public init(
        maxBlurRadius: Double = 12, blurLevels: Int? = nil, threshold: Double = 0.5,
        softness: Double = 0.05, easing: MorphEasing = .smooth, tint: TintColor = .black
    ) {
        self.maxBlurRadius = maxBlurRadius
        self.blurLevels = blurLevels ?? MorphStyle.defaultBlurLevels(maxBlurRadius: maxBlurRadius)
        self.threshold = threshold
        self.softness = softness
        self.easing = easing
        self.tint = tint
    }

    /// Checks every parameter against its documented range.
    ///
    /// - Throws: `MorphError.invalidParameter` naming the first parameter out of range, in
    ///   the order maxBlurRadius, blurLevels, threshold, softness.
    public func validate() throws {
        guard maxBlurRadius.isFinite, maxBlurRadius >= 0,
              maxBlurRadius <= MorphStyle.maximumBlurRadius
        else {
            throw MorphError.invalidParameter(
                name: "maxBlurRadius",
                reason: "must be a finite number of pixels from 0 to \(Int(MorphStyle.maximumBlurRadius)), got \(maxBlurRadius)")
        }
        guard blurLevels >= 2, blurLevels <= MorphStyle.maximumBlurLevels else {
            throw MorphError.invalidParameter(
                name: "blurLevels",
                reason: "must be from 2 to \(MorphStyle.maximumBlurLevels), got \(blurLevels)")
        }
        guard threshold.isFinite, threshold > 0, threshold <= 1 else {
            throw MorphError.invalidParameter(
                name: "threshold", reason: "must be a finite number in (0, 1], got \(threshold)")
        }
        guard softness.isFinite, softness >= MorphStyle.minimumSoftness, softness <= threshold else {
            throw MorphError.invalidParameter(
                name: "softness",
                reason: "must be a finite number from \(MorphStyle.minimumSoftness) to the threshold \(threshold), got \(softness)")
        }
    }
}
