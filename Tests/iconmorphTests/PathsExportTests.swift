import AlphaRaster
import Foundation
import IconSymbols
import PathMorph
import Testing
@testable import iconmorph

/// `iconmorph paths`, run as a user would: every format against the library's matched
/// outlines, read back by independent consumers (rsvg-convert, JSONSerialization, swiftc).
@Suite(.serialized)
struct PathsExportTests {
    static let layout = try! IconBox(width: 44, height: 44, scale: 3).layout()

    static func morph(_ from: BuiltInSymbol, _ to: BuiltInSymbol) throws -> PathMorph {
        try PathMorph(from: from.icon, to: to.icon, layout: layout)
    }

    /// The `d` attribute of the only path in an SVG document.
    static func pathData(_ svg: String) -> String? {
        guard let start = svg.range(of: " d=\"") else { return nil }
        let rest = svg[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func commands(_ data: String) -> String { data.filter(\.isLetter) }

    @Test(arguments: [(BuiltInSymbol.play, BuiltInSymbol.pause), (.heart, .star), (.magnifyingglass, .bell), (.plus, .checkmark)])
    func svgPairHasMatchingCommandsAndDrawsTheIcons(_ pair: (BuiltInSymbol, BuiltInSymbol)) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try Binary.run(["paths", "--from", pair.0.name, "--to", pair.1.name, "-o", folder.file("pair.svg")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote \(folder.file("pair-from.svg")) and \(folder.file("pair-to.svg"))"))
        let from = try String(contentsOfFile: folder.file("pair-from.svg"), encoding: .utf8)
        let to = try String(contentsOfFile: folder.file("pair-to.svg"), encoding: .utf8)
        let a = try #require(Self.pathData(from)), b = try #require(Self.pathData(to))
        #expect(Self.commands(a) == Self.commands(b))
        let morph = try Self.morph(pair.0, pair.1)
        #expect(a == PathContour.svgPathData(morph.source) && b == PathContour.svgPathData(morph.target))
        // rsvg-convert draws each file as the icon: mean difference and overlap as the SVG
        // import's own comparison bounds them.
        for (file, icon) in [("pair-from.svg", pair.0), ("pair-to.svg", pair.1)] {
            let drawn = try rsvgAlpha(file: folder.file(file), width: Self.layout.width, height: Self.layout.height)
            let own = try AlphaMask(icon: icon.icon, layout: Self.layout).pixels
            let mean = zip(drawn, own).map { Double(abs(Int($0) - Int($1))) }.reduce(0, +) / Double(own.count)
            let both = zip(drawn, own).map { Double(min($0, $1)) }.reduce(0, +)
            let either = zip(drawn, own).map { Double(max($0, $1)) }.reduce(0, +)
            #expect(mean < 1.0 && both / either > 0.99, "\(file): mean \(mean), IoU \(both / either)")
        }
    }

    @Test func animatedSVGHoldsBothOutlinesAndTheEasing() throws {
        let run = try Binary.run(["paths", "--from", "heart", "--to", "star", "--format", "svg-animate", "--duration", "0.6",
                                  "--ping-pong", "--loops", "2", "-o", "-"])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("wrote svg-animate to standard output"))
        let morph = try Self.morph(.heart, .star)
        let from = PathContour.svgPathData(morph.source), to = PathContour.svgPathData(morph.target)
        #expect(run.stdout.contains("values=\"\(from);\(to);\(from)\""))
        #expect(run.stdout.contains("dur=\"1.2s\" repeatCount=\"2\""))
        #expect(run.stdout.contains("calcMode=\"spline\" keySplines=\"0.333333 0 0.666667 1;0.333333 0 0.666667 1\""))
        let linear = try Binary.run(["paths", "--format", "svg-animate", "--ease", "linear", "-o", "-", "-q"])
        #expect(linear.stdout.contains("calcMode=\"linear\"") && linear.stdout.contains("repeatCount=\"indefinite\""))
        #expect(linear.stderr == "")
    }

    @Test func jsonHoldsTheLibrarysPoints() throws {
        let run = try Binary.run(["paths", "--from", "bell", "--to", "heart", "--format", "json", "-o", "-", "-q"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["width"] as? Int == Self.layout.width && object["fillRule"] as? String == "nonzero")
        let contours = try #require(object["contours"] as? [[String: Any]])
        let morph = try Self.morph(.bell, .heart)
        #expect(contours.count == morph.source.count)
        for (index, pair) in contours.enumerated() {
            for (side, expected) in [("from", morph.source[index]), ("to", morph.target[index])] {
                let contour = try #require(pair[side] as? [String: Any])
                let start = try #require(contour["start"] as? [Double])
                let curves = try #require(contour["curves"] as? [[Double]])
                #expect(curves.count == expected.curves.count)
                #expect(abs(start[0] - expected.start.x) <= 5e-4 && abs(start[1] - expected.start.y) <= 5e-4)
                for (numbers, curve) in zip(curves, expected.curves) {
                    let want = [curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y, curve.end.x, curve.end.y]
                    #expect(zip(numbers, want).allSatisfy { abs($0 - $1) <= 5e-4 })
                }
            }
        }
    }

    @Test func aJSONNameAsksForJSON() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try Binary.run(["paths", "--from", "play", "--to", "pause", "-q", "-o", folder.file("points.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("points.json"))))
        #expect((object as? [String: Any])?["from"] as? String == "play")
    }

    /// A fully transparent --color draws nothing, and says so, as render does; JSON, which
    /// holds no colour, does not.
    @Test func aTransparentColourIsWarnedOf() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (format, file, warns) in [("svg", "c.svg", true), ("svg-animate", "c.svg", true), ("json", "c.json", false)] {
            let arguments = ["paths", "--format", format, "-q", "-o", folder.file(file)] + (format == "json" ? [] : ["--color", "#12345600"])
            let run = try Binary.run(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr == (warns ? "iconmorph: warning: --color has alpha 0, so the shapes do not show: the SVG draws nothing\n" : ""), "\(format)")
        }
    }

    /// Contours that cross themselves or overlap are filled by the outline's own winding,
    /// not as the icon fills them: warned of, with how much more the end frame covers, as
    /// rsvg-convert draws the exported outline against the icon. An icon whose outline keeps
    /// its fill is not.
    @Test func crossingContoursAreWarnedOf() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let star = folder.file("star5.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill-rule="evenodd" d="M12 2 L18 21 L2 9 L22 9 L6 21 Z"/></svg>"#
            .write(toFile: star, atomically: true, encoding: .utf8)
        let run = try Binary.run(["paths", "--from", star, "--to", "heart", "-q", "-o", folder.file("s.svg")])
        #expect(run.status == 0, "\(run.stderr)")
        let prefix = "iconmorph: warning: \(star): its contours cross themselves or overlap, which a path morph's outline cannot keep: its end frame covers "
        #expect(run.stderr.hasPrefix(prefix) && run.stderr.hasSuffix(" % more than the icon\n") && !run.stderr.dropFirst().contains("iconmorph:"), "\(run.stderr)")
        // The share, against the exported outline and the icon as an SVG reader draws them.
        let said = try #require(Double(run.stderr.dropFirst(prefix.count).prefix { $0 != " " }))
        let outline = try rsvgAlpha(file: folder.file("s-from.svg"), width: 132, height: 132).map(Int.init).reduce(0, +)
        let own = try Binary.run(["render", "--from", star, "--progress", "0", "--format", "png", "-q", "-o", folder.file("own.png")])
        #expect(own.status == 0)
        let drawn = try VectorExportTests.alpha(ofPNG: folder.file("own.png")).map(Int.init).reduce(0, +)
        let expected = Double(outline - drawn) / Double(drawn) * 100
        #expect(abs(said - expected) < 1.5, "said \(said) %, rsvg-convert against the icon's mask \(expected) %")
        let clean = try Binary.run(["paths", "--from", "heart", "--to", "star", "-q", "-o", folder.file("h.svg")])
        #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
    }

    /// Two SVG files named from standard output's name would be new files in /dev: refused
    /// whatever standard output is (a file here; a pipe was refused already).
    @Test func twoFilesAreNotNamedFromStandardOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExportRun.run("/bin/bash", ["-c", "\"$0\" paths -o /dev/stdout > \"$1\"", try Binary.locate(), folder.file("f")])
        #expect(run.status == 64 && run.stderr.contains("--format svg writes two files named from '/dev/stdout'"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/stdout-from.svg"))
    }

    @Test func badRequestsAreUsageErrorsAndWriteNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = try folder.write(TestIcons.disc(size: 32), as: "disc.png")
        let cases: [([String], String)] = [
            (["--from", png], "--from: \(png) is a PNG image, which has no outline; paths needs an SVG file or a built-in symbol"),
            (["-o", "-"], "-o: --format svg writes two files, so it cannot go to standard output"),
            (["-o", "/dev/null"], "-o: --format svg writes two files named from '/dev/null', which is not a regular file or a folder"),
            (["--name", "Shape"], "--name: applies to --format swiftui and uikit only"),
            (["--format", "swiftui", "--name", "2Bad"], "--name: expected a Swift type name"),
            (["--format", "swiftui", "--name", "_"], "--name: expected a Swift type name"),
            (["--format", "uikit", "--name", "defer"], "--name: expected a Swift type name"),
            (["--format", "swiftui", "--name", "Path"], "--name: 'Path' names a type or function the --format swiftui code uses; give another name"),
            (["--format", "swiftui", "--name", "max"], "--name: 'max' names a type or function the --format swiftui code uses"),
            (["--format", "swiftui", "--name", "await"], "--name: expected a Swift type name"),
            (["--format", "uikit", "--name", "UIBezierPath"], "--name: 'UIBezierPath' names a type or function the --format uikit code uses"),
            (["--format", "json", "--duration", "1"], "--duration: applies to --format svg-animate only"),
            (["--format", "json", "-o", "x.svg"], "-o: 'x.svg' is named like another format's file; --format json writes .json"),
            (["--format", "uikit", "-o", "x.json"], "-o: 'x.json' is named like another format's file; --format uikit writes .swift"),
        ]
        for (arguments, message) in cases {
            let run = try Binary.run(["paths"] + arguments + (arguments.contains("-o") ? [] : ["-o", folder.file("x.svg")]))
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix("iconmorph: error: " + message), "\(run.stderr)")
        }
        #expect(try folder.contents() == ["disc.png"])
    }

    /// An empty file is reported as empty (a data error, as `render` reports it), not as a
    /// PNG image without an outline.
    @Test func anEmptyFileIsEmptyNotAPNG() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let empty = folder.file("zero.bin")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let run = try Binary.run(["paths", "--from", empty, "-o", folder.file("x.svg")])
        #expect(run.status == 65, "\(run.status)")
        #expect(run.stderr == "iconmorph: error: \(empty): not a valid PNG image: the file is empty\n", "\(run.stderr)")
        #expect(try folder.contents() == ["zero.bin"])
    }

