import _IconMorphSupport
import MorphKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `iconmorph animate`: an interruptible morph played from a timeline — an icon at rest, then
/// events that send it to other icons at given times, each interrupting the one before
/// without a jump (`MorphAnimator`) — rendered to frames as `render` writes them.
///
/// As with `render`, `options(from:)` checks the whole command line (and reads the timeline
/// file) before anything else happens; `run(_:warn:)` loads the icons, plays the timeline
/// (`TimelinePlayer`), and renders and writes the frames through `FrameWriter`, as `render`
/// does. The options it shares with `render` (geometry, look, timing, output) are the same
/// declarations (`GeometryOptions`, `LookOptions`, `TimingOptions`, `ExportOptions`).
enum AnimateCommand {
    static let timelineSection = "TIMELINE"
    static let playbackSection = "PLAYBACK"

    /// `render`'s options that mean nothing here, and why: given to `animate` they are a
    /// usage error that says so, not an unknown option.
    static let renderOnlyOptions: [OptionKey: String] = [
        .progress: "the timeline sets every frame's progress: --at says when each morph starts, --transition how "
            + "long a full morph takes",
        .frames: "the timeline sets the frames: one every 1/--fps seconds up to --until",
        .duration: "the timeline's length is --until (default: when the last morph ends); --transition is the "
            + "time of a full morph",
        .from: "the timeline names its icons: --start for the first, --at <time> <icon> for each next one",
        .to: "the timeline names its icons: --start for the first, --at <time> <icon> for each next one",
        .colorTo: "it blends the color along one morph's progress, and a timeline has several; give one --color",
        .printFFmpeg: "it is render's; pipe -o - into the ffmpeg lines that 'iconmorph render --duration 1 "
            + "--print-ffmpeg' prints, with this command's size and --fps",
    ]

    /// The look options: `render`'s declarations but `--color-to`.
    static let lookOptions = LookOptions.options.filter { $0.key != .colorTo }

