import Testing
@testable import iconmorph

/// Every malformed `render` command line fails before any work with exit status 64 and one
/// exact line that names the option and says what it expects.
struct UsageErrorTests {
    static let base = ["--from", "a.png", "--to", "b.png"]

    struct Row: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static func row(_ extra: [String], _ message: String, withBase: Bool = true) -> Row {
        Row(arguments: (withBase ? base : []) + extra, message: message)
    }

    static let rows: [Row] = [
        // --progress
        row(["--progress", "1.5"], "--progress: expected a number from 0 to 1, got '1.5'"),
        row(["--progress", "-0.1"], "--progress: expected a number from 0 to 1, got '-0.1'"),
        row(["--progress", "nan"], "--progress: expected a number from 0 to 1, got 'nan'"),
        row(["--progress", "inf"], "--progress: expected a number from 0 to 1, got 'inf'"),
        row(["--progress", "-inf"], "--progress: expected a number from 0 to 1, got '-inf'"),
        row(["--progress", "0x1p-1"], "--progress: expected a number from 0 to 1, got '0x1p-1'"),
        row(["--progress", "half"], "--progress: expected a number from 0 to 1, got 'half'"),
        row(["--progress", "0.5.1"], "--progress: expected a number from 0 to 1, got '0.5.1'"),
        row(["--progress", "1e"], "--progress: expected a number from 0 to 1, got '1e'"),
        row(["--progress", " 0.5"], "--progress: expected a number from 0 to 1, got ' 0.5'"),
        row(["--progress="], "--progress: expected a number from 0 to 1, got ''"),
        row(["--progress", "1\n2"], "--progress: expected a number from 0 to 1, got '1\\n2'"),
        row(["--progress"], "--progress: missing value; expected a number from 0 to 1"),
        row(["--progress", "--frames", "3"], "--progress: missing value; expected a number from 0 to 1"),
        row(["--progress", "-q"], "--progress: missing value; expected a number from 0 to 1"),
        row(["--progress", "0.5", "--progress", "0.6"], "--progress: given more than once; give it once"),
        // --frames
        row(["--frames", "0"], "--frames: expected an integer from 2 to 100000, got '0'"),
        row(["--frames", "1"], "--frames: expected an integer from 2 to 100000, got '1'"),
        row(["--frames", "-3"], "--frames: expected an integer from 2 to 100000, got '-3'"),
        row(["--frames", "2.5"], "--frames: expected an integer from 2 to 100000, got '2.5'"),
        row(["--frames", "100001"], "--frames: expected an integer from 2 to 100000, got '100001'"),
        row(["--frames", "99999999999999999999999"],
            "--frames: expected an integer from 2 to 100000, got '99999999999999999999999'"),
        row(["--frames", "ten"], "--frames: expected an integer from 2 to 100000, got 'ten'"),
        row(["--frames"], "--frames: missing value; expected an integer from 2 to 100000"),
        // exactly one of --progress / --frames
        row(["--progress", "0.5", "--frames", "3"], "--progress and --frames cannot be used together; give one of them"),
        row(["--frames=3", "--progress=0"], "--progress and --frames cannot be used together; give one of them"),
        row([], "missing --progress <p> (one frame), or --frames <n> or --duration <s> (a sequence); run 'iconmorph render --help' for usage"),
        // inputs
        row(["--from", "-", "--to", "-", "--progress", "0"],
            "--from and --to cannot both be '-': standard input holds one icon; give a file or a symbol name for one of them",
            withBase: false),
        row(["--to=-", "--progress", "0", "--from", "-"],
            "--from and --to cannot both be '-': standard input holds one icon; give a file or a symbol name for one of them",
            withBase: false),
        row(["--from=", "--to", "b.png", "--progress", "0"],
            "--from: expected a PNG or SVG file, a built-in symbol name, or - for standard input, got ''", withBase: false),
        row(["--from", "a.png", "--to", "--progress", "0"],
            "--to: missing value; expected a PNG or SVG file, a built-in symbol name, or - for standard input",
            withBase: false),
        row(["--progress", "0", "--to"],
            "--to: missing value; expected a PNG or SVG file, a built-in symbol name, or - for standard input",
            withBase: false),
        row(["--from", "a.png", "--from", "c.png", "--to", "b.png", "--progress", "0"],
            "--from: given more than once; give it once", withBase: false),
        // output
        row(["--frames", "3", "--format", "png", "-o", "-"], "-o: --format png writes a file per frame, so it cannot go to standard output; give a folder or a pattern, or a format of one file (apng, lottie, a video) or rgba"),
        row(["--progress", "0", "-o"], "-o: missing value; expected a file or folder path, or - for standard output"),
        row(["--progress", "0", "--output", "x.png", "-o", "y.png"], "--output: given more than once; give it once"),
        row(["--frames", "3", "-o", "f_%s.png"],
            "-o: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got 'f_%s.png'"),
        row(["--frames", "3", "--output", "f_%4d.png"],
            "--output: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got 'f_%4d.png'"),
        row(["--frames", "3", "-o", "f_%d_%d.png"],
            "-o: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got 'f_%d_%d.png'"),
        row(["--frames", "3", "-o", "f_%00d.png"],
            "-o: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got 'f_%00d.png'"),
        row(["--frames", "3", "-o", "f_%"],
            "-o: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got 'f_%'"),
        row(["--frames", "3", "-o", "100%%.png"],
            "-o: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got '100%%.png'"),
        row(["--frames", "3", "-o", "run_%02d/f.png"],
            "-o: expected a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png', got 'run_%02d/f.png'"),
        // geometry
        row(["--progress", "0", "--size", "0"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got '0'"),
        row(["--progress", "0", "--size", "44x"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got '44x'"),
        row(["--progress", "0", "--size", "x44"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got 'x44'"),
        row(["--progress", "0", "--size", "44x-1"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got '44x-1'"),
        row(["--progress", "0", "--size", "4x4x4"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got '4x4x4'"),
        row(["--progress", "0", "--size", "1e400"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got '1e400'"),
        row(["--progress", "0", "--size", "nan"],
            "--size: expected a size in points greater than 0, as one number or WxH (such as 44 or 60x44), got 'nan'"),
        row(["--progress", "0", "--scale", "-1"], "--scale: expected a number greater than 0, got '-1'"),
        row(["--progress", "0", "--scale", "0"], "--scale: expected a number greater than 0, got '0'"),
        row(["--progress", "0", "--scale", "inf"], "--scale: expected a number greater than 0, got 'inf'"),
        row(["--progress", "0", "--padding", "-1"], "--padding: expected a number of 0 or more, got '-1'"),
        row(["--progress", "0", "--padding", "NaN"], "--padding: expected a number of 0 or more, got 'NaN'"),
        row(["--progress", "0", "--size", "0.1"],
            "--size: 0.1 pt at scale 3 is less than 1 pixel; give a larger --size or --scale"),
        row(["--progress", "0", "--size", "44x0.1"],
            "--size: 44x0.1 pt at scale 3 is less than 1 pixel; give a larger --size or --scale"),
        row(["--progress", "0", "--scale", "1e-9"],
            "--scale: 44 pt at scale 1e-09 is less than 1 pixel; give a larger --size or --scale"),
        row(["--progress", "0", "--size", "100000"],
            "--size: 100000 pt at scale 3 is 300000×300000 pixels; the largest is 16384 pixels per side"),
        row(["--progress", "0", "--scale", "1000"],
            "--scale: 44 pt at scale 1000 is 44000×44000 pixels; the largest is 16384 pixels per side"),
        row(["--progress", "0", "--size", "5500x10", "--padding", "1"],
            "--size: 5500x10 pt at scale 3 plus 1 pt of padding on each side is 16506×36 pixels; "
                + "the largest is 16384 pixels per side"),
        row(["--progress", "0", "--size", "5000", "--padding", "300"],
            "--padding: 5000 pt at scale 3 plus 300 pt of padding on each side is 16800×16800 pixels; "
                + "the largest is 16384 pixels per side"),
        row(["--progress", "0", "--padding", "1e300"],
            "--padding: 44 pt at scale 3 plus 1e+300 pt of padding on each side is 6e+300×6e+300 pixels; "
                + "the largest is 16384 pixels per side"),
        // look
        row(["--progress", "0", "--blur", "-1"], "--blur: expected a number of 0 or more, got '-1'"),
        row(["--progress", "0", "--blur", "400"],
            "--blur: 400 points at scale 3 is a blur of 1200 pixels; the largest is 1000 pixels"),
        // A GIF's delays are whole hundredths of a second, 2 to 65535 as browsers play them.
        row(["--frames", "4", "--fps", "0.001", "-o", "g.gif"],
            "--fps: a GIF shows each frame for 0.02 to 655.35 s (browsers slow shorter delays to 0.1 s), and 0.001 fps "
                + "is 1000 s a frame; give an --fps from 0.0016 to 50, or another format"),
        row(["--frames", "4", "--fps", "60", "-o", "g.gif"],
            "--fps: a GIF shows each frame for 0.02 to 655.35 s (browsers slow shorter delays to 0.1 s), and 60 fps "
                + "is 0.0166667 s a frame; give an --fps from 0.0016 to 50, or another format"),
        // A computed value to 6 digits, not 333.4 × 3's binary 1000.1999999999999.
        row(["--progress", "0", "--blur", "333.4"],
            "--blur: 333.4 points at scale 3 is a blur of 1000.2 pixels; the largest is 1000 pixels"),
        row(["--progress", "0", "--blur-levels", "1"], "--blur-levels: expected an integer from 2 to 10000, got '1'"),
        row(["--progress", "0", "--blur-levels", "4.0"], "--blur-levels: expected an integer from 2 to 10000, got '4.0'"),
        row(["--progress", "0", "--threshold", "0"], "--threshold: expected a number greater than 0 and at most 1, got '0'"),
        row(["--progress", "0", "--threshold", "1.01"], "--threshold: expected a number greater than 0 and at most 1, got '1.01'"),
        row(["--progress", "0", "--softness", "0"], "--softness: expected auto or a number from 0.001 to 1, got '0'"),
        row(["--progress", "0", "--softness", "0.6"], "--softness: expected at most the threshold 0.5, got 0.6"),
        row(["--progress", "0", "--threshold", "0.2", "--softness", "0.25"],
            "--softness: expected at most the threshold 0.2, got 0.25"),
        row(["--progress", "0", "--ease", "fast"], "--ease: expected one of linear, smooth, got 'fast'"),
        row(["--progress", "0", "--ease", "lin"], "--ease: expected one of linear, smooth, got 'lin'; did you mean 'linear'?"),
        row(["--progress", "0", "--ease", "Smooth"], "--ease: expected one of linear, smooth, got 'Smooth'; did you mean 'smooth'?"),
        row(["--progress", "0", "--mask", "alfa"],
            "--mask: expected one of alpha, luminance, auto, got 'alfa'; did you mean 'alpha'?"),
        row(["--progress", "0", "--color", "#12"],
            "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '#12'"),
        row(["--progress", "0", "--color", "#12345"],
            "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '#12345'"),
        row(["--progress", "0", "--color", "#GGG"],
            "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '#GGG'"),
        row(["--progress", "0", "--color", "red"],
            "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got 'red'"),
        row(["--progress", "0", "--color", "##fff"],
            "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '##fff'"),
        row(["--progress", "0", "--color", "#ｆｆｆ"],
            "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '#ｆｆｆ'"),
        row(["--progress", "0", "--color"],
            "--color: missing value; expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA"),
        // unknown options and words
        row(["--progress", "0", "--colour", "#fff"], "unknown option '--colour'; did you mean '--color'?"),
        row(["--progres", "0"], "unknown option '--progres'; did you mean '--progress'?"),
        row(["--prog=0"], "unknown option '--prog'; did you mean '--progress'?"),
        row(["--treshold", "0.5"], "unknown option '--treshold'; did you mean '--threshold'?"),
        row(["--blur-level", "5"], "unknown option '--blur-level'; did you mean '--blur-levels'?"),
        row(["-progress", "0"], "unknown option '-progress'; did you mean '--progress'?"),
        row(["-progress=0"], "unknown option '-progress'; did you mean '--progress'?"),
        row(["--progress", "0", "--bogus"], "unknown option '--bogus'; run 'iconmorph render --help' for the options"),
        row(["--progress", "0", "-x"], "unknown option '-x'; run 'iconmorph render --help' for the options"),
        row(["--progress", "0", "--quiet=yes"], "--quiet: takes no value, got 'yes'"),
        row(["--progress", "0", "-qv"], "-q: takes no value, got 'v'"),
        row(["--progress", "0", "-q="], "-q: takes no value, got ''"),
        row(["--progress", "0", "-o="], "-o: expected a file or folder path, or - for standard output, got ''"),
        row(["--progress", "0", "-q", "--quiet"], "--quiet: given more than once; give it once"),
        row(["--progress", "0", "extra"], "unexpected argument 'extra'; run 'iconmorph render --help' for usage"),
        row(["--progress", "0", "-"], "unexpected argument '-'; run 'iconmorph render --help' for usage"),
        row(["--progress", "0", "--", "--quiet"], "unexpected argument '--quiet'; run 'iconmorph render --help' for usage"),
        // Frames ffmpeg refuses, refused before any work (an MP4 of 16383 px frames failed
        // after 12 s of rendering and 6.4 GB).
        row(["--frames", "3", "--size", "5461", "-o", "v.mp4"],
            "-o: a 16383×16383 frame is larger than ffmpeg takes ((width + 128) × (height + 128) under 268435455); "
                + "give a smaller --size, --scale or --padding"),
        row(["--frames", "3", "--size", "16384x100", "--scale", "1", "--format", "webp", "-o", "v"],
            "--format: a 16384×100 frame is larger than ffmpeg encodes as .webp (WebP: sides of at most 16383 pixels); "
                + "give a smaller --size, --scale or --padding"),
        row(["\u{2014}progress", "0"],
            "unexpected argument '\u{2014}progress', which starts with a typographic dash; did you mean '--progress'?"),
    ]

    /// ffmpeg's frame size limits are for the formats ffmpeg encodes: PNG, SVG, Lottie and
    /// APNG files of the same frames are not refused (they were, by the first version of the
    /// check). 16255 × 16257 is the first size past the limit: (16255 + 128) × (16257 + 128)
    /// is INT_MAX / 8 exactly.
    @Test(arguments: ["big.png", "big.svg", "big.json", "big.apng"])
    func framesFFmpegRefusesAreFineForTheOtherFormats(_ name: String) {
        #expect(Self.failure(Self.base + ["--frames", "3", "--size", "16255x16257", "--scale", "1", "-o", name]) == nil)
        #expect(Self.failure(Self.base + ["--frames", "3", "--size", "16255x16257", "--scale", "1", "-o", "v.mov"])?.message
            == "-o: a 16255×16257 frame is larger than ffmpeg takes ((width + 128) × (height + 128) under 268435455); "
            + "give a smaller --size, --scale or --padding")
        #expect(Self.failure(Self.base + ["--frames", "3", "--size", "16254x16257", "--scale", "1", "-o", "v.mov"]) == nil)
    }

    @Test(arguments: rows)
    func reportsOneLineAndUsageStatus(_ row: Row) {
        let failure = Self.failure(row.arguments)
        #expect(failure?.exitCode == .usage)
        let message = failure?.message ?? "<no error>"
        #expect(message == row.message)
        #expect(!message.contains("\n"))
        #expect(failure?.line == "iconmorph: error: " + message)
    }

    /// `-o /dev/stdout` (a name of standard output, here a pipe) for a sequence without
    /// `--format`: the message says the sequence took PNG files, and that `-o -` is the raw
    /// stream, rather than blaming a `--format png` that was not given.
    @Test func aSequenceToDevStdoutWithoutAFormat() throws {
        let run = try ExportRun.shell("\"$ICONMORPH\" render --frames 3 -o /dev/stdout | cat", in: "/")
        #expect(run.stderr == "iconmorph: error: -o: a sequence is written as PNG files, one per frame, which cannot go to "
            + "standard output; give -o - for the raw RGBA stream, a folder or a pattern, or --format with a format of one "
            + "file (apng, svg-animate, lottie, a video)\n", "\(run.stderr)")
    }

    /// Help is shown even when other arguments are wrong, as long as it comes before `--`.
    @Test func helpWinsOverErrors() throws {
        #expect(try RenderCommand.options(from: ["--progress", "7", "--bogus", "-h"]) == nil)
        #expect(try RenderCommand.options(from: ["--help"]) == nil)
        #expect(Self.failure(Self.base + ["--progress", "0", "--", "--help"])?.message
            == "unexpected argument '--help'; run 'iconmorph render --help' for usage")
    }

    static func failure(_ arguments: [String]) -> CommandFailure? {
        do {
            _ = try RenderCommand.options(from: arguments)
            return nil
        } catch {
            return CommandFailure(error)
        }
    }
}
