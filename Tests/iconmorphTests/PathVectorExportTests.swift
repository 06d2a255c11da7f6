import VectorDocuments
import _IconMorphSupport
import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PathMorph
import Testing
@testable import iconmorph

/// `render --style path` to the vector formats: the frames are outlines already, so the SVG
/// frames are the morph's own contours, and one morph's animated SVG and Lottie keyframe the
/// outline where the motion changes instead of holding a drawing per frame. Checked against
/// the PNG frames of the same options by independent players — rsvg-convert, rlottie,
/// lottie-web and Chromium's SMIL — at every frame, and against a plain float64 evaluation
/// of the easing curves the keyframes carry.
@Suite(.serialized)
struct PathVectorExportTests {
    /// A ping-pong with holds at both ends and a colour ramp: every kind of keyframe.
    static let morph = ["--style", "path", "--from", "heart", "--to", "star", "--duration", "0.5", "--ping-pong",
                        "--hold-start", "0.1", "--hold-end", "0.2", "--color", "#3478F6", "--color-to", "#FF3B30", "-q"]

    /// The PNG frames of `options` in `folder/png`, in order, as alpha planes.
    static func pngFrames(_ options: [String], in folder: TemporaryFolder) throws -> [[UInt8]] {
        let run = try Binary.run(["render"] + options + ["--format", "png", "-o", folder.file("png")])
        try #require(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("png")).filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { try VectorExportTests.alpha(ofPNG: folder.file("png/" + $0)) }
    }

