import PNGCodec

/// The options that say what `render` writes and where: `-o`, `--format`, `--columns`,
/// `--spacing`, `--manifest`, `--compression`, `--print-ffmpeg`, `--quiet`.
enum ExportOptions {
    static let section = "OUTPUT"

    /// The presets `--compression` names.
    static let compressions: [(name: String, preset: PNGCompression)] = [
        ("fast", .fast), ("default", .default), ("best", .best),
    ]

    static let options = [
        OptionSpec(long: "format", value: .choice(OutputFormat.allCases.map(\.rawValue)), valueName: "kind",
                   help: "What to write: png (a PNG file per frame), apng (one animated PNG with the "
                       + "delays and loop count), rgba (raw straight-alpha RGBA8 frames on standard "
                       + "output, for ffmpeg: no header, frames in order), sheet (one PNG with the frames "
                       + "in a grid) or strip (one PNG with the frames in a row).",
                   defaultText: "apng for -o *.apng, rgba for -o -, else png", section: section),
        OptionSpec(long: "output", short: "o", value: .outputPathOrStandardOutput, valueName: "path",
                   help: "With --progress: the PNG file to write (default: \(OutputTarget.defaultFile); an "
                       + "existing folder gets \(OutputTarget.defaultFile) inside it). With a sequence: a "
                       + "folder that gets frame_0000.png, frame_0001.png, … (default: "
                       + "\(OutputTarget.defaultFolder); created if missing, but its parent must exist), "
                       + "or a file pattern with %d or %0Nd, such as 'out/f_%03d.png' (%% is a literal %; "
                       + "numbers start at 0). An animated PNG, sheet or strip is one file (default: "
                       + "\(OutputFormat.apng.defaultFile), \(OutputFormat.sheet.defaultFile), "
                       + "\(OutputFormat.strip.defaultFile)); - is standard output, for --format rgba. "
                       + "Files of the same names are replaced; other files are left alone.",
                   section: section),
        OptionSpec(long: "columns", value: .integer(1...TimingOptions.maximumFrames), valueName: "n",
                   help: "Frames per row of a sheet (--format sheet); a strip is one row.",
                   defaultText: "⌈√frames⌉, about square", section: section),
        OptionSpec(long: "spacing", value: .integer(0...4096), valueName: "px",
                   help: "Pixels between the frames of a sheet or strip (not around them), filled with "
                       + "--background, or transparent.",
                   defaultText: "0", section: section),
        OptionSpec(long: "manifest", value: .outputPath, valueName: "file.json",
                   help: "Also write a JSON file for a sheet or strip: its size, the grid, the frame rate, "
                       + "and per frame its rectangle (x, y, w, h in pixels), time and duration in seconds "
                       + "and progress.",
                   section: section),
        OptionSpec(long: "compression", value: .choice(compressions.map(\.name)), valueName: "level",
                   help: "PNG compression: fast (a little larger, a little less time), default, or best "
                       + "(smallest files, several times the time). The pixels are the same.",
                   defaultText: "default", section: section),
        OptionSpec(long: "print-ffmpeg",
                   help: "Print the command lines that pipe this morph (--format rgba) into ffmpeg to "
                       + "make a ProRes 4444 .mov and a VP9 .webm with alpha and an H.264 .mp4 over the "
                       + "--background (white if none), and exit without rendering.",
                   section: section),
        OptionSpec(long: "quiet", short: "q",
                   help: "Print nothing on success. Otherwise a sequence reports its progress on standard "
                       + "error (a bar on a terminal, else a line per 10 %), and one line on standard "
                       + "output (standard error for --format rgba) says what was written.",
                   section: section),
    ]

