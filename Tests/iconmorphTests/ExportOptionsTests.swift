import _IconMorphSupport
import Foundation
import MorphKernel
import PNGCodec
import Testing
@testable import iconmorph

/// The export options as parsed: the format from `--format` or `-o`, `--softness auto`,
/// `--compression`; their usage errors; and `--print-ffmpeg`, whose commands the test runs.
@Suite(.serialized)
struct ExportOptionsTests {
    static func parse(_ arguments: [String]) throws -> RenderOptions {
        try #require(try RenderCommand.options(from: arguments))
    }

    @Test func formatFromTheOutput() throws {
        let cases: [([String], OutputFormat, OutputTarget)] = [
            (["--frames", "3"], .png, .folder("frames")),
            (["--progress", "0.5"], .png, .file("morph.png")),
            (["--frames", "3", "-o", "a.apng"], .apng, .file("a.apng")),
            (["--frames", "3", "-o", "dir/A.APNG"], .apng, .file("dir/A.APNG")),
            (["--frames", "3", "--format", "apng"], .apng, .file("morph.apng")),
            (["--frames", "3", "--format", "apng", "-o", "a.png"], .apng, .file("a.png")),
            (["--frames", "3", "-o", "-"], .rgba, .standardOutput),
            (["--progress", "0", "-o", "-"], .rgba, .standardOutput),
            (["--frames", "3", "--format", "rgba"], .rgba, .standardOutput),
            (["--frames", "3", "--format", "sheet"], .sheet, .file("sheet.png")),
            (["--frames", "3", "--format", "strip", "-o", "s.png"], .strip, .file("s.png")),
        ]
        for (arguments, format, output) in cases {
            let options = try Self.parse(arguments)
            #expect(options.output.format == format && options.output.target == output, "\(arguments)")
        }
    }

    @Test func softnessCompressionAndColours() throws {
        #expect(try Self.parse(["--progress", "0"]).style.softness == .automatic)
        #expect(try Self.parse(["--progress", "0", "--softness", "auto"]).style.softness == .automatic)
        #expect(try Self.parse(["--progress", "0", "--softness", "0.05"]).style.softness == .fixed(0.05))
        #expect(try Self.parse(["--progress", "0", "--threshold", "1", "--softness", "0.5"]).style.threshold == 1)
        #expect(try Self.parse(["--frames", "3"]).output.compression == .default)
        #expect(try Self.parse(["--frames", "3", "--compression", "best"]).output.compression == .best)
        #expect(try Self.parse(["--frames", "3", "--compression", "fast"]).output.compression == .fast)
        let colours = try Self.parse(["--progress", "0", "--color", "#FF000080", "--color-to", "#00F", "--background", "#fff"])
        #expect(colours.style.tint == TintColor(red: 255, green: 0, blue: 0, alpha: 0x80))
        #expect(colours.style.targetTint == TintColor(red: 0, green: 0, blue: 255))
        #expect(colours.style.background == TintColor(red: 255, green: 255, blue: 255))
        #expect(try Self.parse(["--progress", "0", "--color", "#FF000080"]).style.tint.alpha == 0x80)
    }

