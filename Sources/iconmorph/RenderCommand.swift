import AlphaRaster
import IconSymbols
import MorphKernel
import PNGCodec

/// `iconmorph render`: one morph frame, or an evenly spaced sequence, between two icons (PNG
/// or SVG files, built-in symbols, or standard input).
///
/// Work happens in three steps so that nothing is read or written before the command line is
/// known to be good: `options(from:)` parses and checks every value and combination;
/// `run(_:)` then settles the output paths against the file system, finds and loads both
/// icons, and renders and writes each frame atomically.
enum RenderCommand {
    /// The largest `--frames`; a guard against a slip of the keyboard, not a limit of the code.
    static let maximumFrames = 100_000

    /// The value of each option that is not given; the help text shows these same values.
    enum Defaults {
        /// The icon at progress 0 when `--from` is not given.
        static let source = BuiltInSymbol.play.name
        /// The icon at progress 1 when `--to` is not given.
        static let target = BuiltInSymbol.pause.name
        /// Points; 12 px at the default scale.
        static let blur = 4.0
        static let threshold = 0.5
        static let softness = 0.05
        static let easing = MorphEasing.smooth
        static let color = TintColor.black
    }

    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one morph frame, or a sequence of frames, between two icons.",
        usage: [
            "render [--from <icon>] [--to <icon>] --progress <p> [options]",
            "render [--from <icon>] [--to <icon>] --frames <n> [options]",
        ],
        sections: ["INPUT", "FRAMES (give exactly one)", "OUTPUT", "GEOMETRY", "LOOK", "OPTIONS"],
        options: [
            IconInput.option("from", help: "The icon at progress 0: a PNG or SVG file, a built-in symbol, or - for "
                                 + "standard input.", defaultText: Defaults.source),
            IconInput.option("to", help: "The icon at progress 1, in the same forms.", defaultText: Defaults.target),
            GeometryOptions.maskOption,
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
        ] + GeometryOptions.boxOptions + [
            OptionSpec(long: "blur", value: .number(.nonNegative), valueName: "pt",
                       help: "The largest blur radius, in points (blur × scale pixels, at most "
                           + "\(formatNumber(MorphStyle.maximumBlurRadius)) pixels). 0 means no blur: "
                           + "the shapes meet only where they overlap and switch around the midpoint.",
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
            ("ICONS", IconInput.helpNote),
            ("OUTPUT FILES", [
                "A PNG that decodes to 8-bit RGBA with straight (not premultiplied) alpha, "
                    + "round(size × scale) + 2 × round(padding × scale) pixels wide and high "
                    + "(\(GeometryOptions.defaultSide)×\(GeometryOptions.defaultSide) by default). "
                    + "Every pixel has the --color's red, green and blue, so the file stores one byte a "
                    + "pixel, an index into a palette of the alphas in use (or, for a gray color when "
                    + "that is smaller, two: gray and alpha); any PNG reader expands it to exactly "
                    + "those RGBA pixels. Each file is written to a temporary file and renamed into "
                    + "place, so an existing file is replaced whole or not at all; an interrupt "
                    + "(Ctrl-C) removes the temporary file. On success one line on standard output "
                    + "says what was written; errors are one line on standard error.",
            ]),
            ("EXIT STATUS", ExitCode.helpLines),
            ("EXAMPLES", [
                "iconmorph render --progress 0.5",
                "iconmorph render --from heart --to star --frames 60 -o frames/",
                "iconmorph render --from play.png --to pause.svg --progress 0.5 -o morph.png",
                "cat logo.svg | iconmorph render --from - --to checkmark --progress 0.3",
                "iconmorph render --from a.png --to b.png --frames 30 -o 'out/f_%03d.png'",
                "iconmorph render --from a.png --to b.png --progress 1 --size 60x44 --padding 8",
                "iconmorph render --from a.png --to b.png --progress 1 --color '#3478F6CC'",
            ]),
        ]
    )

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

        let source = parsed.text("from") ?? Defaults.source
        let target = parsed.text("to") ?? Defaults.target
        if source == "-", target == "-" {
            throw CommandLineError.bothStandardInput(parsed.spelling(of: "from"), parsed.spelling(of: "to"))
        }

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

        let box = try GeometryOptions.box(parsed)
        let scale = box.scale

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
            box: box, maskSource: GeometryOptions.maskSource(parsed),
            style: style, quiet: parsed.flag("quiet"))
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
    /// `warn` receives each SVG importer warning (one line naming the file).
    ///
    /// - Throws: `OutputError`, `IconInputError`, `PNGError`, `SVGError`, `AlphaRasterError` or
    ///   `MorphError`, unchanged.
    static func run(_ options: RenderOptions, warn: (String) -> Void) throws -> String {
        let plan = try options.output.plan(frameCount: options.frames.count, option: options.outputSpelling)
        let source = try IconInput.load(options.source, option: "--from", in: options.box, source: options.maskSource, warn: warn)
        let target = try IconInput.load(options.target, option: "--to", in: options.box, source: options.maskSource, warn: warn)
        let renderer = try MorphRenderer(width: source.width, height: source.height, style: options.style)
        let exporter = try FrameExporter(
            source: source, target: target, renderer: renderer, frames: options.frames, paths: plan.paths)
        try plan.createFolder()
        try exporter.run()

        let size = "\(source.width)×\(source.height)"
        if plan.paths.count == 1 { return "wrote \(plan.paths[0]) (\(size))" }
        return "wrote \(plan.paths.count) frames (\(size)): \(plan.paths[0]) … \(plan.paths[plan.paths.count - 1])"
    }
}
