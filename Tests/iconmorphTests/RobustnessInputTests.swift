import AlphaRaster
import Foundation
import PNGCodec
import Testing

/// Hostile and broken icons given to the built binary: corrupt, truncated and oversized PNGs,
/// decompression bombs, malformed, deep, huge and self-referencing SVGs, and inputs that are
/// not files at all. Each run ends with its documented status, exactly one line on standard
/// error that names the file and the reason (or, where the input is acceptable, a written
/// mask), no backtrace, nothing left in the folder, and within a bound on time and memory.
///
/// Measured on the 2-core VM, debug build, with a sanitizer test run busy beside it (wall
/// time, peak RSS from `VmHWM`): a rejected header or chunk takes under 0.2 s and 14 MiB; a
/// 4000 × 4000 image of zeros in 101 KB (a 16 MB decompression bomb within the pixel limit)
/// 1.6 s and 74 MiB; 100 MB of zeros after a 1 × 1 image's data 0.7 s and 13 MiB; standard
/// input of endless zeros stops at the 256 MiB input limit in 1.8 s and 276 MiB; 100 000
/// `<use>` copies 3.2 s and 41 MiB. The bounds below leave room for a slower machine.
@Suite(.serialized)
struct RobustnessInputTests {
    /// What the error line must say.
    enum Expected: Sendable {
        /// This text after `iconmorph: error: `, with `$F` for the input path and `$D` for the folder.
        case exact(String)
        /// Whatever the PNG decoder says about the file (so libpng's words are not restated);
        /// it must name the file.
        case decoder
        /// Whatever the SVG importer or rasterizer says about the file; it must name the file.
        case importer
        /// The decoder's or importer's message about the bytes given on standard input.
        case standardInput
        /// Success: the mask is written.
        case written
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The file's name in the scratch folder.
        var file = "icon.png"
        /// The file's contents; `nil` when the row sets up something else.
        var bytes: (@Sendable () -> [UInt8])?
        /// The command line, `$F` standing for the file's path and `$D` for the folder.
        var arguments = ["mask", "--from", "$F", "-o", "$D/out.png"]
        /// Standard input, `$F` for the file; /dev/null when `nil`.
        var stdin: String?
        var shellPrefix = ":"
        let status: Int32
        let expected: Expected
        /// Bounds on wall time (seconds) and peak resident size (MiB).
        var seconds = 10.0
        var peakMiB = 150
        var testDescription: String { name }
    }

    static func png(_ header: [UInt8], _ idat: [UInt8] = PNGBytes.stored([0, 0, 0, 0, 0])) -> @Sendable () -> [UInt8] {
        { PNGBytes.png(header: header, idat: idat) }
    }

    static func svg(_ text: String) -> @Sendable () -> [UInt8] { { Array(text.utf8) } }

    static let ns = "xmlns=\"http://www.w3.org/2000/svg\""

