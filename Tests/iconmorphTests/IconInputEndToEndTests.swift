import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PNGCodec
import SVGImport
import Testing
@testable import iconmorph

/// Icons named every way the CLI accepts them — built-in symbols, PNG and SVG files, standard
/// input — run through the built binary, with the library building the same masks as oracle.
@Suite(.serialized)
struct IconInputEndToEndTests {
    /// A 24-unit SVG square from 6 to 18: in a 24 pt box at scale 4 it covers exactly the
    /// pixels 24 ..< 72 on both axes.
    static let squareSVG = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
          <rect x="6" y="6" width="12" height="12" fill="#000"/>
        </svg>
        """

    static let box24 = IconBox(width: 24, height: 24, scale: 4)

    /// The mask a `mask` output file holds: 255 − gray, after checking it is opaque gray,
    /// stored as the help says: PNG colour type 0 (gray), or 3 (palette) when every pixel is
    /// the same.
    static func readMask(_ path: String) throws -> AlphaMask {
        let image = try PNGImage(contentsOfFile: path, format: .grayAlpha)
        var pixels: [UInt8] = []
        for i in 0..<(image.width * image.height) {
            #expect(image.pixels[2 * i + 1] == 255)
            pixels.append(255 - image.pixels[2 * i])
        }
        let colorType = try Data(contentsOf: URL(fileURLWithPath: path))[25]
        #expect(colorType == (Set(pixels).count == 1 ? 3 : 0), "\(path): colour type \(colorType)")
        return try AlphaMask(width: image.width, height: image.height, pixels: pixels)
    }

    /// The frame the library renders between two masks with the default style.
    static func frame(_ a: AlphaMask, _ b: AlphaMask, progress: Double) throws -> PNGImage {
        let renderer = try MorphRenderer(width: a.width, height: a.height, style: MorphStyle(maxBlurRadius: 12))
        var pixels = [UInt8](repeating: 0, count: a.width * a.height * 4)
        try pixels.withUnsafeMutableBytes { try renderer.render(source: a, target: b, progress: progress, into: $0, format: .rgba8) }
        return try PNGImage(width: a.width, height: a.height, format: .rgba, pixels: pixels)
    }

    @Test func defaultRenderMorphsPlayIntoPause() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try Binary.run(["render", "--progress", "0.5"], in: folder.path)
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout == "wrote morph.png (132×132)\n")
        let image = try PNGImage(contentsOfFile: folder.file("morph.png"))
        let box = IconBox(width: 44, height: 44, scale: 3)
        let play = try AlphaMask(icon: BuiltInSymbol.play.icon, box: box)
        let pause = try AlphaMask(icon: BuiltInSymbol.pause.icon, box: box)
        #expect(image == (try Self.frame(play, pause, progress: 0.5)))
        #expect(image != (try Self.frame(play, pause, progress: 0)))
        #expect(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
    }

    @Test("an SVG's translucent layer is drawn at its opacity at rest and melts with the rest of the icon")
    func translucentLayersKeepTheirOpacity() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let svg = folder.file("two-tone.svg")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <rect x="3" y="3" width="8" height="18"/>
              <rect x="13" y="3" width="8" height="18" opacity="0.35"/>
            </svg>
            """.utf8).write(to: URL(fileURLWithPath: svg))
        let box = IconBox(width: 44, height: 44, scale: 3)
        let icon = try AlphaMask(icon: SVGImporter.load(contentsOfFile: svg).icon, box: box)
        let star = try AlphaMask(icon: BuiltInSymbol.star.icon, box: box)
        #expect(icon.opaqueCoverage != nil)
        for (p, mask) in [(0.0, icon), (1.0, icon), (0.5, nil)] as [(Double, AlphaMask?)] {
            let out = folder.file("frame-\(p).png")
            let (from, to) = p == 1 ? ("star", svg) : (svg, "star")
            let run = try Binary.run(["render", "--from", from, "--to", to, "--progress", String(p), "-q", "-o", out])
            #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
            let image = try PNGImage(contentsOfFile: out)
            let (a, b) = p == 1 ? (star, icon) : (icon, star)
            #expect(image == (try Self.frame(a, b, progress: p)))
            guard let mask else { continue }
            // At rest the frame is the icon: the translucent bar at 35 %, not cut at the threshold.
            let alpha = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
            #expect(zip(alpha, mask.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
            #expect(alpha[66 * 132 + 90] == 89)
        }
    }

    @Test func iconsThatDrawNothingAreNamedInAWarning() throws {
        // An all-transparent PNG and an SVG of text alone (which the importer leaves out) make
        // empty masks: the morph runs, and a warning says so.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clear = try folder.write(try PNGImage(width: 8, height: 8, format: .rgba, pixels: [UInt8](repeating: 0, count: 256)), as: "clear.png")
        let text = folder.file("text.svg")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text x=\"2\" y=\"20\">Hi</text></svg>".utf8)
            .write(to: URL(fileURLWithPath: text))
        let run = try Binary.run(["render", "--from", clear, "--to", "star", "--progress", "0.5", "-q", "-o", folder.file("a.png")])
        #expect(run.status == 0)
        #expect(run.stderr == "iconmorph: warning: --from: '\(clear)' draws nothing (every pixel of its mask is transparent); "
                    + "the morph grows from or fades to nothing there\n", "\(run.stderr)")
        let svg = try Binary.run(["render", "--from", "star", "--to", text, "--progress", "0.5", "-q", "-o", folder.file("b.png")])
        #expect(svg.status == 0)
        #expect(svg.stderr.hasSuffix("iconmorph: warning: --to: '\(text)' draws nothing (every pixel of its mask is transparent); "
                    + "the morph grows from or fades to nothing there\n"), "\(svg.stderr)")
        // A real icon gets no such word.
        let plain = try Binary.run(["render", "--from", "heart", "--to", "star", "--progress", "0.5", "-q", "-o", folder.file("c.png")])
        #expect(plain.status == 0 && plain.stderr == "")
    }

    @Test func symbolsListsEveryNameOnItsOwnLine() throws {
        let result = try Binary.run(["symbols"])
        #expect(result.status == 0 && result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "")
        let names = Array(lines.dropLast())
        #expect(names.count >= 16)
        #expect(names == BuiltInSymbol.allCases.map(\.name).sorted())
        #expect(names.contains("play") && names.contains("magnifyingglass") && names.contains("arrow.up"))
    }

    @Test func maskOfASymbolEqualsTheLibraryMask() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.file("star.png")
        let result = try Binary.run(["mask", "--from", "Star", "--size", "24", "--scale", "4", "-o", output])
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout == "wrote \(output) (96×96)\n")
        let mask = try Self.readMask(output)
        #expect(mask == (try AlphaMask(icon: BuiltInSymbol.star.icon, box: Self.box24)))
        // Ink inside the symbol's 3-unit (12 px) margin only, and a fair amount of it.
        let covered = mask.pixels.filter { $0 > 0 }.count
        #expect(covered > 96 * 96 / 10)
        for y in 0..<96 {
            for x in 0..<96 where mask.pixels[y * 96 + x] > 0 {
                #expect((12..<84).contains(x) && (12..<84).contains(y))
            }
        }
    }

    @Test func maskOfAPNGWithPaddingAndDefaultName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let disc = try folder.write(TestIcons.disc(size: 64), as: "disc.png")
        let result = try Binary.run(["mask", "--from", disc, "--padding", "2"], in: folder.path)
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdout == "wrote mask.png (144×144)\n")
        let mask = try Self.readMask(folder.file("mask.png"))
        let box = IconBox(width: 44, height: 44, scale: 3, padding: 2)
        #expect(mask == (try AlphaMask(contentsOfPNGFile: disc, box: box)))
        // The padding (6 px) stays empty.
        #expect((0..<144).allSatisfy { mask.pixels[$0] == 0 && mask.pixels[143 * 144 + $0] == 0 })
        // An existing folder gets mask.png inside it.
        let sub = folder.file("out")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let again = try Binary.run(["mask", "--from", disc, "-o", sub, "-q"])
        #expect(again.status == 0 && again.stdout == "" && again.stderr == "")
        #expect(try folder.contents(of: sub) == ["mask.png"])
    }

    /// The picture `mask` writes is itself an icon that gives back the same mask.
    @Test func maskPictureRoundTripsAsAnIcon() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = folder.file("first.png"), second = folder.file("second.png")
        #expect(try Binary.run(["mask", "--from", "gear", "-o", first, "-q"]).status == 0)
        #expect(try Binary.run(["mask", "--from", first, "-o", second, "-q"]).status == 0)
        #expect(try Self.readMask(first) == (try Self.readMask(second)))
        #expect(try Self.readMask(first).pixels.contains(255))
    }

    @Test func maskOfAnSVGFileCoversExactlyItsShape() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let svg = folder.file("square.svg")
        try Data(Self.squareSVG.utf8).write(to: URL(fileURLWithPath: svg))
        let output = folder.file("square-mask.png")
        let result = try Binary.run(["mask", "--from", svg, "--size", "24", "--scale", "4", "-o", output])
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        let mask = try Self.readMask(output)
        #expect(mask.width == 96 && mask.height == 96)
        for y in 0..<96 {
            for x in 0..<96 {
                let inside = (24..<72).contains(x) && (24..<72).contains(y)
                #expect(mask.pixels[y * 96 + x] == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func standardInputTakesPNGOrSVGBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let disc = try folder.write(TestIcons.disc(size: 64), as: "disc.png")
        let pngBytes = try Data(contentsOf: URL(fileURLWithPath: disc))
        let fromPipe = folder.file("pipe.png")
        let png = try Binary.run(["mask", "--from", "-", "-o", fromPipe], input: pngBytes)
        #expect(png.status == 0 && png.stderr == "", "\(png.stderr)")
        #expect(try Self.readMask(fromPipe) == (try AlphaMask(contentsOfPNGFile: disc, box: IconBox(width: 44, height: 44, scale: 3))))

        let svgOutput = folder.file("svg.png")
        let svg = try Binary.run(["mask", "--from", "-", "--size", "24", "--scale", "4", "-o", svgOutput],
                                 input: Data(("\u{FEFF}" + Self.squareSVG).utf8))
        #expect(svg.status == 0 && svg.stderr == "", "\(svg.stderr)")
        let mask = try Self.readMask(svgOutput)
        #expect(mask.pixels.filter { $0 == 255 }.count == 48 * 48)
        #expect(mask.pixels.filter { $0 != 0 && $0 != 255 }.isEmpty)

        // render reads standard input for --to as well; --from stays play.
        let frame = folder.file("frame.png")
        let render = try Binary.run(["render", "--to", "-", "--progress", "1", "-o", frame], input: pngBytes)
        #expect(render.status == 0 && render.stderr == "", "\(render.stderr)")
        let box = IconBox(width: 44, height: 44, scale: 3)
        let expected = try Self.frame(
            try AlphaMask(icon: BuiltInSymbol.play.icon, box: box), try AlphaMask(contentsOfPNGFile: disc, box: box),
            progress: 1)
        #expect(try PNGImage(contentsOfFile: frame) == expected)
    }

    /// A file that exists wins over the symbol of the same name.
    @Test func existingFileWinsOverASymbolName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write(TestIcons.disc(size: 64), as: "play")
        let result = try Binary.run(["mask", "--from", "play", "-q"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let mask = try Self.readMask(folder.file("mask.png"))
        #expect(mask == (try AlphaMask(contentsOfPNGFile: folder.file("play"), box: IconBox(width: 44, height: 44, scale: 3))))
        #expect(mask != (try AlphaMask(icon: BuiltInSymbol.play.icon, box: IconBox(width: 44, height: 44, scale: 3))))
        // A folder of that name does not shadow the symbol.
        try FileManager.default.createDirectory(atPath: folder.file("pause"), withIntermediateDirectories: false)
        let symbol = try Binary.run(["mask", "--from", "pause", "-o", "p.png", "-q"], in: folder.path)
        #expect(symbol.status == 0, "\(symbol.stderr)")
        #expect(try Self.readMask(folder.file("p.png"))
            == (try AlphaMask(icon: BuiltInSymbol.pause.icon, box: IconBox(width: 44, height: 44, scale: 3))))
        // A folder that is not a symbol's name is read as a file, which says what it is.
        try FileManager.default.createDirectory(atPath: folder.file("notes"), withIntermediateDirectories: false)
        let notes = try Binary.run(["mask", "--from", "notes"], in: folder.path)
        #expect(notes.status == 66 && notes.stdout == "")
        #expect(notes.stderrLines == ["iconmorph: error: notes: cannot read: it is a directory"])
    }

    /// Parts of an SVG that cannot be drawn are left out with one warning line per input;
    /// the run goes on and the rest is drawn.
    @Test func unsupportedSVGFeaturesWarnAndTheRunGoesOn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let svg = folder.file("labelled.svg")
        let markup = Self.squareSVG.replacingOccurrences(
            of: "</svg>", with: "  <text x=\"2\" y=\"22\">label</text>\n  <image href=\"a.png\" width=\"4\" height=\"4\"/>\n</svg>")
        try Data(markup.utf8).write(to: URL(fileURLWithPath: svg))
        let warnings = try SVGImporter.load(contentsOfFile: svg).warnings
        #expect(warnings.count == 1)

        let output = folder.file("labelled.png")
        let result = try Binary.run(["mask", "--from", svg, "--size", "24", "--scale", "4", "-o", output])
        #expect(result.status == 0)
        #expect(result.stdout == "wrote \(output) (96×96)\n")
        #expect(result.stderrLines == warnings.map { "iconmorph: warning: " + $0 })
        #expect(result.stderrLines.first?.hasPrefix("iconmorph: warning: \(svg): ") == true)
        #expect(try Self.readMask(output).pixels.filter { $0 == 255 }.count == 48 * 48)

        // Both inputs of a render warn, each on its own line, and the frame is still written;
        // one file given as both warns once (its two readings' warnings are the same line).
        let other = folder.file("other.svg")
        try Data(markup.utf8).write(to: URL(fileURLWithPath: other))
        let otherWarnings = try SVGImporter.load(contentsOfFile: other).warnings
        let both = try Binary.run(["render", "--from", svg, "--to", other, "--progress", "0.5", "-o", folder.file("f.png")])
        #expect(both.status == 0)
        #expect(both.stderrLines == (warnings + otherWarnings).map { "iconmorph: warning: " + $0 })
        #expect(FileManager.default.fileExists(atPath: folder.file("f.png")))
        let same = try Binary.run(["render", "--from", svg, "--to", svg, "--progress", "0.5", "-o", folder.file("g.png")])
        #expect(same.status == 0)
        #expect(same.stderrLines == warnings.map { "iconmorph: warning: " + $0 })
    }
}
