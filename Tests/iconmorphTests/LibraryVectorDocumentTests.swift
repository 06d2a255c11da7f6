import Foundation
import IconMorphPNG
import Testing

/// The library's vector documents (`VectorDocument`) from frames a host renders and traces
/// itself: the same bytes as the built binary's `--format svg`, `svg-animate` and `lottie`
/// for the same options (which `VectorExportTests` and `PathVectorExportTests` check against
/// rsvg-convert, rlottie and Chromium), played by rlottie against the host's own frames, and
/// timing or canvases the documents cannot use refused with an error that names the value.
@Suite(.serialized)
struct LibraryVectorDocumentTests {
    /// 44 pt at 3× with a 4 pt blur: the tool's defaults, as `--size 44 --scale 3 --blur 4`.
    static let box = IconBox(width: 44, height: 44, scale: 3)
    static let arguments = ["--size", "44", "--scale", "3", "--blur", "4"]
    static let black = TintColor(red: 0, green: 0, blue: 0)

    /// Nine frames of heart → star rendered as coverage and traced at `tolerance`, in black.
    static func tracedFrames(tolerance: Double) throws -> (frames: [VectorFrame], alphas: [[UInt8]]) {
        let oracle = try MorphOracle(from: .heart, to: .star, box: box, style: MorphStyle(maxBlurRadius: 12))
        let tracer = try MaskTracer(tolerance: tolerance)
        var frames: [VectorFrame] = [], alphas: [[UInt8]] = []
        for k in 0..<9 {
            let alpha = try oracle.alpha(Double(k) / 8)
            let layers = try alpha.withUnsafeBufferPointer { try tracer.layers(of: $0, width: oracle.width, height: oracle.height) }
            frames.append(VectorFrame(layers: layers, tint: black))
            alphas.append(alpha)
        }
        return (frames, alphas)
    }

