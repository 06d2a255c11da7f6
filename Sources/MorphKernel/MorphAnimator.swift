import AlphaRaster
import _IconMorphSupport

/// How an animation of a `MorphAnimator` ended, as passed to its completion handler.
public enum MorphCompletion: Sendable, Equatable {
    /// It reached progress 1.
    case finished
    /// A later call (`display`, `animate`) replaced it before it finished.
    case interrupted
}

/// An interruptible morph: the state of an icon view that can be scrubbed, reversed, or sent
/// to a third icon mid-flight without a visual jump, driven by explicit times.
///
/// The animator has no clock. Every call takes a time in seconds (any origin; each call's
/// time must be at least the previous call's, unless `acceptsEarlierTimes`), so a script of
/// calls always gives the same frames. It renders through a `MorphRenderer`, whose size and style it uses.
///
/// State: a canonical pair (source S, target T), a progress p in [0, 1], at most one running
/// animation, and at most one captured field C with a weight w (`MorphFrame`). A frame is
/// M = (1 − w) · ((1 − e) · S + e · T) + w · C, e the eased progress, then the blur and the
/// edge of the renderer.
///
/// - An animation runs p from where it starts to 1 at 1 / duration per second: `duration`
///   is the time of a full 0 → 1 transition, so one starting from 0.4 takes 60 % of it. It
///   finishes at the first call whose time is at or past its end; its completion then
///   reports `.finished` and p rests at 1, where it can still be scrubbed with `display`.
/// - A call that replaces a running animation reports `.interrupted` to its completion.
///   Completions run on the calling thread after the animator's lock is released, in the
///   order they happened, so a completion may call the animator.
/// - The captured field fades with the easing of the morph: from weight w₀ at the progress
///   p₀ where it was taken or last re-anchored, w(p) = w₀ · (1 − e(p)) / (1 − e(p₀)), which
///   is 0 at p = 1, where the field is dropped. Taking it at p₀ = 0 with w₀ = 1 gives
///   w = 1 − e.
///
/// Thread safety: every method takes the animator's lock, so one animator may be shared
/// between threads; calls are then ordered by the lock, and their times must still not go
/// backwards, unless `acceptsEarlierTimes` takes a time that lost the race for the lock as
/// the latest call's. Completions are `@Sendable`: each runs on the thread whose call
/// finished or interrupted its animation, so a completion that updates a main-actor view
/// hops there itself. An animator released while an animation runs calls no completion.
public final class MorphAnimator: @unchecked Sendable {
    /// Whether `time` has reached an animation's `end`: at it, or within four units in its
    /// last place before it, so that an end written in decimals is the end (a transition of
    /// 0.5 s from 0.33 s ends at 0.8300000000000001 in binary, and a retarget given at 0.83
    /// would otherwise catch a frame one ten-quadrillionth short of the target and start a
    /// three-way morph from it). The command line's path-morph timelines keep the same rule.
    package static func reaches(_ end: Double, at time: Double) -> Bool { time >= end - 4 * end.ulp }

    /// A completion handler: called once with how its animation ended.
    public typealias Completion = @Sendable (MorphCompletion) -> Void

    /// The renderer that draws the frames and captures fields.
    public let renderer: MorphRenderer

    private struct Animation {
        let startTime: Double
        let startProgress: Double
        /// The duration of a full transition, ≥ 0.
        let duration: Double
        let completion: Completion?

        /// The time p reaches 1.
        var endTime: Double { duration == 0 ? startTime : startTime + (1 - startProgress) * duration }

        /// Whether the animation has reached its end at `time` (`MorphAnimator.reaches`).
        func hasEnded(at time: Double) -> Bool { duration == 0 || MorphAnimator.reaches(endTime, at: time) }

        func progress(at time: Double) -> Double {
            guard !hasEnded(at: time) else { return 1 }
            return min(1, max(startProgress, startProgress + (time - startTime) / duration))
        }
    }

