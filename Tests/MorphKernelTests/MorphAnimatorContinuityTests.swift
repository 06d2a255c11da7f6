import AlphaRaster
import Testing
@testable import MorphKernel

/// No frame jumps across an interruption.
///
/// The bound: at 60 fps with a 0.5 s transition, the change from the last frame before an
/// interruption to the first after it, and to each of the next two — both the mean |Δα| over
/// the frame and the number of pixels whose α changes by more than a quarter (64) — is at most
/// the largest change between two consecutive frames of the uninterrupted morph play → pause
/// (the normal per-frame change), on the built-in symbols at 132 px, in both edge modes. (The
/// largest single |Δα| is no bound: a normal morph already flips pixels 0 → 255 from one frame
/// to the next.) Interruptions: a third icon (stop) at several points, a reversal, a new pair,
/// and second interruptions while the first capture is still fading.
@Suite struct MorphAnimatorContinuityTests {
    static let fps = 60.0
    static let duration = 0.5

    /// The largest consecutive-frame change of the uninterrupted morph a → b, per measure.
    static func normalChange(renderer: MorphRenderer, _ a: AlphaMask, _ b: AlphaMask) throws -> FrameChange {
        let h = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try h.animator.animate(to: b, duration: duration, at: 0)
        var previous = try h.frame(at: 0)
        var bound = FrameChange()
        for k in 1...Int(duration * fps) {
            let frame = try h.frame(at: Double(k) / fps)
            let change = frameChange(previous, frame)
            bound.mean = max(bound.mean, change.mean)
            bound.jumps = max(bound.jumps, change.jumps)
            previous = frame
        }
        return bound
    }

    /// Plays a → b from 0, applies each event at its time (between two frames), and returns
    /// the changes of the three frames after each event, each from the one before it.
    static func changes(
        renderer: MorphRenderer, _ a: AlphaMask, _ b: AlphaMask,
        events: [(time: Double, apply: (MorphAnimator, Double) throws -> Void)]
    ) throws -> [(time: Double, change: FrameChange)] {
        let h = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try h.animator.animate(to: b, duration: duration, at: 0)
        let last = Int(events.last!.time * fps) + 3
        var previous = try h.frame(at: 0)
        var out: [(Double, FrameChange)] = []
        var next = 0
        var watched = 0
        for k in 1...last {
            let t = Double(k) / fps
            while next < events.count && events[next].time < t {
                try events[next].apply(h.animator, events[next].time)
                next += 1
                watched = 3
            }
            let frame = try h.frame(at: t)
            if watched > 0 {
                out.append((t, frameChange(previous, frame)))
                watched -= 1
            }
            previous = frame
        }
        return out
    }

    @Test(arguments: [MorphSoftness.automatic, .fixed(0.05)])
    func noFrameJumps(softness: MorphSoftness) throws {
        let play = try RealIcons.symbol("play"), pause = try RealIcons.symbol("pause"), stop = try RealIcons.symbol("stop")
        let renderer = try MorphRenderer(width: play.width, height: play.height, style: MorphStyle(softness: softness))
        let bound = try Self.normalChange(renderer: renderer, play, pause)
        #expect(bound.mean > 0 && bound.jumps > 0)
        let d = Self.duration
        typealias Event = (time: Double, apply: (MorphAnimator, Double) throws -> Void)
        // Events fall 0.004 s after a frame, between two frames.
        func toStop(_ fraction: Double) -> Event { (fraction * d + 0.004, { try $0.animate(to: stop, duration: d, at: $1) }) }
        let cases: [(String, [Event])] = [
            ("stop at 10 %", [toStop(0.1)]),
            ("stop at 35 %", [toStop(0.35)]),
            ("stop at 50 %", [toStop(0.5)]),
            ("stop at 80 %", [toStop(0.8)]),
            ("reversal at 40 %", [(0.4 * d + 0.004, { try $0.animate(to: play, duration: d, at: $1) })]),
            ("new pair at 60 %", [(0.6 * d + 0.004, { try $0.animate(source: stop, target: play, duration: d, at: $1) })]),
            // Ten frames later, while the first capture still has most of its weight.
            ("stop, then play", [toStop(0.45), (0.45 * d + 0.004 + 10 / Self.fps, { try $0.animate(to: play, duration: d, at: $1) })]),
            ("stop, then back to pause", [toStop(0.3), (0.3 * d + 0.004 + 8 / Self.fps, { try $0.animate(to: pause, duration: d, at: $1) })]),
        ]
        for (name, events) in cases {
            let changes = try Self.changes(renderer: renderer, play, pause, events: events)
            let worstJumps = changes.max { $0.change.jumps < $1.change.jumps }!
            let worstMean = changes.max { $0.change.mean < $1.change.mean }!
            #expect(
                worstJumps.change.jumps <= bound.jumps,
                "\(name), \(softness): \(worstJumps.change.jumps) pixels change by more than 64 at t = \(worstJumps.time), against \(bound.jumps)")
            #expect(
                worstMean.change.mean <= bound.mean,
                "\(name), \(softness): mean |Δα| \(worstMean.change.mean) at t = \(worstMean.time), against \(bound.mean)")
        }
    }
}
