import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PNGCodec
import Testing

/// `iconmorph animate` run as a user runs it: its frames against a `MorphAnimator` driven
/// by the test with the same calls, repeatability, the command line against the same
/// timeline in a file, holds, no-op events, and errors on standard error.
@Suite(.serialized)
struct AnimateEndToEndTests {
    /// 16 pt at 2× with a 2 pt blur (32 × 32 px), as `MorphOracle`, at 20 fps.
    static let look = MorphOracle.arguments + ["--fps", "20"]
    static let box = IconBox(width: 16, height: 16, scale: 2)

    static func mask(_ symbol: BuiltInSymbol) throws -> AlphaMask { try AlphaMask(icon: symbol.icon, box: box) }

    /// The style the CLI's `--blur 2` gives at 2×; `field` for `--style`.
    static func style(_ field: MorphField = .metaball) -> MorphStyle { MorphStyle(field: field, maxBlurRadius: 4) }

    static func renderer(_ field: MorphField = .metaball) throws -> MorphRenderer {
        try MorphRenderer(width: 32, height: 32, style: style(field))
    }

    /// The raw RGBA stream of `animate <arguments>`, cut into frames.
    static func frames(_ arguments: [String], in directory: String? = nil) throws -> [[UInt8]] {
        let result = try ExportRun.iconmorph(["animate"] + arguments + look + ["-q", "-o", "-"], in: directory)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        #expect(result.stdout.count % (32 * 32 * 4) == 0)
        return result.stdout.frames(of: 32 * 32 * 4)
    }

    /// One call to the library's animator, as the test drives it.
    enum Call {
        case to(BuiltInSymbol, duration: Double)
        case morph(BuiltInSymbol, BuiltInSymbol, duration: Double)
        case show(BuiltInSymbol, BuiltInSymbol, progress: Double)
    }

    /// The library's frames: an animator at rest on `start` (as an app would make it: the
    /// pair start → `first` at progress 0, which shows `start`), the calls at their times,
    /// and `renderRGBA(at:)` at k / 20 s for k = 0 ..< count, into one reused buffer; `field`
    /// for `--style`.
    static func libraryFrames(
        start: BuiltInSymbol, first: BuiltInSymbol, calls: [(time: Double, call: Call)], count: Int,
        field: MorphField = .metaball
    ) throws -> [[UInt8]] {
        let renderer = try renderer(field)
        let animator = try MorphAnimator(renderer: renderer, source: try mask(start), target: try mask(first), progress: 0)
        var pending = calls[...]
        var buffer = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
        var frames: [[UInt8]] = []
        for k in 0..<count {
            let t = Double(k) / 20
            while let next = pending.first, next.time <= t {
                pending.removeFirst()
                switch next.call {
                case .to(let icon, let duration):
                    try animator.animate(to: try mask(icon), duration: duration, at: next.time)
                case .morph(let source, let target, let duration):
                    try animator.animate(source: try mask(source), target: try mask(target), duration: duration, at: next.time)
                case .show(let source, let target, let progress):
                    try animator.display(source: try mask(source), target: try mask(target), progress: progress, at: next.time)
                }
            }
            try buffer.withUnsafeMutableBytes { _ = try animator.render(at: t, into: $0, format: .rgba8) }
            frames.append(buffer)
        }
        return frames
    }

