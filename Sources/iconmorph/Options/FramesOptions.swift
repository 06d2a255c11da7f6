import _IconMorphSupport

/// `render`'s options that say which morph steps it draws: `--progress` (one frame), or
/// `--frames` and/or `--duration` (a sequence), with the `--fps` they play at.
enum FramesOptions {
    static let section = "FRAMES (--progress, or --frames and/or --duration)"

    static let options = [
        OptionSpec(.progress, value: .number(.closed(0, 1)), valueName: "p",
                   help: "Render one frame at progress p, from 0 (the --from icon) to 1 (the --to icon): a "
                       + "still PNG, SVG, GIF or WebP (the other formats play a sequence).",
                   section: section),
        OptionSpec(.frames, value: .integer(2...TimingOptions.maximumFrames), valueName: "n",
                   help: "Render a sequence of n morph steps (2 to \(TimingOptions.maximumFrames)) at progress i/(n-1) for "
                       + "i = 0 … n-1, so the first is the --from icon and the last the --to icon. With "
                       + "--duration the frame rate is (n-1)/duration. For a single frame use --progress.",
                   section: section),
        OptionSpec(.duration,
                   value: .number(NumberRange(lower: 0, lowerInclusive: false, upper: TimingOptions.maximumDuration,
                                              upperInclusive: true)),
                   valueName: "s",
                   help: "Render a sequence whose morph takes s seconds at --fps: round(fps × s) + 1 steps at "
                       + "progress i/(n-1), step i shown at i/fps seconds, so the --to icon appears at s "
                       + "seconds (to the nearest frame) and p = time/s.",
                   section: section),
        TimingOptions.fps(
            help: "Frames per second of a sequence (\(formatNumber(TimingOptions.minimumFPS)) to "
                + "\(formatNumber(TimingOptions.maximumFPS))): the delays of an "
                + "animated PNG, the length of holds, the times of a --manifest and the -r of "
                + "--print-ffmpeg. Give it with --frames or --duration, not both.",
            defaultText: "\(FrameTiming.defaultFPS), or (frames-1)/duration", section: section),
    ]

    /// The morph's steps and the frame rate that the options describe, checked.
    ///
    /// - Throws: `CommandLineError` for a missing choice, a conflict, a timing option with
    ///   `--progress`, or a frame count or rate out of range.
    static func frames(_ parsed: ParsedArguments) throws -> (frames: RenderOptions.Frames, fps: Rational) {
        var fps = FrameTiming.defaultFPS
        let count = parsed.integer(.frames), duration = parsed.number(.duration), rate = parsed.number(.fps)
        if let progress = parsed.number(.progress) {
            for key in [OptionKey.frames, .duration] where parsed.has(key) {
                throw CommandLineError.conflictingOptions(parsed.spelling(of: .progress), parsed.spelling(of: key))
            }
            for key in [OptionKey.fps, .holdStart, .holdEnd, .pingPong, .loops] where parsed.has(key) {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: key),
                    reason: "applies to a sequence (--frames or --duration), not to one frame (--progress)")
            }
            return (.single(progress: progress), fps)
        }

        let steps: Int
        switch (count, duration, rate) {
        case (nil, nil, _):
            throw CommandLineError.missingAlternative(
                "--progress <p> (one frame), or --frames <n> or --duration <s> (a sequence)", command: "render")
        case (.some, .some, .some):
            throw CommandLineError.invalidSetting(
                option: parsed.spelling(of: .fps),
                reason: "--frames and --duration already set the frame rate, (frames-1)/duration; give two of the three")
        case (let n?, nil, let rate):
            steps = n
            if let rate { fps = Rational.approximating(rate) }
        case (let n?, let seconds?, nil):
            steps = n
            // Checked before the fraction is made: a duration this short rounds to 0 s.
            let rate = Double(n - 1) / seconds
            if rate > TimingOptions.maximumFPS {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: .duration),
                    reason: "\(n) frames in \(formatNumber(seconds)) s are \(formatNumber((rate * 1000).rounded() / 1000)) "
                        + "frames per second; the most is \(formatNumber(TimingOptions.maximumFPS))")
            }
            // The least --fps too: every output's delays and rates are built for it (an APNG
            // delay of at most 65535 s, ffmpeg's time bases).
            if rate < TimingOptions.minimumFPS {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: .duration),
                    reason: "\(n) frames in \(formatNumber(seconds)) s are a frame every \(formatComputed(seconds / Double(n - 1))) s; "
                        + "the least frame rate is \(formatNumber(TimingOptions.minimumFPS)) per second, a frame every "
                        + "\(formatNumber(1 / TimingOptions.minimumFPS)) s: give more --frames or a shorter --duration")
            }
            let time = Rational.approximating(seconds)
            fps = Rational((n - 1) * time.denominator, time.numerator)
        case (nil, let seconds?, let rate):
            if let rate { fps = Rational.approximating(rate) }
            let intervals = (fps.doubleValue * seconds).rounded()
            let rateText = formatNumber(rate ?? fps.doubleValue)
            guard intervals >= 1 else {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: .duration),
                    reason: "\(formatNumber(seconds)) s at \(rateText) fps is less than one frame; give a longer "
                        + "--duration or a higher --fps")
            }
            guard intervals < Double(TimingOptions.maximumFrames) else {
                throw CommandLineError.invalidSetting(
                    option: parsed.spelling(of: .duration),
                    reason: "\(formatNumber(seconds)) s at \(rateText) fps makes \(formatNumber(intervals + 1)) "
                        + "frames; the most is \(TimingOptions.maximumFrames)")
            }
            steps = Int(intervals) + 1
        }
        return (.sequence(count: steps), fps)
    }
}
