import Foundation
import MorphKernel
import PNGCodec
import Testing
@testable import iconmorph

#if canImport(Glibc)
import Glibc
#endif

/// `--format sheet` and `--format strip`: one PNG with every frame in its cell, the gaps in
/// the background colour, and a JSON manifest that says where each frame is and when.
@Suite(.serialized)
struct SheetExportTests {
    /// The cell of frame `index` cut out of `sheet`.
    static func cell(_ sheet: PNGImage, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * sheet.width + x) * 4
            bytes += sheet.pixels[start..<(start + width * 4)]
        }
        return bytes
    }

    @Test func gridGeometryCellsAndGaps() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("grid.png")
        let oracle = try MorphOracle()
        let result = try ExportRun.iconmorph(
            ["render", "--frames", "7", "--format", "sheet", "--columns", "3", "--spacing", "3", "--background", "#FFFFFF",
             "-o", path] + MorphOracle.arguments)
        #expect(result.status == 0 && result.errorsOnly == "")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "wrote \(path) (102×102: 7 frames of 32×32 in 3 columns)\n")
        let sheet = try PNGImage(contentsOfFile: path)
        // 3 columns of 32 px with 3 px between: 102; ⌈7/3⌉ = 3 rows: 102.
        #expect(sheet.width == 102 && sheet.height == 102)
        var covered = Set<Int>()
        for index in 0..<7 {
            let (x, y) = (index % 3 * 35, index / 3 * 35)
            let expected = try oracle.alpha(Double(index) / 6).flatMap { alpha -> [UInt8] in
                // Black at this alpha over opaque white, in float64.
                let gray = UInt8(((1 - Double(alpha) / 255) * 255).rounded())
                return [gray, gray, gray, 255]
            }
            #expect(Self.cell(sheet, x: x, y: y, width: 32, height: 32) == expected, "frame \(index)")
            for row in y..<(y + 32) { for column in x..<(x + 32) { covered.insert(row * 102 + column) } }
        }
        // Everything else — the gaps and the two empty cells — is the background.
        for pixel in 0..<(102 * 102) where !covered.contains(pixel) {
            if Array(sheet.pixels[(pixel * 4)..<(pixel * 4 + 4)]) != [255, 255, 255, 255] {
                Issue.record("pixel \(pixel % 102),\(pixel / 102) is not background")
                break
            }
        }
    }

    /// A strip is one row without gaps; without a background the cells are the frames
    /// exactly (straight alpha), and the default sheet is about square.
    @Test func stripAndDefaultColumns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let oracle = try MorphOracle()
        let strip = folder.file("strip.png")
        let result = try ExportRun.iconmorph(["render", "--frames", "5", "--format", "strip", "-q", "-o", strip] + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let image = try PNGImage(contentsOfFile: strip)
        #expect(image.width == 160 && image.height == 32)
        for index in 0..<5 {
            #expect(Self.cell(image, x: index * 32, y: 0, width: 32, height: 32) == (try oracle.rgba(Double(index) / 4)))
        }
        // 10 frames: ⌈√10⌉ = 4 columns, 3 rows.
        let sheet = folder.file("sheet.png")
        #expect(try ExportRun.iconmorph(["render", "--frames", "10", "--format", "sheet", "-q", "-o", sheet] + MorphOracle.arguments).status == 0)
        let grid = try PNGImage(contentsOfFile: sheet)
        #expect(grid.width == 128 && grid.height == 96)
        #expect(Self.cell(grid, x: 32, y: 64, width: 32, height: 32) == (try oracle.rgba(1)))
        // The two empty cells are transparent.
        #expect(Self.cell(grid, x: 64, y: 64, width: 64, height: 32).enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
    }

    @Test func manifestDescribesEveryFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sheet = folder.file("anim.png"), manifest = folder.file("anim.json")
        let result = try ExportRun.iconmorph(
            ["render", "--duration", "0.5", "--fps", "8", "--hold-end", "0.25", "--format", "sheet", "--spacing", "2",
             "--manifest", manifest, "-q", "-o", sheet] + MorphOracle.arguments)
        #expect(result.status == 0 && result.stderr == "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any])
        // round(8 × 0.5) + 1 = 5 steps, and 2 copies of the last: 7 frames, 3 columns.
        #expect(json["image"] as? String == "anim.png")
        #expect(json["columns"] as? Int == 3 && json["rows"] as? Int == 3 && json["spacing"] as? Int == 2)
        #expect(json["width"] as? Int == 100 && json["height"] as? Int == 100)
        #expect(json["frameWidth"] as? Int == 32 && json["frameHeight"] as? Int == 32)
        #expect(json["fps"] as? Double == 8)
        #expect(json["duration"] as? Double == 7.0 / 8)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 7)
        let steps = [0, 1, 2, 3, 4, 4, 4]
        for (index, frame) in frames.enumerated() {
            #expect(frame["x"] as? Int == index % 3 * 34 && frame["y"] as? Int == index / 3 * 34)
            #expect(frame["w"] as? Int == 32 && frame["h"] as? Int == 32)
            #expect(abs((frame["time"] as? Double ?? -1) - Double(index) / 8) < 1e-12)
            #expect(frame["duration"] as? Double == 0.125)
            #expect(frame["progress"] as? Double == Double(steps[index]) / 4)
        }
        let image = try PNGImage(contentsOfFile: sheet)
        #expect(image.width == 100 && image.height == 100)
    }

    /// Strings in the manifest survive any file name: JSONSerialization reads back what was
    /// escaped.
    /// Ctrl-C before a sheet is complete: status 130, and neither the sheet nor its manifest
    /// nor a temporary file is left.
    @Test func interruptLeavesNoSheet() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let process = try Binary.start([
            "render", "--frames", "5000", "--format", "sheet", "--manifest", folder.file("s.json"), "-o", folder.file("s.png"),
            "--size", "16", "--scale", "2", "-q",
        ])
        usleep(400_000)
        #expect(process.isRunning, "the export ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        let result = try process.finish()
        #expect(result.status == 130 && result.stderr == "")
        #expect(try folder.contents() == [])
    }

    @Test func manifestNamesTheImageFromItsOwnFolder() throws {
        // Run from the scratch folder with relative paths, as a user would: the manifest's
        // `image` leads from the manifest's folder to the sheet, so a page that loads
        // meta/s.json finds the sheet.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["out", "meta"] { try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: false) }
        for (output, manifest, expected) in [("out/s.png", "meta/s.json", "../out/s.png"), ("s3.png", "meta/u.json", "../s3.png"),
                                             ("out/t.png", "out/t.json", "t.png")] {
            let result = try ExportRun.iconmorph(["render", "--frames", "3", "--format", "strip", "--manifest", manifest, "-q", "-o", output],
                                                 in: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file(manifest)))) as? [String: Any])
            let image = try #require(json["image"] as? String)
            #expect(image == expected)
            let resolved = URL(fileURLWithPath: folder.file(manifest)).deletingLastPathComponent().appendingPathComponent(image).standardized.path
            #expect(FileManager.default.fileExists(atPath: resolved), "\(resolved)")
        }
    }

    @Test func manifestStringsAreEscaped() throws {
        for name in ["plain.png", "quote\"back\\slash.png", "tab\tnew\nline\u{01}\u{1F}.png", "ünï/cödé 🎞.png", "\u{7F}\u{2028}"] {
            let text = "[" + JSONText.string(name) + "]"
            let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
            #expect(decoded == [name], "\(text)")
        }
        #expect(SheetManifest.number(0.1) == "0.1" && SheetManifest.number(2) == "2" && SheetManifest.number(1e-5) == "1e-05")
        // The image relative to the manifest's folder, whatever the working folder.
        let cases: [(String, String, String)] = [
            ("out/a.png", "out/a.json", "a.png"), ("a.png", "meta/a.json", "../a.png"),
            ("img/a.png", "a.json", "img/a.png"), ("out/s.png", "meta/s.json", "../out/s.png"),
            ("./a.png", "a.json", "a.png"), ("/srv/www/a.png", "/srv/meta/x/a.json", "../../www/a.png"),
            ("a.png", "/home/u/a.json", "a.png"), ("a.png", "/tmp/a.json", "../home/u/a.png"),
            ("x/../a.png", "y/./b.json", "../a.png"),
            // A folder under /dev is a folder like any (/dev/shm is tmpfs).
            ("/tmp/s.png", "/dev/shm/m.json", "../../tmp/s.png"), ("s.png", "dev/s.json", "../s.png"),
        ]
        for (image, manifest, expected) in cases {
            #expect(SheetManifest.imageReference(image: image, manifest: manifest, workingFolder: "/home/u") == expected,
                    "\(image) from \(manifest)")
        }
        // A manifest on a stream has no folder: the image from the working folder.
        for (image, manifest, expected) in [("out/s.png", "/dev/stdout", "out/s.png"), ("/home/u/out/s.png", "/proc/self/fd/1", "out/s.png"),
                                            ("/srv/s.png", "/dev/fd/3", "../../srv/s.png")] {
            #expect(SheetManifest.imageReference(image: image, manifest: manifest, isStream: true, workingFolder: "/home/u") == expected,
                    "\(image) from \(manifest)")
        }
    }

    @Test(arguments: [
        (["--frames", "4", "--format", "strip", "--columns", "2"], "--columns: applies to --format sheet (a strip is one row)"),
        (["--frames", "4", "--spacing", "2"], "--spacing: applies to --format sheet or strip"),
        (["--frames", "4", "-o", "a.apng", "--manifest", "a.json"], "--manifest: applies to --format sheet or strip"),
        (["--progress", "0.5", "--format", "sheet"], "--format: sheet holds a sequence; give --frames or --duration, or --format png, svg, gif or webp for one frame"),
        (["--frames", "4", "--format", "sheet", "-o", "s.png", "--manifest", "s.png"], "--manifest: 's.png' is the sheet's own path; give another file"),
        (["--frames", "4", "--format", "strip", "-o", "s.png", "--manifest", "s.png"], "--manifest: 's.png' is the strip's own path; give another file"),
        (["--frames", "4", "--format", "strip", "-o", "-", "--manifest", "-"],
         "--manifest: goes to standard output, and so does the strip; give a file for one of them"),
        (["--frames", "4", "--format", "sheet", "-o", "-", "--manifest", "m.json"],
         "--manifest: names the sheet by its path, and '-' is a stream, not a file; write the sheet to a file"),
        (["--frames", "4000", "--format", "sheet", "--size", "64"],
         "--format: 4000 frames of 192×192 pixels make a 12288×12096 sheet; the largest is 64000000 pixels; give fewer frames or a smaller --size or --scale"),
        // Sides past libpng's limit, which its readers (this tool's too) refuse; 100000 frames
        // of 10 px make a strip of 1000000, which is written (`stripsUpToTheLongestSide`).
        (["--frames", "100000", "--format", "strip", "--size", "1", "--scale", "11", "--padding", "0"],
         "--format: 100000 frames of 11×11 pixels make a 1100000×11 strip; PNG readers take sides up to 1000000 pixels; give fewer frames, a smaller --size or --scale, or --format sheet"),
        (["--frames", "1000", "--format", "sheet", "--columns", "1000", "--spacing", "1000", "--size", "1", "--scale", "4", "--padding", "0"],
         "--format: 1000 frames of 4×4 pixels make a 1003000×4 sheet; PNG readers take sides up to 1000000 pixels; give fewer frames, a smaller --size or --scale, a smaller --spacing, or fewer --columns"),
        (["--frames", "100000", "--format", "sheet", "--columns", "1", "--size", "1", "--scale", "11", "--padding", "0"],
         "--format: 100000 frames of 11×11 pixels make a 11×1100000 sheet; PNG readers take sides up to 1000000 pixels; give fewer frames, a smaller --size or --scale, or more --columns"),
    ])
    func sheetErrors(_ arguments: [String], _ message: String) {
        #expect(UsageErrorTests.failure(arguments)?.message == message)
    }

    /// A strip as long as PNG readers take, 1000000 pixels, is written and read back by the
    /// tool itself; one pixel more is refused before any work (`sheetErrors`).
    @Test func stripsUpToTheLongestSide() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let strip = folder.file("strip.png")
        let run = try ExportRun.iconmorph(
            ["render", "--frames", "100000", "--format", "strip", "--size", "1", "--scale", "10", "--padding", "0", "-q", "-o", strip])
        #expect(run.status == 0, "\(run.stderr)")
        let header = try Data(contentsOf: URL(fileURLWithPath: strip)).prefix(24)
        #expect(header.count == 24 && header[16..<24].elementsEqual([0x00, 0x0F, 0x42, 0x40, 0x00, 0x00, 0x00, 0x0A]))
        let read = try ExportRun.iconmorph(["mask", "--from", strip, "-q", "-o", folder.file("mask.png")])
        #expect(read.status == 0, "\(read.stderr)")
    }

    /// `-o ..` is the parent folder, as `-o .` is this one: a single-file output goes inside
    /// it under its default name. It was refused as a name ending in "." (`..` read as a file
    /// with an empty extension).
    @Test(arguments: [(["--format", "apng"], "morph.apng"), (["--format", "strip"], "strip.png"), (["--progress", "0.5"], "morph.png")])
    func theParentFolderIsAFolder(_ options: [String], _ written: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let inner = folder.file("a/b")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let frames = options.contains("--progress") ? [] : ["--frames", "3"]
        let run = try ExportRun.iconmorph(["render"] + frames + options + ["-o", "..", "-q"], in: inner)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("a")).sorted() == ["b", written])
    }

    /// `-o` and `--manifest` naming one existing folder write two files in it, each of the
    /// format's name (sheet.png and sheet.json, strip.png and strip.json); it was refused as
    /// "the sheet's own path", and a strip's manifest was named sheet.json. The manifest
    /// names the picture beside it.
    @Test(arguments: ["sheet", "strip"])
    func aSheetAndItsManifestMayShareAFolder(_ format: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let run = try Binary.run(["render", "--frames", "3", "--format", format, "-o", out, "--manifest", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [format + ".json", format + ".png"])
        let manifest = try String(contentsOfFile: out + "/" + format + ".json", encoding: .utf8)
        #expect(manifest.contains("\"image\": \"\(format).png\""), "\(manifest)")
    }

    /// GIF and WebP hold a 16-bit play count: more plays are a usage error, not ffmpeg's
    /// unexplained failure (exit 73).
    @Test(arguments: [
        (["--frames", "4", "--loops", "65537", "-o", "l.gif"], "--loops: a gif file plays at most 65536 times (0 is forever), got 65537"),
        (["--frames", "4", "--loops", "65536", "-o", "l.webp"], "--loops: a webp file plays at most 65535 times (0 is forever), got 65536"),
    ])
    func playCountsBeyondTheContainersAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect(UsageErrorTests.failure(arguments)?.message == message)
    }
}