    /// An icon at rest, as the plain renderer draws it.
    static func rest(_ symbol: BuiltInSymbol, field: MorphField = .metaball) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
        let icon = try mask(symbol)
        try renderer(field).renderRGBA(source: icon, target: icon, progress: 0, into: &pixels)
        return pixels
    }

    /// play → pause, interrupted by stop, sent back to pause, then to play: every frame is
    /// the library's, and the video ends at the first frame at or after the last morph's end,
    /// on play at rest.
    @Test func framesAreTheLibrarys() throws {
        let cli = try Self.frames([
            "--start", "play", "--at", "0", "pause", "--at", "0.2", "stop", "--at", "0.43", "pause", "--at", "0.72", "play",
            "--transition", "0.4",
        ])
        // The last morph is to play, a third icon, from 0 at 0.72 s to 1.12 s: the last frame is
        // 23, at 1.15 s.
        #expect(cli.count == 24)
        let library = try Self.libraryFrames(
            start: .play, first: .pause,
            calls: [(0, .to(.pause, duration: 0.4)), (0.2, .to(.stop, duration: 0.4)), (0.43, .to(.pause, duration: 0.4)),
                    (0.72, .to(.play, duration: 0.4))],
            count: 24)
        for k in 0..<min(cli.count, library.count) { #expect(cli[k] == library[k], "frame \(k)") }
        #expect(try cli.first == Self.rest(.play) && cli.last == Self.rest(.play))
        #expect(Set(cli).count > 20)
    }

    /// `--format strip` (the README's interrupted morph, smaller): one PNG whose cells, left
    /// to right with the spacing between them filled with the background, are the raw
    /// stream's frames of the same timeline, each over the same background.
    @Test func stripHoldsTheStreamsFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let timeline = ["--start", "play", "--at", "0", "pause", "--at", "0.3", "stop", "--color", "#3478F6",
                        "--background", "#FFFFFF"]
        let frames = try Self.frames(timeline)
        let path = folder.file("strip.png")
        let result = try ExportRun.iconmorph(["animate"] + timeline + Self.look + ["--format", "strip", "--spacing", "3", "-q", "-o", path])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let strip = try PNGImage(contentsOfFile: path, format: .rgba)
        try #require(frames.count > 5)
        #expect(strip.width == frames.count * 32 + (frames.count - 1) * 3 && strip.height == 32)
        for (k, frame) in frames.enumerated() {
            for y in 0..<32 {
                let row = (y * strip.width + k * 35) * 4
                #expect(Array(strip.pixels[row..<(row + 32 * 4)]) == Array(frame[(y * 32 * 4)..<((y + 1) * 32 * 4)]),
                        "frame \(k), row \(y)")
                if k + 1 < frames.count {
                    #expect(strip.pixels[(row + 32 * 4)..<(row + 35 * 4)].allSatisfy { $0 == 255 }, "gap after frame \(k)")
                }
            }
        }
    }

    /// `morph` and `show` from a timeline file, with events between frames and per-event
    /// transitions, against the library.
    @Test func timelineFileActionsAreTheLibrarys() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("t.txt")
        try """
            start heart
            at 0.025 to star transition 0.3
            at 0.21 morph pause play transition 0.2
            at 0.33 show play stop 0.3
            at 0.42 to play
            until 0.8
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let cli = try Self.frames(["--timeline", path, "--transition", "0.25"])
        #expect(cli.count == 17)
        let library = try Self.libraryFrames(
            start: .heart, first: .star,
            calls: [(0.025, .to(.star, duration: 0.3)), (0.21, .morph(.pause, .play, duration: 0.2)),
                    (0.33, .show(.play, .stop, progress: 0.3)), (0.42, .to(.play, duration: 0.25))],
            count: 17)
        for k in 0..<min(cli.count, library.count) { #expect(cli[k] == library[k], "frame \(k)") }
        // The last event reverses show play → stop back to play, at rest from 0.495 s.
        #expect(try cli.last == Self.rest(.play))
    }

    /// The same timeline twice gives the same bytes, as an animated PNG and as PNG files.
    @Test func sameTimelineSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let arguments = ["animate", "--start", "play", "--at", "0", "pause", "--at", "0.15", "stop", "--at", "0.5", "play",
                         "--until", "0.9", "-q"] + Self.look
        var apngs: [Data] = []
        var sequences: [[Data]] = []
        for run in 0..<2 {
            let apng = folder.file("a\(run).apng")
            #expect(try ExportRun.iconmorph(arguments + ["-o", apng]).status == 0)
            apngs.append(try Data(contentsOf: URL(fileURLWithPath: apng)))
            let pngs = folder.file("f\(run)")
            #expect(try ExportRun.iconmorph(arguments + ["-o", pngs]).status == 0)
            let names = try folder.contents(of: pngs)
            #expect(names.count == 19 && names.first == "frame_0000.png" && names.last == "frame_0018.png")
            sequences.append(try names.map { try Data(contentsOf: URL(fileURLWithPath: pngs + "/" + $0)) })
        }
        #expect(apngs[0] == apngs[1] && !apngs[0].isEmpty)
        #expect(sequences[0] == sequences[1])
        // The PNG files decode to the raw stream's frames.
        let raw = try Self.frames(["--start", "play", "--at", "0", "pause", "--at", "0.15", "stop", "--at", "0.5", "play",
                                   "--until", "0.9"])
        let decoded = try (0..<19).map { k in
            try PNGImage(contentsOfFile: folder.file("f0/frame_" + String(format: "%04d", k) + ".png"), format: .rgba).pixels
        }
        #expect(decoded == raw)
    }

    /// The command line and a timeline file that says the same give the same bytes; a
    /// relative icon file in the timeline is found beside it, wherever the command runs.
    @Test func commandLineEqualsTimelineFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("script"), withIntermediateDirectories: false)
        let icon = try PNGImage(width: 32, height: 32, format: .rgba, pixels: try Self.rest(.heart))
        try icon.write(toFile: folder.file("script/heart.png"))
        try """
            # play → pause, interrupted by stop, then the heart drawn as a PNG
            start play
            transition 0.4
            at 0 to pause
            at 0.15 to stop
            at 0.15 to "heart.png"   # equal times happen in order
            until 0.75
            """.write(toFile: folder.file("script/t.txt"), atomically: true, encoding: .utf8)
        let fromFile = try Self.frames(["--timeline", "script/t.txt"], in: folder.path)
        let fromLine = try Self.frames(
            ["--start", "play", "--at", "0", "pause", "--at", "0.15", "stop", "--at", "0.15", "script/heart.png",
             "--transition", "0.4", "--until", "0.75"], in: folder.path)
        #expect(fromFile.count == 16 && fromFile == fromLine)
    }

    /// Only a start icon: one frame, the icon at rest.
    @Test func startAloneIsTheIconAtRest() throws {
        for symbol in [BuiltInSymbol.heart, .play] {
            let frames = try Self.frames(["--start", symbol.name])
            #expect(frames == [try Self.rest(symbol)])
        }
        // With an end time, every frame is that same icon.
        #expect(try Self.frames(["--start", "star", "--until", "0.3"]) == Array(repeating: try Self.rest(.star), count: 7))
    }

    /// Events that end at once at time 0 make one frame, which `-o` names as one file, as a
    /// timeline without events does: a PNG, or one SVG frame for `-o x.svg`. Both were
    /// refused, the PNG as "a timeline of several frames", the SVG as an animated SVG of one
    /// frame.
    @Test func eventsThatEndAtOnceMakeOneFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = try ExportRun.iconmorph(
            ["animate", "--at", "0", "pause", "--transition", "0"] + Self.look + ["-q", "-o", folder.file("cut.png")])
        #expect(png.status == 0, "\(png.stderr)")
        #expect(try PNGImage(contentsOfFile: folder.file("cut.png"), format: .rgba).pixels == Self.rest(.pause))
        try "at 0 show play pause 0.5\n".write(toFile: folder.file("show.txt"), atomically: true, encoding: .utf8)
        let svg = try ExportRun.iconmorph(["animate", "--timeline", folder.file("show.txt"), "-q", "-o", folder.file("x.svg")])
        #expect(svg.status == 0, "\(svg.stderr)")
        let text = try String(contentsOfFile: folder.file("x.svg"), encoding: .utf8)
        #expect(text.hasPrefix("<svg") && !text.contains("<animate") && !text.contains("@keyframes"))
        // A timeline that does animate still wants a folder or a pattern for PNG files.
        let several = try ExportRun.iconmorph(["animate", "--at", "0", "pause", "-q", "-o", folder.file("cut2.png")])
        #expect(several.status == 64 && several.stderr.contains("a timeline of several frames writes many files"))
        // An event after time 0 makes several frames for sure: refused before any icon is read.
        let early = try ExportRun.iconmorph(["animate", "--at", "0.5", folder.file("missing.svg"), "-q", "-o", folder.file("cut3.png")])
        #expect(early.status == 64 && early.stderr.contains("a timeline of several frames writes many files"), "\(early.stderr)")
        // One frame with --ping-pong says so, not "several frames".
        let pingPong = try ExportRun.iconmorph(["animate", "--at", "0", "pause", "--transition", "0", "--ping-pong", "-q", "-o", folder.file("y.png")])
        #expect(pingPong.status == 64 && pingPong.stderr.contains("--ping-pong: the timeline is a single frame"), "\(pingPong.stderr)")
    }

    /// An event to the icon already shown or already headed for changes nothing.
    @Test func eventToTheCurrentTargetIsANoOp() throws {
        let plain = try Self.frames(["--at", "0", "pause", "--until", "0.6"])
        #expect(plain.count == 13)
        let repeated = try Self.frames(["--at", "0", "pause", "--at", "0.2", "pause", "--at", "0.33", "pause", "--until", "0.6"])
        #expect(repeated == plain)
        let atRest = try Self.frames(["--start", "stop", "--at", "0.1", "stop", "--until", "0.3"])
        #expect(atRest == Array(repeating: try Self.rest(.stop), count: 7))
    }

    /// A morph that ends on a frame's time ends there, though its end is a sum that binary
    /// floating point rounds past it (0.1 + 0.2 = 0.30000000000000004): seven frames at
    /// 20 fps, the last the icon at rest. It added an eighth, a copy of the seventh.
    @Test(arguments: [MorphField.metaball, .distance])
    func aMorphEndingOnAFrameEndsThere(_ field: MorphField) throws {
        let frames = try Self.frames(["--at", "0.1", "pause", "--transition", "0.2", "--style", "\(field)"])
        #expect(frames.count == 7)
        #expect(try frames.last == Self.rest(.pause, field: field))
        #expect(frames.count < 2 || frames[frames.count - 1] != frames[frames.count - 2])
        // The path style's own clock likewise (it takes no --blur).
        if field == .metaball {
            let path = try ExportRun.iconmorph(
                ["animate", "--at", "0.1", "pause", "--transition", "0.2", "--style", "path", "--fps", "20", "-q", "-o", "-"])
            #expect(path.status == 0 && path.stdout.count == 7 * 132 * 132 * 4, "\(path.stderr)")
        }
    }

    /// Between a morph's end and the next event, frames repeat exactly.
    @Test func gapsBetweenEventsHold() throws {
        let frames = try Self.frames(["--at", "0", "pause", "--at", "0.85", "stop", "--transition", "0.4"])
        // pause at rest from 0.4 s until stop starts at 0.85 s (frame 17 shows it starting:
        // still pause); stop at rest from 1.25 s, frame 25.
        #expect(frames.count == 26)
        guard frames.count == 26 else { return }
        for k in 9...17 { #expect(frames[k] == frames[8], "frame \(k)") }
        #expect(try frames[8] == Self.rest(.pause))
        #expect(frames[7] != frames[8] && frames[18] != frames[17])
        #expect(try frames[25] == Self.rest(.stop))
        // --hold-end adds copies of the last frame; --ping-pong plays back to the first.
        let held = try Self.frames(["--at", "0", "pause", "--transition", "0.4", "--hold-end", "0.1", "--ping-pong"])
        let forwards = Array(frames[0...8])
        #expect(held == forwards + [frames[8], frames[8]] + forwards.dropLast().reversed())
    }

    /// The README's timeline file runs as written: 0 … 3 s at 10 fps.
    @Test func readmeTimelineRuns() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```\n# play → pause, interrupted by stop"))
        let body = text[text.index(start.lowerBound, offsetBy: 4)...]
        let script = String(body[..<(try #require(body.range(of: "```")).lowerBound)])
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try script.write(toFile: folder.file("script.txt"), atomically: true, encoding: .utf8)
        let result = try ExportRun.iconmorph(["animate", "--timeline", "script.txt", "--fps", "10", "-q", "-o", "-"]
                                             + MorphOracle.arguments, in: folder.path)
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        #expect(result.stdout.count == 31 * 32 * 32 * 4)
    }

    /// Errors reach standard error as one line with the usage or missing-input status, and
    /// nothing is written.
    @Test func errorsEndToEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases: [([String], String, Int32)] = [
            (["--at", "0.5", "pause", "--at", "0.2", "play"],
             "--at 0.2 play: at 0.2 s is earlier than the event before it (--at 0.5 pause, at 0.5 s); give the events in time order", 64),
            (["--at", "0.1", "paws"], "--at 0.1 paws: 'paws' is not a file or a built-in symbol (did you mean 'pause'?)", 66),
            (["--timeline", "missing.txt"], "missing.txt: cannot read: No such file or directory", 66),
            (["--at", "0", "pause", "--duration", "1"],
             "--duration: is not an option of animate: the timeline's length is --until (default: when the last morph ends); "
                + "--transition is the time of a full morph", 64),
            // Too long without --until: the last event is to blame, not an --until not given.
            (["--at", "86400", "pause", "--fps", "1000"],
             "--at 86400 pause: the timeline runs past 100 s, more than 100000 frames at 1000 fps; give earlier events or a lower --fps", 64),
            // … or its transition, when the event itself comes in time.
            (["--at", "0", "pause", "--transition", "200", "--fps", "1000"],
             "--transition: the timeline runs past 100 s, more than 100000 frames at 1000 fps; give a shorter transition, an --until or a lower --fps", 64),
        ]
        for (arguments, message, status) in cases {
            let result = try ExportRun.iconmorph(["animate"] + arguments + ["-o", "out"], in: folder.path)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr == "iconmorph: error: \(message)\n")
            #expect(result.stdout.isEmpty)
        }
        #expect(try folder.contents() == [])
    }
}
