import AlphaRaster
import IconSymbols
import MorphKernel
import PNGCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `iconmorph render`: one morph frame, or an evenly spaced sequence, between two icons (PNG
/// or SVG files, built-in symbols, or standard input).
///
/// Work happens in three steps so that nothing is read or written before the command line is
/// known to be good: `options(from:)` parses and checks every value and combination;
/// `run(_:)` then settles the output paths against the file system, finds and loads both
/// icons, and renders and writes each frame atomically.
enum RenderCommand {
    /// The largest `--frames`.
    static let maximumFrames = TimingOptions.maximumFrames

    /// The value of each option that is not given; the help text shows these same values.
    enum Defaults {
        /// The icon at progress 0 when `--from` is not given.
        static let source = BuiltInSymbol.play.name
        /// The icon at progress 1 when `--to` is not given.
        static let target = BuiltInSymbol.pause.name
        /// Points; 12 px at the default scale.
        static let blur = 4.0
        static let threshold = 0.5
        static let softness = MorphSoftness.automatic
        static let easing = MorphEasing.smooth
        static let color = TintColor.black
    }

    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one morph frame, or a sequence of frames, between two icons.",
        usage: [
            "render [--from <icon>] [--to <icon>] --progress <p> [options]",
            "render [--from <icon>] [--to <icon>] --frames <n> [options]",
            "render [--from <icon>] [--to <icon>] --duration <s> [options]",
        ],
        sections: ["INPUT", TimingOptions.framesSection, TimingOptions.timingSection, ExportOptions.section,
                   "GEOMETRY", "LOOK", "OPTIONS"],
        options: [
            IconInput.option("from", help: "The icon at progress 0: a PNG or SVG file, a built-in symbol, or - for "
                                 + "standard input.", defaultText: Defaults.source),
            IconInput.option("to", help: "The icon at progress 1, in the same forms.", defaultText: Defaults.target),
            GeometryOptions.maskOption,
        ] + TimingOptions.options + ExportOptions.options + GeometryOptions.boxOptions + [
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
                       help: "The blurred field value, in (0, 1], that the shape's edge follows: its middle "
                           + "with --softness auto (which needs \(formatNumber(automaticThresholds.lowerBound)) "
                           + "to \(formatNumber(automaticThresholds.upperBound))), the point where it becomes "
                           + "fully opaque with a fixed softness.",
                       defaultText: formatNumber(Defaults.threshold), section: "LOOK"),
            OptionSpec(long: "softness", value: .automaticOrNumber(.closed(MorphStyle.minimumSoftness, 1)), valueName: "s",
                       help: "The edge's ramp: auto (about one pixel wide at every frame, so the icons keep "
                           + "their own anti-aliasing at rest) or a fixed width below the threshold, in "
                           + "field units, from \(formatNumber(MorphStyle.minimumSoftness)) up to the threshold "
                           + "(0.05 is the look of earlier versions).",
                       defaultText: Defaults.softness.description, section: "LOOK"),
            OptionSpec(long: "ease", value: .choice(MorphEasing.allCases.map(\.rawValue).sorted()), valueName: "curve",
                       help: "How progress is paced: linear, or smooth (slow at both ends).",
                       defaultText: Defaults.easing.rawValue, section: "LOOK"),
            OptionSpec(long: "color", value: .color, valueName: "hex",
                       help: "The shape's color as #RGB, #RGBA, #RRGGBB or #RRGGBBAA (quote it: '#' "
                           + "starts a comment in the shell). Its alpha scales the shape's opacity.",
                       defaultText: hexString(Defaults.color), section: "LOOK"),
            OptionSpec(long: "color-to", value: .color, valueName: "hex",
                       help: "Blend the shape's color from --color at progress 0 to this one at progress 1, "
                           + "along the eased progress, in the Oklab perceptual space (so hue and lightness "
                           + "change evenly); alpha blends linearly.",
                       section: "LOOK"),
            OptionSpec(long: "background", value: .color, valueName: "hex",
                       help: "Put every frame over this color (straight-alpha 'over' on the sRGB values, as "
                           + "browsers do; an opaque color gives opaque frames). It also fills the gaps of a "
                           + "sheet.",
                       section: "LOOK"),
            .help,
        ],
        notes: [
            ("ICONS", IconInput.helpNote),
            ("OUTPUT FILES", [
                "PNGs that decode to 8-bit RGBA with straight (not premultiplied) alpha, "
                    + "round(size × scale) + 2 × round(padding × scale) pixels wide and high "
                    + "(\(GeometryOptions.defaultSide)×\(GeometryOptions.defaultSide) by default). "
                    + "Without --background every pixel of a frame has the tint's red, green and blue, so "
                    + "the file stores one byte a pixel, an index into a palette of the alphas in use (or, "
                    + "for a gray color when that is smaller, two: gray and alpha); any PNG reader expands "
                    + "it to exactly those RGBA pixels. An animated PNG shows the first frame in viewers "
                    + "without APNG support. Every file is written to a temporary file and renamed into "
                    + "place, so an existing file is replaced whole or not at all; an interrupt (Ctrl-C) "
                    + "removes the temporary file, and an animated PNG or sheet appears only when complete. "
                    + "On success one line says what was written; errors are one line on standard error.",
            ]),
            ("VIDEO", [
                "The raw stream (--format rgba, width × height × 4 bytes a frame) goes straight into "
                    + "ffmpeg; these make ProRes 4444 and VP9 WebM with alpha, and H.264 over white "
                    + "(--print-ffmpeg prints them for your options):",
            ] + FFmpegCommands.helpExample),
            ("EXIT STATUS", ExitCode.helpLines),
            ("EXAMPLES", [
                "iconmorph render --progress 0.5",
                "iconmorph render --from heart --to star --frames 60 -o frames/",
                "iconmorph render --from play --to pause --duration 1 --ping-pong -o morph.apng",
                "iconmorph render --frames 12 --format strip --manifest strip.json",
                "iconmorph render --from play.png --to pause.svg --progress 0.5 -o morph.png",
                "cat logo.svg | iconmorph render --from - --to checkmark --progress 0.3",
                "iconmorph render --from a.png --to b.png --frames 30 -o 'out/f_%03d.png'",
                "iconmorph render --from a.png --to b.png --progress 1 --size 60x44 --padding 8",
                "iconmorph render --progress 1 --color '#3478F6CC' --background '#FFFFFF'",
                "iconmorph render --frames 30 --color '#FF3B30' --color-to '#34C759'",
            ]),
        ]
    )

    /// The thresholds automatic softness accepts (`MorphStyle.validate`).
    static var automaticThresholds: ClosedRange<Double> {
        let margin = MorphFrameMath.flatFadeWidth / 2
        return margin...(1 - margin)
    }

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

        let (frames, timing) = try TimingOptions.frames(parsed)
        let layout = try GeometryOptions.layout(parsed)
        let style = try self.style(parsed, scale: layout.box.scale)

        var options = RenderOptions(
            source: source, target: target, frames: frames, output: .file(OutputTarget.defaultFile),
            outputSpelling: parsed.spelling(of: "output"), layout: layout, maskSource: GeometryOptions.maskSource(parsed),
            style: style, quiet: parsed.flag("quiet"))
        options.timing = timing
        options.given = parsed.given
        try ExportOptions.apply(parsed, to: &options, frameSize: (layout.width, layout.height))
        return options
    }

    /// The look that the LOOK options give (`--color-to` only where the command has it),
    /// checked.
    ///
    /// - Throws: `CommandLineError.invalidSetting` naming the option to change.
    static func style(_ parsed: ParsedArguments, scale: Double) throws -> MorphStyle {
        let blur = parsed.number("blur") ?? Defaults.blur
        var style = MorphStyle(
            maxBlurRadius: blur * scale,
            blurLevels: parsed.integer("blur-levels"),
            threshold: parsed.number("threshold") ?? Defaults.threshold,
            softness: parsed.number("softness").map(MorphSoftness.fixed) ?? Defaults.softness,
            easing: parsed.choice("ease").flatMap(MorphEasing.init(rawValue:)) ?? Defaults.easing,
            tint: Defaults.color)
        if case .color(let color)? = parsed.value("color") { style.tint = color }
        if case .color(let color)? = parsed.value("color-to") { style.targetTint = color }
        if case .color(let color)? = parsed.value("background") { style.background = color }
        try check(style, blur: blur, scale: scale, parsed)
        return style
    }

    /// Limits that involve two options, in the options' own units, then the style's own
    /// validation as a backstop.
    static func check(_ style: MorphStyle, blur: Double, scale: Double, _ parsed: ParsedArguments) throws {
        if style.maxBlurRadius > MorphStyle.maximumBlurRadius {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "blur"),
                reason: "\(formatNumber(blur)) points at scale \(formatNumber(scale)) is a blur of "
                    + "\(formatNumber(style.maxBlurRadius)) pixels; the largest is "
                    + "\(formatNumber(MorphStyle.maximumBlurRadius)) pixels")
        }
        if style.softness == .automatic, !automaticThresholds.contains(style.threshold) {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "threshold"),
                reason: "expected \(formatNumber(automaticThresholds.lowerBound)) to "
                    + "\(formatNumber(automaticThresholds.upperBound)) with --softness auto (the default), got "
                    + "\(formatNumber(style.threshold)); give a fixed --softness for a threshold outside that range")
        }
        if case .fixed(let softness) = style.softness, softness > style.threshold {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "softness"),
                reason: "expected at most the threshold \(formatNumber(style.threshold)), "
                    + "got \(formatNumber(softness))")
        }
        do {
            try style.validate()
        } catch MorphError.invalidParameter(let parameter, let reason) {
            if let option = option(for: parameter) {
                throw CommandLineError.invalidSetting(option: parsed.spelling(of: option), reason: reason)
            }
            throw MorphError.invalidParameter(parameter, reason: reason)
        }
    }

    /// The option that sets a parameter of the morph API, or nil for those no option sets
    /// (the command computes them, so an error there is the program's).
    static func option(for parameter: MorphParameter) -> String? {
        switch parameter {
        case .maxBlurRadius, .radius: "blur"
        case .blurLevels: "blur-levels"
        case .threshold: "threshold"
        case .softness: "softness"
        case .targetTint: "color-to"
        case .progress: "progress"
        case .duration: "transition"
        case .capturedWeight, .time, .fieldValues, .fieldBlurRadius: nil
        }
    }

    /// Renders and writes every frame; returns the line that says what was written.
    ///
    /// `warn` receives each SVG importer warning (one line naming the file).
    ///
    /// - Throws: `OutputError`, `IconInputError`, `PNGError`, `SVGError`, `AlphaRasterError`,
    ///   `MorphError` or `StandardOutputError`, unchanged.
    static func run(_ options: RenderOptions, warn: (String) -> Void) throws -> String {
        if options.format == .rgba, isatty(STDOUT_FILENO) == 1 { throw StandardOutputError.isTerminal }
        let (plan, manifest) = try planOutputs(options, inputs: [("--from", options.source), ("--to", options.target)])
        let source = try IconInput.load(options.source, option: "--from", in: options.layout, source: options.maskSource, warn: warn)
        let target = try IconInput.load(options.target, option: "--to", in: options.layout, source: options.maskSource, warn: warn)
        let renderer = try MorphRenderer(width: source.width, height: source.height, style: options.style)
        let frames = options.scheduledProgress.map { MorphFrame(source: source, target: target, progress: $0) }
        return try write(frames, renderer: renderer, options: options, plan: plan, manifest: manifest)
    }

    /// The output files of `options` (and the manifest's), checked before any frame is
    /// rendered: none of them is one of `inputs` (option spelling, path), and a file written
    /// only at the end (sheet, strip, manifest) can be created. `animate` plans through this too.
    ///
    /// - Throws: `OutputError` or `CommandLineError` from the checks.
    static func planOutputs(
        _ options: RenderOptions, inputs: [(String, String)]
    ) throws -> (plan: OutputPlan, manifest: String?) {
        let format = options.format
        let plan = try options.output.plan(
            frameCount: format == .png ? options.outputFrameCount : 1, option: options.outputSpelling,
            defaultName: format.defaultFile)
        let manifest = try options.manifest.map {
            try OutputTarget.file($0).plan(frameCount: 1, option: "--manifest", defaultName: "sheet.json").paths[0]
        }
        try OutputSafety.checkInputsSpared(
            inputs: inputs, outputs: [(options.outputSpelling, plan.paths), ("--manifest", manifest.map { [$0] } ?? [])])
        if format == .sheet || format == .strip {
            for path in plan.paths + (manifest.map { [$0] } ?? []) { try OutputSafety.probeCreatable(path) }
        }
        return (plan, manifest)
    }

    /// Renders `frames` (the output's frames, in order) with `renderer` and writes them as
    /// `options` say to `plan` (and `manifest`), both settled by the caller; returns the line
    /// that says what was written. `animate` writes its frames through this too.
    ///
    /// - Throws: as `run(_:warn:)`.
    static func write(
        _ frames: [MorphFrame], renderer: MorphRenderer, options: RenderOptions, plan: OutputPlan, manifest: String?
    ) throws -> String {
        let format = options.format
        let progress = frames.map(\.progress)
        let reporter = options.quiet || progress.count < 2
            ? nil : ProgressReporter(total: progress.count, style: ProgressReporter.styleForStandardError)
        func export(to sink: any FrameSink) throws {
            try FrameExporter(
                frames: frames, renderer: renderer, sink: sink, reporter: reporter
            ).run()
        }

        let size = "\(renderer.width)×\(renderer.height)"
        switch format {
        case .png:
            try plan.createFolder()
            do {
                try export(to: PNGFileSink(paths: plan.paths, compression: options.compression))
            } catch {
                plan.removeCreatedFolderIfEmpty()
                throw error
            }
            if plan.paths.count == 1 { return "wrote \(plan.paths[0]) (\(size))" }
            return "wrote \(plan.paths.count) frames (\(size)): \(plan.paths[0]) … \(plan.paths[plan.paths.count - 1])"
        case .rgba:
            try export(to: RawStreamSink())
            return "wrote \(progress.count) frame\(progress.count == 1 ? "" : "s") of \(size) RGBA to standard output "
                + "(\(progress.count * renderer.width * renderer.height * 4) bytes)"
        case .apng:
            let writer = try AnimatedPNGWriter(
                path: plan.paths[0], width: renderer.width, height: renderer.height, loopCount: options.timing.loops,
                compression: options.compression)
            try export(to: AnimatedPNGSink(writer: writer, delays: options.schedule.map(\.delay)))
            let loops = switch options.timing.loops {
            case 0: "loops forever"
            case 1: "plays once"
            case let n: "plays \(n) times"
            }
            return "wrote \(plan.paths[0]) (\(size), \(progress.count) frames at \(formatNumber(options.timing.fps.doubleValue)) fps, \(loops))"
        case .sheet, .strip:
            let layout = ExportOptions.sheetLayout(options, frameSize: (renderer.width, renderer.height))
            let pixels = try sheet(layout, gap: SheetLayout.gapPixel(style: options.style)) { try export(to: SheetSink(pixels: $0, layout: layout)) }
            let image = try PNGImage(width: layout.width, height: layout.height, format: .rgba, pixels: pixels)
            var summary = "wrote \(plan.paths[0]) (\(layout.width)×\(layout.height): \(layout.count) frames of \(size)"
                + (format == .sheet ? " in \(layout.columns) columns)" : " in a row)")
            let text = manifest.map {
                SheetManifest.json(
                    image: SheetManifest.imageReference(image: plan.paths[0], manifest: $0), layout: layout,
                    fps: options.timing.fps, progress: progress)
            }
            // The sheet and its manifest land together or not at all (a full disk stops both).
            try PNGEncoder(compression: options.compression).withPNGData(of: image) { png in
                try Array((text ?? "").utf8).withUnsafeBytes { json in
                    try AtomicFileWriter.write([(png, plan.paths[0])] + (manifest.map { [(json, $0)] } ?? []))
                }
            }
            if let manifest { summary += " and \(manifest)" }
            return summary
        }
    }

    /// A sheet's pixels, filled with `gap` and then by `fill`, which gets them to write into.
    private static func sheet(
        _ layout: SheetLayout, gap: UInt32, fill: (UnsafeMutableRawBufferPointer) throws -> Void
    ) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            let words = buffer.bindMemory(to: UInt32.self)
            words.initialize(repeating: gap)
            try fill(buffer)
        }
        return pixels
    }
}
