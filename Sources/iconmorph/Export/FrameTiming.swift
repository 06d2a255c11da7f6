import _IconMorphSupport

/// How a sequence plays: its frame rate, the holds at either end, ping-pong and loops.
///
/// The morph itself has N steps at progress p = i / (N − 1), i = 0 … N − 1
/// (`RenderOptions.Frames.sequence(count:)`), one every 1/fps seconds, so step i is shown at
/// time t = i / fps and the morph takes (N − 1) / fps seconds from the `--from` icon to the
/// `--to` icon. `--fps r --duration d` gives N = round(r · d) + 1: the morph takes d seconds
/// (to the nearest frame), and frame i sits at p = i / (N − 1) = t / d.
///
/// `schedule(steps:variableDelays:repeats:)` lays the steps out as the frames an output holds.
struct FrameTiming: Equatable, Sendable {
    /// Frames per second (> 0).
    var fps: Rational
    /// Seconds the first step (the `--from` icon) stays before the morph starts, ≥ 0.
    var holdStart: Double = 0
    /// Seconds the last step (the `--to` icon) stays after the morph ends, ≥ 0.
    var holdEnd: Double = 0
    /// Play the morph forwards, then backwards to the start.
    var pingPong = false
    /// How often an animated output plays: 0 = forever.
    var loops = 0

    /// The frame rate when neither `--fps` nor both `--frames` and `--duration` give one.
    static let defaultFPS = Rational(30)

    /// One frame of an output: which step it shows and for how long.
    struct Frame: Equatable, Sendable {
        /// The morph step, 0 … N − 1 (progress step / (N − 1)).
        var step: Int
        /// Seconds the frame is shown.
        var delay: Rational
    }

    /// The frames of an output of a morph of `steps` (N ≥ 2) steps.
    ///
    /// - Fixed-rate outputs (`variableDelays` false: PNG files, the raw stream, sheets, video)
    ///   show every frame for 1/fps: a hold becomes round(hold · fps) extra copies of its
    ///   frame. The end hold comes at the turn.
    /// - Animated PNG, SVG and Lottie (`variableDelays` true) show each step once with its own
    ///   delay: the first frame's is 1/fps + holdStart, the last step's 1/fps + holdEnd.
    ///
    /// With ping-pong the steps go 0 … N − 1 … 0, so the output ends at rest on the `--from`
    /// icon, but 0 … N − 1 … 1 in a file that plays itself again from its start (`repeats`:
    /// an animated PNG, SVG, Lottie, GIF or WebP) and loops forever, so that the loop closes
    /// without showing the `--from` icon twice in a row.
    func schedule(steps: Int, variableDelays: Bool, repeats: Bool) -> [Frame] {
        precondition(steps >= 2)
        let period = fps.reciprocal
        var order = Array(0..<steps)
        if pingPong {
            let back = Array((0..<(steps - 1)).reversed())
            order += repeats && loops == 0 ? Array(back.dropLast()) : back
        }
        if variableDelays {
            return order.enumerated().map { position, step in
                var delay = period
                if position == 0 { delay = delay + Rational.approximating(holdStart) }
                // The turn (or the end) of the morph: the first time the last step is shown.
                if step == steps - 1 { delay = delay + Rational.approximating(holdEnd) }
                return Frame(step: step, delay: delay)
            }
        }
        let startCopies = Self.frameCount(holdStart, fps: fps)
        let endCopies = Self.frameCount(holdEnd, fps: fps)
        var frames: [Frame] = []
        frames.reserveCapacity(order.count + startCopies + endCopies)
        for (position, step) in order.enumerated() {
            let copies = 1 + (position == 0 ? startCopies : 0) + (step == steps - 1 ? endCopies : 0)
            for _ in 0..<copies { frames.append(Frame(step: step, delay: period)) }
        }
        return frames
    }

    /// round(seconds · fps), a half rounded up: the whole frames a hold of `seconds` lasts at
    /// `fps`. From the hold as a fraction (as the delays of the outputs that keep it whole
    /// take it), so that a Lottie file's hold (`LottieDocument.Clock`) is as many frames.
    static func frameCount(_ seconds: Double, fps: Rational) -> Int {
        (Rational.approximating(seconds) * fps).rounded
    }

    /// How many frames `schedule(steps:variableDelays:repeats:)` makes, without making them.
    func frameCount(steps: Int, variableDelays: Bool, repeats: Bool) -> Int {
        var count = steps
        if pingPong { count += repeats && loops == 0 ? steps - 2 : steps - 1 }
        if !variableDelays {
            count += Self.frameCount(holdStart, fps: fps) + Self.frameCount(holdEnd, fps: fps)
        }
        return count
    }
}