    /// The output that `-o` and `--format` describe, checked against the frames and the
    /// other output options.
    ///
    /// - Parameters:
    ///   - frames: the morph's steps; `frameCount` the frames the output holds.
    ///   - frameSize: a frame's pixel size, for a sheet's size limit.
    /// - Throws: `CommandLineError` for an option that does not apply to the format, a
    ///   format that needs a sequence, or a sheet over the size limit.
    static func apply(
        _ parsed: ParsedArguments, to options: inout RenderOptions, frameSize: (width: Int, height: Int)
    ) throws {
        let outputText = parsed.text("output")
        let formatSpelling = parsed.has("format") ? parsed.spelling(of: "format") : options.outputSpelling
        let format = parsed.choice("format").flatMap(OutputFormat.init(rawValue:))
            ?? OutputFormat.inferred(fromOutput: outputText)
        options.format = format
        options.printFFmpeg = parsed.flag("print-ffmpeg")
        var isSequence = false
        if case .sequence = options.frames { isSequence = true }

        if options.printFFmpeg, !isSequence {
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "print-ffmpeg"), reason: "a video needs a sequence; give --frames or --duration")
        }
        if format != .png, format != .rgba, !isSequence {
            throw CommandLineError.invalidSetting(
                option: formatSpelling,
                reason: "\(format.rawValue) holds a sequence; give --frames or --duration, or --format png for one frame")
        }
        let rules: [(long: String, applies: Bool, reason: String)] = [
            ("loops", format == .apng, "only an animated PNG loops (--format apng)"),
            ("columns", format == .sheet, "applies to --format sheet (a strip is one row)"),
            ("spacing", format.isSheet, "applies to --format sheet or strip"),
            ("manifest", format.isSheet, "applies to --format sheet or strip"),
            ("compression", format.isPNG, "applies to PNG output; the raw stream is not compressed"),
        ]
        // --print-ffmpeg replaces the output, so the output options are not checked.
        for rule in rules where !options.printFFmpeg && parsed.has(rule.long) && !rule.applies {
            throw CommandLineError.invalidSetting(option: parsed.spelling(of: rule.long), reason: rule.reason)
        }

        if options.outputFrameCount > TimingOptions.maximumOutputFrames {
            let blame = ["hold-end", "hold-start", "ping-pong"].first(where: parsed.has) ?? "frames"
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: blame),
                reason: "with the holds and --ping-pong the output has \(options.outputFrameCount) frames; the most is "
                    + "\(TimingOptions.maximumOutputFrames)")
        }
        options.compression = compressions.first { $0.name == parsed.choice("compression") }?.preset ?? .default
        options.spacing = parsed.integer("spacing") ?? 0
        options.columns = format == .strip ? options.outputFrameCount : parsed.integer("columns")
        options.manifest = parsed.text("manifest")

        switch format {
        case .rgba:
            if let outputText, outputText != OutputTarget.standardOutputName, !options.printFFmpeg {
                throw CommandLineError.invalidSetting(
                    option: options.outputSpelling,
                    reason: "--format rgba writes to standard output; give -o - or leave -o out (and redirect "
                        + "standard output to save the stream)")
            }
            options.output = .standardOutput
        case .png:
            if outputText == OutputTarget.standardOutputName {
                throw CommandLineError.invalidSetting(
                    option: options.outputSpelling, reason: "only --format rgba goes to standard output")
            }
            if !isSequence {
                options.output = .file(outputText ?? OutputTarget.defaultFile)
            } else if let pattern = try FramePattern(parsing: outputText ?? OutputTarget.defaultFolder, option: options.outputSpelling) {
                options.output = .pattern(pattern)
            } else {
                options.output = .folder(outputText ?? OutputTarget.defaultFolder)
            }
        case .apng, .sheet, .strip:
            if outputText == OutputTarget.standardOutputName {
                throw CommandLineError.invalidSetting(
                    option: options.outputSpelling, reason: "only --format rgba goes to standard output")
            }
            options.output = .file(outputText ?? format.defaultFile)
        }

        if format.isSheet, !options.printFFmpeg {
            let layout = sheetLayout(options, frameSize: frameSize)
            if let manifest = options.manifest, case .file(let image) = options.output, manifest == image {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: "manifest"), reason: "is the sheet's own path; give another file")
            }
            guard let pixels = layout.pixelCount, pixels <= SheetLayout.maximumPixelCount else {
                throw CommandLineError.invalidSetting(
                    option: formatSpelling,
                    reason: "\(layout.count) frames of \(frameSize.width)×\(frameSize.height) pixels make a "
                        + "\(layout.width)×\(layout.height) \(format.rawValue); the largest is "
                        + "\(SheetLayout.maximumPixelCount) pixels; give fewer frames or a smaller --size or "
                        + "--scale")
            }
        }
    }

    /// The grid of a sheet or strip of `options`' frames.
    static func sheetLayout(_ options: RenderOptions, frameSize: (width: Int, height: Int)) -> SheetLayout {
        let count = options.outputFrameCount
        return SheetLayout(
            frameWidth: frameSize.width, frameHeight: frameSize.height, count: count,
            columns: options.columns ?? SheetLayout.defaultColumns(count: count), spacing: options.spacing)
    }
}
