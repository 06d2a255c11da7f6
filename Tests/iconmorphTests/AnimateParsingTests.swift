import _IconMorphSupport
import Foundation
import Testing
import IconMorphPNG
@testable import iconmorph

/// `iconmorph animate`'s command line and timeline files as parsed (in process): the events,
/// the frame count an end time gives, the help text, and every usage error with its exit
/// status.
struct AnimateParsingTests {
    static func options(_ arguments: [String]) throws -> AnimateOptions {
        try #require(try AnimateCommand.options(from: arguments))
    }

    /// The failure `iconmorph animate <arguments>` ends with, run in process.
    static func failure(_ arguments: [String]) -> CommandFailure? {
        do {
            _ = try IconMorphTool.execute(["animate"] + arguments)
            return nil
        } catch {
            return CommandFailure(error)
        }
    }

    @Test func commandLineEvents() throws {
        let options = try Self.options([
            "--start", "heart", "--at", "0", "pause", "--fps", "60", "--at=0.15", "stop", "--at", "0.15", "play",
            "--transition", "0.25", "--until", "1.2", "-o", "out/",
        ])
        let timeline = options.timeline
        #expect(timeline.start == Timeline.Icon(name: "heart", origin: "--start"))
        #expect(timeline.events.map(\.time) == [0, 0.15, 0.15])
        #expect(timeline.events.map(\.action) == [
            .to(Timeline.Icon(name: "pause", origin: "--at 0 pause")),
            .to(Timeline.Icon(name: "stop", origin: "--at 0.15 stop")),
            .to(Timeline.Icon(name: "play", origin: "--at 0.15 play")),
        ])
        #expect(timeline.events.allSatisfy { timeline.transition(of: $0) == 0.25 })
        #expect(timeline.until == 1.2 && options.fps == Rational(60))
        // 0 … 1.2 s at 60 fps: frames 0 … 72.
        #expect(options.player.frameCount(until: 1.2) == 73)
        let output = try options.output(frameCount: 73)
        #expect(output.steps == 73 && output.target == .folder("out/"))
        #expect(timeline.icons.map(\.name) == ["heart", "pause", "stop", "play"])
    }

    @Test func defaults() throws {
        let options = try Self.options(["--at", "1", "pause"])
        #expect(options.timeline.start.name == "play")
        #expect(options.timeline.transition(of: options.timeline.events[0]) == 0.5)
        #expect(options.timeline.until == nil && options.fps == Rational(30))
        #expect(options.export.format == .png)
        #expect(try options.output(frameCount: 2).target == .folder("frames"))
        // No events: one frame, written as one PNG file.
        let still = try Self.options(["--start", "heart"])
        let output = try still.output(frameCount: 1)
        #expect(still.timeline.events.isEmpty && output.steps == 1 && output.schedule.map(\.step) == [0])
        #expect(output.target == .file("morph.png"))
        #expect(try AnimateCommand.options(from: ["--at", "x", "--help"]) == nil)
    }

    /// The frames an end time gives are those at k/fps ≤ until, k from 0, counted here by
    /// brute force with exact fractions: k · den ≤ until · num for until = a/b.
    @Test func frameCountsOfEndTimes() {
        for (num, den) in [(30, 1), (60, 1), (2997, 100), (24, 1), (1, 3)] {
            let player = TimelinePlayer(timeline: Timeline(start: Timeline.Icon(name: "play", origin: "")), fps: Rational(num, den))
            for hundredths in [0, 1, 10, 33, 50, 100, 120, 333, 1000] {
                let until = Double(hundredths) / 100
                var k = 0
                while (k + 1) * den * 100 <= hundredths * num { k += 1 }
                #expect(player.frameCount(until: until) == k + 1, "\(num)/\(den) fps until \(until)")
                #expect(player.time(ofFrame: k) <= until)
            }
        }
    }

    @Test func timelineFileGrammar() throws {
        let text = """
            # a comment line

            start "my play.png"   # a quoted name
            transition 0.4
            at 0 to pause
            \tat 0.15 to stop transition 0.3\r
            at 0.5 morph heart star
            at 0.5 morph heart star transition 0
            at 0.8 show play pause 0.25
            until 1.2
            """
        let timeline = try TimelineFile.parse(text, name: "t.txt", folder: ".")
        #expect(timeline.start == Timeline.Icon(name: "my play.png", origin: "t.txt:3"))
        #expect(timeline.transition == 0.4 && timeline.until == 1.2 && timeline.untilOrigin == "t.txt:10")
        #expect(timeline.events.map(\.time) == [0, 0.15, 0.5, 0.5, 0.8])
        #expect(timeline.events.map(\.origin) == ["t.txt:5", "t.txt:6", "t.txt:7", "t.txt:8", "t.txt:9"])
        #expect(timeline.events.map(\.transition) == [nil, 0.3, nil, 0, nil])
        func icon(_ name: String, _ line: Int) -> Timeline.Icon { Timeline.Icon(name: name, origin: "t.txt:\(line)") }
        #expect(timeline.events.map(\.action) == [
            .to(icon("pause", 5)), .to(icon("stop", 6)), .morph(icon("heart", 7), icon("star", 7)),
            .morph(icon("heart", 8), icon("star", 8)), .show(icon("play", 9), icon("pause", 9), progress: 0.25),
        ])
        #expect(timeline.events.map(timeline.transition(of:)) == [0.4, 0.3, 0.4, 0, 0.4])
        // A byte order mark before the first line (as some editors write) reads as nothing.
        let marked = try TimelineFile.parse("\u{FEFF}start play\nat 0 to pause\n", name: "t.txt", folder: ".")
        #expect(marked.start == Timeline.Icon(name: "play", origin: "t.txt:1") && marked.events.count == 1)
        // Lines ended by a lone CR, as old Mac editors save them, and by CR LF.
        for ending in ["\r", "\r\n"] {
            let lines = try TimelineFile.parse(["start play", "at 0 to pause", "at 0.3 to stop", ""].joined(separator: ending), name: "t.txt", folder: ".")
            #expect(lines.events.map(\.time) == [0, 0.3] && lines.events.map(\.origin) == ["t.txt:2", "t.txt:3"])
        }
    }

    /// A relative icon file is found beside the timeline; a symbol name stays a symbol unless
    /// a file of that name is there.
    @Test func iconFilesAreRelativeToTheTimeline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data().write(to: URL(fileURLWithPath: folder.file("stop")))
        #expect(TimelineFile.iconPath("stop", folder: folder.path) == folder.file("stop"))
        #expect(TimelineFile.iconPath("pause", folder: folder.path) == "pause")
        #expect(TimelineFile.iconPath("a.png", folder: folder.path) == folder.file("a.png"))
        #expect(TimelineFile.iconPath("/x/a.png", folder: folder.path) == "/x/a.png")
        #expect(TimelineFile.iconPath("-", folder: folder.path) == "-")
        #expect(TimelineFile.iconPath("a.png", folder: ".") == "a.png")
    }

    /// The command line and its timeline file say the same thing.
    @Test func commandLineAndFileAgree() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("t.txt")
        try "start heart\nat 0 to star\nat 0.2 to play\nuntil 0.9\ntransition 0.3\n".write(toFile: path, atomically: true, encoding: .utf8)
        let file = try Self.options(["--timeline", path, "--fps", "20"])
        let line = try Self.options(["--start", "heart", "--at", "0", "star", "--at", "0.2", "play", "--until", "0.9",
                                     "--transition", "0.3", "--fps", "20"])
        #expect(file.timeline.start.name == line.timeline.start.name)
        #expect(file.timeline.events.map(\.time) == line.timeline.events.map(\.time))
        #expect(file.timeline.events.map { $0.action.icons.map(\.name) } == line.timeline.events.map { $0.action.icons.map(\.name) })
        #expect(file.timeline.events.map(file.timeline.transition(of:)) == line.timeline.events.map(line.timeline.transition(of:)))
        #expect(file.player.frameCount(until: 0.9) == 19 && line.player.frameCount(until: 0.9) == 19)
        #expect(file.fps == line.fps && file.timing == line.timing)
        // The command line's --until and --transition win over the file's.
        let overridden = try Self.options(["--timeline", path, "--until", "0.5", "--transition", "0.1"])
        #expect(overridden.timeline.until == 0.5 && overridden.timeline.transition == 0.1)
        #expect(overridden.timeline.untilOrigin == "--until")
    }

    @Test func helpListsEveryOption() throws {
        let help = try #require(try IconMorphTool.execute(["help", "animate"]))
        #expect(help == AnimateCommand.help)
        #expect(try IconMorphTool.execute(["animate", "--help"]) == help)
        let flowing = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for option in AnimateCommand.spec.options {
            #expect(help.contains(option.synopsis), "\(option.long)")
            if let defaultText = option.defaultText { #expect(flowing.contains("(default: \(defaultText))"), "\(option.long)") }
        }
        #expect(help.contains("--at <time> <icon>"))
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(IconMorphTool.help.contains("  animate "))
        // The look options are render's own declarations, but --color-to.
        #expect(AnimateCommand.lookOptions.map(\.key) == [.style, .blur, .blurLevels, .threshold, .softness, .ease, .color, .background])
        for option in AnimateCommand.lookOptions {
            #expect(AnimateCommand.spec.option(long: option.long)?.help == RenderCommand.spec.option(long: option.long)?.help)
        }
    }

    @Test(arguments: [
        (["--at"], "--at: missing value; expected a time in seconds and an icon, such as --at 0.5 pause"),
        (["--at", "0.5"], "--at 0.5: missing value; expected an icon after the time"),
        (["--at", "0.5", "-o", "x"], "--at 0.5: missing value; expected an icon after the time"),
        (["--at", "-1", "pause"], "--at: expected a time in seconds, a number from 0 to 86400, got '-1'"),
        (["--at", "nan", "pause"], "--at: expected a time in seconds, a number from 0 to 86400, got 'nan'"),
        (["--at", "inf", "pause"], "--at: expected a time in seconds, a number from 0 to 86400, got 'inf'"),
        (["--at", "0.5", "pause", "--at", "0.3", "play"],
         "--at 0.3 play: at 0.3 s is earlier than the event before it (--at 0.5 pause, at 0.5 s); give the events in time order"),
        (["--at", "0", "pause", "--fps", "0"], "--fps: expected a number from 0.001 to 1000, got '0'"),
        (["--at", "0", "pause", "--fps", "fast"], "--fps: expected a number from 0.001 to 1000, got 'fast'"),
        (["--at", "0", "pause", "--fps"], "--fps: missing value; expected a number from 0.001 to 1000"),
        (["--transition", "-0.5"], "--transition: expected a number from 0 to 86400, got '-0.5'"),
        (["--until", "NaN"], "--until: expected a number from 0 to 86400, got 'NaN'"),
        (["--until", "4000"], "--until: 4000 s at 30 fps makes 120001 frames; the most is 100000"),
        (["--start"], "--start: missing value; expected a PNG or SVG file, a built-in symbol name, or - for standard input"),
        (["--start", "play", "--start", "pause"], "--start: given more than once; give it once"),
        (["--progress", "0.5"],
         "--progress: is not an option of animate: the timeline sets every frame's progress: --at says when each morph starts, --transition how long a full morph takes"),
        (["--frames", "10"], "--frames: is not an option of animate: the timeline sets the frames: one every 1/--fps seconds up to --until"),
        (["--color-to=#FFF"],
         "--color-to: is not an option of animate: it blends the color along one morph's progress, and a timeline has several; give one --color"),
        (["--from", "a.png"],
         "--from: is not an option of animate: the timeline names its icons: --start for the first, --at <time> <icon> for each next one"),
        (["--timeline", "t.txt", "--start", "play"], "--timeline and --start cannot be used together; give one of them"),
        (["--timeline", "t.txt", "--at", "0", "play"], "--timeline and --at 0 play cannot be used together; give one of them"),
        (["--at", "0", "pause", "-o", "x.png"],
         "-o: a timeline of several frames writes many files, so expected a folder or a pattern such as 'x_%04d.png', got 'x.png'"),
        (["--start", "play", "--format", "apng"],
         "--format: the timeline is a single frame (it ends at time 0); give a later --until, or events (--at) that animate"),
        (["--start", "play", "--ping-pong"],
         "--ping-pong: the timeline is a single frame (it ends at time 0); give a later --until, or events (--at) that animate"),
        (["--at", "0", "pause", "--loops", "2"], "--loops: only an animation loops (--format apng, svg-animate, lottie, gif or webp)"),
        (["--at", "0", "pause", "--threshold", "0.99"],
         "--threshold: expected 0.05 to 0.95 with --softness auto (the default), got 0.99; give a fixed --softness for a threshold outside that range"),
        (["--at", "0", "pause", "stop"], "unexpected argument 'stop'; run 'iconmorph animate --help' for usage"),
        (["--at", "0", "pause", "--bogus"], "unknown option '--bogus'; run 'iconmorph animate --help' for the options"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let failure = Self.failure(arguments + ["-q"])
        #expect(failure?.message == message)
        #expect(failure?.exitCode == .usage)
    }

    /// Mistakes in a timeline file name the file and line; usage errors (64), but an icon
    /// that is neither a file nor a symbol, or a missing file, is missing input (66).
    @Test(arguments: [
        ("strt play", "t.txt:1: unknown keyword 'strt'; expected start, transition, until or at; did you mean 'start'?", 64),
        ("# ok\nat 0.5 stop", "t.txt:2: expected to, morph or show after the time, got 'stop'; did you mean 'at 0.5 to stop'?", 64),
        ("at 0.5 moprh play pause", "t.txt:1: expected to, morph or show after the time, got 'moprh'; did you mean 'morph'?", 64),
        // A word that names no icon gets no suggestion to animate to it.
        ("at 0.3 fly stop", "t.txt:1: expected to, morph or show after the time, got 'fly'", 64),
        ("at 0.3 x.svg", "t.txt:1: expected to, morph or show after the time, got 'x.svg'; did you mean 'at 0.3 to x.svg'?", 64),
        ("at 0.5 to", "t.txt:1: expected an icon after 'to'", 64),
        ("at", "t.txt:1: expected a time in seconds after 'at'", 64),
        ("at -1 to play", "t.txt:1: expected a time in seconds, a number from 0 to 86400, got '-1'", 64),
        ("at nan to play", "t.txt:1: expected a time in seconds, a number from 0 to 86400, got 'nan'", 64),
        ("at 0 morph play", "t.txt:1: expected a second icon after 'morph'", 64),
        ("at 0 show play pause 1.5", "t.txt:1: expected a progress from 0 to 1, got '1.5'", 64),
        ("at 0 to play transition", "t.txt:1: expected seconds after 'transition'", 64),
        ("at 0 show play pause 0.5 transition 1", "t.txt:1: unexpected 'transition' after 'at' and its values", 64),
        ("until 1 2", "t.txt:1: unexpected '2' after 'until' and its values", 64),
        ("start play\n\nstart pause", "t.txt:3: 'start' was already given on line 1; give it once", 64),
        ("at 0.5 to stop\nat 0.2 to play",
         "t.txt:2: at 0.2 s is earlier than the event before it (t.txt:1, at 0.5 s); give the events in time order", 64),
        ("at 0 to \"my icon", "t.txt:1: a quote (\") is not closed", 64),
        ("at 0 to sto", "t.txt:1: 'sto' is not a file or a built-in symbol (did you mean 'stop'?)", 66),
        ("start play\nat 0 to gone.png", "t.txt:2: FOLDER/gone.png: no such file", 66),
    ])
    func timelineFileErrors(_ text: String, _ message: String, _ status: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("t.txt")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let failure = Self.failure(["--timeline", path, "-q", "-o", folder.file("out")])
        #expect(failure?.message == message.replacingOccurrences(of: "t.txt:", with: path + ":")
            .replacingOccurrences(of: "FOLDER", with: folder.path))
        #expect(failure?.exitCode.rawValue == status)
    }

    /// A timeline file without events, asked for an animation, is named with what to add in
    /// its own words (the message said to give --until or --at, which cannot go with
    /// --timeline).
    @Test func aTimelineFileWithoutEventsSaysWhatToAdd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("t.txt")
        for text in ["", "# nothing yet\n\n", "start play\nuntil 0\n"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let failure = Self.failure(["--timeline", path, "-q", "-o", folder.file("x.apng")])
            #expect(failure?.message == "-o: the timeline is a single frame (it ends at time 0); \(path) has no events: "
                + "add 'at' lines (such as 'at 0 to pause') or a later 'until'", "\(text)")
            #expect(failure?.exitCode == .usage)
        }
        try "at 0 show play pause 0.5\n".write(toFile: path, atomically: true, encoding: .utf8)
        let shown = Self.failure(["--timeline", path, "-q", "-o", folder.file("x.apng")])
        #expect(shown?.message == "-o: the timeline is a single frame (it ends at time 0); give \(path) a later 'until', or 'at' lines that animate")
    }

    /// A file that is no UTF-8 text (an image given by mistake) is named as such; it read as
    /// an unknown keyword of replacement characters. An empty standard input is named as
    /// `<stdin>`, as elsewhere.
    @Test func binaryTimelineFilesAndEmptyStandardInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = try folder.write(PNGImage(width: 1, height: 1, format: .rgba, pixels: [0, 0, 0, 255]), as: "t.png")
        let image = Self.failure(["--timeline", png, "-q", "-o", folder.file("out")])
        #expect(image?.message == png + ": a PNG image; a timeline file is UTF-8 text of lines such as 'at 0 to pause'")
        #expect(image?.exitCode == .usage)
        let binary = folder.file("t.bin")
        #expect(FileManager.default.createFile(atPath: binary, contents: Data([0x61, 0x74, 0x20, 0x80, 0x81, 0x0A])))
        let bytes = Self.failure(["--timeline", binary, "-q", "-o", folder.file("out")])
        #expect(bytes?.message == binary + ": not UTF-8 text; a timeline file is UTF-8 text of lines such as 'at 0 to pause'")
        // A file too large for a timeline is named as one, at 16 MiB (it was read up to an
        // icon's 256 MiB and called too much for an icon).
        let zeros = Self.failure(["--timeline", "/dev/zero", "-q", "-o", folder.file("out")])
        #expect(zeros?.message == "/dev/zero: more than 16777216 bytes, too much for a timeline file")
        #expect(zeros?.exitCode == .usage)
        let run = try ExportRun.shell("\"$ICONMORPH\" animate --timeline - -q -o x.apng </dev/null", in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr == "iconmorph: error: -o: the timeline is a single frame (it ends at time 0); <stdin> has no events: "
            + "add 'at' lines (such as 'at 0 to pause') or a later 'until'\n", "\(run.stderr)")
    }

    /// A UTF-16 timeline file is named as such (it read as an unknown keyword of replacement
    /// characters), with or without a byte order mark; a name of millions of letters is
    /// refused at once and shown shortened (it took minutes, and the message echoed it whole).
    @Test func utf16AndHugeNamesInTimelineFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("t.txt")
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16] {
            try "start play\nat 0 to pause\n".write(toFile: path, atomically: true, encoding: encoding)
            let failure = Self.failure(["--timeline", path, "-q", "-o", folder.file("out")])
            #expect(failure?.message == path + ": UTF-16 text; a timeline file is read as UTF-8: save it as UTF-8", "\(encoding)")
            #expect(failure?.exitCode == .usage)
        }
        try ("start play\nat 0 to " + String(repeating: "a", count: 2_000_000) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let clock = ContinuousClock(), start = clock.now
        let failure = Self.failure(["--timeline", path, "-q", "-o", folder.file("out")])
        #expect(clock.now - start < .seconds(5))
        let shown = "'" + String(repeating: "a", count: 200) + "…" + String(repeating: "a", count: 200) + "'"
        #expect(failure?.message == path + ":2: " + shown + " is not a file or a built-in symbol; run 'iconmorph symbols' for the names")
        #expect(failure?.exitCode == .noInput)
    }

    @Test func missingInputs() throws {
        let missing = Self.failure(["--timeline", "/nonexistent/t.txt", "-q"])
        #expect(missing?.message == "/nonexistent/t.txt: cannot read: No such file or directory")
        #expect(missing?.exitCode == .noInput)
        let unknown = Self.failure(["--at", "0.2", "sto", "-q"])
        #expect(unknown?.message == "--at 0.2 sto: 'sto' is not a file or a built-in symbol (did you mean 'stop'?)")
        #expect(unknown?.exitCode == .noInput)
        let start = Self.failure(["--start", "/nonexistent/a.png", "-q"])
        #expect(start?.message == "/nonexistent/a.png: no such file")
        #expect(start?.exitCode == .noInput)
    }
}