    static let spec = CommandSpec(
        name: "animate",
        abstract: "Render an interruptible morph from a timeline of icons, to frames.",
        usage: [
            "animate [--start <icon>] [--at <time> <icon>]… [options]",
            "animate --timeline <file> [options]",
        ],
        sections: ["INPUT", timelineSection, playbackSection, ExportOptions.section, "GEOMETRY", LookOptions.section,
                   "OPTIONS"],
        options: [
            IconOptions.option(
                .start, help: "The icon at rest at time 0: a PNG or SVG file, a built-in symbol, or - for standard "
                    + "input.", defaultText: Timeline.defaultStart),
            OptionSpec(.timeline, value: .inputFile, valueName: "file",
                       help: "Read the start icon and the events from a timeline file (see TIMELINE FILE below; - "
                           + "is standard input) instead of --start and --at.",
                       section: "INPUT"),
            GeometryOptions.maskOption,
            // The parser never sees --at (`splitEvents` takes it and its two words out first);
            // it is declared for the help text and for messages about options.
            OptionSpec(.at, value: .icon, valueName: "time> <icon",
                       help: "At this time in seconds, animate to this icon: on towards it if it is the current "
                           + "target, back if it is the current source, else from the current frame (even "
                           + "mid-morph) into it. Give as many as you like, in time order; events at one time "
                           + "happen in the order given.",
                       section: timelineSection),
            OptionSpec(.transition, value: .number(Timeline.timeRange), valueName: "s",
                       help: "The time of a full morph (progress 0 to 1), in seconds; a morph that starts part "
                           + "of the way takes that part of it. 0 cuts.",
                       defaultText: formatNumber(Timeline.defaultTransition), section: timelineSection),
            OptionSpec(.until, value: .number(Timeline.timeRange), valueName: "s",
                       help: "The end time in seconds: the last frame is the last at or before it. Events after "
                           + "it do not show.",
                       defaultText: "the first frame at or after the last morph's end, at rest",
                       section: timelineSection),
            TimingOptions.fps(
                help: "Frames per second (\(formatNumber(TimingOptions.minimumFPS)) to "
                    + "\(formatNumber(TimingOptions.maximumFPS))): frame k shows the timeline at k/rate "
                    + "seconds.",
                defaultText: "\(FrameTiming.defaultFPS)", section: timelineSection),
        ] + TimingOptions.playbackOptions(section: playbackSection, wording: TimingOptions.Wording(
            holdStart: "Seconds the first frame stays before the timeline plays: round(s × fps) extra "
                + "copies in frame files and videos, one merged frame in a WebP, a longer first delay in an "
                + "animated PNG or SVG (exactly s), a GIF (to the hundredth, up to 655.35 s) or a Lottie file (in whole "
                + "frames).",
            holdEnd: "Seconds the last frame stays (with --ping-pong: before it turns back), in the same "
                + "way.",
            pingPong: "Play the frames forwards, then backwards to the first; an animated file that loops "
                + "forever (APNG, GIF, WebP, animated SVG, Lottie) shows neither end twice."))
            + [
                ExportOptions.output(
                    help: "A folder that gets frame_0000.png, frame_0001.png, … (default: "
                        + "\(OutputTarget.defaultFolder); created if missing, but its parent must exist), or a "
                        + "file pattern with %d or %0Nd, such as 'out/f_%03d.png'. An animated PNG, sheet or "
                        + "strip is one file (default: \(OutputFormat.apng.defaultFile), "
                        + "\(OutputFormat.sheet.defaultFile), \(OutputFormat.strip.defaultFile)). - is standard "
                        + "output: the raw stream (--format rgba, which - implies), or with --format the one "
                        + "file of any other format, as /dev/stdout. A timeline of one frame (no events, or "
                        + "events that end at time 0) writes one PNG or SVG file (default: "
                        + "\(OutputTarget.defaultFile)), or where -o is a folder or a pattern, its first frame "
                        + "file (frame_0000.png)."),
                ExportOptions.format,
            ]
            + ExportOptions.fileOptions + [ExportOptions.tolerance, ExportOptions.quiet]
            + GeometryOptions.boxOptions + lookOptions + [.help],
        notes: [
            ("HOW IT PLAYS", [
                "One animated icon, as an app's icon view would show it: at rest on --start, then each "
                    + "event animates it elsewhere at its time. An event to the icon it is heading for "
                    + "continues (at the event's transition time); to the icon it came from, it turns back "
                    + "from where it is; to any other icon (or back while an earlier interruption is still "
                    + "fading), the current frame — mid-morph or not — melts into the new icon while it "
                    + "fades out. Nothing jumps. Frame k shows time k/fps; the frames then play like "
                    + "render's (holds, ping-pong, formats).",
            ]),
            ("TIMELINE FILE", TimelineFile.helpLines + [
                "--transition and --until on the command line win over the file's.",
            ]),
            ("ICONS", IconOptions.helpNote),
            ("EXIT STATUS", ExitCode.helpLines),
            ("EXAMPLES", [
                "iconmorph animate --start play --at 0 pause --at 0.15 stop -o frames/",
                "iconmorph animate --start play --at 0 pause --at 0.5 play --fps 60 --until 1.2 -o out.apng",
                "iconmorph animate --timeline intro.txt --size 64 --color '#3478F6' -o intro.apng",
                "iconmorph animate --at 0 heart --at 1 star --transition 0.4 -q -o - | ffmpeg …",
            ]),
        ]
    )

    /// The help text of `animate`, built from `spec`.
    static var help: String { HelpFormatter.help(for: spec) }

    /// Parses and checks an `animate` command line (the words after `animate`), reading the
    /// timeline file if one is given.
    ///
    /// Returns `nil` when help was asked for.
    ///
    /// - Throws: `CommandLineError` for anything wrong with the command line or the timeline
    ///   file (naming the file and line); `IconInputError` when the timeline file cannot be
    ///   read.
    static func options(from arguments: [String]) throws -> AnimateOptions? {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) { return nil }
        let (events, rest) = try splitEvents(arguments)
        let parsed = try ArgumentParser(command: spec).parse(rest)

