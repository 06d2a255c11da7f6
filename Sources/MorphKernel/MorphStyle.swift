/// Everything about a morph's look except its inputs and progress.
///
/// The initializer accepts any values so a style can be built from raw user input;
/// `validate()` (called by `MorphRenderer.init`) checks them and throws
/// `MorphError.invalidParameter` naming the first parameter out of range.
public struct MorphStyle: Sendable, Equatable, Hashable {
    /// The field stage: `.metaball` (the default) or `.distance` (`MorphField`). Every other
    /// property applies to both, but for `threshold` and `softness`, which shape the metaball
    /// field's edge only (the distance field's edge is its zero, one pixel wide).
    public var field: MorphField
    /// Rmax, the largest blur radius in pixels (a radius in points × display scale).
    ///
    /// Valid range: finite, 0 … `MorphStyle.maximumBlurRadius`. 0 disables the blur, so every
    /// frame is the thresholded mix.
    public var maxBlurRadius: Double
    /// L, the number of cached blur levels; level k has radius Rmax · k / (L − 1).
    ///
    /// Unless set, `defaultBlurLevels(maxBlurRadius:)` of the current `maxBlurRadius`, so a
    /// style whose radius changes keeps its levels 0.25 px apart; once set, the value set.
    ///
    /// Valid range: 2 … `MorphStyle.maximumBlurLevels`.
    public var blurLevels: Int {
        get { chosenBlurLevels ?? MorphStyle.defaultBlurLevels(maxBlurRadius: maxBlurRadius) }
        set { chosenBlurLevels = newValue }
    }
    /// `blurLevels` as given, or nil to follow the radius.
    private var chosenBlurLevels: Int?
    /// t, the blurred field value the edge follows: with `.automatic` softness the edge's
    /// middle (α = ½), with `.fixed(s)` the value where the edge reaches full opacity.
    ///
    /// With automatic softness the end frames give back the masks' own antialiasing at
    /// t = ½, the default; another t moves the shape's outline by about ½ − t of a pixel.
    ///
    /// Valid range: finite, in (0, 1]; with `.automatic` softness
    /// `MorphFrameMath.flatFadeWidth / 2` … 1 − that (0.05 … 0.95), so that an empty field
    /// stays transparent and a full one opaque.
    public var threshold: Double
    /// The edge ramp: `.automatic` (the default, about one pixel wide at every frame; see
    /// `MorphFrameMath.automaticCoverage`) or `.fixed(s)`, α = smoothstep(t − s, t, V); a
    /// number literal is a fixed softness.
    ///
    /// Valid s: finite, `MorphStyle.minimumSoftness` … t. The upper bound keeps an empty
    /// field (V = 0) fully transparent; the lower bound keeps the edge antialiased and the
    /// single-precision kernel within 1/255 of double-precision math.
    public var softness: MorphSoftness
    /// The progress easing.
    public var easing: MorphEasing
    /// The colour of the shape (at progress 0 when `targetTint` is set); its alpha scales the
    /// output alpha.
    public var tint: TintColor
    /// The colour of the shape at progress 1, or nil for `tint` throughout. Between, the tint
    /// moves along the eased progress in Oklab (`tint(atProgress:)`).
    public var targetTint: TintColor?
    /// A colour every frame is composited over ("over" on straight, sRGB-encoded values, as
    /// browsers do), or nil for frames on transparency. An opaque background gives opaque
    /// frames.
    public var background: TintColor?

    /// The largest accepted `maxBlurRadius`, in pixels: 1000.
    public static let maximumBlurRadius: Double = 1000
    /// The largest accepted `blurLevels`: 10 000.
    public static let maximumBlurLevels = 10_000
    /// The smallest accepted fixed `softness`: 0.001; also the narrowest ramp, in field
    /// units, of `.automatic` softness.
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

    /// Creates a style. The defaults are the metaball field, a 12 px radius (4 pt at 3×) with
    /// 49 levels, t = 0.5, automatic softness, smooth easing, opaque black, no tint ramp and
    /// no background.
    ///
    /// - Parameters:
    ///   - field: the field stage (`field`).
    ///   - maxBlurRadius: Rmax in pixels (`maxBlurRadius`).
    ///   - blurLevels: nil follows `maxBlurRadius` (`defaultBlurLevels(maxBlurRadius:)`),
    ///     also when it changes later.
    ///   - threshold: t (`threshold`).
    ///   - softness: `.automatic`, or a number for a fixed ramp (`softness: 0.05` is
    ///     `.fixed(0.05)`, the look of earlier versions).
    ///   - easing: the progress easing.
    ///   - tint: the shape's colour (at progress 0 with a `targetTint`).
    ///   - targetTint: the colour at progress 1, or nil for `tint` throughout.
    ///   - background: the colour frames are put over, or nil for none.
    public init(
        field: MorphField = .metaball, maxBlurRadius: Double = 12, blurLevels: Int? = nil, threshold: Double = 0.5,
        softness: MorphSoftness = .automatic, easing: MorphEasing = .smooth, tint: TintColor = .black,
        targetTint: TintColor? = nil, background: TintColor? = nil
    ) {
        self.field = field
        self.maxBlurRadius = maxBlurRadius
        chosenBlurLevels = blurLevels
        self.threshold = threshold
        self.softness = softness
        self.easing = easing
        self.tint = tint
        self.targetTint = targetTint
        self.background = background
    }