    /// What the last rendered frame was made from; the same key means the same bytes.
    private struct FrameKey: Equatable {
        let generation: Int
        let progress: Double
        let format: PixelFormat
        let bytesPerRow: Int?
    }

    private let lock = MutexLock()
    private var pair: (source: AlphaMask, target: AlphaMask)
    /// p while no animation runs.
    private var restingProgress: Double
    private var animation: Animation?
    /// The captured field; its weight is w = 1 − e (see the type's comment).
    private var capture: CapturedField?
    /// The latest time given, −∞ before the first call.
    private var now = -Double.infinity
    /// Changed whenever the pair or the capture changes, so equal keys mean equal frames.
    private var generation = 0
    private var lastRendered: FrameKey?
    /// Completions to run once the lock is released.
    private var pending: [(Completion, MorphCompletion)] = []

    /// An animator resting at `progress` of the pair (`source`, `target`), no animation, no
    /// captured field.
    ///
    /// The renderer's style must have one tint (no `targetTint`): a tint ramp follows one
    /// morph's progress, and an animator's morphs reverse (p becomes 1 − p) and restart from
    /// 0 on a new icon, where the ramp's colour would jump.
    ///
    /// - Throws: `MorphError.invalidParameter` (`.targetTint`) for a style with a tint ramp;
    ///   `MorphError` when a mask does not match the renderer's size or the progress is not a
    ///   finite number in [0, 1].
    public init(renderer: MorphRenderer, source: AlphaMask, target: AlphaMask, progress: Double = 0) throws {
        guard renderer.style.targetTint == nil else {
            throw MorphError.invalidParameter(
                .targetTint,
                reason: "an animator needs one tint: a tint ramp follows one morph's progress, which an animator "
                    + "reverses and restarts, so the colour would jump")
        }
        try renderer.checkInputs(source: source, target: target, progress: progress)
        self.renderer = renderer
        pair = (source, target)
        restingProgress = progress
    }

    /// The canonical pair (source, target) as of the latest call.
    public var source: AlphaMask { lock.withLock { pair.source } }

    /// See `source`.
    public var target: AlphaMask { lock.withLock { pair.target } }

    /// Whether an animation was running at the latest call's time.
    public var isAnimating: Bool { lock.withLock { animation != nil } }

    /// Whether a call whose time is earlier than the previous call's is taken at the previous
    /// call's time instead of throwing. False by default: times must not go backwards, so a
    /// script of calls gives the same frames however it is run.
    ///
    /// Set it for an animator shared between threads that each read a clock and then call
    /// (a render loop and a UI thread): a time read just before another thread's call may
    /// take the lock just after it, a few microseconds "in the past". Calls are then ordered
    /// by when they take the lock. Times must still be finite.
    public var acceptsEarlierTimes: Bool {
        get { lock.withLock { storedAcceptsEarlierTimes } }
        set { lock.withLock { storedAcceptsEarlierTimes = newValue } }
    }
    private var storedAcceptsEarlierTimes = false

    /// The progress at `time` (advancing the animator to it, which may finish an animation).
    ///
    /// - Throws: `MorphError.invalidParameter` (`.time`) for a time that is not finite or
    ///   is earlier than the previous call's (unless `acceptsEarlierTimes`, which takes it as
    ///   the previous call's).
    public func progress(at time: Double) throws -> Double {
        try locked(at: time) { progressNow }
    }

    /// The frame at `time`: pair, progress, captured field and weight.
    ///
    /// - Throws: as `progress(at:)`.
    public func frame(at time: Double) throws -> MorphFrame {
        try locked(at: time) { frameNow }
    }

    /// Shows exactly `progress` of (`source`, `target`) from `time` on: stops a running
    /// animation (its completion reports `.interrupted`) and drops a captured field. The
    /// authoritative way to scrub.
    ///
    /// - Throws: as `init` and `progress(at:)`; nothing changes then.
    public func display(source: AlphaMask, target: AlphaMask, progress: Double, at time: Double) throws {
        try renderer.checkInputs(source: source, target: target, progress: progress)
        try locked(at: time) {
            interruptAnimation()
            capture = nil
            pair = (source, target)
            restingProgress = progress
            generation &+= 1
        }
    }

