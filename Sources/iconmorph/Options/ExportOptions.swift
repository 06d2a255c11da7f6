import OutlineTrace
import PNGCodec

/// The options that say what a frame-writing command writes and where, shared by `render` and
/// `animate`: `-o`, `--format`, `--columns`, `--spacing`, `--manifest`, `--compression` and
/// `--quiet` (and `render`'s `--print-ffmpeg`).
///
/// They are read once, after parsing; `output(steps:timing:frameSize:)` then checks them
/// against the number of morph steps and settles where the frames go, giving the
/// `FrameOutput` that writes them. `render` knows its steps from its own options; `animate`
/// knows them only once its timeline has played (they can depend on the icons), so it settles
/// its output again then.
struct ExportOptions: Equatable {
    static let section = "OUTPUT"

    /// The presets `--compression` names.
    static let compressions: [(name: String, preset: PNGCompression)] = [
        ("fast", .fast), ("default", .default), ("best", .best),
    ]

    static let format = OptionSpec(
        .format, value: .choice(OutputFormat.allCases.map(\.rawValue)), valueName: "kind",
        help: "What to write: png (a PNG file per frame), apng (one animated PNG with the "
            + "delays and loop count), rgba (raw straight-alpha RGBA8 frames on standard "
            + "output, for ffmpeg: no header, frames in order), sheet (one PNG with the frames "
            + "in a grid), strip (one PNG with the frames in a row), svg (an SVG file per frame: "
            + "the frame's outline, crisp at any size), svg-animate (one SVG that plays every frame "
            + "by itself), lottie (one Lottie JSON animation), or mov, webm, mp4, gif or webp (a "
            + "video, made by ffmpeg: see VIDEO in 'iconmorph help render'); with --style path the vector formats "
            + "write the outline itself, and the animated ones keyframe its motion.",
        defaultText: "apng for -o *.apng, svg for -o *.svg (svg-animate for a sequence), lottie for -o *.json, "
            + "the video's format for -o *.mov, *.webm, *.mp4, *.gif or *.webp, rgba for -o -, else png", section: section)

    static let tolerance = OptionSpec(
        .tolerance, value: .number(.closed(MaskTracer.toleranceRange.lowerBound, MaskTracer.toleranceRange.upperBound)),
        valueName: "px",
        help: "How far the vector formats' curves may stray from each frame's traced outline, in pixels.",
        defaultText: formatNumber(MaskTracer.defaultTolerance), section: section)

    /// `-o`; `help` says what the command writes by default.
    static func output(help: @autoclosure @escaping @Sendable () -> String) -> OptionSpec {
        OptionSpec(.output, short: "o", value: .outputPathOrStandardOutput, valueName: "path", help: help(), section: section)
    }

    /// `--columns`, `--spacing`, `--manifest` and `--compression`: how sheets and PNG data are
    /// laid out and stored.
    static let fileOptions = [
        OptionSpec(.columns, value: .integer(1...TimingOptions.maximumFrames), valueName: "n",
                   help: "Frames per row of a sheet (--format sheet); more than the frames make one row; a strip is one row.",
                   defaultText: "⌈√frames⌉, about square", section: section),
        OptionSpec(.spacing, value: .integer(0...4096), valueName: "px",
                   help: "Pixels between the frames of a sheet or strip (not around them), filled with "
                       + "--background, or transparent.",
                   defaultText: "0", section: section),
        OptionSpec(.manifest, value: .outputPathOrStandardOutput, valueName: "file.json",
                   help: "Also write a JSON file for a sheet or strip: its size, the grid, the frame rate, "
                       + "and per frame its rectangle (x, y, w, h in pixels), time and duration in seconds "
                       + "and progress. An existing folder gets sheet.json or strip.json inside it; - is "
                       + "standard output (as /dev/stdout).",
                   section: section),
        OptionSpec(.compression, value: .choice(compressions.map(\.name)), valueName: "level",
                   help: "PNG compression: fast (small frames a little larger in a little less time; "
                       + "the same as default otherwise), default, or best (zlib's most effort, and for "
                       + "one-colour frames default's matching too, the smaller kept; several times the "
                       + "time, for the smallest files as a rule). The pixels are the same.",
                   defaultText: "default", section: section),
    ]

