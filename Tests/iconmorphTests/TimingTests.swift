import _IconMorphSupport
import Foundation
import Testing
@testable import iconmorph

/// `--fps`, `--duration`, holds, ping-pong and loops: the frame counts and the order of the
/// morph's steps, as parsed, as scheduled, and as the binary writes them (the raw stream's
/// frames against the library's, an animated PNG's delays and loop count).
@Suite(.serialized)
struct TimingTests {
    static func options(_ extra: [String]) throws -> RenderOptions {
        try #require(try RenderCommand.options(from: extra))
    }

    @Test func rationalsFromDecimalsAreExact() {
        #expect(Rational.approximating(29.97) == Rational(2997, 100))
        #expect(Rational.approximating(23.976) == Rational(2997, 125))
        #expect(Rational.approximating(0.5) == Rational(1, 2))
        #expect(Rational.approximating(60) == Rational(60))
        #expect(Rational.approximating(0) == Rational(0))
        // The best fraction with a denominator up to 1000 for π is 355/113 (a classic).
        #expect(Rational.approximating(Double.pi, maxDenominator: 1000) == Rational(355, 113))
        // 1/29.97 s fits an fcTL's 16-bit fields exactly; a delay that does not is the
        // nearest that does.
        #expect(AnimatedPNGSink.fcTLDelay(Rational(100, 2997)) == (100, 2997))
        let fitted = AnimatedPNGSink.fcTLDelay(Rational(1, 30) + Rational(123_457, 1_000_000))
        let seconds: Double = Double(fitted.numerator) / Double(fitted.denominator)
        let wanted: Double = 1.0 / 30 + 0.123457
        #expect(abs(seconds - wanted) < 1e-8)
        #expect(Rational(1, 30) + Rational(1, 2) == Rational(8, 15))
        // Terms that would overflow give the nearest fraction instead of a trap.
        let huge = Rational(100_000_001, 99_999_000_000) + Rational(3_599_999_999, 1_000_000)
        #expect(abs(huge.doubleValue - (100_000_001.0 / 99_999_000_000 + 3599.999999)) < 1e-6)
    }

