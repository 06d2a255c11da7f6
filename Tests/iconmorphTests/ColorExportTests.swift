import Foundation
import MorphKernel
import PNGCodec
import Testing
import _TestSupport
@testable import iconmorph

/// `--background` (straight-alpha "over") against a float64 reference, and `--color-to`
/// (an Oklab blend along the eased progress) against an Oklab computed here from the
/// published matrices in both directions.
@Suite(.serialized)
struct ColorExportTests {
    /// The binary's frame over a translucent background equals the library's frame put over
    /// it in float64.
    @Test func backgroundEndToEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("over.png")
        let oracle = try MorphOracle(style: MorphStyle(maxBlurRadius: 4, tint: TintColor(red: 255, green: 128, blue: 0)))
        let result = try ExportRun.iconmorph(
            ["render", "--progress", "0.4", "--color", "#FF8000", "--background", "#20406080", "-q", "-o", path]
                + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let image = try PNGImage(contentsOfFile: path)
        let expected = try oracle.alpha(0.4).flatMap { referenceOver([255, 128, 0], alpha: $0, background: [0x20, 0x40, 0x60, 0x80]) }
        #expect(image.pixels == expected)
        // An opaque background gives an opaque file.
        let opaque = folder.file("opaque.png")
        #expect(try ExportRun.iconmorph(["render", "--progress", "0.4", "--background", "#FFFFFF", "-q", "-o", opaque]
            + MorphOracle.arguments).status == 0)
        #expect(try PNGImage(contentsOfFile: opaque).hasTransparency == false)
    }

    /// The first frame has `--color`, the last `--color-to`, the middle one (p = ½, e = ½ for
    /// both easings) the Oklab midpoint; alpha blends linearly.
    @Test(arguments: ["smooth", "linear"])
    func colorBlendEndpointsAndMidpoint(_ easing: String) throws {
        let from: [UInt8] = [255, 0, 0, 0x80], to: [UInt8] = [0, 0, 255, 255]
        let result = try ExportRun.iconmorph(
            ["render", "--frames", "3", "--color", "#FF000080", "--color-to", "#0000FF", "--ease", easing, "-q", "-o", "-"]
                + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let frames = result.stdout.frames(of: 32 * 32 * 4)
        try #require(frames.count == 3)
        let midpointLab = zip(ReferenceOklab.lab(from), ReferenceOklab.lab(to)).map { ($0 + $1) / 2 }
        let midpoint = ReferenceOklab.srgb(midpointLab) + [UInt8((Double(0x80 + 255) / 2).rounded())]
        for (frame, color) in zip(frames, [from, midpoint, to]) {
            // Every pixel has the frame's colour; fully covered pixels have its alpha.
            let colours = Set(stride(from: 0, to: frame.count, by: 4).map { Array(frame[$0..<($0 + 3)]) })
            #expect(colours == [Array(color.prefix(3))], "\(colours) vs \(color)")
            #expect(stride(from: 3, to: frame.count, by: 4).map { frame[$0] }.max() == color[3])
        }
        // The blend differs from a blend of the sRGB bytes (which would be 128, 0, 128).
        #expect(midpoint.prefix(3) != [128, 0, 128])
    }

    /// A shape no frame shows (a tint of alpha 0 at every frame's progress) is a warning:
    /// the frames are still written, and are what was asked for.
    @Test func aTransparentColorIsAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = ["--progress", "0.5"], sequence = ["--frames", "3"]
        let cases: [([String], String?)] = [
            (one + ["--color", "#00000000"], "--color has alpha 0, so the shape does not show: the frame is blank"),
            (sequence + ["--color", "#F000", "--background", "#FFF"],
             "--color has alpha 0, so the shape does not show: every frame is the --background alone"),
            (sequence + ["--color", "#F000", "--background", "#FFF0"],
             "--color has alpha 0, so the shape does not show: every frame is blank"),
            (sequence + ["--color", "#F000", "--color-to", "#00F0"],
             "--color and --color-to have alpha 0, so the shape does not show: every frame is blank"),
            (["--progress", "0", "--color", "#F000", "--color-to", "#00F"],
             "at progress 0 the tint (--color blended toward --color-to) has alpha 0, so the shape does not show: the frame is blank"),
            (sequence + ["--color", "#F000", "--color-to", "#00F"], nil),
            (one + ["--color", "#F001"], nil),
        ]
        for (k, (options, warning)) in cases.enumerated() {
            let path = folder.file(options.contains("--frames") ? "\(k)/" : "\(k).png")
            let run = try ExportRun.iconmorph(["render", "-q", "-o", path] + options)
            #expect(run.status == 0)
            #expect(run.stderr == (warning.map { "iconmorph: warning: \($0)\n" } ?? ""), "\(options): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: path))
        }
        // A run that fails says why, and nothing about the colour.
        let failing = try ExportRun.iconmorph(["render", "--progress", "0.5", "--color", "#0000", "--from", folder.file("none.png"), "-o", folder.file("x.png")])
        #expect(failing.status != 0 && !failing.stderr.contains("warning"), "\(failing.stderr)")
        // animate says the same.
        let animate = try ExportRun.iconmorph(["animate", "--at", "0", "pause", "--color", "#0000", "-q", "-o", folder.file("a")])
        #expect(animate.status == 0)
        #expect(animate.stderr.contains("--color has alpha 0"), "\(animate.stderr)")
    }
}