    static let printFFmpeg = OptionSpec(
        .printFFmpeg,
        help: "Print the command lines that pipe this morph (--format rgba) into ffmpeg to "
            + "make a ProRes 4444 .mov and a VP9 .webm with alpha and an H.264 .mp4 over the "
            + "--background (white if none), and exit without rendering. The lines name the "
            + "files, so -o, --format and the other output options are refused with it.",
        section: section)

    static let quiet = OptionSpec(
        .quiet, short: "q",
        help: "Print no progress and no summary (warnings still go to standard error). Otherwise a "
            + "sequence reports its progress on standard error (a bar on a terminal; else, for runs "
            + "over a second, a line every 10 % and at most every two seconds), and one line on "
            + "standard output (standard error for output on standard output) says what was written.",
        section: section)

    /// `--format`, or what `-o` implies.
    var format: OutputFormat
    /// `-o` as given.
    var outputPath: String?
    /// Whether an output goes to standard output: the raw stream, or `-o` or `--manifest`
    /// naming it (`-`, or `/dev/stdout` into a pipe or a file: `StandardStreams.isStandardOutput`);
    /// the summary line then goes to standard error.
    var writesStandardOutput: Bool {
        format == .rgba || [outputPath, manifest].contains(where: OutputTarget.writesStandardOutput(path:))
    }
    var compression: PNGCompression
    /// `--columns` as given.
    var columns: Int?
    var spacing: Int
    var manifest: String?
    var printFFmpeg: Bool
    var quiet: Bool
    /// `--tolerance`: how closely vector outlines follow the frames, in pixels.
    var tolerance: Double
    /// How the command line spelled its options, for messages that blame one of them (the
    /// playback options too: they decide how many frames the output holds).
    var spellings: OptionSpellings

    /// Reads the options; nothing is checked yet. `isSequence` says whether the command makes
    /// several frames, which decides what `-o name.svg` implies.
    init(_ parsed: ParsedArguments, isSequence: Bool) {
        outputPath = parsed.text(.output)
        format = parsed.choice(.format).flatMap(OutputFormat.init(rawValue:))
            ?? OutputFormat.inferred(fromOutput: outputPath, isSequence: isSequence)
        tolerance = parsed.number(.tolerance) ?? MaskTracer.defaultTolerance
        compression = Self.compressions.first { $0.name == parsed.choice(.compression) }?.preset ?? .default
        columns = parsed.integer(.columns)
        spacing = parsed.integer(.spacing) ?? 0
        // `-` is standard output, written as /dev/stdout is (as `-o -` for a file).
        manifest = parsed.text(.manifest).map(OutputTarget.fileNamed)
        printFFmpeg = parsed.flag(.printFFmpeg)
        quiet = parsed.flag(.quiet)
        spellings = parsed.spellings
    }

    /// Whether `-o` names a place for frame files rather than one file: a frame pattern, a
    /// name ending in `/`, or an existing folder, with `--format png` or `svg`.
    var namesFrameFiles: Bool {
        guard format == .png || format == .svg, let outputPath, !OutputTarget.writesStandardOutput(path: outputPath) else {
            return false
        }
        return outputPattern != nil || outputPath.hasSuffix("/") || isDirectory(outputPath)
    }

    /// `-o` as a frame pattern, when it is a well-formed one: a name with a % that is none
    /// (100%.png) is one file's.
    var outputPattern: FramePattern? {
        outputPath.flatMap { try? FramePattern(parsing: $0, option: outputSpelling) }
    }

    /// These options for a command that turned out to make one frame or several: the format
    /// inferred again from `-o` where `--format` was not given (`-o x.svg` is one SVG frame
    /// for one frame, an animated SVG for several), as `init` infers it.
    func settled(isSequence: Bool) -> ExportOptions {
        guard !spellings.has(.format) else { return self }
        var settled = self
        settled.format = OutputFormat.inferred(fromOutput: outputPath, isSequence: isSequence)
        return settled
    }

    /// How `-o` was spelled (`--output` when it was not given).
    var outputSpelling: String { spellings.spelling(of: .output) }

    /// The option that chose the format: `--format`, or `-o`, which implied it.
    var formatSpelling: String { spellings.has(.format) ? spellings.spelling(of: .format) : outputSpelling }

