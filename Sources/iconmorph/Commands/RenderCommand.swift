import IconSymbols
import MorphKernel
import PathMorph

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `iconmorph render`: one morph frame, or an evenly spaced sequence, between two icons (PNG
/// or SVG files, built-in symbols, or standard input).
///
/// Work happens in three steps so that nothing is read or written before the command line is
/// known to be good: `options(from:)` parses and checks every value and combination (with
/// the option groups it shares with `animate`); `run(_:warn:)` then settles the output paths
/// against the file system (`FrameWriter`), finds and loads both icons, and renders and
/// writes each frame atomically.
enum RenderCommand {
    /// The icons of the morph when `--from` and `--to` are not given; the help text shows
    /// these same names.
    enum Defaults {
        /// The icon at progress 0.
        static let source = BuiltInSymbol.play.name
        /// The icon at progress 1.
        static let target = BuiltInSymbol.pause.name
    }

    static let timingSection = "TIMING (sequences)"

    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one morph frame, or a sequence of frames, between two icons.",
        usage: [
            "render [--from <icon>] [--to <icon>] --progress <p> [options]",
            "render [--from <icon>] [--to <icon>] --frames <n> [options]",
            "render [--from <icon>] [--to <icon>] --duration <s> [options]",
        ],
        sections: ["INPUT", FramesOptions.section, timingSection, ExportOptions.section, "GEOMETRY", LookOptions.section,
                   "OPTIONS"],
        options: [
            IconOptions.option(.from, help: "The icon at progress 0: a PNG or SVG file, a built-in symbol, or - for "
                                   + "standard input.", defaultText: Defaults.source),
            IconOptions.option(.to, help: "The icon at progress 1, in the same forms.", defaultText: Defaults.target),
            GeometryOptions.maskOption,
        ] + FramesOptions.options
            + TimingOptions.playbackOptions(section: timingSection, wording: TimingOptions.Wording(
                holdStart: "Seconds the --from icon stays before the morph starts: round(s × fps) extra copies "
                    + "of the first frame in frame files and videos, one merged frame in a WebP, a longer "
                    + "first delay in an animated PNG or SVG (exactly s), a GIF (to the hundredth, up to 655.35 s) or a "
                    + "Lottie file (in whole frames).",
                holdEnd: "Seconds the --to icon stays after the morph ends (with --ping-pong: before it turns "
                    + "back), in the same way.",
                pingPong: "Play the morph forwards, then backwards to the --from icon: steps 0 … n-1 … 0. An "
                    + "animated file that loops forever (APNG, GIF, WebP, animated SVG, Lottie) plays "
                    + "0 … n-1 … 1, so its loop shows neither end twice."))
            + [
                ExportOptions.format,
                ExportOptions.output(
                    help: "With --progress: the file to write, a PNG (default: \(OutputTarget.defaultFile); an "
                        + "existing folder gets \(OutputTarget.defaultFile) inside it) or an SVG, GIF or WebP "
                        + "by its name or --format. With a sequence: a "
                        + "folder that gets frame_0000.png, frame_0001.png, … (default: "
                        + "\(OutputTarget.defaultFolder); created if missing, but its parent must exist), "
                        + "or a file pattern with %d or %0Nd, such as 'out/f_%03d.png' (%% is a literal %; "
                        + "numbers start at 0). An animated PNG, sheet or strip is one file (default: "
                        + "\(OutputFormat.apng.defaultFile), \(OutputFormat.sheet.defaultFile), "
                        + "\(OutputFormat.strip.defaultFile)). - is standard output: the raw stream (--format rgba, "
                        + "which - implies), or with --format the one file of any other format (a single PNG or "
                        + "SVG frame, an animated PNG, sheet, strip, animated SVG, Lottie or video), as "
                        + "/dev/stdout. "
                        + "Files of the same names are replaced; other files are left alone."),
            ]
            + ExportOptions.fileOptions + [ExportOptions.tolerance, ExportOptions.printFFmpeg, ExportOptions.quiet]
            + GeometryOptions.boxOptions + LookOptions.options + [.help],
        notes: [
            ("ICONS", IconOptions.helpNote),
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
                "Name the output -o morph.mov (ProRes 4444 with alpha), .webm (VP9 with alpha), .mp4 "
                    + "(H.264 over --background, white without one), .gif or .webp, and iconmorph runs ffmpeg "
                    + "with these recipes itself. Or pipe the raw stream (--format rgba, width × height × 4 "
                    + "bytes a frame) into ffmpeg yourself (--print-ffmpeg prints the commands for your options):",
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

        let source = parsed.text(.from) ?? Defaults.source
        let target = parsed.text(.to) ?? Defaults.target
        if source == "-", target == "-" {
            throw CommandLineError.bothStandardInput(parsed.spelling(of: .from), parsed.spelling(of: .to))
        }

        let (frames, fps) = try FramesOptions.frames(parsed)
        let layout = try GeometryOptions.layout(parsed)
        let fieldStyle = try LookOptions.fieldStyle(parsed)
        let style = try LookOptions.style(parsed, box: layout.box, field: fieldStyle.morphField ?? .metaball)
        let export = ExportOptions(parsed, isSequence: frames.count >= 2)
        let output = try export.output(
            steps: frames.count, timing: TimingOptions.timing(parsed, fps: fps), frameSize: (layout.width, layout.height),
            scale: layout.box.scale)
        return RenderOptions(
            source: source, target: target, frames: frames, layout: layout, maskSource: GeometryOptions.maskSource(parsed),
            fieldStyle: fieldStyle, style: style, output: output, printFFmpeg: export.printFFmpeg, given: parsed.given)
    }

    /// Loads both icons, renders every frame and writes them; returns the line that says what
    /// was written.
    ///
    /// `warn` receives each SVG importer warning (one line naming the file).
    ///
    /// - Throws: `OutputError`, `IconInputError`, `PNGError`, `SVGError`, `AlphaRasterError`,
    ///   `MorphError` or `StandardOutputError`, unchanged.
    static func run(_ options: RenderOptions, warn: (String) -> Void) throws -> String {
        try options.output.checkNotBinaryToTerminal()
        let from = OptionKey.from.longName, to = OptionKey.to.longName
        let writer = try FrameWriter(output: options.output, sparing: [(from, options.source), (to, options.target)])
        // Checked before the icons are drawn (each mask is an allocation of a frame's size),
        // a missing or unknown icon reported first all the same.
        var needs = MemoryNeeds(
            width: options.layout.width, height: options.layout.height, style: options.fieldStyle,
            format: options.output.format)
        needs.countSheet(of: options.output)
        try needs.check {
            for (text, option) in [(options.source, from), (options.target, to)] {
                try IconInput.preflight(
                    text, option: option, in: options.layout, source: options.maskSource,
                    outlineFor: options.fieldStyle == .path ? "--style path" : nil)
            }
        }
        let schedule = options.output.schedule
        let renderer: MorphRenderer
        let frames: [FrameSource]
        switch options.fieldStyle {
        case .metaball, .distance:
            let source = try IconInput.load(options.source, option: from, in: options.layout, source: options.maskSource, warn: warn)
            let target = try IconInput.load(options.target, option: to, in: options.layout, source: options.maskSource, warn: warn)
            try needs.countTranslucentLayers(of: [source, target])
            renderer = try MorphRenderer(width: source.width, height: source.height, style: options.style)
            frames = schedule.map {
                .masks(MorphFrame(source: source, target: target, progress: options.frames.progress(ofFrame: $0.step)))
            }
        case .path:
            let pair = try OutlinePair.match(
                source: options.source, sourceOption: from, target: options.target, targetOption: to,
                layout: options.layout, use: "--style path", warn: warn)
            renderer = try MorphRenderer(width: options.layout.width, height: options.layout.height, style: options.style)
            frames = schedule.map {
                let progress = options.frames.progress(ofFrame: $0.step)
                return .outline(pair.morph, progress: progress, eased: options.style.easing(progress))
            }
        }
        let progress = schedule.map { options.frames.progress(ofFrame: $0.step) }
        if let warning = LookOptions.invisibleShapeWarning(options.style, progress: progress) { warn(warning) }
        return try writer.write(frames, delays: schedule.map(\.delay), renderer: renderer)
    }
}