    @Test func svgFramesAreTheMorphsOwnOutline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let options = ["--style", "path", "--from", "bell", "--to", "magnifyingglass", "--frames", "7", "-q"]
        #expect(try Binary.run(["render"] + options + ["--format", "svg", "-o", folder.file("svg")]).status == 0)
        let pngs = try Self.pngFrames(options, in: folder)
        let layout = try IconBox(width: 44, height: 44, scale: 3).layout()
        let morph = try PathMorph(from: BuiltInSymbol.bell.icon, to: BuiltInSymbol.magnifyingglass.icon, layout: layout)
        for k in 0..<7 {
            let svg = folder.file("svg/frame_000\(k).svg")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            // One path, the contours at the frame's eased progress, untraced.
            let expected = PathContour.compactSVGPathData(morph.contours(at: MorphEasing.smooth(Double(k) / 6)), decimals: 2)
            #expect(text.components(separatedBy: "<path").count == 2 && text.contains("d=\"\(expected)\""), "frame \(k)")
            let (mean, iou) = VectorExportTests.compare(try rsvgAlpha(file: svg, width: 132, height: 132), pngs[k])
            #expect(mean < 1 && iou >= 0.995, "frame \(k): mean \(mean), IoU \(iou)")
        }
    }

    @Test func oneMorphsLottieKeyframesTheOutlineAndPlaysAsThePNGFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try Binary.run(["render"] + Self.morph + ["--format", "lottie", "-o", folder.file("m.json")])
        try #require(run.status == 0, "\(run.stderr)")
        let pngs = try Self.pngFrames(Self.morph, in: folder)
        // 16 steps there and back, 3 copies of the first for the hold at the start and 6 of
        // the last at the end: 40 PNG frames; the looping Lottie leaves out the last (its
        // loop's start), so 39 composition frames.
        #expect(pngs.count == 40)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("m.json")))
        #expect(data.count < 8_000, "\(data.count) bytes")
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((document["op"] as? Int) == 39)
        let layers = try #require(document["layers"] as? [[String: Any]])
        #expect(layers.count == 1)
        let group = try #require(VectorExportTests.outlineLayers(of: layers[0]).first)
        let shape = try #require(group.first { $0["ty"] as? String == "sh" }?["ks"] as? [String: Any])
        let keys = try #require(shape["k"] as? [[String: Any]])
        // The hold at the start, the way there, the hold at the end, the way back, the end.
        #expect(keys.map { $0["t"] as? Int } == [0, 3, 18, 24, 38])
        let player = try VectorExportTests.rlottie(folder.file("m.json"), into: folder.file("rl"))
        try #require(player.status == 0, "\(player.stderr)")
        for k in 0..<39 {
            let drawn = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("rl/frame_\(k).alpha"))))
            let (mean, iou) = VectorExportTests.compare(drawn, pngs[k])
            #expect(mean < 1 && iou >= 0.995, "frame \(k): mean \(mean), IoU \(iou)")
            // At its own time: closer to its PNG than to a neighbour that differs from it.
            for j in [k - 1, k + 1] where pngs.indices.contains(j) && VectorExportTests.compare(pngs[j], pngs[k]).mean >= 1 {
                #expect(VectorExportTests.compare(drawn, pngs[j]).mean > mean, "frame \(k) is closer to frame \(j)")
            }
        }
    }

    /// In a translucent tint, and a ramp of alphas, the fill carries the alpha (keyframed where
    /// it changes) and the layer shows at 100 %: rlottie drew a layer's opacity of 50 % as
    /// 126 of 255 (soft IoU 0.982), the fill's as 128.
    @Test func aTranslucentTintIsTheFillsOpacity() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for colors in [["--color", "#3478F680"], ["--color", "#3478F6FF", "--color-to", "#E0402080"]] {
            let options = ["--style", "path", "--from", "heart", "--to", "star", "--frames", "9", "-q"] + colors
            let run = try Binary.run(["render"] + options + ["--format", "lottie", "-o", folder.file("m.json")])
            try #require(run.status == 0, "\(run.stderr)")
            let pngs = try Self.pngFrames(options, in: folder)
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("m.json")))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let layers = try #require(document["layers"] as? [[String: Any]])
            #expect(VectorExportTests.shownFrames(of: layers, end: 9).allSatisfy { $0.count == 9 })
            let opacity = try #require((layers[0]["ks"] as? [String: Any])?["o"] as? [String: Any])
            #expect(opacity["k"] as? Double == 100, "\(colors): layer opacity \(opacity)")
            let player = try VectorExportTests.rlottie(folder.file("m.json"), into: folder.file("rl"))
            try #require(player.status == 0, "\(player.stderr)")
            for k in 0..<9 {
                let drawn = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("rl/frame_\(k).alpha"))))
                let (mean, iou) = VectorExportTests.compare(drawn, pngs[k])
                #expect(mean < 1 && iou >= VectorExportTests.iou, "\(colors) frame \(k): mean \(mean), IoU \(iou)")
            }
            try FileManager.default.removeItem(atPath: folder.file("png"))
        }
    }

    @Test func lottieWebPlaysTheKeyframedOutline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try Binary.run(["render"] + Self.morph + ["--format", "lottie", "-o", folder.file("m.json")]).status == 0)
        let pngs = try Self.pngFrames(Self.morph, in: folder)
        let web = try VectorExportTests.lottieWebFrames(of: folder.file("m.json"), in: folder).frames
        try #require(web.count == 39)
        for k in 0..<39 {
            let (mean, iou) = VectorExportTests.compare(web[k], pngs[k])
            #expect(mean < 1 && iou >= 0.99, "frame \(k): mean \(mean), IoU \(iou)")
        }
    }

    @Test func chromiumPlaysTheKeyframedAnimatedSVGAtEveryFramesTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try Binary.run(["render"] + Self.morph + ["--format", "svg-animate", "-o", folder.file("m.svg")]).status == 0)
        let text = try String(contentsOfFile: folder.file("m.svg"), encoding: .utf8)
        #expect(text.contains("calcMode=\"spline\"") && text.utf8.count < 8_000, "\(text.utf8.count) bytes")
        let pngs = try Self.pngFrames(Self.morph, in: folder)
        // Frame k starts at k / 30 s (each a thirtieth here, the holds being copies).
        let times = (0..<39).map { String(format: "%.6f", Double($0) / 30) }
        let browser = try ExportRun.run(
            "python3", [VectorExportTests.scripts + "/svg-animation-frames.py", folder.file("m.svg"), folder.file("shots")] + times)
        try #require(browser.status == 0, "\(browser.stderr)")
        for k in 0..<39 {
            let (mean, iou) = VectorExportTests.compare(try VectorExportTests.alpha(ofPNG: folder.file("shots/at_\(k).png")), pngs[k])
            #expect(mean < 1 && iou >= 0.99, "at \(times[k]) s: mean \(mean), IoU \(iou)")
        }
    }

    /// A hold that is no whole number of frames stays exactly that long in the animated SVG,
    /// as in the traced one: 0.25 s at 10 fps (the clock counted whole frames, so the file
    /// lasted 0.6 s, its hold 0.3 s, and showed the last frame 0.1 s early).
    @Test func chromiumPlaysAHalfFrameHoldExactly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let options = ["--style", "path", "--from", "heart", "--to", "star", "--frames", "4", "--fps", "10",
                       "--hold-start", "0.25", "-q"]
        #expect(try Binary.run(["render"] + options + ["--format", "svg-animate", "-o", folder.file("m.svg")]).status == 0)
        let text = try String(contentsOfFile: folder.file("m.svg"), encoding: .utf8)
        #expect(text.contains("dur=\"0.65s\""), "\(text)")
        // The frame files repeat the first frame for the hold: steps 0 … 3 are files 0, 4, 5, 6.
        let pngs = try Self.pngFrames(options, in: folder)
        try #require(pngs.count == 7)
        // Step k starts at 0.35 + (k − 1) / 10 s; the first icon stays until 0.25 s.
        let shots: [(time: String, file: Int)] = [("0.000000", 0), ("0.240000", 0), ("0.350000", 4), ("0.450000", 5), ("0.550000", 6), ("0.640000", 6)]
        let browser = try ExportRun.run(
            "python3", [VectorExportTests.scripts + "/svg-animation-frames.py", folder.file("m.svg"), folder.file("shots")] + shots.map(\.time))
        try #require(browser.status == 0, "\(browser.stderr)")
        for (k, shot) in shots.enumerated() {
            let drawn = try VectorExportTests.alpha(ofPNG: folder.file("shots/at_\(k).png"))
            let (mean, iou) = VectorExportTests.compare(drawn, pngs[shot.file])
            #expect(mean < 1 && iou >= 0.99, "at \(shot.time) s: mean \(mean), IoU \(iou)")
        }
    }

    @Test func aTimelinesTransitionsAreLayersOfTheirOwnAndPlayAsThePNGFrames() throws {
        // To pause, back to play half-way (the pair run backwards), then to heart from the
        // shape in flight (a new match): three morphs, so three keyframed layers.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let timeline = ["animate", "--style", "path", "--start", "play", "--at", "0", "pause", "--at", "0.25", "play",
                        "--at", "0.4", "heart", "--fps", "30", "--color", "#3478F6", "-q"]
        #expect(try Binary.run(timeline + ["--format", "lottie", "-o", folder.file("t.json")]).status == 0)
        #expect(try Binary.run(timeline + ["--format", "svg-animate", "-o", folder.file("t.svg")]).status == 0)
        #expect(try Binary.run(timeline + ["--format", "png", "-o", folder.file("png")]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("png")).filter { $0.hasSuffix(".png") }.sorted()
        let pngs = try names.map { try VectorExportTests.alpha(ofPNG: folder.file("png/" + $0)) }
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("t.json")))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((document["layers"] as? [Any])?.count == 3)
        #expect(data.count < 8_000, "\(data.count) bytes")
        let player = try VectorExportTests.rlottie(folder.file("t.json"), into: folder.file("rl"))
        try #require(player.status == 0, "\(player.stderr)")
        let times = pngs.indices.map { String(format: "%.6f", Double($0) / 30) }
        let browser = try ExportRun.run(
            "python3", [VectorExportTests.scripts + "/svg-animation-frames.py", folder.file("t.svg"), folder.file("shots")] + times)
        try #require(browser.status == 0, "\(browser.stderr)")
        for k in pngs.indices {
            let drawn = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("rl/frame_\(k).alpha"))))
            let (mean, iou) = VectorExportTests.compare(drawn, pngs[k])
            #expect(mean < 1 && iou >= 0.995, "rlottie frame \(k): mean \(mean), IoU \(iou)")
            let shot = try VectorExportTests.alpha(ofPNG: folder.file("shots/at_\(k).png"))
            let (shotMean, shotIoU) = VectorExportTests.compare(shot, pngs[k])
            #expect(shotMean < 1 && shotIoU >= 0.99, "Chromium at frame \(k): mean \(shotMean), IoU \(shotIoU)")
        }
    }

    @Test func theKeyframesEasingCurvesGiveTheEasedProgressBetweenThem() {
        // Against a plain float64 evaluation: the Bézier curve (0,0) (1/3, out) (2/3, in)
        // (1,1) at time share s (its x is s), mapped onto e(p0) … e(p1), is e(p0 + s·(p1 − p0)).
        for easing in MorphEasing.allCases {
            for (p0, p1) in [(0.0, 1.0), (1.0, 0.0), (0.3, 0.7), (0.9, 0.05), (0.5, 0.5001), (0.2, 0.2)] {
                let (out, into) = OutlineKeyframes.curve(from: p0, to: p1, easing: easing)
                for step in 0...20 {
                    let s = Double(step) / 20
                    let y = 3 * s * (1 - s) * (1 - s) * out + 3 * s * s * (1 - s) * into + s * s * s
                    let e0 = easing(p0), e1 = easing(p1)
                    let value = e0 + (e1 - e0) * y, expected = easing(p0 + s * (p1 - p0))
                    #expect(abs(value - expected) < 1e-12, "\(easing) \(p0) → \(p1) at \(s)")
                }
            }
        }
    }

    /// A path morph is not traced, so `--tolerance` changes none of its documents: a coarse
    /// one left the SVG formats as they were but wrote the Lottie coordinates in units of a
    /// quarter of it (2.5 px at 10); the units are at most a fortieth of a pixel.
    @Test func aCoarseToleranceLeavesAPathMorphsDocumentsAsTheyAre() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let options = ["render", "--style", "path", "--from", "heart", "--to", "star", "--frames", "7", "-q"]
        for format in ["lottie", "svg-animate"] {
            var documents: [Data] = []
            for tolerance in [[], ["--tolerance", "1"], ["--tolerance", "10"]] {
                let path = folder.file("m\(documents.count)" + (format == "lottie" ? ".json" : ".svg"))
                let run = try Binary.run(options + tolerance + ["--format", format, "-o", path])
                try #require(run.status == 0, "\(run.stderr)")
                documents.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(documents.allSatisfy { $0 == documents[0] }, "\(format) changes with --tolerance")
        }
    }

    @Test func loopsRepeatTheMotionWithAJumpBetweenPlays() throws {
        let frames = (0...4).map { OutlineFrame(progress: Double($0) / 4, eased: MorphEasing.smooth(Double($0) / 4), tint: TintColor(red: 0, green: 0, blue: 0, alpha: 255)) }
        let clock = LottieDocument.Clock(delays: Array(repeating: Rational(1, 10), count: 5), fps: Rational(10, 1), loops: 3)
        let keys = OutlineKeyframes(frames, times: clock.times, easing: .smooth).keys
        // Each play: a key at its start and a held one at its last frame, where the next starts over.
        #expect(keys.map(\.time) == [0, 4, 5, 9, 10, 14])
        #expect(keys.map { $0.curve == nil } == [false, true, false, true, false, true])
    }
}
