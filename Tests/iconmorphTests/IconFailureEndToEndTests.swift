import AlphaRaster
import Foundation
import PNGCodec
import SVGImport
import Testing
@testable import iconmorph

/// Icons that cannot be found or read: each run ends with its sysexits status, one error line
/// naming the option or file, nothing on standard output and no file written.
@Suite(.serialized)
struct IconFailureEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The whole command line, with `$D` standing for the scratch folder.
        let arguments: [String]
        var input: String?
        let status: Int32
        /// The error line after `iconmorph: error: `, with `$D` for the folder; `nil` to ask
        /// the library for its own message about the file.
        let message: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "misspelled symbol", arguments: ["render", "--from", "plya", "--progress", "0.5", "-o", "$D/out.png"],
             status: 66, message: "--from: 'plya' is not a file or a built-in symbol (did you mean 'play'?)"),
        Case(name: "swapped letters", arguments: ["render", "--from", "play", "--to", "stpo", "--progress", "0.5", "-o", "$D/out.png"],
             status: 66, message: "--to: 'stpo' is not a file or a built-in symbol (did you mean 'stop'?)"),
        Case(name: "misspelled --to", arguments: ["render", "--to", "puase", "--frames", "2", "-o", "$D/seq"],
             status: 66, message: "--to: 'puase' is not a file or a built-in symbol (did you mean 'pause'?)"),
        Case(name: "unknown word", arguments: ["mask", "--from", "spaceship", "-o", "$D/out.png"],
             status: 66, message: "--from: 'spaceship' is not a file or a built-in symbol; run 'iconmorph symbols' for the names"),
        Case(name: "missing SVG file", arguments: ["mask", "--from", "$D/none.svg", "-o", "$D/out.png"],
             status: 66, message: "$D/none.svg: no such file"),
        Case(name: "malformed SVG", arguments: ["mask", "--from", "$D/bad.svg", "-o", "$D/out.png"],
             status: 65, message: nil),
        Case(name: "SVG beyond the rasterizer's range", arguments: ["mask", "--from", "$D/huge.svg", "-o", "$D/out.png"],
             status: 65, message: nil),
        Case(name: "SVG markup in a .png file", arguments: ["render", "--from", "$D/markup.png", "--progress", "0", "-o", "$D/out.png"],
             status: 65, message: nil),
        Case(name: "text in a .png file", arguments: ["render", "--from", "$D/notes.png", "--progress", "0", "-o", "$D/out.png"],
             status: 65, message: "$D/notes.png: not a PNG or SVG image (no PNG signature, and no '<' to start SVG markup)"),
        Case(name: "text in a .png file, as an outline", arguments: ["paths", "--from", "$D/notes.png", "--to", "star"],
             status: 65, message: "$D/notes.png: not a PNG or SVG image (no PNG signature, and no '<' to start SVG markup)"),
        Case(name: "empty standard input", arguments: ["mask", "--from", "-", "-o", "$D/out.png"], input: "",
             status: 65, message: "<stdin>: no data; expected a PNG or SVG image"),
        Case(name: "text on standard input", arguments: ["render", "--from", "-", "--progress", "0", "-o", "$D/out.png"],
             input: "hello", status: 65,
             message: "<stdin>: not a PNG or SVG image (no PNG signature, and no '<' to start SVG markup)"),
        Case(name: "UTF-16 SVG on standard input", arguments: ["render", "--from", "-", "--progress", "0", "-o", "$D/out.png"],
             input: "<\u{0}s\u{0}v\u{0}g\u{0}", status: 65,
             message: "<stdin>: UTF-16 text; iconmorph reads SVG as UTF-8: save the file as UTF-8"),
        Case(name: "gzip-compressed SVG file", arguments: ["render", "--from", "$D/icon.svgz", "--progress", "0", "-o", "$D/out.png"],
             status: 65,
             message: "$D/icon.svgz: gzip-compressed data (an .svgz file?), which iconmorph does not unpack: "
                 + "give it the SVG inside (gunzip -c icon.svgz > icon.svg)"),
        Case(name: "gzip data on standard input", arguments: ["mask", "--from", "-", "-o", "$D/out.png"],
             input: "\u{1F}\u{8B}\u{8}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{3}\u{3}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", status: 65,
             message: "<stdin>: gzip-compressed data (an .svgz file?), which iconmorph does not unpack: "
                 + "give it the SVG inside (gunzip -c icon.svgz > icon.svg)"),
        Case(name: "corrupt PNG on standard input", arguments: ["mask", "--from", "-", "-o", "$D/out.png"],
             input: "\u{89}PNG\r\n\u{1A}\n", status: 65, message: nil),
        Case(name: "malformed SVG on standard input", arguments: ["mask", "--from", "-", "-o", "$D/out.png"],
             input: "<svg", status: 65, message: nil),
    ]

    @Test(arguments: cases)
    func failsCleanly(_ test: Case) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"4\" height=\"4\"".utf8)
            .write(to: URL(fileURLWithPath: folder.file("bad.svg")))
        // (A malformed viewBox: path data in error would be drawn up to the error.)
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 x\"><path d=\"M0 0 L4 4\"/></svg>".utf8)
            .write(to: URL(fileURLWithPath: folder.file("markup.png")))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect width=\"1e300\" height=\"4\"/></svg>".utf8)
            .write(to: URL(fileURLWithPath: folder.file("huge.svg")))
        try Data("shopping list: milk, eggs\n".utf8).write(to: URL(fileURLWithPath: folder.file("notes.png")))
        // gzip's own output for an empty file: a whole gzip member.
        try Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0])
            .write(to: URL(fileURLWithPath: folder.file("icon.svgz")))
        let before = try folder.contents()

        let arguments = test.arguments.map { $0.replacingOccurrences(of: "$D", with: folder.path) }
        // ISO Latin-1 keeps the PNG signature's bytes as they are.
        let input = test.input.map { Data($0.unicodeScalars.map { UInt8($0.value) }) }
        let result = try Binary.run(arguments, input: input)

        let expected: String
        if let message = test.message {
            expected = message.replacingOccurrences(of: "$D", with: folder.path)
        } else if let input {
            expected = Self.libraryMessage(data: [UInt8](input))
            #expect(expected.hasPrefix("<stdin>"))
        } else {
            expected = Self.libraryMessage(file: arguments[2])
            #expect(expected.hasPrefix(arguments[2] + ":"))
        }
        #expect(result.status == test.status)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["iconmorph: error: " + expected])
        #expect(try folder.contents() == before)
    }

    /// What the importer or rasterizer itself says, so the test does not restate its words.
    static func libraryMessage(file path: String) -> String {
        do {
            let svg = try SVGImporter.load(contentsOfFile: path)
            _ = try AlphaMask(icon: svg.icon, box: IconBox(width: 44, height: 44, scale: 3))
            return "<read>"
        } catch AlphaRasterError.invalidIcon(let field, let reason) {
            return "\(path): cannot draw the SVG icon: \(field): \(reason)"
        } catch {
            return "\(error)"
        }
    }

    static func libraryMessage(data: [UInt8]) -> String {
        do {
            if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                _ = try PNGImage(pngData: data, name: "<stdin>")
            } else {
                _ = try SVGImporter.parse(data: data, name: "<stdin>")
            }
            return "<read>"
        } catch {
            return "\(error)"
        }
    }
}