    /// The tint of the frame at progress `p` (in [0, 1]): `tint` without a `targetTint`;
    /// otherwise the blend at the eased progress e (the weight the shapes mix with, so the
    /// colour moves with the shape) of the two colours' Oklab coordinates, converted back to
    /// the nearest sRGB bytes, with alpha round(α₀ + (α₁ − α₀) · e). At p = 0 it is `tint`
    /// and at p = 1 `targetTint`, exactly. A progress outside [0, 1] is clamped to it, and
    /// NaN counts as 0.
    public func tint(atProgress p: Double) -> TintColor {
        guard let targetTint else { return tint }
        let e = MorphFrameMath.easedProgress(p.isNaN ? 0 : min(max(p, 0), 1), easing: easing)
        let start = Oklab(red: tint.red, green: tint.green, blue: tint.blue)
        let end = Oklab(red: targetTint.red, green: targetTint.green, blue: targetTint.blue)
        let (red, green, blue) = start.mixed(with: end, e).srgb
        let alpha = (Double(tint.alpha) + (Double(targetTint.alpha) - Double(tint.alpha)) * e).rounded()
        return TintColor(red: red, green: green, blue: blue, alpha: UInt8(alpha))
    }

    /// Checks every parameter the style's field uses against its documented range: a
    /// distance style's threshold and softness, which it does not use, are not checked.
    ///
    /// - Throws: `MorphError.invalidParameter` naming the first parameter out of range, in
    ///   the order maxBlurRadius, blurLevels, threshold, softness (a threshold outside
    ///   0.05 … 0.95 with automatic softness is reported last, as "threshold").
    public func validate() throws {
        guard maxBlurRadius.isFinite, maxBlurRadius >= 0,
              maxBlurRadius <= MorphStyle.maximumBlurRadius
        else {
            throw MorphError.invalidParameter(
                .maxBlurRadius,
                reason: "must be a finite number of pixels from 0 to \(Int(MorphStyle.maximumBlurRadius)), got \(maxBlurRadius)")
        }
        guard blurLevels >= 2, blurLevels <= MorphStyle.maximumBlurLevels else {
            throw MorphError.invalidParameter(
                .blurLevels,
                reason: "must be from 2 to \(MorphStyle.maximumBlurLevels), got \(blurLevels)")
        }
        // The distance field's edge is its zero (`MorphField.distance`).
        guard field == .metaball else { return }
        guard threshold.isFinite, threshold > 0, threshold <= 1 else {
            throw MorphError.invalidParameter(
                .threshold, reason: "must be a finite number in (0, 1], got \(threshold)")
        }
        switch softness {
        case .automatic:
            let margin = MorphFrameMath.flatFadeWidth / 2
            guard threshold >= margin, threshold <= 1 - margin else {
                throw MorphError.invalidParameter(
                    .threshold,
                    reason: "must be from \(margin) to \(1 - margin) with automatic softness, got \(threshold)")
            }
        case .fixed(let s):
            guard s.isFinite, s >= MorphStyle.minimumSoftness, s <= threshold else {
                throw MorphError.invalidParameter(
                    .softness,
                    reason: "must be a finite number from \(MorphStyle.minimumSoftness) to the threshold \(threshold), got \(s)")
            }
        }
    }
}

extension MorphStyle {
    /// Styles are equal when their settings are: `blurLevels` compared as its value,
    /// whether set or following the radius. (Two distance styles that differ only in
    /// `threshold` or `softness`, which that field does not use, draw the same frames.)
    public static func == (a: MorphStyle, b: MorphStyle) -> Bool {
        a.field == b.field && a.maxBlurRadius == b.maxBlurRadius && a.blurLevels == b.blurLevels
            && a.threshold == b.threshold && a.softness == b.softness && a.easing == b.easing && a.tint == b.tint
            && a.targetTint == b.targetTint && a.background == b.background
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(maxBlurRadius)
        hasher.combine(blurLevels)
        hasher.combine(threshold)
        hasher.combine(softness)
        hasher.combine(easing)
        hasher.combine(tint)
        hasher.combine(targetTint)
        hasher.combine(background)
    }
}
