import AlphaRaster
import Foundation
import Testing
@testable import MorphKernel

/// Renders alpha frames of an animator and records what completions reported. Used from one
/// thread at a time (completions run on the thread that calls the animator), so the
/// `@Sendable` completions may record into it.
final class AnimatorHarness: @unchecked Sendable {
    let animator: MorphAnimator
    var buffer: [UInt8]
    var reports: [(name: String, outcome: MorphCompletion, time: Double)] = []
    var now = 0.0

    init(renderer: MorphRenderer, source: AlphaMask, target: AlphaMask, progress: Double = 0) throws {
        animator = try MorphAnimator(renderer: renderer, source: source, target: target, progress: progress)
        buffer = [UInt8](repeating: 0, count: renderer.alphaByteCount)
    }

    /// The alpha frame at `time` (rendered, or the previous bytes when the animator was idle).
    func frame(at time: Double) throws -> [UInt8] {
        now = time
        _ = try buffer.withUnsafeMutableBytes { try animator.render(at: time, into: $0, format: .alpha8) }
        return buffer
    }

    func completion(_ name: String) -> MorphAnimator.Completion {
        { [unowned self] outcome in reports.append((name, outcome, now)) }
    }
}

/// How two alpha frames differ: the largest and the mean |Δα|, and how many pixels change by
/// more than 64.
struct FrameChange {
    var largest = 0
    var mean = 0.0
    var jumps = 0
}

func frameChange(_ a: [UInt8], _ b: [UInt8]) -> FrameChange {
    var change = FrameChange()
    var total = 0
    for i in a.indices {
        let d = abs(Int(a[i]) - Int(b[i]))
        change.largest = max(change.largest, d)
        if d > 64 { change.jumps += 1 }
        total += d
    }
    change.mean = Double(total) / Double(a.count)
    return change
}

@Suite struct MorphAnimatorTests {
    static let size = 40

    static func masks() -> (AlphaMask, AlphaMask, AlphaMask) {
        TestMasks.three(width: size, height: size, seed: 7, kinds: (.discs, .discs, .discs))
    }

    static func renderer(_ style: MorphStyle = MorphStyle(maxBlurRadius: 6)) throws -> MorphRenderer {
        try MorphRenderer(width: size, height: size, style: style)
    }

