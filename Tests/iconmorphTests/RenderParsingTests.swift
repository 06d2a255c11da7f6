import AlphaRaster
import MorphKernel
import Testing
@testable import iconmorph

/// Good `render` command lines become the expected `RenderOptions`.
struct RenderParsingTests {
    static let base = ["--from", "a.png", "--to", "b.png"]

    static func parse(_ extra: [String]) throws -> RenderOptions {
        try #require(try RenderCommand.options(from: base + extra))
    }

    @Test func defaults() throws {
        let options = try Self.parse(["--progress", "0.5"])
        #expect(options.source == "a.png")
        #expect(options.target == "b.png")
        #expect(options.frames == .single(progress: 0.5))
        #expect(options.output.target == .file("morph.png"))
        #expect(options.layout.box == IconBox(width: 44, height: 44, scale: 3, padding: 0))
        #expect(options.layout.width == 132)
        #expect(options.maskSource == .auto)
        // 4 pt at 3× is 12 px; 0.25 px steps need 12 / 0.25 + 1 = 49 levels.
        #expect(options.style == MorphStyle(
            maxBlurRadius: 12, blurLevels: 49, threshold: 0.5, softness: .automatic, easing: .smooth, tint: .black))
        #expect(options.output.quiet == false)
    }

    @Test func frameSequenceDefaultsToFramesFolder() throws {
        let options = try Self.parse(["--frames", "60"])
        #expect(options.frames == .sequence(count: 60))
        #expect(options.output.target == .folder("frames"))
        #expect(options.frames.progress(ofFrame: 0) == 0)
        #expect(options.frames.progress(ofFrame: 59) == 1)
        #expect(options.frames.progress(ofFrame: 20) == 20.0 / 59.0)
    }

    struct Row: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let check: @Sendable (RenderOptions) -> Bool
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let rows: [Row] = [
        Row(arguments: ["--progress=0"]) { $0.frames == .single(progress: 0) },
        Row(arguments: ["--progress", "1"]) { $0.frames == .single(progress: 1) },
        Row(arguments: ["--progress", ".25"]) { $0.frames == .single(progress: 0.25) },
        Row(arguments: ["--progress", "+0.5"]) { $0.frames == .single(progress: 0.5) },
        Row(arguments: ["--progress", "5e-1"]) { $0.frames == .single(progress: 0.5) },
        Row(arguments: ["--progress", "1.", "-o", "x.png"]) { $0.frames == .single(progress: 1) && $0.output.target == .file("x.png") },
        Row(arguments: ["--frames=2"]) { $0.frames == .sequence(count: 2) },
        Row(arguments: ["--frames", "+100000"]) { $0.frames == .sequence(count: 100_000) },
        Row(arguments: ["--progress", "0", "-oframe.png"]) { $0.output.target == .file("frame.png") && $0.output.targetSpelling == "-o" },
        Row(arguments: ["--progress", "0", "-o=frame.png"]) { $0.output.target == .file("frame.png") },
        Row(arguments: ["--progress", "0", "--output=out/f.png"]) {
            $0.output.target == .file("out/f.png") && $0.output.targetSpelling == "--output"
        },
        // A % in a single frame's name is taken literally.
        Row(arguments: ["--progress", "0", "-o", "100%.png"]) { $0.output.target == .file("100%.png") },
        Row(arguments: ["--frames", "3", "-o", "out/"]) { $0.output.target == .folder("out/") },
        Row(arguments: ["--frames", "3", "-o", "f_%04d.png"]) {
            guard case .pattern(let p) = $0.output.target else { return false }
            return p.minimumDigits == 4 && p.prefix == "f_" && p.suffix == ".png"
        },
        Row(arguments: ["--frames", "3", "-o", "out/%d"]) {
            guard case .pattern(let p) = $0.output.target else { return false }
            return p.minimumDigits == 1 && p.prefix == "out/" && p.suffix == "" && p.folder == "out"
        },
        Row(arguments: ["--progress", "0", "--size", "60x44", "--scale", "2", "--padding", "8"]) {
            $0.layout.box == IconBox(width: 60, height: 44, scale: 2, padding: 8)
        },
        Row(arguments: ["--progress", "0", "--size=32"]) { $0.layout.box == IconBox(width: 32, height: 32, scale: 3, padding: 0) },
        Row(arguments: ["--progress", "0", "--size", "20.5X10"]) { $0.layout.box.width == 20.5 && $0.layout.box.height == 10 },
        Row(arguments: ["--progress", "0", "--size", "20×10"]) { $0.layout.box.width == 20 && $0.layout.box.height == 10 },
        Row(arguments: ["--progress", "0", "--padding", "0"]) { $0.layout.box.padding == 0 },
        // --blur is in points: 2 pt at 2× is 4 px, which needs 4 / 0.25 + 1 = 17 levels.
        Row(arguments: ["--progress", "0", "--blur", "2", "--scale", "2"]) {
            $0.style.maxBlurRadius == 4 && $0.style.blurLevels == 17
        },
        Row(arguments: ["--progress", "0", "--blur", "0"]) { $0.style.maxBlurRadius == 0 && $0.style.blurLevels == 2 },
        Row(arguments: ["--progress", "0", "--blur", "1000", "--scale", "1"]) { $0.style.maxBlurRadius == 1000 },
        Row(arguments: ["--progress", "0", "--blur-levels", "5"]) { $0.style.blurLevels == 5 },
        Row(arguments: ["--progress", "0", "--threshold", "1", "--softness", "1"]) {
            $0.style.threshold == 1 && $0.style.softness == 1
        },
        Row(arguments: ["--progress", "0", "--threshold", "0.4", "--softness", "0.001"]) {
            $0.style.threshold == 0.4 && $0.style.softness == 0.001
        },
        Row(arguments: ["--progress", "0", "--ease", "linear"]) { $0.style.easing == .linear },
        Row(arguments: ["--progress", "0", "--ease=smooth"]) { $0.style.easing == .smooth },
        Row(arguments: ["--progress", "0", "--mask", "luminance"]) { $0.maskSource == .luminance },
        Row(arguments: ["--progress", "0", "--mask", "alpha"]) { $0.maskSource == .alpha },
        Row(arguments: ["--progress", "0", "--color", "#3478F6"]) {
            $0.style.tint == TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 255)
        },
        Row(arguments: ["--progress", "0", "--color", "#3478f6cc"]) {
            $0.style.tint == TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 0xCC)
        },
        Row(arguments: ["--progress", "0", "--color", "#f80"]) { $0.style.tint == TintColor(red: 255, green: 0x88, blue: 0) },
        Row(arguments: ["--progress", "0", "--color", "f808"]) {
            $0.style.tint == TintColor(red: 255, green: 0x88, blue: 0, alpha: 0x88)
        },
        Row(arguments: ["--progress", "0", "-q"]) { $0.output.quiet },
        Row(arguments: ["--progress", "0", "--quiet"]) { $0.output.quiet },
        // Option order does not matter, and negative-looking values reach their check.
        Row(arguments: ["-q", "--scale", "1", "--progress", "0"]) { $0.output.quiet && $0.layout.box.scale == 1 },
        Row(arguments: ["--progress", "0", "--"]) { $0.frames == .single(progress: 0) },
    ]

    @Test(arguments: rows)
    func parses(_ row: Row) throws {
        let options = try Self.parse(row.arguments)
        #expect(row.check(options), "\(options)")
    }

    /// Without --from and --to the morph is play → pause; `-` is kept for one of them.
    @Test func iconsDefaultToPlayAndPause() throws {
        let options = try #require(try RenderCommand.options(from: ["--progress", "0.5"]))
        #expect(options.source == "play" && options.target == "pause")
        let piped = try #require(try RenderCommand.options(from: ["--from", "-", "--progress", "0.5"]))
        #expect(piped.source == "-" && piped.target == "pause")
        let named = try #require(try RenderCommand.options(from: ["--to", "-", "--from=heart", "--frames", "3"]))
        #expect(named.source == "heart" && named.target == "-")
    }

    @Test func inputPathsMayLookLikeOptionsWhenAttached() throws {
        let options = try #require(try RenderCommand.options(from: ["--from=-a.png", "--to", "./-b.png", "--progress", "0"]))
        #expect(options.source == "-a.png")
        #expect(options.target == "./-b.png")
    }
}