    /// At a tolerance under 6/255 px the tool draws no frame with another's outline, so its
    /// documents hold every frame as traced, as the library's do.
    @Test func tracedDocumentsAreTheToolsDocuments() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tolerance = 0.02
        let (frames, _) = try Self.tracedFrames(tolerance: tolerance)
        let canvas = try VectorCanvas(width: 132, height: 132, scale: 3, tolerance: tolerance)
        let durations = Array(repeating: 1.0 / 30, count: 9)
        let common = ["render", "--from", "heart", "--to", "star", "--frames", "9", "-q", "--tolerance", "0.02"] + Self.arguments
        for (format, document) in [
            ("lottie", try VectorDocument.lottie(frames, frameDurations: durations, framesPerSecond: 30, loops: 0, canvas: canvas)),
            ("svg-animate", try VectorDocument.animatedSVG(frames, frameDurations: durations, loops: 0, canvas: canvas)),
        ] {
            let path = folder.file(format == "lottie" ? "m.json" : "m.svg")
            let run = try ExportRun.iconmorph(common + ["--format", format, "-o", path])
            try #require(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == document, "\(format)")
        }
        let run = try ExportRun.iconmorph(
            ["render", "--from", "heart", "--to", "star", "--progress", "0.375", "-q", "--tolerance", "0.02", "-o", folder.file("f.svg")]
                + Self.arguments)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: folder.file("f.svg"), encoding: .utf8) == VectorDocument.svg(frames[3], canvas: canvas))
    }

    @Test func pathMorphDocumentsAreTheToolsDocuments() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let morph = try PathMorph(from: BuiltInSymbol.heart.icon, to: BuiltInSymbol.star.icon, layout: Self.box.layout())
        let canvas = try VectorCanvas(width: 132, height: 132, scale: 3)
        let tint = TintColor(red: 0x34, green: 0x78, blue: 0xF6)
        let common = ["render", "--style", "path", "--from", "heart", "--to", "star", "--frames", "12", "--fps", "24",
                      "--color", "#3478F6", "-q", "--size", "44", "--scale", "3"]
        for (format, document) in [
            ("lottie", try VectorDocument.lottie(morph, frameCount: 12, tint: tint, framesPerSecond: 24, loops: 0, canvas: canvas)),
            ("svg-animate", try VectorDocument.animatedSVG(morph, frameCount: 12, tint: tint, framesPerSecond: 24, canvas: canvas)),
        ] {
            let path = folder.file(format == "lottie" ? "p.json" : "p.svg")
            let run = try ExportRun.iconmorph(common + ["--format", format, "-o", path])
            try #require(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == document, "\(format)")
        }
    }

    /// rlottie, an independent player, draws each frame of the library's Lottie document as
    /// the host rendered it (the bounds of `VectorExportTests`), at the rate and length given.
    @Test func rlottiePlaysTheHostsFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (frames, alphas) = try Self.tracedFrames(tolerance: MaskTracer.defaultTolerance)
        let canvas = try VectorCanvas(width: 132, height: 132, scale: 3)
        // Frame 4 held three frames of 30 fps, the others one.
        var durations = Array(repeating: 1.0 / 30, count: 9)
        durations[4] = 0.1
        let document = try VectorDocument.lottie(frames, frameDurations: durations, framesPerSecond: 30, canvas: canvas)
        try Data(document.utf8).write(to: URL(fileURLWithPath: folder.file("m.json")))
        let player = try VectorExportTests.rlottie(folder.file("m.json"), into: folder.file("rl"))
        try #require(player.status == 0, "\(player.stderr)")
        let info = try #require(try JSONSerialization.jsonObject(with: player.stdout) as? [String: Any])
        #expect((info["fps"] as? Double) == 30)
        #expect((info["frames"] as? Int ?? 0) >= 11)
        // Composition frame t shows the host's frame k that starts at or before it.
        let shown = [0, 1, 2, 3, 4, 4, 4, 5, 6, 7, 8]
        for (t, k) in shown.enumerated() {
            let drawn = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("rl/frame_\(t).alpha"))))
            let (mean, iou) = VectorExportTests.compare(drawn, alphas[k])
            #expect(mean < 2 && iou >= VectorExportTests.iou, "composition frame \(t) (frame \(k)): mean \(mean), IoU \(iou)")
        }
    }

    static let badTimings: [(durations: [Double], fps: Double, loops: Int, says: String)] = [
        ([], 30, 1, "at least one frame"),
        ([0.1, 0.1], 30, 1, "3 frames, 2 durations"),
        ([0.1, .nan, 0.1], 30, 1, "got nan"),
        ([0.1, 0, 0.1], 30, 1, "got 0.0"),
        ([0.1, 100_000, 0.1], 30, 1, "got 100000.0"),
        ([0.1, 0.1, 0.1], 0, 1, "frame rate"),
        ([0.1, 0.1, 0.1], .infinity, 1, "got inf"),
        ([0.1, 0.1, 0.1], 30, -1, "got -1"),
    ]

    @Test func timingTheDocumentsCannotUseIsRefused() throws {
        let canvas = try VectorCanvas(width: 8, height: 8)
        let frame = VectorFrame(layers: [], tint: Self.black)
        for bad in Self.badTimings {
            let frames = Array(repeating: frame, count: bad.durations.isEmpty ? 0 : 3)
            do {
                _ = try VectorDocument.lottie(frames, frameDurations: bad.durations, framesPerSecond: bad.fps, loops: bad.loops, canvas: canvas)
                Issue.record("\(bad) was taken")
            } catch let error as VectorDocument.InvalidTiming {
                #expect(error.description.contains(bad.says), "\(error)")
            }
            if bad.fps == 30 {
                #expect(throws: VectorDocument.InvalidTiming.self) {
                    try VectorDocument.animatedSVG(frames, frameDurations: bad.durations, loops: bad.loops, canvas: canvas)
                }
            }
        }
        // A Lottie file writes its plays one after another: too many of them are refused
        // before anything is made (Int.max plays trapped, 20 million took 477 MB).
        for loops in [100_001, Int.max] {
            do {
                _ = try VectorDocument.lottie(
                    Array(repeating: frame, count: 3), frameDurations: [0.1, 0.1, 0.1], framesPerSecond: 30, loops: loops, canvas: canvas)
                Issue.record("\(loops) plays were taken")
            } catch let error as VectorDocument.InvalidTiming {
                #expect(error.description == "a vector animation writes at most 300000 frames, got 3 frames in \(loops) plays written one after another")
            }
        }
        // An animated SVG's loop count is an attribute: any count is fine.
        _ = try VectorDocument.animatedSVG(Array(repeating: frame, count: 3), frameDurations: [0.1, 0.1, 0.1], loops: Int.max, canvas: canvas)
        let morph = try PathMorph(from: BuiltInSymbol.play.icon, to: BuiltInSymbol.pause.icon, layout: Self.box.layout())
        #expect(throws: VectorDocument.InvalidTiming.self) {
            try VectorDocument.lottie(morph, frameCount: 1, tint: Self.black, framesPerSecond: 30, canvas: canvas)
        }
        #expect(throws: VectorDocument.InvalidTiming.self) {
            try VectorDocument.lottie(morph, frameCount: 3, tint: Self.black, framesPerSecond: 30, loops: 100_001, canvas: canvas)
        }
        #expect(throws: VectorDocument.InvalidTiming.self) {
            try VectorDocument.animatedSVG(morph, frameCount: 300_001, tint: Self.black, framesPerSecond: 30, canvas: canvas)
        }
        #expect(throws: VectorDocument.InvalidTiming.self) {
            try VectorDocument.animatedSVG(morph, frameCount: 9, tint: Self.black, framesPerSecond: 5000, canvas: canvas)
        }
    }

    /// A layer's opacity outside (0, 1] is refused by name (a NaN one wrote `nan` into the
    /// JSON, which no parser reads); a frame of no layers is an empty drawing.
    @Test func layersTheDocumentsCannotDrawAreRefused() throws {
        let canvas = try VectorCanvas(width: 8, height: 8)
        let square = PathContour(start: SIMD2(1, 1), curves: [
            .init(control1: SIMD2(1, 1), control2: SIMD2(5, 1), end: SIMD2(5, 1)),
            .init(control1: SIMD2(5, 1), control2: SIMD2(5, 5), end: SIMD2(5, 5)),
            .init(control1: SIMD2(5, 5), control2: SIMD2(1, 1), end: SIMD2(1, 1)),
        ])
        for opacity in [Double.nan, 0, -1, 1.5, .infinity] {
            let bad = VectorFrame(layers: [MaskTracer.Layer(contours: [square], opacity: 1), MaskTracer.Layer(contours: [square], opacity: opacity)],
                                  tint: Self.black)
            let empty = VectorFrame(layers: [], tint: Self.black)
            let reason = "layer 1: a layer's opacity must be over 0 and at most 1, got \(opacity)"
            for (make, says) in [
                ({ try VectorDocument.lottie([empty, bad], frameDurations: [0.1, 0.1], framesPerSecond: 10, canvas: canvas) }, "frame 1, " + reason),
                ({ try VectorDocument.animatedSVG([empty, bad], frameDurations: [0.1, 0.1], canvas: canvas) }, "frame 1, " + reason),
                ({ try VectorDocument.svg(bad, canvas: canvas) }, "frame 0, " + reason),
            ] as [(() throws -> String, String)] {
                do {
                    _ = try make()
                    Issue.record("opacity \(opacity) was taken")
                } catch let error as VectorDocument.InvalidFrame {
                    #expect(error.description == says)
                }
            }
        }
        // A point that is not finite was written as 0.
        let nan = PathContour(start: SIMD2(1, 1), curves: [.init(control1: SIMD2(1, 1), control2: SIMD2(.nan, 5), end: SIMD2(1, 5))])
        let refused = #expect(throws: VectorDocument.InvalidFrame.self) {
            try VectorDocument.svg(VectorFrame(layers: [MaskTracer.Layer(contours: [nan], opacity: 1)], tint: Self.black), canvas: canvas)
        }
        #expect(refused?.description == "frame 0, layer 0: a contour has the point (nan, 5.0); points must be finite")
        // Points far off the canvas are drawn exactly up to the limit, and refused past it
        // (from about 1e14 px the SVG wrote them as 0, from about 1e17 px the Lottie file).
        func far(_ x: Double) -> VectorFrame {
            let contour = PathContour(start: SIMD2(1, 1), curves: [
                .init(lineFrom: SIMD2(1, 1), to: SIMD2(x, 1)), .init(lineFrom: SIMD2(x, 1), to: SIMD2(1, 5)),
                .init(lineFrom: SIMD2(1, 5), to: SIMD2(1, 1)),
            ])
            return VectorFrame(layers: [MaskTracer.Layer(contours: [contour], opacity: 1)], tint: Self.black)
        }
        for x in [VectorDocument.coordinateLimit, -VectorDocument.coordinateLimit] {
            let svg = try VectorDocument.svg(far(x), canvas: canvas)
            #expect(svg.contains("M1 1l\(Int(x) - 1) 0"), "\(svg)")
            let lottie = try VectorDocument.lottie([far(x)], frameDurations: [0.1], framesPerSecond: 10, canvas: canvas)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(lottie.utf8)) as? [String: Any])
            let layer = try #require((document["layers"] as? [[String: Any]])?.first)
            let scale = try #require(((layer["ks"] as? [String: Any])?["s"] as? [String: Any])?["k"] as? [Double])
            let shape = try #require((layer["shapes"] as? [[String: Any]])?.first)
            let path = try #require((shape["ks"] as? [String: Any])?["k"] as? [String: Any])
            let vertices = try #require(path["v"] as? [[Double]])
            // The vertex as the player places it: the layer's scale (a percentage) times the units.
            #expect(vertices.contains { abs($0[0] * scale[0] / 100 - x) < 1e-3 * abs(x) }, "\(vertices)")
        }
        for x in [1.000001e9, -2e9, 1e14, 1e18, Double.greatestFiniteMagnitude] {
            for make in [
                { try VectorDocument.svg(far(x), canvas: canvas) },
                { try VectorDocument.animatedSVG([far(x)], frameDurations: [0.1], canvas: canvas) },
                { try VectorDocument.lottie([far(x)], frameDurations: [0.1], framesPerSecond: 10, canvas: canvas) },
            ] as [() throws -> String] {
                let error = #expect(throws: VectorDocument.InvalidFrame.self) { _ = try make() }
                #expect(error?.description.hasSuffix("points must lie within ±1,000,000,000 px (coordinateLimit)") == true)
            }
        }
        let lottie = try VectorDocument.lottie([VectorFrame(layers: [], tint: Self.black)], frameDurations: [0.1], framesPerSecond: 10, canvas: canvas)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(lottie.utf8)) as? [String: Any])
        #expect((json["layers"] as? [[String: Any]])?.first?["shapes"] as? [Any] != nil)
    }

    @Test func canvasesTheDocumentsCannotUseAreRefused() {
        for (make, says) in [
            ({ try VectorCanvas(width: 0, height: 8) }, "got 0 × 8"),
            ({ try VectorCanvas(width: 8, height: 200_000) }, "got 8 × 200000"),
            ({ try VectorCanvas(width: 8, height: 8, scale: .nan) }, "got nan"),
            ({ try VectorCanvas(width: 8, height: 8, scale: -2) }, "got -2.0"),
            ({ try VectorCanvas(width: 8, height: 8, tolerance: 0) }, "got 0.0"),
            ({ try VectorCanvas(width: 1, height: 3, scale: 10_000) }, "got 10000.0 for 1 × 3 pixels"),
        ] as [(() throws -> VectorCanvas, String)] {
            do {
                _ = try make()
                Issue.record("a canvas that should be refused (\(says)) was made")
            } catch let error as VectorCanvas.Invalid {
                #expect(error.description.contains(says), "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
