/// The options that say how many frames `render` makes and how they play: `--progress`,
/// `--frames`, `--duration`, `--fps`, `--hold-start`, `--hold-end`, `--ping-pong`, `--loops`.
enum TimingOptions {
    /// The largest `--frames`; a guard against a slip of the keyboard, not a limit of the code.
    static let maximumFrames = 100_000
    /// The largest `--fps` (and frame rate that `--frames` and `--duration` may imply).
    static let maximumFPS = 1000.0
    /// The smallest `--fps`: a frame every 1000 s (a fraction with a denominator of at most
    /// a million holds it exactly).
    static let minimumFPS = 0.001
    /// The longest `--duration`, in seconds: a day.
    static let maximumDuration = 86_400.0
    /// The longest hold, in seconds: an hour.
    static let maximumHold = 3600.0
    /// The most frames an output may hold with holds and ping-pong.
    static let maximumOutputFrames = 3 * maximumFrames
    /// The largest `--loops`: what an APNG's acTL holds (2³¹ − 1).
    static let maximumLoops = Int(Int32.max)

    static let framesSection = "FRAMES (--progress, or --frames and/or --duration)"
    static let timingSection = "TIMING (sequences)"

    static let options = [
        OptionSpec(long: "progress", value: .number(.closed(0, 1)), valueName: "p",
                   help: "Render one frame at progress p, from 0 (the --from icon) to 1 (the --to icon).",
                   section: framesSection),
        OptionSpec(long: "frames", value: .integer(2...maximumFrames), valueName: "n",
                   help: "Render a sequence of n morph steps (2 to \(maximumFrames)) at progress i/(n-1) for "
                       + "i = 0 … n-1, so the first is the --from icon and the last the --to icon. With "
                       + "--duration the frame rate is (n-1)/duration. For a single frame use --progress.",
                   section: framesSection),
        OptionSpec(long: "duration", value: .number(NumberRange(lower: 0, lowerInclusive: false, upper: maximumDuration, upperInclusive: true)),
                   valueName: "s",
                   help: "Render a sequence whose morph takes s seconds at --fps: round(fps × s) + 1 steps at "
                       + "progress i/(n-1), step i shown at i/fps seconds, so the --to icon appears at s "
                       + "seconds (to the nearest frame) and p = time/s.",
                   section: framesSection),
        OptionSpec(long: "fps", value: .number(.closed(minimumFPS, maximumFPS)),
                   valueName: "rate",
                   help: "Frames per second of a sequence (\(formatNumber(minimumFPS)) to \(formatNumber(maximumFPS))): the delays of an "
                       + "animated PNG, the length of holds, the times of a --manifest and the -r of "
                       + "--print-ffmpeg. Give it with --frames or --duration, not both.",
                   defaultText: "\(FrameTiming.defaultFPS), or (frames-1)/duration", section: framesSection),
        OptionSpec(long: "hold-start", value: .number(.closed(0, maximumHold)), valueName: "s",
                   help: "Seconds the --from icon stays before the morph starts: round(s × fps) extra copies "
                       + "of the first frame, or a longer first delay in an animated PNG (exactly s).",
                   defaultText: "0", section: timingSection),
        OptionSpec(long: "hold-end", value: .number(.closed(0, maximumHold)), valueName: "s",
                   help: "Seconds the --to icon stays after the morph ends (with --ping-pong: before it turns "
                       + "back), in the same way.",
                   defaultText: "0", section: timingSection),
        OptionSpec(long: "ping-pong",
                   help: "Play the morph forwards, then backwards to the --from icon: steps 0 … n-1 … 0. An "
                       + "animated PNG that loops forever plays 0 … n-1 … 1, so its loop shows neither end "
                       + "twice.",
                   section: timingSection),
        OptionSpec(long: "loops", value: .integer(0...maximumLoops), valueName: "n",
                   help: "How many times an animated PNG plays (--format apng); 0 is forever.",
                   defaultText: "0", section: timingSection),
    ]

    /// The frames and their timing that the options describe, checked.
    ///
    /// - Throws: `CommandLineError` for a missing choice, a conflict, a timing option with
    ///   `--progress`, or a frame count or rate out of range.
    static func frames(_ parsed: ParsedArguments) throws -> (RenderOptions.Frames, FrameTiming) {
        var timing = FrameTiming(fps: FrameTiming.defaultFPS)
        timing.holdStart = parsed.number("hold-start") ?? 0
        timing.holdEnd = parsed.number("hold-end") ?? 0
        timing.pingPong = parsed.flag("ping-pong")
        timing.loops = parsed.integer("loops") ?? 0

        let count = parsed.integer("frames"), duration = parsed.number("duration"), fps = parsed.number("fps")
        if let progress = parsed.number("progress") {
            for long in ["frames", "duration"] where parsed.has(long) {
                throw CommandLineError.conflictingOptions(parsed.spelling(of: "progress"), parsed.spelling(of: long))
            }
            for long in ["fps", "hold-start", "hold-end", "ping-pong", "loops"] where parsed.has(long) {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: long),
                    reason: "applies to a sequence (--frames or --duration), not to one frame (--progress)")
            }
            return (.single(progress: progress), timing)
        }

        let steps: Int
        switch (count, duration, fps) {
        case (nil, nil, _):
            throw CommandLineError.missingAlternative(
                "--progress <p> (one frame), or --frames <n> or --duration <s> (a sequence)", command: "render")
        case (.some, .some, .some):
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: "fps"),
                reason: "--frames and --duration already set the frame rate, (frames-1)/duration; give two of the three")
        case (let n?, nil, let rate):
            steps = n
            if let rate { timing.fps = Rational.approximating(rate) }
        case (let n?, let seconds?, nil):
            steps = n
            // Checked before the fraction is made: a duration this short rounds to 0 s.
            let rate = Double(n - 1) / seconds
            if rate > maximumFPS {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: "duration"),
                    reason: "\(n) frames in \(formatNumber(seconds)) s are \(formatNumber((rate * 1000).rounded() / 1000)) "
                        + "frames per second; the most is \(formatNumber(maximumFPS))")
            }
            let time = Rational.approximating(seconds)
            timing.fps = Rational((n - 1) * time.denominator, time.numerator)
        case (nil, let seconds?, let rate):
            if let rate { timing.fps = Rational.approximating(rate) }
            let intervals = (timing.fps.doubleValue * seconds).rounded()
            let rateText = formatNumber(rate ?? timing.fps.doubleValue)
            guard intervals >= 1 else {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: "duration"),
                    reason: "\(formatNumber(seconds)) s at \(rateText) fps is less than one frame; give a longer "
                        + "--duration or a higher --fps")
            }
            guard intervals < Double(maximumFrames) else {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: "duration"),
                    reason: "\(formatNumber(seconds)) s at \(rateText) fps makes \(formatNumber(intervals + 1)) "
                        + "frames; the most is \(maximumFrames)")
            }
            steps = Int(intervals) + 1
        }
        return (.sequence(count: steps), timing)
    }
}
