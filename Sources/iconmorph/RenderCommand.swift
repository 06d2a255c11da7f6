import AlphaRaster
import MorphKernel
import PNGCodec

/// `iconmorph render`: one morph frame, or an evenly spaced sequence, from two PNG icons.
///
/// Work happens in three steps so that nothing is read or written before the command line is
/// known to be good: `options(from:)` parses and checks every value and combination;
/// `run(_:)` then settles the output paths against the file system, loads both masks, and
/// renders and writes each frame atomically.
enum RenderCommand {
    /// The largest `--frames`; a guard against a slip of the keyboard, not a limit of the code.
    static let maximumFrames = 100_000

    /// The value of each option that is not given; the help text shows these same values.
    enum Defaults {
        /// Points, square: a 44 pt icon (the common touch-target size).
        static let size = 44.0
        /// Pixels per point.
        static let scale = 3.0
        /// Points on every side.
        static let padding = 0.0
        /// Points; 12 px at the default scale.
        static let blur = 4.0
        static let threshold = 0.5
        static let softness = 0.05
        static let easing = MorphEasing.smooth
        static let mask = MaskSource.auto
        static let color = TintColor.black
    }

    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one morph frame, or a sequence of frames, between two icons.",
        usage: [
            "render --from <png> --to <png> --progress <p> [options]",
            "render --from <png> --to <png> --frames <n> [options]",
        ],
        sections: ["INPUT", "FRAMES (give exactly one)", "OUTPUT", "GEOMETRY", "LOOK", "OPTIONS"],
        options: [
            OptionSpec(long: "from", value: .inputPath, valueName: "png",
                       help: "The icon at progress 0.", section: "INPUT"),
            OptionSpec(long: "to", value: .inputPath, valueName: "png",
                       help: "The icon at progress 1.", section: "INPUT"),
            OptionSpec(long: "mask", value: .choice(MaskSource.allCases.map(\.rawValue)), valueName: "source",
                       help: "What of each icon becomes its shape: alpha (the alpha channel), luminance "
                           + "(dark ink on white) or auto (alpha when the icon has any transparency, "
                           + "otherwise luminance).",
                       defaultText: Defaults.mask.rawValue, section: "INPUT"),
            OptionSpec(long: "progress", value: .number(.closed(0, 1)), valueName: "p",
                       help: "Render one frame at progress p, from 0 (the --from icon) to 1 (the --to icon).",
                       section: "FRAMES (give exactly one)"),
            OptionSpec(long: "frames", value: .integer(2...maximumFrames), valueName: "n",
                       help: "Render n frames (2 to \(maximumFrames)) at progress i/(n-1) for i = 0 … n-1, so "
                           + "the first is the --from icon and the last the --to icon. For a single "
                           + "frame use --progress.",
                       section: "FRAMES (give exactly one)"),
            OptionSpec(long: "output", short: "o", value: .outputPath, valueName: "path",
                       help: "With --progress: the PNG file to write (default: \(OutputTarget.defaultFile); "
                           + "an existing folder gets \(OutputTarget.defaultFile) inside it). With --frames: "
                           + "a folder that gets frame_0000.png, frame_0001.png, … (default: "
                           + "\(OutputTarget.defaultFolder); created if missing, but its parent must exist), "
                           + "or a file pattern with %d or %0Nd, such as 'out/f_%03d.png' (%% is a "
                           + "literal %; numbers start at 0). Files of the same names are replaced; other "
                           + "files are left alone.",
                       section: "OUTPUT"),
            OptionSpec(long: "quiet", short: "q",
                       help: "Print nothing on success. Otherwise one line on standard output says "
                           + "what was written.",
                       section: "OUTPUT"),
            OptionSpec(long: "size", value: .boxSize, valueName: "size",
                       help: "The icon box in points: one number for a square, or WxH. Each icon is "
                           + "scaled to fit the box, keeping its aspect ratio, and centred.",
                       defaultText: formatNumber(Defaults.size), section: "GEOMETRY"),
            OptionSpec(long: "scale", value: .number(.positive), valueName: "s",
                       help: "Pixels per point. The output is round(size × scale) pixels plus the padding.",
                       defaultText: formatNumber(Defaults.scale), section: "GEOMETRY"),
            OptionSpec(long: "padding", value: .number(.nonNegative), valueName: "pt",
                       help: "Transparent margin around the box on every side, in points, so that "
                           + "the blurred shape is not cut off.",
                       defaultText: formatNumber(Defaults.padding), section: "GEOMETRY"),
            OptionSpec(long: "blur", value: .number(.nonNegative), valueName: "pt",
                       help: "The largest blur radius, in points (blur × scale pixels, at most "
                           + "\(formatNumber(MorphStyle.maximumBlurRadius)) pixels). 0 gives a plain "
                           + "cross-fade of the shapes.",
                       defaultText: formatNumber(Defaults.blur), section: "LOOK"),
            OptionSpec(long: "blur-levels", value: .integer(2...MorphStyle.maximumBlurLevels), valueName: "n",
                       help: "How many blur radii are precomputed between 0 and the largest "
                           + "(2 to \(MorphStyle.maximumBlurLevels)).",
                       defaultText: "the fewest that keep them at most 0.25 pixels apart", section: "LOOK"),
            OptionSpec(long: "threshold", value: .number(.aboveUpTo(0, 1)), valueName: "t",
                       help: "The blurred field value, in (0, 1], at which the shape's edge becomes "
                           + "fully opaque.",
                       defaultText: formatNumber(Defaults.threshold), section: "LOOK"),
            OptionSpec(long: "softness", value: .number(.closed(MorphStyle.minimumSoftness, 1)), valueName: "s",
                       help: "The width of the edge's ramp below the threshold, from "
                           + "\(formatNumber(MorphStyle.minimumSoftness)) up to the threshold.",
                       defaultText: formatNumber(Defaults.softness), section: "LOOK"),
            OptionSpec(long: "ease", value: .choice(MorphEasing.allCases.map(\.rawValue).sorted()), valueName: "curve",
                       help: "How progress is paced: linear, or smooth (slow at both ends).",
                       defaultText: Defaults.easing.rawValue, section: "LOOK"),
            OptionSpec(long: "color", value: .color, valueName: "hex",
                       help: "The shape's color as #RGB, #RGBA, #RRGGBB or #RRGGBBAA (quote it: '#' "
                           + "starts a comment in the shell). Its alpha scales the shape's opacity.",
                       defaultText: hexString(Defaults.color), section: "LOOK"),
            .help,
        ],
        notes: [
            ("OUTPUT FILES", [
                "8-bit RGBA PNG with straight (not premultiplied) alpha, "
                    + "round(size × scale) + 2 × round(padding × scale) pixels on each side "
                    + "(\(defaultSide)×\(defaultSide) by default). Each file is written to a temporary file and renamed "
                    + "into place, so an existing file is replaced whole or not at all; an "
                    + "interrupt (Ctrl-C) removes the temporary file. On success one line on "
                    + "standard output says what was written; errors are one line on standard error.",
            ]),
            ("EXIT STATUS", ExitCode.documented.map { code, meaning in
                code.description + String(repeating: " ", count: max(1, 5 - code.description.count)) + meaning
            }),
            ("EXAMPLES", [
                "iconmorph render --from play.png --to pause.png --progress 0.5 -o morph.png",
                "iconmorph render --from play.png --to pause.png --frames 60 -o frames/",
                "iconmorph render --from a.png --to b.png --frames 30 -o 'out/f_%03d.png'",
                "iconmorph render --from a.png --to b.png --progress 1 --size 60x44 --padding 8",
                "iconmorph render --from a.png --to b.png --progress 1 --color '#3478F6CC'",
            ]),
        ]
    )

    /// The output's side in pixels with the default size, scale and padding, for the help text.
    private static var defaultSide: Int { Int((Defaults.size * Defaults.scale).rounded() + 2 * (Defaults.padding * Defaults.scale).rounded()) }

    /// The help text of `render`, built from `spec`.
    static var help: String { HelpFormatter.help(for: spec) }

    /// Parses and checks a `render` command line (the words after `render`).
    ///
    /// Returns `nil` when help was asked for.
    ///
    /// - Throws: `CommandLineError` for anything wrong with the command line, the first problem
    ///   in command-line order, then missing and conflicting options, then combinations.
    static func options(from arguments: [String]) throws -> RenderOptions? {
        let parsed = try ArgumentParser(command: spec).parse(arguments)
        if parsed.helpRequested { return nil }

        guard let source = parsed.text("from") else { throw CommandLineError.missingOption("--from <png>", command: "render") }
        guard let target = parsed.text("to") else { throw CommandLineError.missingOption("--to <png>", command: "render") }

        let frames: RenderOptions.Frames
        switch (parsed.number("progress"), parsed.integer("frames")) {
        case (let progress?, nil): frames = .single(progress: progress)
        case (nil, let count?): frames = .sequence(count: count)
        case (.some, .some):
            throw CommandLineError.conflictingOptions(parsed.spelling(of: "progress"), parsed.spelling(of: "frames"))
        case (nil, nil):
            throw CommandLineError.missingAlternative(
                "--progress <p> (one frame) or --frames <n> (a sequence)", command: "render")
        }

        let outputSpelling = parsed.spelling(of: "output")
        let output: OutputTarget
        switch frames {
        case .single:
            output = .file(parsed.text("output") ?? OutputTarget.defaultFile)
        case .sequence:
            let path = parsed.text("output") ?? OutputTarget.defaultFolder
            if let pattern = try FramePattern(parsing: path, option: outputSpelling) {
                output = .pattern(pattern)
            } else {
                output = .folder(path)
            }
        }

        var width = Defaults.size, height = Defaults.size
        if case .size(let w, let h)? = parsed.value("size") { (width, height) = (w, h) }
        let scale = parsed.number("scale") ?? Defaults.scale
        let box = IconBox(width: width, height: height, scale: scale, padding: parsed.number("padding") ?? Defaults.padding)
        try check(box, parsed)

        var tint = Defaults.color
        if case .color(let color)? = parsed.value("color") { tint = color }
        let blur = parsed.number("blur") ?? Defaults.blur
        let style = MorphStyle(
            maxBlurRadius: blur * scale,
            blurLevels: parsed.integer("blur-levels"),
            threshold: parsed.number("threshold") ?? Defaults.threshold,
            softness: parsed.number("softness") ?? Defaults.softness,
            easing: parsed.choice("ease").flatMap(MorphEasing.init(rawValue:)) ?? Defaults.easing,
            tint: tint)
        try check(style, blur: blur, scale: scale, parsed)

        return RenderOptions(
            source: source, target: target, frames: frames, output: output, outputSpelling: outputSpelling,
            box: box, maskSource: parsed.choice("mask").flatMap(MaskSource.init(rawValue:)) ?? Defaults.mask,
            style: style, quiet: parsed.flag("quiet"))
    }

    /// The pixel size that --size, --scale and --padding make together, in the options' own
    /// words, then the box's own validation as a backstop.
    private static func check(_ box: IconBox, _ parsed: ParsedArguments) throws {
        let size = box.width == box.height ? formatNumber(box.width) : "\(formatNumber(box.width))x\(formatNumber(box.height))"
        let boxWidth = (box.width * box.scale).rounded(), boxHeight = (box.height * box.scale).rounded()
        if boxWidth < 1 || boxHeight < 1 {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: parsed.has("size") || !parsed.has("scale") ? "size" : "scale"),
                reason: "\(size) pt at scale \(formatNumber(box.scale)) is less than 1 pixel; "
                    + "give a larger --size or --scale")
        }
        let padding = (box.padding * box.scale).rounded()
        let width = boxWidth + 2 * padding, height = boxHeight + 2 * padding
        let limit = Double(IconBox.maximumPixelSide)
        if width > limit || height > limit {
            let blame = padding > 0 && boxWidth <= limit && boxHeight <= limit ? "padding" : parsed.has("size") || !parsed.has("scale") ? "size" : "scale"
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: blame),
                reason: "\(size) pt at scale \(formatNumber(box.scale))"
                    + (box.padding > 0 ? " plus \(formatNumber(box.padding)) pt of padding on each side" : "")
                    + " is \(formatNumber(width))×\(formatNumber(height)) pixels; the largest is "
                    + "\(IconBox.maximumPixelSide) pixels per side")
        }
        do {
            try box.validate()
        } catch AlphaRasterError.invalidBox(let field, let reason) {
            let option = switch field {
            case "scale": "scale"
            case "padding": "padding"
            default: "size"
            }
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: option), reason: reason)
        }
    }

    /// Limits that involve two options, in the options' own units, then the style's own
    /// validation as a backstop.
    private static func check(_ style: MorphStyle, blur: Double, scale: Double, _ parsed: ParsedArguments) throws {
        if style.maxBlurRadius > MorphStyle.maximumBlurRadius {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "blur"),
                reason: "\(formatNumber(blur)) points at scale \(formatNumber(scale)) is a blur of "
                    + "\(formatNumber(style.maxBlurRadius)) pixels; the largest is "
                    + "\(formatNumber(MorphStyle.maximumBlurRadius)) pixels")
        }
        if style.softness > style.threshold {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "softness"),
                reason: "expected at most the threshold \(formatNumber(style.threshold)), "
                    + "got \(formatNumber(style.softness))")
        }
        do {
            try style.validate()
        } catch MorphError.invalidParameter(let name, let reason) {
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: optionName(forStyleParameter: name)), reason: reason)
        }
    }

    /// The option that sets a `MorphStyle` parameter or `MorphRenderer` argument.
    static func optionName(forStyleParameter name: String) -> String {
        switch name {
        case "maxBlurRadius", "radius": "blur"
        case "blurLevels": "blur-levels"
        case "threshold": "threshold"
        case "softness": "softness"
        case "progress": "progress"
        default: "size"
        }
    }

    /// Renders and writes every frame; returns the line that says what was written.
    ///
    /// - Throws: `OutputError`, `PNGError`, `AlphaRasterError` or `MorphError`, unchanged.
    static func run(_ options: RenderOptions) throws -> String {
        let plan = try options.output.plan(frameCount: options.frames.count, option: options.outputSpelling)
        let source = try AlphaMask(contentsOfPNGFile: options.source, box: options.box, source: options.maskSource)
        let target = try AlphaMask(contentsOfPNGFile: options.target, box: options.box, source: options.maskSource)
        let renderer = try MorphRenderer(width: source.width, height: source.height, style: options.style)
        try plan.createFolder()

        var image = try PNGImage(
            width: source.width, height: source.height, format: .rgba,
            pixels: [UInt8](repeating: 0, count: source.width * source.height * 4))
        for (index, path) in plan.paths.enumerated() {
            let progress = options.frames.progress(ofFrame: index)
            try image.withUnsafeMutablePixelBytes { buffer in
                try renderer.renderRGBA(source: source, target: target, progress: progress, into: buffer)
            }
            try image.write(toFile: path)
        }

        let size = "\(image.width)×\(image.height)"
        if plan.paths.count == 1 { return "wrote \(plan.paths[0]) (\(size))" }
        return "wrote \(plan.paths.count) frames (\(size)): \(plan.paths[0]) … \(plan.paths[plan.paths.count - 1])"
    }
}