    /// The order of steps for every combination, written out by hand.
    @Test func schedules() {
        var timing = FrameTiming(fps: Rational(30))
        #expect(timing.schedule(steps: 4, variableDelays: false, repeats: false).map(\.step) == [0, 1, 2, 3])
        #expect(timing.schedule(steps: 4, variableDelays: true, repeats: true).map(\.delay)
            == Array(repeating: Rational(1, 30), count: 4))
        timing.pingPong = true
        #expect(timing.schedule(steps: 4, variableDelays: false, repeats: false).map(\.step) == [0, 1, 2, 3, 2, 1, 0])
        #expect(timing.schedule(steps: 4, variableDelays: true, repeats: true).map(\.step) == [0, 1, 2, 3, 2, 1])
        // A GIF or WebP loops by itself at a fixed rate: closed without the first step twice.
        #expect(timing.schedule(steps: 4, variableDelays: false, repeats: true).map(\.step) == [0, 1, 2, 3, 2, 1])
        timing.loops = 2
        #expect(timing.schedule(steps: 4, variableDelays: true, repeats: true).map(\.step) == [0, 1, 2, 3, 2, 1, 0])
        #expect(timing.schedule(steps: 4, variableDelays: false, repeats: true).map(\.step) == [0, 1, 2, 3, 2, 1, 0])
        timing.holdStart = 0.1  // 3 frames at 30 fps
        timing.holdEnd = 0.05   // 1.5 → 2 frames (rounded half away from zero)
        #expect(timing.schedule(steps: 4, variableDelays: false, repeats: false).map(\.step) == [0, 0, 0, 0, 1, 2, 3, 3, 3, 2, 1, 0])
        let apng = timing.schedule(steps: 4, variableDelays: true, repeats: true)
        #expect(apng.map(\.step) == [0, 1, 2, 3, 2, 1, 0])
        #expect(apng.map(\.delay) == [
            Rational(1, 30) + Rational(1, 10), Rational(1, 30), Rational(1, 30), Rational(1, 30) + Rational(1, 20),
            Rational(1, 30), Rational(1, 30), Rational(1, 30),
        ])
        // frameCount agrees with the schedule everywhere.
        for steps in 2...7 {
            for pingPong in [false, true] {
                for loops in [0, 1] {
                    for (start, end) in [(0.0, 0.0), (0.2, 0.0), (0.0, 1.0), (0.5, 0.25)] {
                        let t = FrameTiming(fps: Rational(24), holdStart: start, holdEnd: end, pingPong: pingPong, loops: loops)
                        for variable in [false, true] {
                            for repeats in [false, true] {
                                #expect(t.frameCount(steps: steps, variableDelays: variable, repeats: repeats)
                                    == t.schedule(steps: steps, variableDelays: variable, repeats: repeats).count)
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func frameCountsAndRates() throws {
        // N = round(fps × duration) + 1: the last step sits at t = duration.
        let a = try Self.options(["--fps", "30", "--duration", "2"])
        #expect(a.frames == .sequence(count: 61) && a.output.timing.fps == Rational(30))
        let b = try Self.options(["--duration", "1"])
        #expect(b.frames == .sequence(count: 31) && b.output.timing.fps == Rational(30))
        let c = try Self.options(["--frames", "61", "--duration", "2"])
        #expect(c.frames == .sequence(count: 61) && c.output.timing.fps == Rational(30))
        let d = try Self.options(["--frames", "11", "--fps", "24"])
        #expect(d.frames == .sequence(count: 11) && d.output.timing.fps == Rational(24))
        let e = try Self.options(["--fps", "29.97", "--duration", "1"])
        #expect(e.frames == .sequence(count: 31) && e.output.timing.fps == Rational(2997, 100))
        let f = try Self.options(["--frames", "8", "--duration", "1.5"])
        #expect(f.output.timing.fps == Rational(14, 3))
        let g = try Self.options(["--duration", "0.5", "--fps", "10", "--hold-start", "0.25", "--hold-end", "1", "--ping-pong"])
        // 6 steps there and 5 back; holds of round(2.5) = 3 and 10 frames.
        #expect(g.frames == .sequence(count: 6) && g.output.frameCount == 6 + 5 + 3 + 10)
        #expect(try Self.options(["--frames", "5"]).output.timing == FrameTiming(fps: Rational(30)))
    }

    @Test(arguments: [
        (["--duration", "0.01"], "--duration: 0.01 s at 30 fps is less than one frame; give a longer --duration or a higher --fps"),
        (["--duration", "4000"], "--duration: 4000 s at 30 fps makes 120001 frames; the most is 100000"),
        (["--frames", "3", "--duration", "1", "--fps", "30"],
         "--fps: --frames and --duration already set the frame rate, (frames-1)/duration; give two of the three"),
        (["--frames", "10001", "--duration", "1"], "--duration: 10001 frames in 1 s are 10000 frames per second; the most is 1000"),
        (["--progress", "0.5", "--fps", "30"], "--fps: applies to a sequence (--frames or --duration), not to one frame (--progress)"),
        (["--progress", "0.5", "--ping-pong"], "--ping-pong: applies to a sequence (--frames or --duration), not to one frame (--progress)"),
        (["--progress", "0.5", "--duration", "1"], "--progress and --duration cannot be used together; give one of them"),
        (["--fps", "30"], "missing --progress <p> (one frame), or --frames <n> or --duration <s> (a sequence); run 'iconmorph render --help' for usage"),
        (["--fps", "0", "--frames", "3"], "--fps: expected a number from 0.001 to 1000, got '0'"),
        (["--frames", "3", "--duration", "1e-9"], "--duration: 3 frames in 1e-09 s are 2000000000 frames per second; the most is 1000"),
        (["--duration", "60", "--fps", "1000", "--hold-end", "3600"],
         "--hold-end: with --hold-end the output has 3660001 frames; the most is 300000"),
        (["--duration", "60", "--fps", "1000", "--hold-start", "1800", "--ping-pong"],
         "--hold-start: with --hold-start and --ping-pong the output has 1920001 frames; the most is 300000"),
        (["--duration", "-1"], "--duration: expected a number greater than 0 and at most 86400, got '-1'"),
        (["--frames", "3", "--hold-end", "3601"], "--hold-end: expected a number from 0 to 3600, got '3601'"),
        (["--frames", "3", "--loops", "2"], "--loops: only an animation loops (--format apng, svg-animate, lottie, gif or webp)"),
        (["--frames", "3", "--loops", "-1", "-o", "a.apng"], "--loops: expected an integer from 0 to 2147483647, got '-1'"),
    ])
    func timingErrors(_ arguments: [String], _ message: String) {
        #expect(UsageErrorTests.failure(arguments)?.message == message)
        #expect(UsageErrorTests.failure(arguments)?.exitCode == .usage)
    }

    /// The raw stream holds the schedule's frames: holds as copies, ping-pong back to the
    /// start, each frame the library's at p = step / (N − 1).
    @Test func rawStreamFollowsTheSchedule() throws {
        let oracle = try MorphOracle()
        let result = try ExportRun.iconmorph(
            ["render", "--duration", "0.4", "--fps", "10", "--hold-start", "0.2", "--hold-end", "0.1", "--ping-pong", "-q", "-o", "-"]
                + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let steps = [0, 0, 0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
        let frames = result.stdout.frames(of: oracle.frameBytes)
        #expect(frames.count == steps.count && result.stdout.count == steps.count * oracle.frameBytes)
        for (index, step) in steps.enumerated() where index < frames.count {
            #expect(frames[index] == (try oracle.rgba(Double(step) / 4)), "frame \(index) (step \(step))")
        }
    }

    /// An animated PNG's fcTL delays add up to the morph, the frame period at the end and
    /// the holds, whatever frames the writer merged; the first carries the start hold, and
    /// acTL holds the loop count.
    @Test func animatedPNGDelaysAndLoops() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("timed.apng")
        let result = try ExportRun.iconmorph(
            ["render", "--duration", "0.5", "--fps", "10", "--hold-start", "0.5", "--hold-end", "1", "--loops", "3",
             "-q", "-o", path] + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let chunks = try PNGChunks(path: path)
        let delays = chunks.delays
        #expect(chunks.animationControl?.plays == 3)
        #expect(chunks.animationControl.map { Int($0.frames) } == delays.count)
        let total: Double = delays.reduce(0, +)
        #expect(abs(total - 2.1) < 1e-9, "\(delays)")
        #expect(abs((delays.first ?? 0) - 0.6) < 1e-9, "\(delays)")
        #expect(abs((delays.last ?? 0) - 1.1) < 1e-9, "\(delays)")
        // ffmpeg agrees on the frame count and on where each frame starts.
        let probe = String(decoding: try ExportRun.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", path,
        ]).stdout, as: UTF8.self)
        let starts = probe.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        var expected: [Double] = []
        var clock = 0.0
        for delay in delays {
            expected.append(clock)
            clock += delay
        }
        #expect(starts.count == expected.count)
        for (start, want) in zip(starts, expected) { #expect(abs(start - want) < 0.011, "\(starts) vs \(expected)") }
    }
}