    @Test func emptyAndHugeOutlinesAreDataErrorsNamingTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let empty = folder.file("empty.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 3"/></svg>"#
            .write(toFile: empty, atomically: true, encoding: .utf8)
        // One polygon of 250 000 points: past PathMorph.maximumCurves once matched.
        var data = "M12 4"
        for k in 1..<250_000 {
            let angle = Double(k) / 250_000 * 2 * .pi
            data += String(format: " L%.4f %.4f", 12 + 8 * sin(angle), 12 - 8 * cos(angle))
        }
        let huge = folder.file("huge.svg")
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d=""# .appending(data + #" Z"/></svg>"#)
            .write(toFile: huge, atomically: true, encoding: .utf8)
        let none = try Binary.run(["paths", "--from", empty, "-o", folder.file("out.svg")])
        #expect(none.status == 65)
        #expect(none.stderr == "iconmorph: error: \(empty): draws no outline to morph\n")
        let big = try Binary.run(["render", "--style", "path", "--from", huge, "--progress", "0.5", "-o", folder.file("out.png")])
        #expect(big.status == 65)
        #expect(big.stderr.hasPrefix("iconmorph: error: \(huge) → pause: too complex to match: "), "\(big.stderr)")
        #expect(try folder.contents().sorted() == ["empty.svg", "huge.svg"], "nothing written")
    }
}