    /// The options that say where and how the output is written, which `--print-ffmpeg`
    /// (whose printed lines write the files) refuses.
    static let outputKeys: [OptionKey] = [.output, .format, .tolerance, .compression, .columns, .spacing, .manifest, .loops]

    /// The formats that make a still of one frame (`--progress`); the others need a sequence.
    /// (A short list, searched, as `OutputFormat.foreignExtensions` is: a `Set` costs every
    /// command the runtime's first-use conformance lookups.)
    static let stillFormats: [OutputFormat] = [.png, .rgba, .svg, .gif, .webp]

    /// The output of `steps` morph steps (1: a single frame; ≥ 2: a sequence that `timing`
    /// plays), checked against the frames and the other output options.
    ///
    /// - Parameter frameSize: a frame's pixel size, for a sheet's size limit.
    /// - Throws: `CommandLineError` for an option that does not apply to the format, a
    ///   format that needs a sequence, too many frames, an output that does not fit the
    ///   format, or a sheet over the size limit.
    func output(
        steps: Int, timing: FrameTiming, frameSize: (width: Int, height: Int), scale: Double = 1, asSequence: Bool = false
    ) throws -> FrameOutput {
        let isSequence = steps >= 2 || asSequence
        if printFFmpeg {
            if !isSequence {
                throw CommandLineError.invalidSetting(
                    option: spellings.spelling(of: .printFFmpeg), reason: "a video needs a sequence; give --frames or --duration")
            }
            // The printed lines pipe the raw stream into ffmpeg, which writes the three files:
            // an output option would be dropped from them (or, like --tolerance, refused by
            // the `render` they run), so it is refused here.
            for key in Self.outputKeys where spellings.has(key) {
                throw CommandLineError.invalidSetting(
                    option: spellings.spelling(of: key),
                    reason: "does not apply with \(spellings.spelling(of: .printFFmpeg)), whose lines pipe the raw stream into "
                        + "ffmpeg to write morph.mov, morph.webm and morph.mp4; leave it out (and rename those files in the "
                        + "printed lines)")
            }
        }
        // One frame is a still: a PNG or SVG file, or a GIF or WebP of one frame. The other
        // formats exist to play a sequence (a video of one frame would flash by).
        if !isSequence, !Self.stillFormats.contains(format) {
            throw CommandLineError.invalidSetting(
                option: formatSpelling,
                reason: "\(format.rawValue) holds a sequence; give --frames or --duration, or --format png, svg, gif or webp "
                    + "for one frame")
        }
        if format == .gif, isSequence {
            // A GIF frame's delay is a whole number of hundredths of a second, at most 65535,
            // and browsers show a delay under 0.02 s as 0.1 s.
            let seconds = timing.fps.reciprocal.doubleValue
            if seconds < 0.02 || seconds > OutputFormat.longestGIFDelay {
                let blame = spellings.has(.fps) ? spellings.spelling(of: .fps) : formatSpelling
                throw CommandLineError.invalidSetting(
                    option: blame,
                    reason: "a GIF shows each frame for 0.02 to 655.35 s (browsers slow shorter delays to 0.1 s), "
                        + "and \(formatComputed(timing.fps.doubleValue)) fps is \(formatComputed(seconds)) s a frame; "
                        + "give an --fps from 0.0016 to 50, or another format")
            }
        }
        let rules: [(key: OptionKey, applies: Bool, reason: String)] = [
            (.loops, format.loops, "only an animation loops (--format apng, svg-animate, lottie, gif or webp)"),
            (.tolerance, format.isVector, "applies to the vector formats (svg, svg-animate, lottie)"),
            (.columns, format == .sheet, "applies to --format sheet (a strip is one row)"),
            (.spacing, format.isSheet, "applies to --format sheet or strip"),
            (.manifest, format.isSheet, "applies to --format sheet or strip"),
            (.compression, format.isPNG, "applies to PNG output (--format png, apng, sheet or strip)"),
        ]
        // (With --print-ffmpeg they were refused above.)
        for rule in rules where spellings.has(rule.key) && !rule.applies {
            throw CommandLineError.invalidSetting(option: spellings.spelling(of: rule.key), reason: rule.reason)
        }
        // A frame ffmpeg would refuse, refused before the icons are drawn (found once every
        // frame was rendered, a 16383 px MP4 took 12 s and 6.4 GB to fail).
        if let problem = VideoSink.frameSizeProblem(format: format, width: frameSize.width, height: frameSize.height) {
            throw CommandLineError.invalidSetting(option: formatSpelling, reason: problem + "; give a smaller --size, --scale or --padding")
        }

        var output = FrameOutput(
            format: format, target: .standardOutput, targetSpelling: outputSpelling, compression: compression,
            columns: nil, spacing: spacing, manifest: manifest, quiet: quiet, steps: steps, timing: timing,
            tolerance: tolerance, scale: scale)
        if output.frameCount > TimingOptions.maximumOutputFrames {
            let given = [OptionKey.holdEnd, .holdStart, .pingPong].filter(spellings.has)
            let blame = given.first ?? .frames
            let with = given.isEmpty ? "" : "with " + given.map(spellings.spelling(of:)).joined(separator: " and ") + " "
            throw CommandLineError.invalidSetting(
                option: spellings.spelling(of: blame),
                reason: "\(with)the output has \(output.frameCount) frames; the most is \(TimingOptions.maximumOutputFrames)")
        }
        // A Lottie file has no play count (players loop by their own setting), so `--loops n`
        // writes the n plays one after another.
        if format == .lottie, timing.loops > 1 {
            let (written, overflows) = output.frameCount.multipliedReportingOverflow(by: timing.loops)
            if overflows || written > TimingOptions.maximumOutputFrames {
                throw CommandLineError.invalidSetting(
                    option: spellings.spelling(of: .loops),
                    reason: "a Lottie file holds no play count, so its \(timing.loops) plays are written one after "
                        + "another, \(overflows ? "too many" : String(written)) frames; the most is "
                        + "\(TimingOptions.maximumOutputFrames) (0 writes one play, which players loop)")
            }
        }
        if let limit = format.mostPlays, timing.loops > limit {
            throw CommandLineError.invalidSetting(
                option: spellings.spelling(of: .loops),
                reason: "a \(format.rawValue) file plays at most \(limit) times (0 is forever), got \(timing.loops)")
        }
        output.columns = format == .strip ? output.frameCount : columns
        output.target = try target(isSequence: isSequence)

        if format.isSheet {
            let layout = output.sheetLayout(frameSize: frameSize)
            // Each as it will be written: an existing folder gets the file's default name inside
            // it (so `-o outd --manifest outd` is outd/<format>.png and outd/<format>.json).
            if manifest == OutputTarget.standardOutputFile, OutputTarget.writesStandardOutput(path: outputPath) {
                throw CommandLineError.invalidSetting(
                    option: spellings.spelling(of: .manifest),
                    reason: "goes to standard output, and so does the \(format.rawValue); give a file for one of them")
            }
            // The manifest names the picture by its path, which a stream has not.
            if manifest != nil, case .file(let image) = output.target, isStream(image) {
                throw CommandLineError.invalidSetting(
                    option: spellings.spelling(of: .manifest),
                    reason: "names the \(format.rawValue) by its path, and \(quoted(outputPath ?? image)) is a stream, not a file; write the "
                        + "\(format.rawValue) to a file")
            }
            if let manifest, case .file(let image) = output.target,
               OutputSafety.nameTheSameFile(
                   OutputTarget.writtenFile(manifest, defaultName: SheetManifest.defaultFile(for: format)),
                   OutputTarget.writtenFile(image, defaultName: format.defaultFile)) {
                throw CommandLineError.invalidSetting(
                    option: spellings.spelling(of: .manifest),
                    reason: "\(quoted(manifest)) is the \(format.rawValue)'s own path; give another file")
            }
            guard let pixels = layout.pixelCount, pixels <= SheetLayout.maximumPixelCount else {
                throw CommandLineError.invalidSetting(
                    option: formatSpelling,
                    reason: "\(layout.count) frames of \(frameSize.width)×\(frameSize.height) pixels make a "
                        + "\(layout.width)×\(layout.height) \(format.rawValue); the largest is "
                        + "\(SheetLayout.maximumPixelCount) pixels; give fewer frames or a smaller --size or "
                        + "--scale")
            }
            // libpng, and so this tool and most other readers, refuses a longer side.
            guard max(layout.width, layout.height) <= PNGImage.longestSide else {
                // What shortens the long side: fewer columns, or more where it is the height.
                let arrangement = layout.width > PNGImage.longestSide
                    ? (format == .strip ? "--format sheet" : "fewer --columns") : "more --columns"
                throw CommandLineError.invalidSetting(
                    option: formatSpelling,
                    reason: "\(layout.count) frames of \(frameSize.width)×\(frameSize.height) pixels make a "
                        + "\(layout.width)×\(layout.height) \(format.rawValue); PNG readers take sides up to "
                        + "\(PNGImage.longestSide) pixels; give fewer frames, a smaller --size or --scale"
                        + (layout.spacing > 0 ? ", a smaller --spacing" : "") + ", or \(arrangement)")
            }
        }
        return output
    }

