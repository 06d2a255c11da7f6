import _IconMorphSupport

/// The options that say how frames play, shared by `render` and `animate`: `--fps` and the
/// playback of the frames made (`--hold-start`, `--hold-end`, `--ping-pong`, `--loops`), with
/// the limits that frame counts, rates and times are checked against.
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

    /// `--fps`, declared once; `help`, `defaultText` and `section` say what the rate paces in
    /// the command that lists it.
    static func fps(
        help: @autoclosure @escaping @Sendable () -> String, defaultText: @autoclosure @escaping @Sendable () -> String,
        section: String
    ) -> OptionSpec {
        OptionSpec(.fps, value: .number(.closed(minimumFPS, maximumFPS)), valueName: "rate",
                   help: help(), defaultText: defaultText(), section: section)
    }

    /// How a command's help words the playback options: what the first and last frames show
    /// differs between a morph and a timeline.
    struct Wording {
        var holdStart: String
        var holdEnd: String
        var pingPong: String
    }

    /// `--hold-start`, `--hold-end`, `--ping-pong` and `--loops`, in `section`.
    static func playbackOptions(section: String, wording: Wording) -> [OptionSpec] {
        [
            OptionSpec(.holdStart, value: .number(.closed(0, maximumHold)), valueName: "s",
                       help: wording.holdStart, defaultText: "0", section: section),
            OptionSpec(.holdEnd, value: .number(.closed(0, maximumHold)), valueName: "s",
                       help: wording.holdEnd, defaultText: "0", section: section),
            OptionSpec(.pingPong, help: wording.pingPong, section: section),
            OptionSpec(.loops, value: .integer(0...maximumLoops), valueName: "n",
                       help: "How many times the animation plays (apng, svg-animate, lottie, gif, webp); 0 is forever.",
                       defaultText: "0", section: section),
        ]
    }

    /// How the frames play at `fps`, as the playback options say.
    static func timing(_ parsed: ParsedArguments, fps: Rational) -> FrameTiming {
        FrameTiming(
            fps: fps, holdStart: parsed.number(.holdStart) ?? 0, holdEnd: parsed.number(.holdEnd) ?? 0,
            pingPong: parsed.flag(.pingPong), loops: parsed.integer(.loops) ?? 0)
    }
}
