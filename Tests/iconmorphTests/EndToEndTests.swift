import AlphaRaster
import Foundation
import MorphKernel
import PNGCodec
import Testing
@testable import iconmorph

/// Runs the built `iconmorph` binary as a user would, and checks its files against what the
/// library renders for the same parameters: the library is the oracle for the plumbing (which
/// box, which style, which progress reaches it); the math itself is tested in its own modules.
@Suite(.serialized)
struct EndToEndTests {
    /// A folder with `disc.png` (64×64) and `square.png` (48×32, so aspect fitting matters).
    struct Fixture {
        let folder: TemporaryFolder
        let disc: String
        let square: String

        init() throws {
            folder = try TemporaryFolder()
            disc = try folder.write(TestIcons.disc(size: 64), as: "disc.png")
            square = try folder.write(TestIcons.square(width: 48, height: 32), as: "square.png")
        }
    }

    /// The frame the library renders for these parameters, as RGBA bytes.
    static func oracle(
        from: String, to: String, progress: Double, box: IconBox = IconBox(width: 44, height: 44, scale: 3),
        source: MaskSource = .auto, style: MorphStyle = MorphStyle(maxBlurRadius: 12)
    ) throws -> PNGImage {
        let a = try AlphaMask(contentsOfPNGFile: from, box: box, source: source)
        let b = try AlphaMask(contentsOfPNGFile: to, box: box, source: source)
        let renderer = try MorphRenderer(width: a.width, height: a.height, style: style)
        var pixels = [UInt8](repeating: 0, count: a.width * a.height * 4)
        try pixels.withUnsafeMutableBytes { try renderer.render(source: a, target: b, progress: progress, into: $0, format: .rgba8) }
        return try PNGImage(width: a.width, height: a.height, format: .rgba, pixels: pixels)
    }

    /// Temporary files of the atomic writer are hidden `.NAME.XXXXXX.tmp` siblings.
    static func leftovers(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    }