    @Test(arguments: [
        (["--progress", "0", "--softness", "automatic"], "--softness: expected auto or a number from 0.001 to 1, got 'automatic'"),
        (["--progress", "0", "--softness", "0.6"], "--softness: expected at most the threshold 0.5, got 0.6"),
        (["--progress", "0", "--threshold", "0.97"],
         "--threshold: expected 0.05 to 0.95 with --softness auto (the default), got 0.97; give a fixed --softness for a threshold outside that range"),
        (["--frames", "3", "--format", "jpeg"], "--format: expected one of png, apng, rgba, sheet, strip, svg, svg-animate, lottie, "
            + "mov, webm, mp4, gif, webp, got 'jpeg'; did you mean 'png'?"),
        (["--frames", "3", "--format", "png", "-o", "-"], "-o: --format png writes a file per frame, so it cannot go to standard output; give a folder or a pattern, or a format of one file (apng, lottie, a video) or rgba"),
        (["--frames", "3", "--format", "svg", "-o", "-"], "-o: --format svg writes a file per frame, so it cannot go to standard output; give a folder or a pattern, or a format of one file (svg-animate, lottie, a video) or rgba"),
        (["--frames", "3", "--format", "rgba", "-o", "x.raw"],
         "-o: --format rgba writes to standard output; give -o - or leave -o out (and redirect standard output to save the stream)"),
        (["--progress", "0", "-o", "a.apng"], "-o: apng holds a sequence; give --frames or --duration, or --format png, svg, gif or webp for one frame"),
        (["--frames", "3", "-o", "-", "--compression", "best"], "--compression: applies to PNG output (--format png, apng, sheet or strip)"),
        (["--frames", "3", "--compression", "max"], "--compression: expected one of fast, default, best, got 'max'"),
        (["--progress", "0", "--print-ffmpeg"], "--print-ffmpeg: a video needs a sequence; give --frames or --duration"),
        (["--progress", "0.5", "-o", "one.mp4"], "-o: mp4 holds a sequence; give --frames or --duration, or --format png, svg, gif or webp for one frame"),
        (["--progress", "0.5", "--format", "webm"], "--format: webm holds a sequence; give --frames or --duration, or --format png, svg, gif or webp for one frame"),
        (["--frames", "2", "--duration", "86400"],
         "--duration: 2 frames in 86400 s are a frame every 86400 s; the least frame rate is 0.001 per second, a frame every 1000 s: give more --frames or a shorter --duration"),
        (["--frames", "3", "--duration", "2000.5"],
         "--duration: 3 frames in 2000.5 s are a frame every 1000.25 s; the least frame rate is 0.001 per second, a frame every 1000 s: give more --frames or a shorter --duration"),
        (["--frames", "3", "--background", "#12"], "--background: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '#12'"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let failure = UsageErrorTests.failure(arguments)
        #expect(failure?.message == message)
        #expect(failure?.exitCode == .usage)
    }

    /// The presets change the bytes, never the pixels; `best` makes the default morph's
    /// frames smaller than `default` does, and `fast` larger.
    @Test func compressionPresetsKeepThePixels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var sizes: [String: Int] = [:]
        var pixels: [String: [[UInt8]]] = [:]
        for preset in ["fast", "default", "best"] {
            let output = folder.file(preset)
            #expect(try ExportRun.iconmorph(["render", "--frames", "9", "--compression", preset, "-q", "-o", output]).status == 0)
            let names = try folder.contents(of: output)
            #expect(names.count == 9)
            sizes[preset] = try names.reduce(0) { total, name in
                total + ((try FileManager.default.attributesOfItem(atPath: output + "/" + name)[.size] as? Int) ?? 0)
            }
            pixels[preset] = try names.map { try PNGImage(contentsOfFile: output + "/" + $0).pixels }
        }
        #expect(pixels["fast"] == pixels["default"] && pixels["best"] == pixels["default"])
        let (fast, plain, best) = (sizes["fast"] ?? 0, sizes["default"] ?? 0, sizes["best"] ?? 0)
        #expect(best < plain && plain < fast, "\(sizes)")
    }

    /// `best` is never larger than `default`, frame by frame, also where zlib's level 9 alone
    /// would be: heart → star at 200 px, whose indexed frames run-length matching compresses
    /// better (the pixels are checked above).
    @Test func bestIsNeverLargerThanDefault() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var sizes: [String: [Int]] = [:]
        for preset in ["default", "best"] {
            let output = folder.file(preset)
            let arguments = ["render", "--from", "heart", "--to", "star", "--size", "200", "--frames", "7", "--compression", preset]
            #expect(try ExportRun.iconmorph(arguments + ["-q", "-o", output]).status == 0)
            sizes[preset] = try folder.contents(of: output).sorted().map { name in
                (try FileManager.default.attributesOfItem(atPath: output + "/" + name)[.size] as? Int) ?? 0
            }
        }
        let (plain, best) = (sizes["default"] ?? [], sizes["best"] ?? [])
        #expect(plain.count == 7 && best.count == 7)
        #expect(zip(best, plain).allSatisfy { $0 <= $1 }, "best \(best), default \(plain)")
    }

