import IconMorphPNG
import Testing
@testable import iconmorph

/// The library's finishing is the CLI's: a frame rendered by `MorphRenderer` with the
/// colours in its `MorphStyle` equals, byte for byte, what the built binary writes for the
/// same options, in the raw stream (RGBA), in PNG files (one-colour frames stored as a
/// palette), and for `animate`'s frames with a captured field.
@Suite(.serialized)
struct LibraryFinishingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let options: [String]
        let style: MorphStyle
        var testDescription: String { options.joined(separator: " ") }
    }

    static func color(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> TintColor {
        TintColor(red: r, green: g, blue: b, alpha: a)
    }

    /// `--blur 2 --scale 2` is 4 px; the tint and the other colours vary.
    static let cases: [Case] = [
        Case(options: ["--color", "#3478F6"], style: MorphStyle(maxBlurRadius: 4, tint: color(0x34, 0x78, 0xF6))),
        Case(options: ["--color", "#3478F680", "--background", "#00FF0040"],
             style: MorphStyle(maxBlurRadius: 4, tint: color(0x34, 0x78, 0xF6, 0x80), background: color(0, 255, 0, 0x40))),
        Case(options: ["--color", "#FF3B30", "--color-to", "#34C759"],
             style: MorphStyle(maxBlurRadius: 4, tint: color(255, 0x3B, 0x30), targetTint: color(0x34, 0xC7, 0x59))),
        Case(options: ["--color", "#3478F6", "--color-to", "#FF3B30CC", "--ease", "linear"],
             style: MorphStyle(maxBlurRadius: 4, easing: .linear, tint: color(0x34, 0x78, 0xF6),
                               targetTint: color(255, 0x3B, 0x30, 0xCC))),
        Case(options: ["--color", "#3478F680", "--color-to", "#FF3B30", "--background", "#FFFFFF", "--softness", "0.05"],
             style: MorphStyle(maxBlurRadius: 4, softness: 0.05, tint: color(0x34, 0x78, 0xF6, 0x80),
                               targetTint: color(255, 0x3B, 0x30), background: color(255, 255, 255))),
    ]

    @Test(arguments: cases)
    func rawStreamEqualsLibraryFrames(_ c: Case) throws {
        let oracle = try MorphOracle(style: c.style)
        let result = try ExportRun.iconmorph(["render", "--frames", "7", "-q", "-o", "-"] + MorphOracle.arguments + c.options)
        #expect(result.status == 0 && result.stderr == "")
        let frames = result.stdout.frames(of: oracle.frameBytes)
        try #require(frames.count == 7)
        for (i, frame) in frames.enumerated() {
            let expected = try oracle.rgba(Double(i) / 6)
            #expect(frame.count == expected.count && zip(frame, expected).allSatisfy { $0 == $1 }, "frame \(i)")
        }
    }

    @Test(arguments: cases)
    func pngFilesDecodeToLibraryFrames(_ c: Case) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let oracle = try MorphOracle(style: c.style)
        let result = try ExportRun.iconmorph(
            ["render", "--frames", "4", "-q", "-o", folder.file("frames")] + MorphOracle.arguments + c.options)
        #expect(result.status == 0 && result.stderr == "")
        for i in 0..<4 {
            let image = try PNGImage(contentsOfFile: folder.file("frames/frame_000\(i).png"), format: .rgba)
            let expected = try oracle.rgba(Double(i) / 3)
            #expect(image.pixels.count == expected.count && zip(image.pixels, expected).allSatisfy { $0 == $1 }, "frame \(i)")
        }
    }

    /// An interrupted timeline: the frames with a captured field, through `MorphAnimator`
    /// with the same style, equal `animate`'s stream.
    @Test func animateEqualsTheAnimator() throws {
        let style = MorphStyle(maxBlurRadius: 4, tint: Self.color(0x34, 0x78, 0xF6, 0xC0), background: Self.color(255, 255, 255, 0x80))
        let box = IconBox(width: 16, height: 16, scale: 2)
        let masks = try [BuiltInSymbol.play, .pause, .stop].map { try AlphaMask(icon: $0.icon, box: box) }
        let renderer = try MorphRenderer(width: masks[0].width, height: masks[0].height, style: style)
        let animator = try MorphAnimator(renderer: renderer, source: masks[0], target: masks[0], progress: 1)
        let result = try ExportRun.iconmorph(
            ["animate", "--at", "0", "pause", "--at", "0.3", "stop", "--fps", "20", "--color", "#3478F6C0",
             "--background", "#FFFFFF80", "-q", "-o", "-"] + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let frames = result.stdout.frames(of: renderer.rgbaByteCount)
        try #require(frames.count > 10)
        var expected = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
        for (k, frame) in frames.enumerated() {
            let time = Double(k) / 20
            if k == 0 { try animator.animate(to: masks[1], duration: 0.5, at: 0) }
            // The event at 0.3 s falls between frames 5 and 6, where it happens.
            if k == 6 {
                try animator.animate(to: masks[2], duration: 0.5, at: 0.3)
            }
            try expected.withUnsafeMutableBytes { _ = try animator.render(at: time, into: $0, format: .rgba8) }
            #expect(zip(frame, expected).filter { $0 != $1 }.count == 0, "frame \(k)")
        }
    }
}