    /// Animates to `icon` from `time` on, taking `duration` seconds for a full transition.
    ///
    /// - `icon` is the target: the morph goes on (or starts) towards it from the current
    ///   progress, at the new duration; a running animation is replaced. At rest at 1 the
    ///   new completion reports `.finished` at once.
    /// - `icon` is the source: the pair is reversed and the morph continues from 1 − p, which
    ///   shows the same frame (both easings satisfy e(1 − p) = 1 − e(p), and the reversed
    ///   pair's frame at 1 − p has the same blur level and weights, to rounding), so going
    ///   back takes as long as coming had. While a captured field is still visible it is
    ///   handled as a third icon instead: fading the rest of a capture over the short way
    ///   back would change the frame several times faster than a morph does.
    /// - Any other icon: the current frame's field is captured (`MorphRenderer.captureField`)
    ///   with weight 1 — including an earlier capture, so the three-way result is captured
    ///   again — the old target and `icon` become the pair, and the morph runs from 0, where
    ///   the frame is the captured one, while the capture fades out. At rest at p = 1 the
    ///   frame is the target itself and nothing needs capturing.
    ///
    /// - Throws: `MorphError` for a mask of the wrong size, a duration that is not a finite
    ///   number ≥ 0, or a bad time (see `progress(at:)`); nothing changes then.
    public func animate(to icon: AlphaMask, duration: Double, at time: Double, completion: Completion? = nil) throws {
        try checkDuration(duration)
        try renderer.checkSize(of: icon, as: .icon)
        try locked(at: time) {
            let p = progressNow
            if icon == pair.target {
                interruptAnimation()
                start(from: p, duration: duration, completion: completion)
            } else if icon == pair.source && captureWeightNow == 0 {
                interruptAnimation()
                capture = nil
                pair = (pair.target, pair.source)
                generation &+= 1
                start(from: 1 - p, duration: duration, completion: completion)
            } else {
                let current = frameNow
                interruptAnimation()
                if p < 1 || current.effectiveCapture != nil {
                    try recapture(frame: current)
                } else {
                    capture = nil
                }
                pair = (pair.target, icon)
                generation &+= 1
                start(from: 0, duration: duration, completion: completion)
            }
        }
    }

    /// Replaces both sides from `time` on and animates from `source` to `target` over
    /// `duration`: the current frame is captured with weight 1 and fades out as the new
    /// morph runs from 0, so nothing jumps. When the current frame already is `source` at
    /// rest (progress 0 of a pair starting with it, or 1 of one ending with it, no captured
    /// field), nothing is captured.
    ///
    /// - Throws: as `animate(to:duration:at:completion:)`.
    public func animate(
        source: AlphaMask, target: AlphaMask, duration: Double, at time: Double, completion: Completion? = nil
    ) throws {
        try checkDuration(duration)
        try renderer.checkInputs(source: source, target: target, progress: 0)
        try locked(at: time) {
            let p = progressNow
            let current = frameNow
            interruptAnimation()
            let showsSource = current.effectiveCapture == nil
                && ((p == 0 && pair.source == source) || (p == 1 && pair.target == source))
            if showsSource {
                capture = nil
            } else {
                try recapture(frame: current)
            }
            pair = (source, target)
            generation &+= 1
            start(from: 0, duration: duration, completion: completion)
        }
    }