    @Test func singleFrameEqualsLibraryRender() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let output = f.folder.file("morph-half.png")
        let result = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--progress", "0.5", "-o", output])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "wrote \(output) (132×132)\n")
        let image = try PNGImage(contentsOfFile: output)
        #expect(image.width == 132 && image.height == 132)
        let expected = try Self.oracle(from: f.disc, to: f.square, progress: 0.5)
        #expect(image == expected)
        // The frame is a real blend: neither input's mask, and not empty.
        #expect(image != (try Self.oracle(from: f.disc, to: f.square, progress: 0)))
        #expect(image.hasTransparency && image.pixels.contains { $0 != 0 })
        #expect(try Self.leftovers(in: f.folder.path).isEmpty)
    }

    @Test func defaultOutputIsMorphPNGInTheWorkingFolder() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let result = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--progress", "1"], in: f.folder.path)
        #expect(result.status == 0)
        #expect(result.stdout == "wrote morph.png (132×132)\n")
        let image = try PNGImage(contentsOfFile: f.folder.file("morph.png"))
        #expect(image == (try Self.oracle(from: f.disc, to: f.square, progress: 1)))
    }

    @Test func existingFolderGetsMorphPNGAndQuietPrintsNothing() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let folder = f.folder.file("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let result = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--progress", "0", "-o", folder, "-q"])
        #expect(result.status == 0)
        #expect(result.stdout == "" && result.stderr == "")
        #expect(try f.folder.contents(of: folder) == ["morph.png"])
        // Writing again replaces the file whole.
        let again = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--progress", "0.25", "-o", folder + "/morph.png"])
        #expect(again.status == 0)
        #expect(try PNGImage(contentsOfFile: folder + "/morph.png") == (try Self.oracle(from: f.disc, to: f.square, progress: 0.25)))
        #expect(try f.folder.contents(of: folder) == ["morph.png"])
    }

    @Test func framesFolderIsCreatedAndHoldsEvenlySpacedFrames() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let folder = f.folder.file("seq")
        let result = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--frames", "5", "-o", folder])
        #expect(result.status == 0)
        // Standard error is not a terminal here, and the run is over within a second: no
        // progress lines.
        #expect(result.stderr == "")
        #expect(result.stdout == "wrote 5 frames (132×132): \(folder)/frame_0000.png … \(folder)/frame_0004.png\n")
        #expect(try f.folder.contents(of: folder) == (0..<5).map { "frame_000\($0).png" })
        for (index, progress) in [(0, 0.0), (2, 0.5), (4, 1.0)] {
            let frame = try PNGImage(contentsOfFile: "\(folder)/frame_000\(index).png")
            #expect(frame == (try Self.oracle(from: f.disc, to: f.square, progress: progress)), "frame \(index)")
        }
        let second = try PNGImage(contentsOfFile: "\(folder)/frame_0001.png")
        #expect(second == (try Self.oracle(from: f.disc, to: f.square, progress: 0.25)))
    }

    @Test func defaultFramesFolderAndPattern() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let plain = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--frames", "2", "-q"], in: f.folder.path)
        #expect(plain.status == 0)
        #expect(try f.folder.contents(of: f.folder.file("frames")) == ["frame_0000.png", "frame_0001.png"])

        let pattern = try Binary.run(
            ["render", "--from", f.disc, "--to", f.square, "--frames", "3", "-o", "anim/f_%02d.png"], in: f.folder.path)
        #expect(pattern.status == 0)
        #expect(pattern.stdout == "wrote 3 frames (132×132): anim/f_00.png … anim/f_02.png\n")
        #expect(try f.folder.contents(of: f.folder.file("anim")) == ["f_00.png", "f_01.png", "f_02.png"])
        #expect(try PNGImage(contentsOfFile: f.folder.file("anim/f_02.png"))
            == (try Self.oracle(from: f.disc, to: f.square, progress: 1)))
    }

    @Test func boxPaddingAndScaleReachTheMasks() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let output = f.folder.file("wide.png")
        let result = try Binary.run([
            "render", "--from", f.disc, "--to", f.square, "--progress", "0.3", "-o", output,
            "--size", "30x20", "--scale", "2", "--padding", "4", "--blur", "3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGImage(contentsOfFile: output)
        // 30 × 2 + 2 × 4 × 2 = 76 wide, 20 × 2 + 16 = 56 high.
        #expect(image.width == 76 && image.height == 56)
        let expected = try Self.oracle(
            from: f.disc, to: f.square, progress: 0.3, box: IconBox(width: 30, height: 20, scale: 2, padding: 4),
            style: MorphStyle(maxBlurRadius: 6))
        #expect(image == expected)
        // The padding stays transparent at the start, where the disc fits the box.
        let start = try Binary.run([
            "render", "--from", f.disc, "--to", f.square, "--progress", "0", "-o", output, "-q",
            "--size", "30x20", "--scale", "2", "--padding", "4", "--blur", "3",
        ])
        #expect(start.status == 0)
        let first = try PNGImage(contentsOfFile: output)
        for x in 0..<76 { #expect(first.pixels[x * 4 + 3] == 0) }
    }

    @Test func theDefaultBlurScalesWithTheBox() throws {
        // Without --blur the radius is 4 pt per 44 pt of the box's shorter side: 46.5 px for
        // a 512 pt box at scale 1, 6 px for 30 × 22 pt at scale 3.
        let f = try Fixture()
        defer { f.folder.remove() }
        let output = f.folder.file("big.png")
        for (size, scale, box) in [("512", "1", IconBox(width: 512, height: 512, scale: 1)), ("30x22", "3", IconBox(width: 30, height: 22, scale: 3))] {
            let result = try Binary.run(["render", "--from", f.disc, "--to", f.square, "--progress", "0.5", "-q", "-o", output,
                                         "--size", size, "--scale", scale])
            #expect(result.status == 0, "\(result.stderr)")
            let radius = min(box.width, box.height) * 4 / 44 * box.scale
            let expected = try Self.oracle(from: f.disc, to: f.square, progress: 0.5, box: box, style: MorphStyle(maxBlurRadius: radius))
            #expect(try PNGImage(contentsOfFile: output) == expected, "--size \(size) --scale \(scale)")
        }
        // An explicit --blur stays in points: at 512 pt, 4 pt is 4 px, and heart → star
        // becomes a cross-fade, two half-transparent ghosts, where the default melts them
        // into one solid shape.
        func halfTransparent(_ arguments: [String]) throws -> Int {
            let run = try Binary.run(["render", "--from", "heart", "--to", "star", "--progress", "0.5", "-q", "-o", output,
                                      "--size", "512", "--scale", "1"] + arguments)
            #expect(run.status == 0)
            let image = try PNGImage(contentsOfFile: output)
            return stride(from: 3, to: image.pixels.count, by: 4).filter { (64...191).contains(image.pixels[$0]) }.count
        }
        let scaled = try halfTransparent([]), fixed = try halfTransparent(["--blur", "4"])
        #expect(fixed > 10 * scaled, "half-transparent pixels: \(scaled) with the default blur, \(fixed) with --blur 4")
    }

    @Test func lookOptionsReachTheStyle() throws {
        let f = try Fixture()
        defer { f.folder.remove() }
        let ink = try f.folder.write(TestIcons.inkOnPaper(size: 40), as: "ink.png")
        let output = f.folder.file("look.png")
        let result = try Binary.run([
            "render", "--from", f.disc, "--to", ink, "--progress", "0.6", "-o", output, "--color", "#3478F6CC",
            "--ease", "linear", "--threshold", "0.4", "--softness", "0.1", "--blur", "2", "--blur-levels", "5",
            "--mask", "luminance",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGImage(contentsOfFile: output)
        let style = MorphStyle(
            maxBlurRadius: 6, blurLevels: 5, threshold: 0.4, softness: 0.1, easing: .linear,
            tint: TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 0xCC))
        #expect(image == (try Self.oracle(from: f.disc, to: ink, progress: 0.6, source: .luminance, style: style)))
        var covered = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] > 0 {
            covered += 1
            #expect(Array(image.pixels[i..<i + 3]) == [0x34, 0x78, 0xF6])
            #expect(image.pixels[i + 3] <= 0xCC)
        }
        #expect(covered > 0)
        // Without --mask each icon picks its own source: alpha for the disc, luminance for the ink.
        let auto = try Binary.run(["render", "--from", f.disc, "--to", ink, "--progress", "0", "-o", output, "-q"])
        #expect(auto.status == 0)
        #expect(try PNGImage(contentsOfFile: output) == (try Self.oracle(from: f.disc, to: ink, progress: 0)))
    }

    @Test func helpAndVersion() throws {
        let version = try Binary.run(["--version"])
        #expect(version.status == 0 && version.stdout == "iconmorph 0.1.0\n" && version.stderr == "")
        let help = try Binary.run(["--help"])
        #expect(help.status == 0 && help.stdout == IconMorphTool.help && help.stderr == "")
        for arguments in [["help", "render"], ["render", "--help"], ["render", "-h", "--frames", "0"]] {
            let result = try Binary.run(arguments)
            #expect(result.status == 0 && result.stdout == RenderCommand.help && result.stderr == "", "\(arguments)")
        }
        let bare = try Binary.run([])
        #expect(bare.status == 64 && bare.stdout == "")
        #expect(bare.stderrLines == ["iconmorph: error: missing command; run 'iconmorph --help' for usage"])
    }
}