    static let pngCases: [Case] = [
        Case(name: "empty file", bytes: { [] }, status: 65, expected: .exact("$F: not a valid PNG image: the file is empty")),
        Case(name: "signature only", bytes: { PNGBytes.signature }, status: 65, expected: .decoder),
        Case(name: "signature then garbage", bytes: { PNGBytes.signature + Array(repeating: 0xA5, count: 300) },
             status: 65, expected: .decoder),
        Case(name: "IHDR with a bad CRC", bytes: {
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.header(width: 4, height: 4), crc: 0xDEAD_BEEF)
                + PNGBytes.chunk("IDAT", PNGBytes.stored([UInt8](repeating: 0, count: 68))) + PNGBytes.chunk("IEND", [])
        }, status: 65, expected: .decoder),
        Case(name: "IDAT with a bad CRC", bytes: {
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.header(width: 4, height: 4))
                + PNGBytes.chunk("IDAT", PNGBytes.stored([UInt8](repeating: 0, count: 68)), crc: 1) + PNGBytes.chunk("IEND", [])
        }, status: 65, expected: .decoder),
        Case(name: "IHDR too short", bytes: {
            PNGBytes.signature + PNGBytes.chunk("IHDR", Array(PNGBytes.header(width: 4, height: 4).prefix(9)))
                + PNGBytes.chunk("IEND", [])
        }, status: 65, expected: .decoder),
        Case(name: "zero width", bytes: png(PNGBytes.header(width: 0, height: 4)), status: 65, expected: .decoder),
        Case(name: "zero height", bytes: png(PNGBytes.header(width: 4, height: 0)), status: 65, expected: .decoder),
        Case(name: "bit depth 3", bytes: png(PNGBytes.header(width: 4, height: 4, depth: 3)), status: 65, expected: .decoder),
        Case(name: "colour type 5", bytes: png(PNGBytes.header(width: 4, height: 4, colorType: 5)), status: 65, expected: .decoder),
        Case(name: "interlace method 2", bytes: png(PNGBytes.header(width: 4, height: 4, interlace: 2)), status: 65, expected: .decoder),
        Case(name: "width 2^31 - 1", bytes: png(PNGBytes.header(width: 0x7FFF_FFFF, height: 1)), status: 65, expected: .decoder),
        Case(name: "just over the pixel limit", bytes: png(PNGBytes.header(width: 8001, height: 8001, colorType: 0)),
             status: 65, expected: .exact("$F: image is 8001×8001 pixels, more than the limit of 64000000 pixels")),
        Case(name: "65536 × 65536 at one bit", bytes: png(PNGBytes.header(width: 65536, height: 65536, depth: 1, colorType: 0)),
             status: 65, expected: .decoder),
        Case(name: "chunk declaring 2 GB, then the end", bytes: {
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.header(width: 4, height: 4))
                + PNGBytes.bigEndian(0x7FFF_FFFF) + Array("IDAT".utf8) + [UInt8](repeating: 0, count: 10)
        }, status: 65, expected: .decoder),
        Case(name: "no image data", bytes: {
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.header(width: 4, height: 4)) + PNGBytes.chunk("IEND", [])
        }, status: 65, expected: .decoder),
        Case(name: "palette image without PLTE", bytes: png(PNGBytes.header(width: 4, height: 4, colorType: 3), PNGBytes.stored([UInt8](repeating: 0, count: 20))),
             status: 65, expected: .decoder),
        Case(name: "cut in the image data", bytes: { Array(PNGBytes.valid(width: 64, height: 64).prefix(900)) },
             status: 65, expected: .decoder),
        Case(name: "too little image data", bytes: png(PNGBytes.header(width: 64, height: 64), PNGBytes.zeros(100)),
             status: 65, expected: .decoder),
        Case(name: "giant text chunk (9 MB)", bytes: {
            PNGBytes.png(header: PNGBytes.header(width: 4, height: 4), idat: PNGBytes.stored([UInt8](repeating: 0, count: 68)),
                         before: PNGBytes.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x61, count: 9_000_000)))
        }, status: 65, expected: .decoder),
        Case(name: "text chunk declaring 2 GB", bytes: {
            PNGBytes.signature + PNGBytes.chunk("IHDR", PNGBytes.header(width: 4, height: 4))
                + PNGBytes.chunk("zTXt", Array("k\0\0".utf8), length: 0x7FFF_FFF0)
        }, status: 65, expected: .decoder),
        // Accepted, within bounds: the compressed text and profile are never inflated.
        Case(name: "zTXt bomb (100 MB of text in 630 KB)", bytes: {
            PNGBytes.png(header: PNGBytes.header(width: 4, height: 4), idat: PNGBytes.stored([UInt8](repeating: 0, count: 68)),
                         before: PNGBytes.chunk("zTXt", Array("Comment\0\0".utf8) + PNGBytes.zeros(100_000_000)))
        }, status: 0, expected: .written, seconds: 10, peakMiB: 100),
        Case(name: "iCCP bomb (100 MB profile in 630 KB)", bytes: {
            PNGBytes.png(header: PNGBytes.header(width: 4, height: 4), idat: PNGBytes.stored([UInt8](repeating: 0, count: 68)),
                         before: PNGBytes.chunk("iCCP", Array("p\0\0".utf8) + PNGBytes.zeros(100_000_000)))
        }, status: 0, expected: .written, seconds: 10, peakMiB: 100),
        // Image data that inflates to 100 MB after a 1 × 1 image: refused once the excess
        // passes 1 MiB (libpng alone inflated it all: 0.26 s here, 40 s for a 16 MB file).
        Case(name: "IDAT bomb after the last row (100 MB)", bytes: png(PNGBytes.header(width: 1, height: 1, colorType: 0), PNGBytes.zeros(100_000_000)),
             status: 65, expected: .decoder, seconds: 2, peakMiB: 60),
        // A decompression bomb within the pixel limit is decoded: memory follows the pixels.
        Case(name: "4000 × 4000 of zeros in 101 KB", bytes: png(PNGBytes.header(width: 4000, height: 4000, colorType: 0), PNGBytes.zeros(4001 * 4000)),
             status: 0, expected: .written, seconds: 30, peakMiB: 400),
        Case(name: "50 000 small chunks", bytes: {
            PNGBytes.png(header: PNGBytes.header(width: 4, height: 4), idat: PNGBytes.stored([UInt8](repeating: 0, count: 68)),
                         before: Array((0..<50_000).map { _ in PNGBytes.chunk("tEXt", Array("k\0v".utf8)) }.joined()))
        }, status: 0, expected: .written),
        Case(name: "junk after IEND", bytes: { PNGBytes.valid(width: 8, height: 8) + Array("trailing junk".utf8) },
             status: 0, expected: .written),
        Case(name: "PNG bytes under an .svg name", file: "icon.svg", bytes: { PNGBytes.valid(width: 8, height: 8) },
             status: 0, expected: .written),
    ]

    static let svgCases: [Case] = [
        Case(name: "empty SVG file", file: "icon.svg", bytes: { [] }, status: 65, expected: .importer),
        Case(name: "unclosed comment", file: "icon.svg", bytes: svg("<svg \(ns)><!-- never ends"), status: 65, expected: .importer),
        Case(name: "root is not svg", file: "icon.svg", bytes: svg("<html><body/></html>"), status: 65, expected: .importer),
        Case(name: "attribute twice", file: "icon.svg", bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><rect width=\"4\" width=\"5\" height=\"4\"/></svg>"),
             status: 65, expected: .importer),
        Case(name: "invalid UTF-8", file: "icon.svg", bytes: { Array("<svg \(ns) viewBox=\"0 0 4 4\"><rect id=\"".utf8) + [0xFF, 0xFE] + Array("\"/></svg>".utf8) },
             status: 65, expected: .importer),
        Case(name: "NUL in a length", file: "icon.svg", bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><rect width=\"4\0\" height=\"4\"/></svg>"),
             status: 65, expected: .importer),
        Case(name: "no size at all", file: "icon.svg", bytes: svg("<svg \(ns)/>"), status: 65, expected: .importer),
        Case(name: "zero viewBox", file: "icon.svg", bytes: svg("<svg \(ns) viewBox=\"0 0 0 0\"><rect width=\"4\" height=\"4\"/></svg>"),
             status: 65, expected: .importer),
        // Drawn up to the command in error (SVG 2), with a warning: here nothing but a move.
        Case(name: "NaN in path data", file: "icon.svg", bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><path d=\"M0 0 L NaN 5 z\"/></svg>"),
             status: 0, expected: .written),
        Case(name: "transform to 1e300", file: "icon.svg", bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\" transform=\"scale(1e300)\"/></svg>"),
             status: 65, expected: .importer),
        Case(name: "<use> of itself", file: "icon.svg",
             bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><g id=\"a\"><rect width=\"4\" height=\"4\"/><use href=\"#a\"/></g></svg>"),
             status: 65, expected: .importer),
        Case(name: "<use> cycle of two", file: "icon.svg",
             bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><g id=\"a\"><use href=\"#b\"/></g><g id=\"b\"><use href=\"#a\"/></g></svg>"),
             status: 65, expected: .importer),
        Case(name: "<use> billion laughs", file: "icon.svg", bytes: {
            var text = "<svg \(ns) viewBox=\"0 0 4 4\"><defs><rect id=\"l0\" width=\"1\" height=\"1\"/>"
            for level in 1..<12 {
                text += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
            }
            return Array((text + "</defs><use href=\"#l11\"/></svg>").utf8)
        }, status: 65, expected: .importer, seconds: 20),
        // 900 × 3072² pixels to composite, past VectorRasterizer.maximumWork: refused before drawing.
        Case(name: "900 full-size translucent layers at 3072 px", file: "icon.svg", bytes: svg(
            "<svg \(ns) viewBox=\"0 0 4 4\">" + String(repeating: "<rect width=\"4\" height=\"4\" opacity=\"0.5\"/>", count: 900) + "</svg>"),
             arguments: ["mask", "--from", "$F", "-o", "$D/out.png", "--size", "1024"], status: 65, expected: .exact(
                "$F: cannot draw the SVG icon: layers: the bounding boxes of the translucent ones among layers 1...\(VectorRasterizer.maximumWork / 3072 / 3072 + 1) cover "
                    + "\((VectorRasterizer.maximumWork / 3072 / 3072 + 1) * 3072 * 3072) pixels at this size, each composited on its own, "
                    + "more than the work limit of \(VectorRasterizer.maximumWork) units"), seconds: 5),
        Case(name: "entity expansion", file: "icon.svg", bytes: svg(
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><svg \(ns)><text>&c;</text></svg>"),
             status: 65, expected: .importer),
        Case(name: "external entity", file: "icon.svg", bytes: svg(
            "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><svg \(ns)><title>&x;</title></svg>"),
             status: 65, expected: .importer),
        Case(name: "nested 10 000 deep", file: "icon.svg", bytes: svg(
            "<svg \(ns) viewBox=\"0 0 4 4\">" + String(repeating: "<g>", count: 10_000) + "<rect width=\"4\" height=\"4\"/>"
                + String(repeating: "</g>", count: 10_000) + "</svg>"),
             status: 65, expected: .importer),
        Case(name: "a million unclosed tags", file: "icon.svg", bytes: svg("<svg \(ns)>" + String(repeating: "<g>", count: 1_000_000)),
             status: 65, expected: .importer),
        Case(name: "17 MiB file", file: "icon.svg", bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><!--" + String(repeating: "x", count: 17 << 20) + "--></svg>"),
             status: 65, expected: .importer),
        // Once quadratic (48 s for 20 000, so 50 000 would take 5 minutes); see the XML
        // reader's duplicate check.
        Case(name: "50 000 attributes on one element", file: "icon.svg", bytes: svg(
            "<svg \(ns) viewBox=\"0 0 4 4\"><rect " + (0..<50_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
                + " width=\"4\" height=\"4\"/></svg>"),
             status: 0, expected: .written, seconds: 15),
    ]

    static let sourceCases: [Case] = [
        Case(name: "missing file", file: "none", arguments: ["mask", "--from", "$D/nope.svg", "-o", "$D/out.png"],
             status: 66, expected: .exact("$D/nope.svg: no such file")),
        Case(name: "a file used as a folder (PNG)", file: "none", arguments: ["mask", "--from", "$D/plain/x.png", "-o", "$D/out.png"],
             status: 66, expected: .exact("$D/plain/x.png: no such file")),
        Case(name: "a file used as a folder (SVG)", file: "none", arguments: ["render", "--from", "$D/plain/x.svg", "--progress", "0", "-o", "$D/out.png"],
             status: 66, expected: .exact("$D/plain/x.svg: cannot read: Not a directory")),
        Case(name: "a folder named .svg", file: "none", arguments: ["mask", "--from", "$D/folder.svg", "-o", "$D/out.png"],
             status: 66, expected: .exact("$D/folder.svg: cannot read: Is a directory")),
        // Unreadable even for root: reading a process's memory at address 0 fails with EIO.
        Case(name: "unreadable file", file: "none", arguments: ["mask", "--from", "/proc/self/mem", "-o", "$D/out.png"],
             status: 66, expected: .exact("/proc/self/mem: cannot read: Input/output error")),
        Case(name: "symbolic link loop", file: "none", arguments: ["mask", "--from", "$D/loop.png", "-o", "$D/out.png"],
             status: 66, expected: .exact("$D/loop.png: cannot read: Too many levels of symbolic links")),
        Case(name: "dangling symbolic link", file: "none", arguments: ["render", "--to", "$D/dangling.png", "--progress", "1", "-o", "$D/out.png"],
             status: 66, expected: .exact("$D/dangling.png: no such file")),
        Case(name: "/dev/null", file: "none", arguments: ["mask", "--from", "/dev/null", "-o", "$D/out.png"],
             status: 65, expected: .exact("/dev/null: no data; expected a PNG or SVG image")),
        Case(name: "standard input closed", file: "none", arguments: ["mask", "--from", "-", "-o", "$D/out.png"],
             shellPrefix: "exec <&-", status: 66, expected: .exact("<stdin>: cannot read: Bad file descriptor")),
        Case(name: "standard input ends inside a PNG", bytes: { Array(PNGBytes.valid(width: 32, height: 32).prefix(60)) },
             arguments: ["render", "--from", "-", "--progress", "0", "-o", "$D/out.png"], stdin: "$F",
             status: 65, expected: .standardInput),
        Case(name: "standard input ends inside an SVG", file: "icon.svg",
             bytes: svg("<svg \(ns) viewBox=\"0 0 4 4\"><rect width=\"4\" hei"),
             arguments: ["mask", "--from", "-", "-o", "$D/out.png"], stdin: "$F", status: 65, expected: .standardInput),
        Case(name: "endless standard input", file: "none", arguments: ["mask", "--from", "-", "-o", "$D/out.png"], stdin: "/dev/zero",
             status: 65, expected: .exact("<stdin>: more than 268435456 bytes, too much for an icon"), seconds: 20, peakMiB: 600),
    ]

    @Test(arguments: pngCases) func hostilePNG(_ test: Case) throws { try check(test) }
    @Test(arguments: svgCases) func hostileSVG(_ test: Case) throws { try check(test) }
    @Test(arguments: sourceCases) func awkwardSources(_ test: Case) throws { try check(test) }

    func check(_ test: Case) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fm = FileManager.default
        try Data("plain file".utf8).write(to: URL(fileURLWithPath: folder.file("plain")))
        try fm.createDirectory(atPath: folder.file("folder.svg"), withIntermediateDirectories: false)
        try fm.createSymbolicLink(atPath: folder.file("loop.png"), withDestinationPath: "loop.png")
        try fm.createSymbolicLink(atPath: folder.file("dangling.png"), withDestinationPath: "nowhere.png")
        let path = folder.file(test.file)
        if let bytes = test.bytes { try Data(bytes()).write(to: URL(fileURLWithPath: path)) }
        let before = snapshotTree(folder.path)

        func expand(_ text: String) -> String {
            text.replacingOccurrences(of: "$F", with: path).replacingOccurrences(of: "$D", with: folder.path)
        }
        let result = try MeasuredRun.run(
            test.arguments.map(expand), shellPrefix: test.shellPrefix, stdinPath: test.stdin.map(expand) ?? "/dev/null")

        let signal = result.signal ?? 0
        #expect(signal == 0, "ended by signal \(signal)")
        #expect(!result.timedOut)
        #expect(result.status == test.status, "\(result.stderr)")
        #expect(result.seconds < test.seconds * MeasuredRun.boundScale, "took \(result.seconds) s")
        #expect(Double(result.peakKiB) < Double(test.peakMiB << 10) * MeasuredRun.boundScale, "peak RSS \(result.peakKiB) KiB")
        let trapped = result.stderr.contains("Fatal error") || result.stderr.contains("Stack dump")
        #expect(!trapped)

        if case .written = test.expected {
            #expect(result.stderrLines.allSatisfy { $0.hasPrefix("iconmorph: warning: ") }, "\(result.stderr)")
            let mask = try PNGImage(contentsOfFile: folder.file("out.png"), format: .grayAlpha)
            #expect(mask.width == 132 && mask.height == 132)
            return
        }
        let errorMessage = result.errorMessage
        #expect(errorMessage != nil, "standard error: \(result.stderr)")
        guard let message = errorMessage else { return }
        switch test.expected {
        case .exact(let text):
            #expect(message == expand(text))
        case .decoder:
            #expect(message == FailureEndToEndTests.decoderMessage(for: path))
            #expect(message.hasPrefix(path + ": "))
        case .importer:
            #expect(message == IconFailureEndToEndTests.libraryMessage(file: path))
            #expect(message.hasPrefix(path + ":"))
        case .standardInput:
            let makeBytes = try #require(test.bytes)
            let bytes = makeBytes()
            #expect(message == IconFailureEndToEndTests.libraryMessage(data: bytes))
            #expect(message.hasPrefix("<stdin>"))
        case .written:
            break
        }
        #expect(result.stdout.isEmpty)
        // Nothing written, nothing changed, no temporary file.
        #expect(snapshotTree(folder.path) == before)
    }
}
