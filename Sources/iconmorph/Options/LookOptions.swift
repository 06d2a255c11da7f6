import AlphaRaster
import MorphKernel

/// The options that say how the morph looks, shared by `render` and `animate`: `--style`, `--blur`,
/// `--blur-levels`, `--threshold`, `--softness`, `--ease`, `--color`, `--color-to`
/// (`render` only: a timeline has several morphs) and `--background`.
enum LookOptions {
    static let section = "LOOK"

    /// The value of each option that is not given; the help text shows these same values.
    enum Defaults {
        /// The blur as a share of the icon box's shorter side: 4 pt of 44 pt, the original
        /// view's proportion (12 px at the default size and scale), so the look holds at any
        /// `--size`.
        static let blurShare = 4.0 / 44.0
        static let threshold = 0.5
        static let softness = MorphSoftness.automatic
        static let easing = MorphEasing.smooth
        static let color = TintColor.black
    }

    static let style = OptionSpec(
        .style, value: .choice(FieldStyle.allCases.map(\.rawValue)), valueName: "name",
        help: "How one icon becomes the other: metaball (the shapes are mixed, blurred and "
            + "thresholded, so they melt into each other and merge; where only one icon covers "
            + "a region wider than the blur, it fades), distance (the shapes' distances to their "
            + "outlines are mixed and blurred, so parts grow out of the shape and shrink into it "
            + "and never fade; --threshold and --softness do not apply) or path (the outlines' "
            + "points travel from one icon's to the other's, as CSS, SwiftUI and CoreAnimation "
            + "path animations do; SVG files and built-in symbols only, and --blur, "
            + "--blur-levels, --threshold and --softness do not apply).",
        defaultText: FieldStyle.metaball.rawValue, section: section)
    static let blur = OptionSpec(
        .blur, value: .number(.nonNegative), valueName: "pt",
        help: "The largest blur radius, in points (blur × scale pixels, at most "
            + "\(formatNumber(MorphStyle.maximumBlurRadius)) pixels): how far the shapes reach for "
            + "each other mid-way. Larger melts more and rounds more: past about a third of the "
            + "icon's side the middle frames shrink to a blob, and by half they vanish (a warning "
            + "names nearly empty frames). 0 means no blur: a plain cross-fade of the two shapes cut "
            + "at the threshold, so one switches to the other around the midpoint, where the parts "
            + "of only one icon show at half strength.",
        defaultText: "4 pt for each 44 pt of the icon box's shorter side (4 at the default --size)", section: section)
    static let blurLevels = OptionSpec(
        .blurLevels, value: .integer(2...MorphStyle.maximumBlurLevels), valueName: "n",
        help: "How many blur radii are precomputed between 0 and the largest "
            + "(2 to \(MorphStyle.maximumBlurLevels)).",
        defaultText: "the fewest that keep them at most 0.25 pixels apart", section: section)
    static let threshold = OptionSpec(
        .threshold, value: .number(.aboveUpTo(0, 1)), valueName: "t",
        help: "Where the shape's edge sits in the blurred field (which runs from 0 where "
            + "neither icon reaches to 1 inside both), in (0, 1]: lower gives fatter shapes that "
            + "merge sooner, higher thinner ones that part sooner and near 1 break into pieces; "
            + "0.3 to 0.7 keeps the icons' own weight at rest. It is the edge's middle with "
            + "--softness auto (which needs \(formatNumber(automaticThresholds.lowerBound)) "
            + "to \(formatNumber(automaticThresholds.upperBound))), the point where it becomes "
            + "fully opaque with a fixed softness.",
        defaultText: formatNumber(Defaults.threshold), section: section)
    static let softness = OptionSpec(
        .softness, value: .automaticOrNumber(.closed(MorphStyle.minimumSoftness, 1)), valueName: "s",
        help: "The edge's ramp: auto (about one pixel wide at every frame, so the icons keep "
            + "their own anti-aliasing at rest) or a fixed width below the threshold, in "
            + "field units (the field's whole range is 1, so 0.1 is a tenth of it; a wider ramp "
            + "gives softer, blurrier edges), from \(formatNumber(MorphStyle.minimumSoftness)) up to "
            + "the threshold (0.05 is the look of earlier versions).",
        defaultText: Defaults.softness.description, section: section)
    static let ease = OptionSpec(
        .ease, value: .choice(MorphEasing.allCases.map(\.rawValue).sorted()), valueName: "curve",
        help: "How progress is paced: linear, or smooth (slow at both ends).",
        defaultText: Defaults.easing.rawValue, section: section)
    static let color = OptionSpec(
        .color, value: .color, valueName: "hex",
        help: "The shape's color as #RGB, #RGBA, #RRGGBB or #RRGGBBAA (quote it: '#' "
            + "starts a comment in the shell). Its alpha scales the shape's opacity.",
        defaultText: hexString(Defaults.color), section: section)
    static let colorTo = OptionSpec(
        .colorTo, value: .color, valueName: "hex",
        help: "Blend the shape's color from --color at progress 0 to this one at progress 1, "
            + "along the eased progress, in the Oklab perceptual space (so hue and lightness "
            + "change evenly); alpha blends linearly.",
        section: section)
    static let background = OptionSpec(
        .background, value: .color, valueName: "hex",
        help: "Put every frame over this color (straight-alpha 'over' on the sRGB values, as "
            + "browsers do; an opaque color gives opaque frames). It also fills the gaps of a "
            + "sheet.",
        section: section)

    /// Every look option, in the order help lists them.
    static let options = [style, blur, blurLevels, threshold, softness, ease, color, colorTo, background]

