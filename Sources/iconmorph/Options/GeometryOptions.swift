import AlphaRaster

/// The options that say where and how an icon becomes a mask, shared by `render`, `animate`
/// and `mask` so that all build the same mask from the same words: `--size`, `--scale`,
/// `--padding` and `--mask`.
enum GeometryOptions {
    /// The value of each option that is not given; the help text shows these same values.
    enum Defaults {
        /// Points, square: a 44 pt icon (the common touch-target size).
        static let size = 44.0
        /// Pixels per point.
        static let scale = 3.0
        /// Points on every side.
        static let padding = 0.0
        static let mask = MaskSource.auto
    }

    /// `--mask`, listed in the INPUT section.
    static let maskOption = OptionSpec(
        .mask, value: .choice(MaskSource.allCases.map(\.rawValue)), valueName: "source",
        help: "What of a PNG icon becomes its shape: alpha (the alpha channel), luminance "
            + "(dark ink on white) or auto (alpha when the icon has any transparency, "
            + "otherwise luminance). SVG icons and built-in symbols are shapes already and "
            + "ignore it.",
        defaultText: Defaults.mask.rawValue, section: "INPUT")

    /// `--size`, `--scale` and `--padding`, in the GEOMETRY section.
    static let boxOptions = [
        OptionSpec(.size, value: .boxSize, valueName: "size",
                   help: "The icon box in points: one number for a square, or WxH. Each icon is "
                       + "scaled to fit the box, keeping its aspect ratio, and centred.",
                   defaultText: formatNumber(Defaults.size), section: "GEOMETRY"),
        OptionSpec(.scale, value: .number(.positive), valueName: "s",
                   help: "Pixels per point. The output is round(size × scale) pixels plus the padding.",
                   defaultText: formatNumber(Defaults.scale), section: "GEOMETRY"),
        OptionSpec(.padding, value: .number(.nonNegative), valueName: "pt",
                   help: "Transparent margin around the box on every side, in points, so that "
                       + "the blurred shape is not cut off.",
                   defaultText: formatNumber(Defaults.padding), section: "GEOMETRY"),
    ]

    /// The output's side in pixels with the default size, scale and padding, for help texts.
    static var defaultSide: Int {
        Int((Defaults.size * Defaults.scale).rounded() + 2 * (Defaults.padding * Defaults.scale).rounded())
    }

    /// The `--mask` choice, or the default.
    static func maskSource(_ parsed: ParsedArguments) -> MaskSource {
        parsed.choice(.mask).flatMap(MaskSource.init(rawValue:)) ?? Defaults.mask
    }

    /// The box that `--size`, `--scale` and `--padding` describe, validated once and measured
    /// in pixels.
    ///
    /// - Throws: `CommandLineError.invalidSetting` naming the option to change when the box
    ///   is under one pixel or over the size limit.
    static func layout(_ parsed: ParsedArguments) throws -> IconLayout {
        let (width, height) = parsed.size(.size) ?? (Defaults.size, Defaults.size)
        let box = IconBox(
            width: width, height: height, scale: parsed.number(.scale) ?? Defaults.scale,
            padding: parsed.number(.padding) ?? Defaults.padding)
        return try check(box, parsed)
    }

    /// The pixel size that --size, --scale and --padding make together, in the options' own
    /// words, then the box's own validation as a backstop, which gives the layout.
    private static func check(_ box: IconBox, _ parsed: ParsedArguments) throws -> IconLayout {
        let size = box.width == box.height ? formatNumber(box.width) : "\(formatNumber(box.width))x\(formatNumber(box.height))"
        let boxWidth = (box.width * box.scale).rounded(), boxHeight = (box.height * box.scale).rounded()
        if boxWidth < 1 || boxHeight < 1 {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: parsed.has(.size) || !parsed.has(.scale) ? .size : .scale),
                reason: "\(size) pt at scale \(formatNumber(box.scale)) is less than 1 pixel; "
                    + "give a larger --size or --scale")
        }
        let padding = (box.padding * box.scale).rounded()
        let width = boxWidth + 2 * padding, height = boxHeight + 2 * padding
        let limit = Double(IconBox.maximumPixelSide)
        if width > limit || height > limit {
            let blame: OptionKey = padding > 0 && boxWidth <= limit && boxHeight <= limit
                ? .padding : parsed.has(.size) || !parsed.has(.scale) ? .size : .scale
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: blame),
                reason: "\(size) pt at scale \(formatNumber(box.scale))"
                    + (box.padding > 0 ? " plus \(formatNumber(box.padding)) pt of padding on each side" : "")
                    + " is \(formatNumber(width))×\(formatNumber(height)) pixels; the largest is "
                    + "\(IconBox.maximumPixelSide) pixels per side")
        }
        do {
            return try box.layout()
        } catch AlphaRasterError.invalidBox(let field, let reason) {
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: OptionKey(setting: field)), reason: reason)
        }
    }
}