    /// Where the format's output goes: what `-o` says, or the format's default.
    ///
    /// `-o -` is standard output: the raw stream, or the one file of any other format but a
    /// sequence of PNG or SVG files (`OutputTarget.standardOutputFile`); so is a name of it
    /// where standard output is a pipe, a file or a terminal (`-o /dev/stdout`).
    ///
    /// - Throws: `CommandLineError` for standard output with a file per frame, another path
    ///   for the raw stream, or a malformed frame pattern.
    private func target(isSequence: Bool) throws -> OutputTarget {
        // `-o -`, or a name of standard output (`-o /dev/stdout` into a pipe or a file).
        let namesStandardOutput = OutputTarget.writesStandardOutput(path: outputPath)
        if format != .rgba, namesStandardOutput, let outputPath {
            // A file per frame has no one stream to go down; one file goes down /dev/stdout,
            // as `-o /dev/stdout` would send it.
            if isSequence, format == .png || format == .svg {
                // Without --format, the sequence took PNG files from `-o`'s name: only `-` implies rgba.
                throw CommandLineError.invalidSetting(
                    option: outputSpelling,
                    reason: spellings.has(.format)
                        ? "--format \(format.rawValue) writes a file per frame, so it cannot go to standard output; "
                            + "give a folder or a pattern, or a format of one file (\(format == .png ? "apng" : "svg-animate"), "
                            + "lottie, a video) or rgba"
                        : "a sequence is written as PNG files, one per frame, which cannot go to standard output; give -o - "
                            + "for the raw RGBA stream, a folder or a pattern, or --format with a format of one file "
                            + "(apng, svg-animate, lottie, a video)")
            }
            return .file(OutputTarget.fileNamed(outputPath))
        }
        if let outputPath, let problem = OutputFormat.misleadingName(outputPath, format: format, isSequence: isSequence) {
            throw CommandLineError.invalidSetting(option: outputSpelling, reason: problem)
        }
        switch format {
        case .rgba:
            if outputPath != nil, !namesStandardOutput {
                throw CommandLineError.invalidSetting(
                    option: outputSpelling,
                    reason: "--format rgba writes to standard output; give -o - or leave -o out (and redirect "
                        + "standard output to save the stream)")
            }
            return .standardOutput
        case .png, .svg:
            if !isSequence {
                // One frame named by a frame pattern is the pattern's frame 0 (f_%03d.png:
                // f_000.png), as the first frame of a sequence would be; a name that is not a
                // well-formed pattern (100%.png) is the file's own.
                if let pattern = outputPattern { return .file(pattern.path(forFrame: 0)) }
                return .file(outputPath ?? format.defaultFile)
            }
            let path = outputPath ?? OutputTarget.defaultFolder
            if let pattern = try FramePattern(parsing: path, option: outputSpelling) { return .pattern(pattern) }
            return .folder(path)
        case .apng, .sheet, .strip, .svgAnimate, .lottie, .mov, .webm, .mp4, .gif, .webp:
            // A frame pattern names files of frames, which a format of one file has not (a
            // name with a % that is no pattern, 100%.gif, is the file's own).
            if let outputPath, let pattern = outputPattern {
                // One frame as a still GIF or WebP is the pattern's frame 0, as a PNG's is.
                if !isSequence, format == .gif || format == .webp { return .file(pattern.path(forFrame: 0)) }
                throw CommandLineError.invalidSetting(
                    option: outputSpelling,
                    reason: "\(quoted(outputPath)) is a pattern of frame files, but --format \(format.rawValue) writes one "
                        + "file; give its name without %d, or --format png or svg for a file per frame")
            }
            return .file(outputPath ?? format.defaultFile)
        }
    }
}
