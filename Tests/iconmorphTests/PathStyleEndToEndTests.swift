import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PNGCodec
import PathMorph
import Testing
@testable import iconmorph

/// `render --style path` and `animate --style path`, run as a user would, against the
/// library: `PathMorph` for the outline, `MorphRenderer.render(coverage:…)` for the finishing.
@Suite(.serialized)
struct PathStyleEndToEndTests {
    static let layout = try! IconBox(width: 44, height: 44, scale: 3).layout()

    /// The RGBA frame the library draws for `from` → `to` at `progress` with `style`'s easing
    /// and colours.
    static func oracle(
        _ from: BuiltInSymbol, _ to: BuiltInSymbol, progress: Double, style: MorphStyle = MorphStyle(maxBlurRadius: 12)
    ) throws -> [UInt8] {
        let morph = try PathMorph(from: from.icon, to: to.icon, layout: layout)
        let coverage = try morph.mask(at: style.easing(progress))
        let renderer = try MorphRenderer(width: layout.width, height: layout.height, style: style)
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        try pixels.withUnsafeMutableBytes { try renderer.render(coverage: coverage, progress: progress, into: $0, format: .rgba8) }
        return pixels
    }

    static func alpha(_ rgba: [UInt8]) -> [UInt8] { stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] } }

    @Test(arguments: [0.0, 0.3, 0.5, 0.8, 1.0])
    func singleFramesAreTheLibrarysAndTheEndsTheIconsOwn(_ progress: Double) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("frame.png")
        let run = try Binary.run(["render", "--style", "path", "--progress", String(progress), "-q", "-o", path])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let image = try PNGImage(contentsOfFile: path, format: .rgba)
        #expect(image.pixels == (try Self.oracle(.play, .pause, progress: progress)))
        if progress == 0 || progress == 1 {
            let own = try AlphaMask(icon: (progress == 0 ? BuiltInSymbol.play : .pause).icon, layout: Self.layout)
            #expect(Self.alpha(image.pixels) == own.pixels, "the end frames are the icons' own masks")
        }
    }

    @Test func sequenceFormatsCarryTheSameFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let look = ["--style", "path", "--from", "heart", "--to", "star", "--frames", "5", "--color", "#3478F6",
                    "--background", "#FFFFFF", "-q"]
        let style = { () -> MorphStyle in
            var style = MorphStyle(maxBlurRadius: 12)
            style.tint = TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 255)
            style.background = TintColor(red: 255, green: 255, blue: 255, alpha: 255)
            return style
        }()
        let expected = try (0..<5).map { try Self.oracle(.heart, .star, progress: Double($0) / 4, style: style) }
        // PNG files.
        let files = try Binary.run(["render"] + look + ["-o", folder.file("frames")])
        #expect(files.status == 0, "\(files.stderr)")
        for index in 0..<5 {
            let image = try PNGImage(contentsOfFile: folder.file("frames/frame_000\(index).png"), format: .rgba)
            #expect(image.pixels == expected[index], "frame \(index)")
        }
        // The raw stream.
        let raw = try ExportRun.iconmorph(["render"] + look + ["--format", "rgba", "-o", "-"])
        #expect(raw.status == 0)
        #expect([UInt8](raw.stdout) == expected.flatMap { $0 })
        // A strip: the frames side by side.
        let strip = folder.file("strip.png")
        #expect(try Binary.run(["render"] + look + ["--format", "strip", "-o", strip]).status == 0)
        let sheet = try PNGImage(contentsOfFile: strip, format: .rgba)
        let side = Self.layout.width
        #expect(sheet.height == side)
        for index in 0..<5 {
            var frame: [UInt8] = []
            for y in 0..<side {
                let start = (y * sheet.width + index * (side + (sheet.width - 5 * side) / 4)) * 4
                frame += sheet.pixels[start..<(start + side * 4)]
            }
            #expect(frame == expected[index], "strip frame \(index)")
        }
    }

    @Test func pngIconsAndMetaballOptionsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = try folder.write(TestIcons.disc(size: 32), as: "disc.png")
        let out = folder.file("out.png")
        let fromPNG = try Binary.run(["render", "--style", "path", "--from", png, "--progress", "0.5", "-o", out])
        #expect(fromPNG.status == 64)
        #expect(fromPNG.stderr == "iconmorph: error: --from: \(png) is a PNG image, which has no outline; --style path "
                    + "needs an SVG file or a built-in symbol\n")
        let blurred = try Binary.run(["render", "--style", "path", "--blur", "3", "--progress", "0.5", "-o", out])
        #expect(blurred.status == 64)
        #expect(blurred.stderr.hasPrefix("iconmorph: error: --blur: does not apply to --style path"))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written on failure")
    }

    /// Two drawable icons whose path morph between them cannot be drawn (a triangle 10³⁰
    /// units across morphing into `stop`: the frames between have curves far too long to
    /// flatten) are input data the command cannot use (65), said in one line, not an
    /// internal error (70).
    @Test func anUndrawablePathFrameIsADataError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let huge = folder.file("huge.svg")
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\"><path d=\"M1e30 1e30L-1e30 1e30L0 -1e30z\"/></svg>"
            .write(toFile: huge, atomically: true, encoding: .utf8)
        let run = try Binary.run(["render", "--style", "path", "--from", huge, "--to", "stop", "--frames", "9", "-q", "-o", folder.file("out")])
        #expect(run.status == 65)
        #expect(run.stderr == "iconmorph: error: the path morph at p = 0.125: cannot draw its outline: layer 1 path: it would need "
                    + "more than 4000000 line segments at this size\n")
    }

    @Test func timelinesMoveWithoutJumps() throws {
        // play, to pause at 0, back to play half-way (a reversal), then to heart while the
        // reversal runs (a retarget from the shape in flight).
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.iconmorph([
            "animate", "--style", "path", "--start", "play", "--at", "0", "pause", "--at", "0.25", "play",
            "--at", "0.4", "heart", "--fps", "30", "--format", "rgba", "-o", "-", "-q",
        ])
        #expect(run.status == 0, "\(run.errorsOnly)")
        let frameBytes = Self.layout.width * Self.layout.height * 4
        let bytes = [UInt8](run.stdout)
        #expect(bytes.count % frameBytes == 0 && bytes.count / frameBytes > 20)
        let frames = stride(from: 0, to: bytes.count, by: frameBytes).map { Self.alpha(Array(bytes[$0..<($0 + frameBytes)])) }
        #expect(frames.first == (try AlphaMask(icon: BuiltInSymbol.play.icon, layout: Self.layout)).pixels)
        #expect(frames.last == (try AlphaMask(icon: BuiltInSymbol.heart.icon, layout: Self.layout)).pixels)
        // Consecutive frames differ in a limited share of pixels: the outline moves, it never
        // jumps (a restart from an icon's own outline would change far more at once).
        var largest = 0
        for (a, b) in zip(frames, frames.dropFirst()) {
            largest = max(largest, zip(a, b).filter { abs(Int($0) - Int($1)) > 128 }.count)
        }
        #expect(largest < 1500, "largest change between frames: \(largest) pixels")
    }

    /// An event to the current target by another name (`close` for `xmark`, a file by another
    /// path) goes on with the morph, as the same name does and as the other styles do (it
    /// restarted from the shape in flight: the outline nearly stopped, and the morph ended
    /// 0.2 s late).
    @Test func anotherNameForTheTargetGoesOn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="5" y="5" width="14" height="14"/></svg>"#
            .write(toFile: folder.file("sub/sq.svg"), atomically: true, encoding: .utf8)
        func frames(_ events: [String]) throws -> Data {
            let run = try ExportRun.iconmorph(["animate", "--style", "path"] + events + ["--format", "rgba", "-o", "-", "-q"], in: folder.path)
            #expect(run.status == 0, "\(run.errorsOnly)")
            return run.stdout
        }
        #expect(try frames(["--at", "0", "xmark", "--at", "0.2", "close"]) == frames(["--at", "0", "xmark", "--at", "0.2", "xmark"]))
        #expect(try frames(["--at", "0", "sub/sq.svg", "--at", "0.2", "./sub/sq.svg"]) == frames(["--at", "0", "sub/sq.svg", "--at", "0.2", "sub/sq.svg"]))
    }
}