    /// Thousands of command lines mixing the export and timing options with odd values: each
    /// parses, or fails with one usage line; none traps (a trap would end the run).
    @Test func exportOptionSweep() {
        let options = [
            "--fps", "--duration", "--hold-start", "--hold-end", "--loops", "--format", "-o", "--columns", "--spacing",
            "--manifest", "--compression", "--softness", "--color-to", "--background", "--frames",
        ]
        let values = [
            "0", "1", "0.5", "-1", "2", "1e9", "1000", "1001", "86400", "3600", "nan", "auto", "best", "apng", "rgba",
            "sheet", "strip", "png", "-", "a.apng", "s.json", "#fff", "#12345678", "", "100000", "4096", "4097", "1e-9",
        ]
        let flags = ["--ping-pong", "--print-ffmpeg", "-q"]
        var generator = ParserSweepTests.Generator(state: 6)
        var outcomes = (parsed: 0, failed: 0)
        for _ in 0..<3000 {
            var arguments = Bool.random(using: &generator) ? ["--frames", "4"] : ["--duration", "0.2"]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let option = options.randomElement(using: &generator)!
                let value = values.randomElement(using: &generator)!
                arguments += Bool.random(using: &generator) ? [option, value] : [option + "=" + value]
            }
            if Bool.random(using: &generator) { arguments.append(flags.randomElement(using: &generator)!) }
            if Int.random(in: 0..<4, using: &generator) == 0 { arguments.shuffle(using: &generator) }
            do {
                _ = try RenderCommand.options(from: arguments)
                outcomes.parsed += 1
            } catch let error as CommandLineError {
                let failure = CommandFailure(error)
                outcomes.failed += 1
                #expect(failure.exitCode == .usage && !failure.line.contains("\n"), "\(arguments)")
            } catch {
                Issue.record("\(arguments) threw a non-usage error: \(error)")
            }
        }
        #expect(outcomes.parsed > 100 && outcomes.failed > 100, "\(outcomes)")
    }

    @Test func shellQuoting() {
        #expect(FFmpegCommands.shellQuoted("a/b_c-1.5.png") == "a/b_c-1.5.png")
        #expect(FFmpegCommands.shellQuoted("#FFFFFF") == "'#FFFFFF'")
        #expect(FFmpegCommands.shellQuoted("it's here") == "'it'\\''s here'")
        #expect(FFmpegCommands.shellQuoted("") == "''")
        #expect(FFmpegCommands.shellQuoted("ü") == "'ü'")
    }

    /// `--print-ffmpeg`'s lines write their own three files from the raw stream, so every
    /// output option is refused with it (each used to be dropped without a word, and
    /// `--tolerance` was kept in the printed lines, whose `render` then refused it).
    @Test func printFFmpegRefusesOutputOptions() {
        let given: [(key: OptionKey, words: [String])] = [
            (.output, ["-o", "clip.webm"]), (.format, ["--format", "mp4"]), (.tolerance, ["--tolerance", "0.5"]),
            (.compression, ["--compression", "best"]), (.columns, ["--columns", "3"]), (.spacing, ["--spacing", "2"]),
            (.manifest, ["--manifest", "m.json"]), (.loops, ["--loops", "2"]),
        ]
        #expect(Set(given.map(\.key)) == Set(ExportOptions.outputKeys))
        for (key, words) in given {
            let failure = UsageErrorTests.failure(["--duration", "1", "--print-ffmpeg"] + words)
            #expect(failure?.exitCode == .usage, "\(words)")
            #expect(failure?.message == "\(words[0] == "-o" ? "-o" : key.longName): does not apply with --print-ffmpeg, whose "
                + "lines pipe the raw stream into ffmpeg to write morph.mov, morph.webm and morph.mp4; leave it out (and "
                + "rename those files in the printed lines)", "\(words)")
        }
    }

    /// The least frame rate that `--frames` with `--duration` may imply is `--fps`'s least;
    /// one a frame every 1000 s is accepted (and a one-frame GIF or WebP is a still).
    @Test func frameRateLimitsOfFramesAndDuration() throws {
        let slowest = try Self.parse(["--frames", "2", "--duration", "1000"])
        #expect(slowest.output.timing.fps == Rational(1, 1000))
        for name in ["one.gif", "one.webp", "one.png", "one.svg"] {
            #expect(try Self.parse(["--progress", "0.5", "-o", name]).output.frameCount == 1, "\(name)")
        }
    }

    /// The README's video commands are what `--print-ffmpeg` prints for `--duration 2`.
    @Test func readmeShowsThePrintedCommands() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md"),
            encoding: .utf8)
        let printed = try ExportRun.iconmorph(["render", "--duration", "2", "--print-ffmpeg"])
        #expect(printed.status == 0)
        let text = String(decoding: printed.stdout, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 6)
        #expect(readme.contains("```sh\n" + text + "```\n"), "\(text)")
    }

    /// The printed lines, run by a shell as printed (with `iconmorph` replaced by the built
    /// binary), make the three files at the right size, rate and frame count; the odd-sized
    /// H.264 frame is padded to even.
    @Test func printedFFmpegCommandsRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ExportRun.iconmorph([
            "render", "--from", "heart", "--to", "star", "--duration", "0.5", "--fps", "24", "--size", "15.5", "--scale", "2",
            "--color", "#3478F6", "--print-ffmpeg",
        ])
        #expect(result.status == 0 && result.stderr == "")
        let text = String(decoding: result.stdout, as: UTF8.self)
        let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(commands.count == 3)
        #expect(commands.allSatisfy { $0.hasPrefix("iconmorph render --from heart --to star --duration 0.5 --fps 24 --size 15.5 --scale 2 --color '#3478F6'") })
        #expect(commands.allSatisfy { $0.contains(" -q -o - | ffmpeg -f rawvideo -pix_fmt rgba -s 31x31 -r 24 -i - ") }, "\(text)")
        #expect(commands[2].contains("--background '#FFFFFF'") && commands[2].contains("-vf pad=32:32:0:0:color=0xFFFFFF"))
        for command in commands {
            let line = "\"$ICONMORPH\"" + command.dropFirst("iconmorph".count)
            let run = try ExportRun.shell(line.replacingOccurrences(of: "| ffmpeg ", with: "| ffmpeg -nostdin -loglevel error "),
                                          in: folder.path)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        // 0.5 s at 24 fps: 13 frames.
        for (file, size, format) in [("morph.mov", "31x31", "yuva444p"), ("morph.webm", "31x31", "yuv"), ("morph.mp4", "32x32", "yuv420p")] {
            let probe = String(decoding: try ExportRun.run("ffprobe", [
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=width,height,pix_fmt,r_frame_rate,nb_read_frames", "-of", "default=nw=1",
                folder.file(file),
            ]).stdout, as: UTF8.self)
            let fields = Dictionary(uniqueKeysWithValues: probe.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            })
            #expect("\(fields["width"] ?? "")x\(fields["height"] ?? "")" == size, "\(file): \(probe)")
            #expect(fields["r_frame_rate"] == "24/1", "\(file): \(probe)")
            #expect(fields["nb_read_frames"] == "13", "\(file): \(probe)")
            #expect(fields["pix_fmt"]?.hasPrefix(format) == true, "\(file): \(probe)")
        }
    }
}
