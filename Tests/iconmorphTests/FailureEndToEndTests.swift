import Foundation
import PNGCodec
import Testing

/// Bad runs of the built binary: each ends with its sysexits status, exactly one line on
/// standard error naming the file or option, nothing on standard output, and no output or
/// temporary file left behind.
@Suite(.serialized)
struct FailureEndToEndTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Arguments after `render`, with `$D` standing for the scratch folder.
        let arguments: [String]
        let status: Int32
        /// The error line after `iconmorph: error: `, with `$D` for the folder; `nil` to ask
        /// the PNG decoder for its own message about `$D/bad.png`.
        let message: String?
        var shellPrefix: String?
        var testDescription: String { name }
    }

    static let good = ["--from", "$D/disc.png", "--to", "$D/square.png"]

    static let cases: [Case] = [
        Case(name: "missing input", arguments: ["--from", "$D/nope.png", "--to", "$D/square.png", "--progress", "0.5", "-o", "$D/out.png"],
             status: 66, message: "$D/nope.png: no such file"),
        Case(name: "input is a folder", arguments: ["--from", "$D/sub", "--to", "$D/square.png", "--progress", "0.5", "-o", "$D/out.png"],
             status: 66, message: "$D/sub: cannot read: it is a directory"),
        Case(name: "text in a .png file", arguments: ["--from", "$D/disc.png", "--to", "$D/bad.png", "--progress", "0.5", "-o", "$D/out.png"],
             status: 65, message: "$D/bad.png: not a PNG or SVG image (no PNG signature, and no '<' to start SVG markup)"),
        Case(name: "truncated PNG", arguments: ["--from", "$D/cut.png", "--to", "$D/square.png", "--frames", "2", "-o", "$D/seq"],
             status: 65, message: "$D/cut.png: not a valid PNG image: file ends early, the data is truncated"),
        Case(name: "PNG too large", arguments: ["--from", "$D/huge.png", "--to", "$D/square.png", "--progress", "0", "-o", "$D/out.png"],
             status: 65, message: "$D/huge.png: image is 100000×100000 pixels, more than the limit of 64000000 pixels"),
        Case(name: "output folder missing", arguments: good + ["--progress", "0.5", "-o", "$D/missing/out.png"],
             status: 73, message: "$D/missing/out.png: cannot create: folder '$D/missing' does not exist"),
        Case(name: "output folder with slash missing", arguments: good + ["--progress", "0.5", "-o", "$D/missing/"],
             status: 73, message: "$D/missing/: cannot create: folder '$D/missing/' does not exist; a single file goes into a folder that exists, so create it first or give a file name"),
        Case(name: "frames folder parent missing", arguments: good + ["--frames", "3", "-o", "$D/a/b"],
             status: 73, message: "$D/a/b: cannot create folder: its parent folder '$D/a' does not exist"),
        Case(name: "frames folder is a file", arguments: good + ["--frames", "3", "-o", "$D/square.png/x"],
             status: 73, message: "$D/square.png: exists and is not a folder"),
        Case(name: "frames folder with a slash is a file", arguments: good + ["--frames", "3", "-o", "$D/file/"],
             status: 73, message: "$D/file: exists and is not a folder"),
        Case(name: "frames pattern folder is a file", arguments: good + ["--frames", "3", "-o", "$D/file/f_%d.png"],
             status: 73, message: "$D/file: exists and is not a folder"),
        // 250 letters, a number and .png: 256 bytes from frame 10 on, refused before frame 0 is written.
        Case(name: "pattern names too long from frame 10", arguments: good + ["--frames", "12", "-o", "$D/sub/" + String(repeating: "a", count: 250) + "%d.png"],
             status: 64, message: "-o: the frame files' names pass the 255 bytes a file name may have from frame 10 on ('$D/sub/"
                 + String(repeating: "a", count: 250) + "10.png'); give a shorter pattern"),
        Case(name: "frames into a .png name", arguments: good + ["--frames", "3", "-o", "$D/anim.png"],
             status: 64, message: "-o: a sequence writes a file per frame, so expected a folder or a pattern such as '$D/anim_%04d.png', got '$D/anim.png'"),
        Case(name: "progress out of range", arguments: good + ["--progress", "1.5", "-o", "$D/out.png"],
             status: 64, message: "--progress: expected a number from 0 to 1, got '1.5'"),
        Case(name: "no frames", arguments: good + ["--frames", "0", "-o", "$D/seq"],
             status: 64, message: "--frames: expected an integer from 2 to 100000, got '0'"),
        Case(name: "short color", arguments: good + ["--progress", "0", "--color", "#12", "-o", "$D/out.png"],
             status: 64, message: "--color: expected a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '#12'"),
        Case(name: "unknown option", arguments: good + ["--progress", "0", "--colour", "#123", "-o", "$D/out.png"],
             status: 64, message: "unknown option '--colour'; did you mean '--color'?"),
        // The temporary folder is named where it is what fails, not only the output.
        Case(name: "animated PNG to a device, no temporary folder", arguments: good + ["--frames", "3", "--format", "apng", "-o", "/dev/null"],
             status: 73, message: "/dev/null: cannot create: No such file or directory; staged in $D/none ($TMPDIR)",
             shellPrefix: "export TMPDIR=\"$D/none\""),
        Case(name: "video, no temporary folder", arguments: good + ["--frames", "3", "-o", "$D/v.webm"],
             status: 73, message: "$D/v.webm: ffmpeg failed: cannot make ffmpeg's log file in $D/none ($TMPDIR): No such file or directory",
             shellPrefix: "export TMPDIR=\"$D/none\""),
    ]

    /// A file size limit of 512 bytes; a test of its own because it runs a plain build under
    /// ThreadSanitizer (`MeasuredRun.underThreadSanitizer`).
    static let fileSizeLimitCase = Case(
        name: "file size limit", arguments: good + ["--progress", "0.5", "-o", "$D/out.png"],
        status: 74, message: "$D/out.png: write failed: File too large", shellPrefix: "ulimit -f 1")

    @Test func fileSizeLimit() throws {
        try check(Self.fileSizeLimitCase, unsanitized: true)
    }

    @Test(arguments: cases)
    func failsCleanly(_ test: Case) throws { try check(test) }

    /// Runs `test`'s command and checks its exit, message and folder.
    func check(_ test: Case, unsanitized: Bool = false) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write(TestIcons.disc(size: 64), as: "disc.png")
        let square = try folder.write(TestIcons.square(width: 48, height: 32), as: "square.png")
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        try Data("not a PNG at all".utf8).write(to: URL(fileURLWithPath: folder.file("bad.png")))
        try Data("plain file".utf8).write(to: URL(fileURLWithPath: folder.file("file")))
        let squareBytes = try Data(contentsOf: URL(fileURLWithPath: square))
        try squareBytes.prefix(squareBytes.count / 2).write(to: URL(fileURLWithPath: folder.file("cut.png")))
        try Data(Self.hugePNGHeader()).write(to: URL(fileURLWithPath: folder.file("huge.png")))
        let before = try folder.contents()

        let arguments = ["render"] + test.arguments.map { $0.replacingOccurrences(of: "$D", with: folder.path) }
        let shellPrefix = test.shellPrefix?.replacingOccurrences(of: "$D", with: folder.path)
        let result = try Binary.run(arguments, shellPrefix: shellPrefix, unsanitized: unsanitized)

        var expected: String
        if let message = test.message {
            expected = message.replacingOccurrences(of: "$D", with: folder.path)
        } else {
            expected = Self.decoderMessage(for: folder.file("bad.png"))
        }
        #expect(result.status == test.status)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["iconmorph: error: " + expected])
        // Nothing new: no output, no temporary file, no created folder.
        #expect(try folder.contents() == before)
        #expect(try folder.contents(of: folder.file("sub")).isEmpty)
    }

    /// What the decoder itself says about a file, so the test does not restate libpng's words.
    static func decoderMessage(for path: String) -> String {
        do {
            _ = try PNGImage(contentsOfFile: path)
            return "<decoded>"
        } catch {
            return "\(error)"
        }
    }

    /// A PNG whose IHDR declares 100000 × 100000 RGBA pixels, followed by a token IDAT and IEND,
    /// all with correct CRCs: the header is all the decoder needs to refuse it.
    static func hugePNGHeader() -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(100_000) + bigEndian(100_000) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }
}
