import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PNGCodec
import Testing

/// `render --style distance` and `animate --style distance`, run as a user would, against the
/// library: `MorphRenderer` with `MorphStyle(field: .distance)` and `MorphAnimator` over it.
@Suite(.serialized)
struct DistanceStyleEndToEndTests {
    /// The default box: 44 pt at 3× (132 × 132 px), blur 4 pt = 12 px.
    static let box = IconBox(width: 44, height: 44, scale: 3)
    static let style = MorphStyle(field: .distance, maxBlurRadius: 12)

    /// The library's frames of `from` → `to` at the default size in `style`.
    static func oracle(_ from: BuiltInSymbol = .play, _ to: BuiltInSymbol = .pause, style: MorphStyle = style) throws -> MorphOracle {
        try MorphOracle(from: from, to: to, box: box, style: style)
    }

    static func alpha(_ rgba: [UInt8]) -> [UInt8] { stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] } }

    /// The mean |Δα| in bytes per pixel.
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        zip(a, b).reduce(0.0) { $0 + abs(Double($1.0) - Double($1.1)) } / Double(max(a.count, 1))
    }

    @Test(arguments: [0.0, 0.3, 0.5, 0.8, 1.0])
    func singleFramesAreTheLibrarys(_ progress: Double) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("frame.png")
        let run = try Binary.run(["render", "--style", "distance", "--progress", String(progress), "-q", "-o", path])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let image = try PNGImage(contentsOfFile: path, format: .rgba)
        let oracle = try Self.oracle()
        let expected = try oracle.rgba(progress)
        let same = image.pixels == expected
        #expect(same, "p = \(progress): the library's distance frame")
        // The frame is the distance style's, not the metaball style's: they differ in flight.
        if progress == 0.5 {
            let metaball = try Self.oracle(style: MorphStyle(maxBlurRadius: 12)).rgba(progress)
            let differing = zip(metaball, expected).filter { $0 != $1 }.count
            #expect(differing > 100, "the styles' frames at ½ differ in \(differing) bytes")
        }
        // At rest, the icons (mean |Δα| within one level).
        if progress == 0 || progress == 1 {
            let own = progress == 0 ? oracle.source : oracle.target
            let mean = Self.meanDifference(Self.alpha(image.pixels), own.pixels)
            #expect(mean <= 1, "p = \(progress): mean |Δα| \(mean) against the icon")
        }
    }

    @Test func blurAndEasingReachTheDistanceStyle() throws {
        // --blur 6 (18 px) and linear easing: the library's frame of that style.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("frame.png")
        let run = try Binary.run([
            "render", "--style", "distance", "--from", "heart", "--to", "star", "--blur", "6", "--ease", "linear",
            "--progress", "0.35", "-q", "-o", path,
        ])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let image = try PNGImage(contentsOfFile: path, format: .rgba)
        let expected = try Self.oracle(.heart, .star, style: MorphStyle(field: .distance, maxBlurRadius: 18, easing: .linear)).rgba(0.35)
        let defaults = try Self.oracle(.heart, .star).rgba(0.35)
        #expect(expected != defaults, "the options change the frame")
        let same = image.pixels == expected
        #expect(same)
    }

    @Test func sequenceFormatsCarryTheSameFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let look = ["--style", "distance", "--from", "heart", "--to", "star", "--frames", "5", "--color", "#3478F6",
                    "--background", "#FFFFFF", "-q"]
        var style = Self.style
        style.tint = TintColor(red: 0x34, green: 0x78, blue: 0xF6)
        style.background = TintColor(red: 255, green: 255, blue: 255)
        let oracle = try Self.oracle(.heart, .star, style: style)
        let expected = try (0..<5).map { try oracle.rgba(Double($0) / 4) }
        #expect(Set(expected).count == 5, "five different frames")
        // PNG files.
        let files = try Binary.run(["render"] + look + ["-o", folder.file("frames")])
        #expect(files.status == 0, "\(files.stderr)")
        for index in 0..<5 {
            let image = try PNGImage(contentsOfFile: folder.file("frames/frame_000\(index).png"), format: .rgba)
            let same = image.pixels == expected[index]
            #expect(same, "PNG frame \(index)")
        }
        // The raw stream.
        let raw = try ExportRun.iconmorph(["render"] + look + ["--format", "rgba", "-o", "-"])
        #expect(raw.status == 0, "\(raw.errorsOnly)")
        let stream = raw.stdout.frames(of: oracle.frameBytes)
        #expect(stream.count == 5)
        for (index, frame) in stream.enumerated() {
            let same = frame == expected[index]
            #expect(same, "raw frame \(index)")
        }
        // A strip: the frames side by side, 3 px apart.
        let strip = folder.file("strip.png")
        let stripRun = try Binary.run(["render"] + look + ["--format", "strip", "--spacing", "3", "-o", strip])
        #expect(stripRun.status == 0, "\(stripRun.stderr)")
        let sheet = try PNGImage(contentsOfFile: strip, format: .rgba)
        let side = oracle.width
        #expect(sheet.width == 5 * side + 4 * 3 && sheet.height == side)
        for index in 0..<5 {
            let cell = SheetExportTests.cell(sheet, x: index * (side + 3), y: 0, width: side, height: side)
            let same = cell == expected[index]
            #expect(same, "strip frame \(index)")
        }
    }

    @Test(arguments: [["--threshold", "0.4"], ["--softness", "0.1"]])
    func thresholdAndSoftnessAreUsageErrors(_ option: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let message = "iconmorph: error: \(option[0]): does not apply to --style distance: its edge is where the distance field is zero\n"
        for (command, out) in [(["render", "--progress", "0.5"], folder.file("out.png")),
                               (["animate", "--start", "play", "--at", "0", "pause"], folder.file("frames"))] {
            // Before and after --style.
            for arguments in [command + ["--style", "distance"] + option, command + option + ["--style", "distance"]] {
                let run = try Binary.run(arguments + ["-o", out])
                #expect(run.status == 64, "\(arguments)")
                #expect(run.stderr == message, "\(arguments)")
                #expect(!FileManager.default.fileExists(atPath: out), "nothing written on failure")
            }
            // The same option is a metaball setting.
            let metaball = try Binary.run(command + option + ["-q", "-o", out])
            #expect(metaball.status == 0 && FileManager.default.fileExists(atPath: out), "\(command + option): \(metaball.stderr)")
        }
    }

    @Test func animateFramesAreTheLibraryAnimators() throws {
        // play → pause, turned back to play at 0.25 s, sent to heart at 0.4 s: every frame is
        // that of a `MorphAnimator` over a distance renderer given the same calls (32 × 32 px,
        // 20 fps; `AnimateEndToEndTests`).
        let cli = try AnimateEndToEndTests.frames([
            "--style", "distance", "--start", "play", "--at", "0", "pause", "--at", "0.25", "play", "--at", "0.4", "heart",
        ])
        // The morph to heart runs from 0.4 s for 0.5 s: frames 0 … 18.
        #expect(cli.count == 19)
        let library = try AnimateEndToEndTests.libraryFrames(
            start: .play, first: .pause,
            calls: [(0, .to(.pause, duration: 0.5)), (0.25, .to(.play, duration: 0.5)), (0.4, .to(.heart, duration: 0.5))],
            count: 19, field: .distance)
        for k in 0..<min(cli.count, library.count) {
            let same = cli[k] == library[k]
            #expect(same, "frame \(k)")
        }
        let ends = try cli.first == AnimateEndToEndTests.rest(.play, field: .distance)
            && cli.last == AnimateEndToEndTests.rest(.heart, field: .distance)
        #expect(ends, "from play at rest to heart at rest")
        // And not the metaball style's.
        let metaball = try AnimateEndToEndTests.libraryFrames(
            start: .play, first: .pause,
            calls: [(0, .to(.pause, duration: 0.5)), (0.25, .to(.play, duration: 0.5)), (0.4, .to(.heart, duration: 0.5))],
            count: 19)
        #expect(zip(cli, metaball).filter { $0 != $1 }.count > 10)
    }

    @Test func animateMovesWithoutJumps() throws {
        // At the default size and 30 fps: play, to pause at 0, back to play at 0.25 s (a
        // reversal at p = ½), then to heart at 0.4 s while the reversal runs (a retarget from
        // the frame in flight). No step between frames changes more than twice as much as the
        // larger of the steps beside it (`DistanceStyleReferenceTests`' pops), nor more than a
        // share of the icon. (Measured: at most 1.15 times; the frames either side of the
        // reversal, 0.233 s and 0.267 s, are the same shape, p = 0.467 going and coming back;
        // at most 227 pixels change by more than half between frames.)
        let run = try ExportRun.iconmorph([
            "animate", "--style", "distance", "--start", "play", "--at", "0", "pause", "--at", "0.25", "play",
            "--at", "0.4", "heart", "--fps", "30", "--format", "rgba", "-o", "-", "-q",
        ])
        #expect(run.status == 0, "\(run.errorsOnly)")
        let play = try Self.oracle(.play, .heart), heart = try Self.oracle(.heart, .play)
        #expect(run.stdout.count % play.frameBytes == 0)
        let frames = run.stdout.frames(of: play.frameBytes).map { Self.alpha($0) }
        // The morph to heart ends at 0.9 s: frames 0 … 27.
        #expect(frames.count == 28)
        #expect(try frames.first == play.alpha(0), "the first frame is play at rest")
        #expect(try frames.last == heart.alpha(0), "the last frame is heart at rest")
        let steps = zip(frames, frames.dropFirst()).map { Self.meanDifference($0, $1) }
        for k in steps.indices {
            let beside = max(k > 0 ? steps[k - 1] : 0, k + 1 < steps.count ? steps[k + 1] : 0)
            #expect(steps[k] <= 2 * beside, "frame \(k) → \(k + 1) changes \(steps[k]), beside it \(beside); steps \(steps)")
        }
        // Consecutive frames differ in a limited share of pixels (as `PathStyleEndToEndTests`).
        var largest = 0
        for (a, b) in zip(frames, frames.dropFirst()) {
            largest = max(largest, zip(a, b).filter { abs(Int($0) - Int($1)) > 128 }.count)
        }
        #expect(largest < 1500, "largest change between frames: \(largest) pixels")
    }

    @Test func vectorFormatsTraceTheDistanceFrames() throws {
        // go-next (Adwaita) → play, 5 frames, where the metaball style's middle frame is a
        // staircase of translucent layers: each distance frame is one opaque outline, drawn
        // by rsvg-convert as the PNG frame (`VectorExportTests`' bounds); the animated SVG
        // and the Lottie file hold the 5 frames.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let common = ["render", "--from", VectorExportTests.adwaita + "actions/go-next-symbolic.svg", "--to", "play", "-q"]
        let distance = common + ["--style", "distance", "--frames", "5"]
        let svg = try Binary.run(distance + ["--format", "svg", "-o", folder.file("svg")])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(try folder.contents(of: folder.file("svg")) == (0..<5).map { "frame_000\($0).svg" })
        #expect(try Binary.run(distance + ["--format", "png", "-o", folder.file("png")]).status == 0)
        var paths: [String] = []
        for k in 0..<5 {
            let file = folder.file("svg/frame_000\(k).svg")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"44\" height=\"44\" viewBox=\"0 0 132 132\">"))
            let layers = text.components(separatedBy: "<path").count - 1
            #expect(layers == 1 && !text.contains("fill-opacity"), "frame \(k): \(layers) layers")
            let drawn = try rsvgAlpha(file: file, width: 132, height: 132)
            let png = try VectorExportTests.alpha(ofPNG: folder.file("png/frame_000\(k).png"))
            let (mean, iou) = VectorExportTests.compare(drawn, png)
            #expect(mean < 2 && iou >= VectorExportTests.iou, "frame \(k): mean \(mean), IoU \(iou)")
            paths.append(text.components(separatedBy: " d=\"")[1].components(separatedBy: "\"")[0])
        }
        #expect(Set(paths).count == 5, "five different outlines")
        // The metaball style's middle frame, for contrast: translucent layers.
        #expect(try Binary.run(common + ["--progress", "0.5", "--format", "svg", "-o", folder.file("metaball.svg")]).status == 0)
        let metaball = try String(contentsOfFile: folder.file("metaball.svg"), encoding: .utf8)
        #expect(metaball.components(separatedBy: "<path").count - 1 > 1)

        // One animated SVG: a use whose drawing switches at 5 key times, each drawing one path,
        // the frames' own.
        let animated = try Binary.run(distance + ["--format", "svg-animate", "-o", folder.file("m.svg")])
        #expect(animated.status == 0, "\(animated.stderr)")
        let text = try String(contentsOfFile: folder.file("m.svg"), encoding: .utf8)
        #expect(text.components(separatedBy: "<path").count - 1 == 5 && text.components(separatedBy: "<use").count - 1 == 1)
        let keyTimes = text.components(separatedBy: "keyTimes=\"")[1].components(separatedBy: "\"")[0]
        #expect(keyTimes == "0;0.2;0.4;0.6;0.8")
        let references = text.components(separatedBy: "attributeName=\"href\"")[1]
            .components(separatedBy: "values=\"")[1].components(separatedBy: "\"")[0].components(separatedBy: ";")
        let outlines = try references.map { reference in
            let id = try #require(reference.hasPrefix("#") ? String(reference.dropFirst()) : nil, "\(reference)")
            let after = text.components(separatedBy: "id=\"\(id)\" d=\"")
            try #require(after.count == 2, "one drawing \(id)")
            return after[1].components(separatedBy: "\"")[0]
        }
        #expect(outlines == paths, "the animation's outlines are the SVG frames'")

        // A Lottie file: a shape layer per frame, 5 frames at 30 fps, one outline layer each.
        let lottie = try Binary.run(distance + ["--format", "lottie", "-o", folder.file("m.json")])
        #expect(lottie.status == 0, "\(lottie.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("m.json")))) as? [String: Any])
        // 132 px at 3 pixels a point: a composition of 44 × 44 points.
        #expect((json["fr"] as? Double) == 30 && (json["op"] as? Int) == 5 && (json["w"] as? Int) == 44 && (json["h"] as? Int) == 44)
        let layers = try #require(json["layers"] as? [[String: Any]])
        #expect(layers.count == 5)
        for (k, layer) in layers.enumerated() {
            let outlines = VectorExportTests.outlineLayers(of: layer)
            #expect(outlines.count == 1, "Lottie frame \(k): \(outlines.count) outline layers")
        }
    }
}