    static func alpha(_ renderer: MorphRenderer, _ frame: MorphFrame) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        try out.withUnsafeMutableBytes { try renderer.render(frame, into: $0, format: .alpha8) }
        return out
    }

    static func alpha(_ renderer: MorphRenderer, _ s: AlphaMask, _ t: AlphaMask, _ p: Double) throws -> [UInt8] {
        var out = [UInt8]()
        try renderer.renderAlpha(source: s, target: t, progress: p, into: &out)
        return out
    }

    // MARK: Frames with a captured field

    @Test(arguments: [MorphSoftness.fixed(0.05), .automatic])
    func threeWayFramesMatchTheReference(softness: MorphSoftness) throws {
        let (a, b, c) = Self.masks()
        let style = MorphStyle(maxBlurRadius: 5, blurLevels: 6, softness: softness)
        let renderer = try Self.renderer(style)
        var rng = SplitMix64(seed: 3)
        // A captured field that is a real blurred frame, and one of plain noise.
        let capturedFrame = try renderer.captureField(of: MorphFrame(source: a, target: c, progress: 0.4))
        let noise = try CapturedField(
            width: Self.size, height: Self.size,
            values: (0..<Self.size * Self.size).map { _ in Float.random(in: 0...1, using: &rng) })
        // Masks that are empty where the captured field is not: nothing may be skipped.
        let empty = try AlphaMask(width: Self.size, height: Self.size, pixels: [UInt8](repeating: 0, count: Self.size * Self.size))
        let frame = MorphFrame(source: empty, target: empty, progress: 0.5, captured: capturedFrame, capturedWeight: 0.8)
        let got = try Self.alpha(renderer, frame)
        let expected = ReferenceThreeWayMorph.alpha(
            source: empty.pixels, target: empty.pixels, captured: capturedFrame.values, weight: 0.8, width: Self.size,
            height: Self.size, progress: 0.5, style: style,
            rampRadius: (pow(ReferenceMorph.radius(progress: 0.5, style: style), 2)
                + 0.8 * pow(capturedFrame.blurRadius, 2)).squareRoot())
        #expect(got.indices.allSatisfy { abs(Int(got[$0]) - Int(expected[$0].rounded())) <= 1 })
        #expect(got.contains { $0 > 0 })
        for captured in [capturedFrame, noise] {
            for (p, w) in [(0.0, 1.0), (0.1, 0.9), (0.35, 0.5), (0.5, 0.25), (0.8, 0.05), (1.0, 0.3)] {
                let frame = MorphFrame(source: a, target: b, progress: p, captured: captured, capturedWeight: w)
                let got = try Self.alpha(renderer, frame)
                let expected = ReferenceThreeWayMorph.alpha(
                    source: a.pixels, target: b.pixels, captured: captured.values, weight: w, width: Self.size,
                    height: Self.size, progress: p, style: style,
                    rampRadius: (pow(ReferenceMorph.radius(progress: p, style: style), 2)
                        + w * pow(captured.blurRadius, 2)).squareRoot())
                let bad = got.indices.filter { abs(Int(got[$0]) - Int(expected[$0].rounded())) > 1 }.count
                #expect(bad == 0, "\(bad) bytes off by more than 1 at p = \(p), w = \(w), \(softness)")
            }
        }
    }

    @Test func capturedFieldIsTheFramesField() throws {
        let (a, b, c) = Self.masks()
        let style = MorphStyle(maxBlurRadius: 7, blurLevels: 8)
        let renderer = try Self.renderer(style)
        let first = try renderer.captureField(of: MorphFrame(source: a, target: b, progress: 0.3))
        let expected = ReferenceMorph.field(
            source: a.pixels, target: b.pixels, width: Self.size, height: Self.size, progress: 0.3, style: style)
        let worst = zip(first.values, expected).map { abs(Double($0) - $1) }.max()!
        #expect(worst < 1e-5)
        // A capture of a frame that already has one: the three-way field.
        let second = try renderer.captureField(
            of: MorphFrame(source: b, target: c, progress: 0.6, captured: first, capturedWeight: 0.4))
        let expectedSecond = ReferenceThreeWayMorph.field(
            source: b.pixels, target: c.pixels, captured: first.values, weight: 0.4, width: Self.size,
            height: Self.size, progress: 0.6, style: style)
        let worstSecond = zip(second.values, expectedSecond).map { abs(Double($0) - $1) }.max()!
        #expect(worstSecond < 1e-5)
        #expect(second.values.allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    @Test func weightZeroIsTheTwoMaskFrame() throws {
        let (a, b, c) = Self.masks()
        let renderer = try Self.renderer()
        let captured = try renderer.captureField(of: MorphFrame(source: a, target: c, progress: 0.5))
        for p in [0.0, 0.2, 0.5, 0.77, 1.0] {
            let plain = try Self.alpha(renderer, a, b, p)
            let framed = try Self.alpha(renderer, MorphFrame(source: a, target: b, progress: p, captured: captured))
            #expect(framed == plain, "p = \(p)")
        }
    }

    @Test func badFramesThrow() throws {
        let (a, b, _) = Self.masks()
        let renderer = try Self.renderer()
        let small = try CapturedField(width: 3, height: 3, values: [Float](repeating: 0.5, count: 9))
        var out = [UInt8](repeating: 7, count: renderer.alphaByteCount)
        #expect(throws: MorphError.self) {
            try out.withUnsafeMutableBytes {
                try renderer.render(MorphFrame(source: a, target: b, progress: 0.5, captured: small, capturedWeight: 1), into: $0, format: .alpha8)
            }
        }
        let field = try renderer.captureField(of: MorphFrame(source: a, target: b, progress: 0.5))
        for w in [-0.1, 1.5, .nan, .infinity] {
            #expect(throws: MorphError.self) {
                try out.withUnsafeMutableBytes {
                    try renderer.render(MorphFrame(source: a, target: b, progress: 0.5, captured: field, capturedWeight: w), into: $0, format: .alpha8)
                }
            }
        }
        #expect(out.allSatisfy { $0 == 7 })
        #expect(throws: MorphError.self) { try CapturedField(width: 2, height: 2, values: [0, 0.5, 1, 1.5]) }
        #expect(throws: MorphError.self) { try CapturedField(width: 2, height: 2, values: [0, 0.5, 1]) }
        #expect(throws: MorphError.self) { try CapturedField(width: 0, height: 2, values: []) }
    }

    // MARK: The state machine

    @Test func durationIsForAFullTransition() throws {
        let (a, b, _) = Self.masks()
        let h = try AnimatorHarness(renderer: Self.renderer(), source: a, target: b)
        try h.animator.display(source: a, target: b, progress: 0.4, at: 10)
        try h.animator.animate(to: b, duration: 2, at: 10, completion: h.completion("run"))
        #expect(abs(try h.animator.progress(at: 10.6) - 0.7) < 1e-12)
        _ = try h.frame(at: 11.19)
        #expect(h.reports.isEmpty)
        #expect(h.animator.isAnimating)
        _ = try h.frame(at: 11.2)
        #expect(h.reports.map(\.outcome) == [.finished])
        #expect(try h.animator.progress(at: 11.2) == 1)
        #expect(!h.animator.isAnimating)
        // At rest it can still be scrubbed.
        try h.animator.display(source: a, target: b, progress: 0.25, at: 12)
        #expect(try h.frame(at: 12) == Self.alpha(h.animator.renderer, a, b, 0.25))
    }

    /// A retarget at a transition's end as written in decimals, 0.33 s + 0.5 s = 0.83 s
    /// (0.8300000000000001 in binary), starts from the target at rest: the next morph is the
    /// plain two-icon one, with nothing captured (it was a three-way morph, up to 14.9 levels
    /// from the plain one on average in the CLI's frames).
    @Test func aRetargetAtTheEndInDecimalsStartsAtRest() throws {
        let (a, b, c) = Self.masks()
        let renderer = try Self.renderer()
        let h = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try h.animator.animate(to: b, duration: 0.5, at: 0.33, completion: h.completion("first"))
        try h.animator.animate(to: c, duration: 0.5, at: 0.83, completion: h.completion("second"))
        #expect(h.reports.map(\.outcome) == [.finished])
        #expect(try h.animator.frame(at: 0.83).effectiveCapture == nil)
        for time in [0.88, 1.03, 1.2] {
            #expect(try h.frame(at: time) == Self.alpha(renderer, b, c, (time - 0.83) / 0.5), "at \(time)")
        }
        // Short of the end by more than rounding, it is still a retarget in flight.
        let k = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try k.animator.animate(to: b, duration: 0.5, at: 0.33)
        try k.animator.animate(to: c, duration: 0.5, at: 0.829999)
        #expect(try k.animator.frame(at: 0.83).effectiveCapture != nil)
    }

    @Test func reversalContinuesFromOneMinusProgress() throws {
        let (a, b, _) = Self.masks()
        let renderer = try Self.renderer()
        let h = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try h.animator.animate(to: b, duration: 1, at: 0, completion: h.completion("forward"))
        let before = try h.frame(at: 0.3)
        let p = try h.animator.progress(at: 0.3)
        try h.animator.animate(to: a, duration: 1, at: 0.3, completion: h.completion("back"))
        #expect(h.reports.map(\.outcome) == [.interrupted])
        #expect(h.animator.source == b && h.animator.target == a)
        #expect(try h.animator.progress(at: 0.3) == 1 - p)
        // The same instant shows the same frame, to the byte.
        #expect(try h.frame(at: 0.3) == before)
        // It finishes after the 0.3 it had come: at 0.6 (1 − (1 − 0.3) rounds up by an ulp).
        _ = try h.frame(at: 0.5999)
        #expect(h.reports.count == 1)
        let end = try h.frame(at: 0.6 + 1e-12)
        #expect(h.reports.map(\.name) == ["forward", "back"])
        #expect(h.reports.last?.outcome == .finished)
        #expect(end == (try Self.alpha(renderer, b, a, 1)))
    }

    @Test func displayInterruptsARunningAnimation() throws {
        let (a, b, c) = Self.masks()
        let h = try AnimatorHarness(renderer: Self.renderer(), source: a, target: b)
        try h.animator.animate(to: b, duration: 1, at: 0, completion: h.completion("run"))
        _ = try h.frame(at: 0.2)
        try h.animator.display(source: c, target: a, progress: 0.5, at: 0.25)
        #expect(h.reports.map(\.outcome) == [.interrupted])
        #expect(!h.animator.isAnimating)
        #expect(try h.frame(at: 2) == Self.alpha(h.animator.renderer, c, a, 0.5))
        #expect(h.reports.count == 1)
    }

    @Test func retargetingFadesTheCaptureOutCompletely() throws {
        let (a, b, c) = Self.masks()
        let renderer = try Self.renderer()
        let h = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try h.animator.animate(to: b, duration: 1, at: 0)
        let before = try h.frame(at: 0.4)
        try h.animator.animate(to: c, duration: 1, at: 0.4, completion: h.completion("third"))
        #expect(h.animator.source == b && h.animator.target == c)
        let start = try h.animator.frame(at: 0.4)
        #expect(start.progress == 0 && start.capturedWeight == 1 && start.captured != nil)
        // At the instant of the capture the frame is the captured one (same V, level 0 now).
        let atCapture = try h.frame(at: 0.4)
        #expect(frameChange(atCapture, before).largest <= 2)
        let middle = try h.animator.frame(at: 0.9)
        #expect(middle.capturedWeight > 0 && middle.capturedWeight < 1)
        let end = try h.frame(at: 1.4)
        #expect(h.reports.map(\.outcome) == [.finished])
        #expect(try h.animator.frame(at: 1.4).captured == nil)
        #expect(end == (try Self.alpha(renderer, b, c, 1)))
    }

    @Test func idleFramesAreNotRendered() throws {
        let (a, b, _) = Self.masks()
        let renderer = try Self.renderer()
        let animator = try MorphAnimator(renderer: renderer, source: a, target: b)
        var out = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        #expect(try out.withUnsafeMutableBytes { try animator.render(at: 0, into: $0, format: .alpha8) })
        out = [UInt8](repeating: 9, count: out.count)
        #expect(try !out.withUnsafeMutableBytes { try animator.render(at: 5, into: $0, format: .alpha8) })
        #expect(out.allSatisfy { $0 == 9 })
        try animator.animate(to: b, duration: 1, at: 5)
        #expect(try out.withUnsafeMutableBytes { try animator.render(at: 5.5, into: $0, format: .alpha8) })
        #expect(try out.withUnsafeMutableBytes { try animator.render(at: 6, into: $0, format: .alpha8) })
        #expect(try !out.withUnsafeMutableBytes { try animator.render(at: 7, into: $0, format: .alpha8) })
        // Another format is another frame.
        var rgba = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
        #expect(try rgba.withUnsafeMutableBytes { try animator.render(at: 7, into: $0, format: .rgba8) })
        // An idle frame still checks the buffer it is given: one too small throws, as a
        // render would, and the next frame into the right one is still idle.
        #expect(throws: MorphError.bufferTooSmall(byteCount: 3, needed: renderer.rgbaByteCount)) {
            try rgba.withUnsafeMutableBytes { try animator.render(at: 8, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<3]), format: .rgba8) }
        }
        #expect(try !rgba.withUnsafeMutableBytes { try animator.render(at: 9, into: $0, format: .rgba8) })
    }

    @Test func sameScriptSameBytes() throws {
        let (a, b, c) = Self.masks()
        func run() throws -> [[UInt8]] {
            let h = try AnimatorHarness(renderer: Self.renderer(), source: a, target: b)
            var frames: [[UInt8]] = []
            let events: [(Double, AlphaMask)] = [(0, b), (0.2, c), (0.35, a), (0.5, b), (0.52, c)]
            var next = 0
            for k in 0...90 {
                let t = Double(k) / 60
                while next < events.count && events[next].0 <= t {
                    try h.animator.animate(to: events[next].1, duration: 0.5, at: events[next].0)
                    next += 1
                }
                frames.append(try h.frame(at: t))
            }
            return frames
        }
        #expect(try run() == run())
    }

    @Test func badCallsThrowAndChangeNothing() throws {
        let (a, b, _) = Self.masks()
        let h = try AnimatorHarness(renderer: Self.renderer(), source: a, target: b)
        try h.animator.animate(to: b, duration: 1, at: 1, completion: h.completion("run"))
        let small = try AlphaMask(width: 3, height: 3, pixels: [UInt8](repeating: 0, count: 9))
        #expect(throws: MorphError.self) { try h.animator.progress(at: 0.5) }
        #expect(throws: MorphError.self) { try h.animator.frame(at: .nan) }
        #expect(throws: MorphError.self) { try h.animator.animate(to: a, duration: -1, at: 1.2) }
        #expect(throws: MorphError.self) { try h.animator.animate(to: a, duration: .infinity, at: 1.2) }
        #expect(throws: MorphError.self) { try h.animator.animate(to: small, duration: 1, at: 1.2) }
        #expect(throws: MorphError.self) { try h.animator.display(source: a, target: b, progress: 1.5, at: 1.2) }
        #expect(throws: MorphError.self) { try MorphAnimator(renderer: Self.renderer(), source: small, target: small) }
        #expect(h.reports.isEmpty)
        #expect(h.animator.isAnimating)
        #expect(abs(try h.animator.progress(at: 1.5) - 0.5) < 1e-12)
    }

    /// An earlier time throws by default; with `acceptsEarlierTimes` it is the previous
    /// call's time: nothing moves back, and a later time goes on from there. (What two threads
    /// reading one clock do when one's reading loses the race for the lock to the other's
    /// call, in a fixed order.)
    @Test func earlierTimesTakenAsTheLatestWhenAccepted() throws {
        let (a, b, _) = Self.masks()
        let h = try AnimatorHarness(renderer: Self.renderer(), source: a, target: b)
        try h.animator.animate(to: b, duration: 1, at: 1)
        _ = try h.animator.progress(at: 1.25)
        #expect(throws: MorphError.self) { try h.animator.progress(at: 1.2) }
        h.animator.acceptsEarlierTimes = true
        #expect(abs(try h.animator.progress(at: 1.2) - 0.25) < 1e-12)
        #expect(abs(try h.animator.frame(at: 0).progress - 0.25) < 1e-12)
        #expect(abs(try h.animator.progress(at: 1.5) - 0.5) < 1e-12)
        #expect(throws: MorphError.self) { try h.animator.progress(at: .nan) }
        #expect(abs(try h.animator.progress(at: 1.5) - 0.5) < 1e-12)
    }

    @Test func zeroDurationFinishesAtOnce() throws {
        let (a, b, c) = Self.masks()
        let renderer = try Self.renderer()
        let h = try AnimatorHarness(renderer: renderer, source: a, target: b)
        try h.animator.animate(to: c, duration: 0, at: 0, completion: h.completion("jump"))
        #expect(h.reports.map(\.outcome) == [.finished])
        #expect(try h.frame(at: 0) == Self.alpha(renderer, b, c, 1))
    }

    @Test func completionsMayCallTheAnimator() throws {
        let (a, b, c) = Self.masks()
        let animator = try MorphAnimator(renderer: Self.renderer(), source: a, target: b)
        // One thread: the completion runs on it, inside `frame(at:)`.
        final class Flag: @unchecked Sendable { var isSet = false }
        let chained = Flag()
        try animator.animate(to: b, duration: 1, at: 0) { outcome in
            if outcome == .finished {
                try? animator.animate(to: c, duration: 1, at: 1)
                chained.isSet = true
            }
        }
        _ = try animator.frame(at: 1)
        #expect(chained.isSet)
        #expect(animator.target == c && animator.isAnimating)
    }
}
