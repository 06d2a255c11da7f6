import AlphaRaster
import MorphKernel
import PNGCodec
import SVGImport
import Testing
@testable import iconmorph

/// Each kind of failure gets its sysexits status, and its message stays one line.
struct CommandFailureTests {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String { "something odd\nhappened" }
    }

    @Test func statusForEveryFailure() {
        let table: [(any Error, Int32, String)] = [
            (PNGError.fileNotFound(path: "a.png"), 66, "a.png: no such file"),
            (PNGError.unreadable(path: "a.png", reason: "Permission denied"), 66, "a.png: cannot read: Permission denied"),
            (PNGError.invalidPNG(path: "a.png", reason: "Not a PNG file"), 65, "a.png: not a valid PNG image: Not a PNG file"),
            (PNGError.tooLarge(path: "a.png", width: 9, height: 9, limit: 80), 65,
             "a.png: image is 9×9 pixels, more than the limit of 80 pixels"),
            (PNGError.cannotCreate(path: "o.png", reason: "No such file or directory"), 73,
             "o.png: cannot create: No such file or directory"),
            (PNGError.writeFailed(path: "o.png", reason: "No space left on device"), 74,
             "o.png: write failed: No space left on device"),
            (PNGError.encodingFailed(reason: "x"), 70, "cannot encode PNG: x"),
            (OutputError.notAFolder(path: "f"), 73, "f: exists and is not a folder"),
            (CommandLineError.repeatedOption("--to"), 64, "--to: given more than once; give it once"),
            (MorphError.invalidParameter(.blurLevels, reason: "must be from 2 to 10000, got 1"), 64,
             "--blur-levels: must be from 2 to 10000, got 1"),
            (MorphError.invalidParameter(.time, reason: "must be finite"), 70, "internal error: time: must be finite"),
            (MorphError.sizeMismatch(.target, width: 3, height: 3, expectedWidth: 4, expectedHeight: 4), 70,
             "internal error: the target mask is 3×3 pixels but the renderer is 4×4"),
            (AlphaRasterError.invalidBox(.scale, reason: "must be > 0"), 64, "--scale: must be > 0"),
            (AlphaRasterError.invalidBox(.height, reason: "too small"), 64, "--size: too small"),
            (AlphaRasterError.invalidBox(.padding, reason: "too wide"), 64, "--padding: too wide"),
            (Unexpected(), 70, "internal error: something odd\\nhappened"),
            (PNGError.fileNotFound(path: "two\nlines.png"), 66, "two\\nlines.png: no such file"),
            (SVGError.fileNotFound(path: "a.svg"), 66, "a.svg: no such file"),
            (SVGError.unreadable(path: "a.svg", reason: "Permission denied"), 66, "a.svg: cannot read: Permission denied"),
            (SVGError.malformedXML(file: "a.svg", line: 3, column: 14, reason: "expected '>'"), 65,
             "a.svg:3:14: malformed XML: expected '>'"),
            (SVGError.invalidDocument(file: "a.svg", line: 1, column: 1, reason: "the root element is <html>, not <svg>"), 65,
             "a.svg:1:1: the root element is <html>, not <svg>"),
            (IconInputError.unknownName(option: "--to", name: "hart", suggestion: "heart"), 66,
             "--to: 'hart' is not a file or a built-in symbol (did you mean 'heart'?)"),
            (IconInputError.unrecognizedData(name: "<stdin>", byteCount: 0), 65, "<stdin>: no data; expected a PNG or SVG image"),
            (IconInputError.unreadable(name: "<stdin>", reason: "Bad file descriptor"), 66, "<stdin>: cannot read: Bad file descriptor"),
            (IconInputError.tooLarge(name: "/dev/zero", limit: 8), 65, "/dev/zero: more than 8 bytes, too much for an icon"),
            (IconInputError.undrawable(name: "a.svg", reason: "layer 1 path: too far"), 65,
             "a.svg: cannot draw the SVG icon: layer 1 path: too far"),
            (CommandLineError.bothStandardInput("--from", "--to"), 64,
             "--from and --to cannot both be '-': standard input holds one icon; give a file or a symbol name for one of them"),
        ]
        for (error, status, message) in table {
            let failure = CommandFailure(error)
            #expect(failure.exitCode.rawValue == status, "\(error)")
            #expect(failure.message == message)
            #expect(failure.line == "iconmorph: error: " + message)
        }
    }
}