    /// Renders the frame at `time` into the caller's memory in `format`, rows `bytesPerRow`
    /// apart (nil: tight), as `MorphRenderer.render(_:into:bytesPerRow:format:)`, and returns
    /// true; or returns false without rendering or touching `output` when the frame is the
    /// same as the last one this animator rendered with this format and stride (nothing
    /// changed since: idle costs nothing — keep rendering into the same buffer). A host whose
    /// buffer does not keep what was last written (a locked SDL streaming texture is
    /// write-only; a swap chain hands out another buffer) presents nothing on false, or, when
    /// it must fill the buffer anyway, renders `frame(at:)` with the renderer.
    ///
    /// - Throws: as `progress(at:)` and `MorphRenderer.render(_:into:bytesPerRow:format:)`;
    ///   the buffer is checked on every call, rendered or not (the animator has advanced to
    ///   `time` then, and completions due run, as for a render that throws).
    @discardableResult
    public func render(
        at time: Double, into output: UnsafeMutableRawBufferPointer, bytesPerRow: Int? = nil, format: PixelFormat
    ) throws -> Bool {
        try locked(at: time) {
            // The buffer is checked even when nothing changed: a host that switched to a
            // buffer that cannot hold the frame hears of it at once.
            _ = try renderer.checkOutput(output, bytesPerRow: bytesPerRow, format: format)
            let key = FrameKey(generation: generation, progress: progressNow, format: format, bytesPerRow: bytesPerRow)
            guard key != lastRendered else { return false }
            lastRendered = nil
            try renderer.render(frameNow, into: output, bytesPerRow: bytesPerRow, format: format)
            lastRendered = key
            return true
        }
    }

    // MARK: State, under the lock

    private var progressNow: Double { animation?.progress(at: now) ?? restingProgress }

    private func eased(_ p: Double) -> Double { MorphFrameMath.easedProgress(p, easing: renderer.style.easing) }

    private var captureWeightNow: Double { capture == nil ? 0 : 1 - eased(progressNow) }

    private var frameNow: MorphFrame {
        let p = progressNow
        return MorphFrame(
            source: pair.source, target: pair.target, progress: p, captured: capture,
            capturedWeight: capture == nil ? 0 : 1 - eased(p))
    }

    /// Runs `body` under the lock at `time` (validated, then the animator advanced to it),
    /// then the completions it queued, outside the lock.
    private func locked<R>(at time: Double, _ body: () throws -> R) throws -> R {
        lock.lock()
        let result: Result<R, Error>
        do {
            guard time.isFinite, time >= now || storedAcceptsEarlierTimes else {
                throw MorphError.invalidParameter(
                    .time,
                    reason: "must be a finite number of seconds, not earlier than the previous call's \(now), got \(time)")
            }
            advance(to: max(time, now))
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
        let completions = pending
        pending.removeAll()
        lock.unlock()
        for (handler, outcome) in completions { handler(outcome) }
        return try result.get()
    }

    /// Moves the clock to `time`, finishing an animation whose end it reaches.
    private func advance(to time: Double) {
        now = time
        guard let running = animation, running.hasEnded(at: time) else { return }
        animation = nil
        restingProgress = 1
        capture = nil
        generation &+= 1
        if let completion = running.completion { pending.append((completion, .finished)) }
    }

    private func interruptAnimation() {
        guard let running = animation else { return }
        restingProgress = running.progress(at: now)
        animation = nil
        if let completion = running.completion { pending.append((completion, .interrupted)) }
    }

    /// Starts an animation from `progress` now; at 1 it has nothing to do and finishes at once.
    private func start(from progress: Double, duration: Double, completion: Completion?) {
        restingProgress = progress
        if progress >= 1 {
            capture = nil
            if let completion { pending.append((completion, .finished)) }
            return
        }
        animation = Animation(startTime: now, startProgress: progress, duration: duration, completion: completion)
        if duration == 0 { advance(to: now) }
    }

    /// Captures `frame`'s field as the new captured field (weight 1 at progress 0).
    private func recapture(frame: MorphFrame) throws {
        capture = try renderer.captureField(of: frame)
        generation &+= 1
    }

    private func checkDuration(_ duration: Double) throws {
        guard duration.isFinite, duration >= 0 else {
            throw MorphError.invalidParameter(
                .duration, reason: "must be a finite number of seconds ≥ 0, got \(duration)")
        }
    }
}