    /// The options that blur a field, refused with `--style path`.
    static let blurOnly: [OptionKey] = [.blur, .blurLevels]
    /// The options that place the metaball field's edge, refused with `--style path` and
    /// `--style distance`.
    static let thresholdOnly: [OptionKey] = [.threshold, .softness]

    /// The morph style `--style` asks for.
    ///
    /// - Throws: `CommandLineError.invalidSetting` for an option the style does not use.
    static func fieldStyle(_ parsed: ParsedArguments) throws -> FieldStyle {
        let style = parsed.choice(.style).flatMap(FieldStyle.init(rawValue:)) ?? .metaball
        let spelling = parsed.spelling(of: .style)
        switch style {
        case .metaball:
            break
        case .distance:
            if let key = thresholdOnly.first(where: parsed.has) {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: key),
                    reason: "does not apply to \(spelling) distance: its edge is where the distance field is zero")
            }
        case .path:
            if let key = (blurOnly + thresholdOnly).first(where: parsed.has) {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: key),
                    reason: "does not apply to \(spelling) path: outlines are neither blurred nor thresholded")
            }
        }
        return style
    }

    /// The thresholds automatic softness accepts (`MorphStyle.validate`).
    static var automaticThresholds: ClosedRange<Double> {
        let margin = MorphFrameMath.flatFadeWidth / 2
        return margin...(1 - margin)
    }

    /// The blur in points when `--blur` is not given: `Defaults.blurShare` of the box's
    /// shorter side, and never more than the renderer's largest radius (which only boxes
    /// over about 11 000 pixels a side would pass).
    static func defaultBlur(for box: IconBox) -> Double {
        min(min(box.width, box.height) * Defaults.blurShare, MorphStyle.maximumBlurRadius / box.scale)
    }

    /// The look that the options give (`--color-to` only where the command has it), checked;
    /// `maxBlurRadius` is in pixels (`--blur` × the box's scale).
    ///
    /// - Throws: `CommandLineError.invalidSetting` naming the option to change.
    static func style(_ parsed: ParsedArguments, box: IconBox, field: MorphField) throws -> MorphStyle {
        let scale = box.scale
        let blur = parsed.number(.blur) ?? defaultBlur(for: box)
        var style = MorphStyle(
            field: field,
            maxBlurRadius: blur * scale,
            blurLevels: parsed.integer(.blurLevels),
            threshold: parsed.number(.threshold) ?? Defaults.threshold,
            softness: parsed.number(.softness).map(MorphSoftness.fixed) ?? Defaults.softness,
            easing: parsed.choice(.ease).flatMap(MorphEasing.init(rawValue:)) ?? Defaults.easing,
            tint: Defaults.color)
        if let color = parsed.color(.color) { style.tint = color }
        if let color = parsed.color(.colorTo) { style.targetTint = color }
        if let color = parsed.color(.background) { style.background = color }
        try check(style, blur: blur, scale: scale, parsed)
        return style
    }

    /// A warning for a look whose shape none of the frames at `progress` shows: a tint of
    /// alpha 0 there (`--color`, blended toward `--color-to` if given). Allowed, since the
    /// frames are still what was asked for (blank, or the background alone), but most likely
    /// a mistake. Call it once the inputs have loaded.
    static func invisibleShapeWarning(_ style: MorphStyle, progress: [Double]) -> String? {
        guard !progress.isEmpty, progress.allSatisfy({ style.tint(atProgress: $0).alpha == 0 }) else { return nil }
        let cause: String
        if style.targetTint == nil {
            cause = "--color has alpha 0"
        } else if progress.count == 1 {
            cause = "at progress \(formatNumber(progress[0])) the tint (--color blended toward --color-to) has alpha 0"
        } else {
            cause = "--color and --color-to have alpha 0"
        }
        let blank = (style.background?.alpha ?? 0) == 0
        let frames = progress.count == 1
            ? (blank ? "the frame is blank" : "the frame is the --background alone")
            : (blank ? "every frame is blank" : "every frame is the --background alone")
        return "\(cause), so the shape does not show: \(frames)"
    }

    /// Limits that involve two options, in the options' own units, then the style's own
    /// validation as a backstop.
    private static func check(_ style: MorphStyle, blur: Double, scale: Double, _ parsed: ParsedArguments) throws {
        if style.maxBlurRadius > MorphStyle.maximumBlurRadius {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .blur),
                reason: "\(formatNumber(blur)) points at scale \(formatNumber(scale)) is a blur of "
                    + "\(formatComputed(style.maxBlurRadius)) pixels; the largest is "
                    + "\(formatNumber(MorphStyle.maximumBlurRadius)) pixels")
        }
        if style.softness == .automatic, !automaticThresholds.contains(style.threshold) {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .threshold),
                reason: "expected \(formatNumber(automaticThresholds.lowerBound)) to "
                    + "\(formatNumber(automaticThresholds.upperBound)) with --softness auto (the default), got "
                    + "\(formatNumber(style.threshold)); give a fixed --softness for a threshold outside that range")
        }
        if case .fixed(let softness) = style.softness, softness > style.threshold {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .softness),
                reason: "expected at most the threshold \(formatNumber(style.threshold)), "
                    + "got \(formatNumber(softness))")
        }
        do {
            try style.validate()
        } catch MorphError.invalidParameter(let parameter, let reason) {
            if let key = OptionKey(setting: parameter) {
                throw CommandLineError.invalidSetting(option: parsed.spelling(of: key), reason: reason)
            }
            throw MorphError.invalidParameter(parameter, reason: reason)
        }
    }
}