        var timeline: Timeline
        if let path = parsed.text(.timeline) {
            let spelling = parsed.spelling(of: .timeline)
            if parsed.has(.start) { throw CommandLineError.conflictingOptions(spelling, parsed.spelling(of: .start)) }
            if let event = events.first { throw CommandLineError.conflictingOptions(spelling, event.origin) }
            timeline = try TimelineFile.read(path)
            if path == "-", let icon = timeline.icons.first(where: { $0.path == "-" }) {
                throw CommandLineError.bothStandardInput(spelling, icon.origin)
            }
        } else {
            let start = parsed.text(.start) ?? Timeline.defaultStart
            timeline = Timeline(start: Timeline.Icon(name: start, origin: parsed.spelling(of: .start)), events: events)
            try timeline.validate()
        }
        if let transition = parsed.number(.transition) {
            timeline.transition = transition
            timeline.transitionOrigin = parsed.spelling(of: .transition)
        }
        if let until = parsed.number(.until) {
            timeline.until = until
            timeline.untilOrigin = parsed.spelling(of: .until)
        }
        let fps = parsed.number(.fps).map { Rational.approximating($0) } ?? FrameTiming.defaultFPS

        let layout = try GeometryOptions.layout(parsed)
        let fieldStyle = try LookOptions.fieldStyle(parsed)
        // Several frames unless the timeline ends at time 0 (`--until 0` with events at 0 is one
        // frame, so `-o name.svg` names one SVG frame, as it does without events).
        let isSequence = timeline.until.map { $0 > 0 } ?? !timeline.events.isEmpty
        let options = AnimateOptions(
            timeline: timeline, timelinePath: parsed.text(.timeline), timelineSpelling: parsed.spelling(of: .timeline),
            fps: fps, layout: layout, maskSource: GeometryOptions.maskSource(parsed),
            fieldStyle: fieldStyle, style: try LookOptions.style(parsed, box: layout.box, field: fieldStyle.morphField ?? .metaball),
            timing: TimingOptions.timing(parsed, fps: fps), export: ExportOptions(parsed, isSequence: isSequence))
        // An explicit end gives the frame count now; otherwise the output is checked here for
        // the counts the timeline may make and settled once it has been played.
        if let until = timeline.until {
            let count = options.player.frameCount(until: until)
            try checkFrameCount(count, options)
            _ = try options.output(frameCount: count)
        } else if timeline.events.isEmpty {
            _ = try options.output(frameCount: 1)
        } else if timeline.events.contains(where: { $0.time > 0 }) {
            // An event after time 0 makes frames up to it: several.
            _ = try options.output(frameCount: 2)
        }
        // (Events all at time 0 may end at once, in one frame, which `-o` may name as one
        // file, or not: settled once played.)
        return options
    }

    /// Takes every `--at <time> <icon>` out of `arguments` (before a `--`), leaving the rest
    /// for the parser, and refuses `render`'s options that mean nothing here.
    ///
    /// - Throws: `CommandLineError` for an `--at` without its two words, a time that is not a
    ///   decimal number of seconds from 0 to a day, or an option of `render` only.
    static func splitEvents(_ arguments: [String]) throws -> (events: [Timeline.Event], rest: [String]) {
        var events: [Timeline.Event] = []
        var rest: [String] = []
        var index = arguments.startIndex
        func isOption(_ word: String) -> Bool {
            word.hasPrefix("--") || (word.count >= 2 && word.hasPrefix("-") && spec.option(short: word.dropFirst().first!) != nil)
        }
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" {
                rest += arguments[(index - 1)...]
                break
            }
            guard word.hasPrefix("--") else {
                rest.append(word)
                continue
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            if let key = OptionKey(rawValue: name), let reason = renderOnlyOptions[key] {
                throw CommandLineError.invalidSetting(option: key.longName, reason: "is not an option of animate: " + reason)
            }
            guard name == OptionKey.at.rawValue else {
                rest.append(word)
                continue
            }
            let expected = "a time in seconds and an icon, such as --at 0.5 pause"
            var timeText: String
            if let equals = body.firstIndex(of: "=") {
                timeText = String(body[body.index(after: equals)...])
            } else if index < arguments.endIndex, !isOption(arguments[index]) {
                timeText = arguments[index]
                index += 1
            } else {
                throw CommandLineError.missingValue(option: "--at", expected: expected)
            }
            let time = try Timeline.seconds(timeText, option: "--at")
            guard index < arguments.endIndex, !isOption(arguments[index]), !arguments[index].isEmpty else {
                throw CommandLineError.missingValue(option: "--at \(timeText)", expected: "an icon after the time")
            }
            let icon = arguments[index]
            index += 1
            let origin = "--at \(timeText) \(icon)"
            events.append(Timeline.Event(time: time, action: .to(Timeline.Icon(name: icon, origin: origin)), origin: origin))
        }
        return (events, rest)
    }

    /// - Throws: `CommandLineError.invalidSetting` naming where the end time was set when
    ///   the timeline has more frames than `render` allows.
    private static func checkFrameCount(_ count: Int, _ options: AnimateOptions) throws {
        guard count <= TimingOptions.maximumFrames else {
            throw CommandLineError.invalidSetting(
                option: options.timeline.untilOrigin,
                reason: "\(formatNumber(options.timeline.until ?? 0)) s at \(formatNumber(options.fps.doubleValue)) fps "
                    + "makes \(count) frames; the most is \(TimingOptions.maximumFrames)")
        }
    }

    /// Loads the icons, plays the timeline, renders and writes every frame; returns the line
    /// that says what was written.
    ///
    /// - Throws: as `RenderCommand.run(_:warn:)`, and `CommandLineError` when the timeline
    ///   turns out to need more frames than allowed or a format that needs a sequence gets
    ///   one frame.
    static func run(_ options: AnimateOptions, warn: (String) -> Void) throws -> String {
        if options.export.format == .rgba, StandardStreams.isTerminal { throw StandardOutputError.isTerminal }
        let layout = options.layout
        // Before the icons are drawn (each mask is an allocation of a frame's size), a missing
        // or unknown icon reported first all the same; a sheet's own pixels once its frames
        // are counted, below.
        var needs = MemoryNeeds(
            width: layout.width, height: layout.height, style: options.fieldStyle, format: options.export.format,
            extraIcons: max(0, options.timeline.icons.count - 2))
        try needs.check {
            try TimelinePlayer.preflightIcons(
                of: options.timeline, in: layout, source: options.maskSource,
                outlineFor: options.fieldStyle == .path ? "--style path" : nil)
        }
        func makeRenderer() throws -> MorphRenderer {
            let renderer = try MorphRenderer(width: layout.width, height: layout.height, style: options.style)
            // Every icon's distance field kept, so that each is computed once however the
            // timeline cycles through them (with the default four, a fifth icon evicted one in turn).
            renderer.keptIconFields = max(renderer.keptIconFields, options.timeline.icons.count)
            return renderer
        }
        let renderer: MorphRenderer
        let timelineFrames: [FrameSource]
        switch options.fieldStyle {
        case .metaball, .distance:
            let masks = try TimelinePlayer.loadIcons(
                of: options.timeline, in: layout, source: options.maskSource, warn: warn)
            try needs.countTranslucentLayers(of: masks.values)
            renderer = try makeRenderer()
            var animator = try MaskTimelineAnimator(renderer: renderer, masks: masks, start: options.timeline.start)
            timelineFrames = try options.player.frames(of: &animator, maximumFrames: TimingOptions.maximumFrames)
        case .path:
            let icons = try TimelinePlayer.loadVectorIcons(of: options.timeline, warn: warn)
            renderer = try makeRenderer()
            var animator = try PathTimelineAnimator(
                icons: icons, start: options.timeline.start, layout: layout, easing: options.style.easing)
            timelineFrames = try options.player.frames(of: &animator, maximumFrames: TimingOptions.maximumFrames)
        }
        // A timeline's frames take the tint at their own progress; the ends bound them all.
        if let warning = LookOptions.invisibleShapeWarning(options.style, progress: [0, 1]) { warn(warning) }
        let output = try options.output(frameCount: timelineFrames.count)
        try output.checkNotBinaryToTerminal()
        if output.format.isSheet {
            needs.countSheet(of: output)
            try needs.check()
        }
        // The same checks as render's before any frame is rendered.
        let writer = try FrameWriter(output: output, sparing: options.inputs)
        let schedule = output.schedule
        return try writer.write(schedule.map { timelineFrames[$0.step] }, delays: schedule.map(\.delay), renderer: renderer)
    }
}
