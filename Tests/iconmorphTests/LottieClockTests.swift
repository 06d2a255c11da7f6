import VectorDocuments
import _IconMorphSupport
import Foundation
import Testing
import _TestSupport
@testable import iconmorph

/// A Lottie file's clock against the frame files of the same options: each output frame
/// starts at the composition frame where the frame files first show its step, and the
/// composition is as many frames long as they are, holds of half a frame included.
struct LottieClockTests {
    /// (steps, fps, hold at the start, hold at the end, ping-pong): the half-frame holds a
    /// review found frames dropped, doubled or shifted by.
    static let cases: [(Int, Rational, Double, Double, Bool)] = [
        (4, Rational(10), 0.25, 0, false), (31, Rational(30), 0.05, 0, false), (5, Rational(30), 0.02, 0.02, false),
        (4, Rational(10), 0.04, 0.04, false), (11, Rational(10), 0.15, 0.35, true), (7, Rational(30000, 1001), 0.5, 1.25, false),
        (3, Rational(12), 0.125, 0.375, true),
    ]

    @Test(arguments: cases.indices)
    func framesStartWhereTheFrameFilesShowThem(_ index: Int) {
        let (steps, fps, start, end, pingPong) = Self.cases[index]
        let timing = FrameTiming(fps: fps, holdStart: start, holdEnd: end, pingPong: pingPong, loops: 1)
        let delayed = timing.schedule(steps: steps, variableDelays: true, repeats: true)
        let files = timing.schedule(steps: steps, variableDelays: false, repeats: true)
        let clock = LottieDocument.Clock(delays: delayed.map(\.delay), fps: fps, loops: 1)
        #expect(clock.end == files.count, "case \(index): \(clock.end) composition frames, \(files.count) frame files")
        // Where each output frame's step starts among the frame files, in order.
        var expected: [Int] = []
        for (k, file) in files.enumerated() where k == 0 || files[k - 1].step != file.step { expected.append(k) }
        #expect(clock.times == expected, "case \(index)")
    }

    @Test func playsFollowOneAnother() {
        let timing = FrameTiming(fps: Rational(10), holdStart: 0.25, loops: 3)
        let delays = timing.schedule(steps: 4, variableDelays: true, repeats: true).map(\.delay)
        let clock = LottieDocument.Clock(delays: delays, fps: Rational(10), loops: 3)
        #expect(clock.times == [0, 4, 5, 6, 7, 11, 12, 13, 14, 18, 19, 20])
        #expect(clock.end == 21)
    }

    /// The review's case end to end: every morph frame is shown, and the file lasts as long
    /// as the frame files (0.25 s at 10 fps made 6 composition frames of 7 PNG files, the
    /// third frame's layer never shown).
    @Test func aHalfFrameHoldShowsEveryFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let common = ["render", "--from", "heart", "--to", "star", "--frames", "4", "--fps", "10", "--hold-start", "0.25", "-q"]
        #expect(try Binary.run(common + ["-o", folder.file("png") + "/"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("png")).filter { $0.hasSuffix(".png") }
        let run = try Binary.run(common + ["-o", folder.file("m.json")])
        try #require(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("m.json")))) as? [String: Any])
        let end = try #require(json["op"] as? Int)
        #expect(end == files.count)
        let layers = try #require(json["layers"] as? [[String: Any]])
        let shown = VectorExportTests.shownFrames(of: layers, end: end)
        #expect(shown.allSatisfy { !$0.isEmpty }, "\(shown)")
        #expect(shown.flatMap { $0 }.sorted() == Array(0..<end), "\(shown)")
    }

    /// An hour's hold at 1000 fps in a path morph's animated SVG, whose clock counts in
    /// parts of a frame: as long as the traced animated SVG of the same options (a review
    /// found 21.5 s, the units of the hold past what `Rational`'s product keeps).
    @Test func aPathSVGKeepsAnHoursHold() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func duration(_ style: [String]) throws -> Double {
            let file = folder.file("m.svg")
            let run = try Binary.run(["render", "--from", "play", "--to", "pause", "--fps", "1000", "--duration", "0.05",
                                      "--hold-end", "3599.999999", "-q", "-o", file] + style)
            try #require(run.status == 0, "\(run.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let value = try #require(text.firstRange(of: "dur=\"").map { text[$0.upperBound...].prefix { $0 != "s" } })
            return try #require(Double(value))
        }
        let traced = try duration([]), path = try duration(["--style", "path"])
        #expect(abs(traced - 3600.051) < 0.001 && abs(path - traced) < 0.001, "traced \(traced) s, path \(path) s")
    }

    /// SVG coordinates are rounded by at most an eighth of the tolerance, as the Lottie
    /// units are: 2 decimals from 0.04 px up, more below (0.01 px wrote 2 and rounded by up
    /// to 70 % of it).
    @Test func svgDecimalsFollowTheTolerance() {
        for tolerance in [10, 0.1, 0.04, 0.039, 0.02, 0.01, 0.0025, 0.002, 0.01001] {
            let decimals = VectorCanvas.decimals(tolerance: tolerance)
            let unit = pow(10, -Double(decimals))
            #expect(unit <= tolerance / 4 * (1 + 1e-9), "\(tolerance): \(decimals)")
            #expect(decimals == 2 || unit * 10 > tolerance / 4, "\(tolerance): \(decimals) is more than needed")
        }
        #expect(VectorCanvas.decimals(tolerance: 0.1) == 2)
        #expect(VectorCanvas.decimals(tolerance: 0.01) == 3)
    }
}
