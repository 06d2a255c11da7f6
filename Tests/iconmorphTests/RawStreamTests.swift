import Foundation
import PNGCodec
import Testing
@testable import iconmorph

/// `--format rgba -o -`: straight-alpha RGBA8 frames on standard output, read back by ffmpeg
/// (directly and through a ProRes 4444 encode) as the library's frames; the same bytes on
/// every run and worker count; a closed pipe ends the run quietly with status 74.
@Suite(.serialized)
struct RawStreamTests {
    static let look = MorphOracle.arguments + ["--color", "#3478F6"]

    static func oracle() throws -> MorphOracle {
        try MorphOracle(style: .init(maxBlurRadius: 4, tint: .init(red: 0x34, green: 0x78, blue: 0xF6)))
    }

    @Test func streamHoldsTheLibrarysFramesAndNothingElse() throws {
        let oracle = try Self.oracle()
        let result = try ExportRun.iconmorph(["render", "--frames", "5", "-o", "-"] + Self.look)
        #expect(result.status == 0)
        #expect(result.stdout.count == 5 * oracle.frameBytes)
        for (index, frame) in result.stdout.frames(of: oracle.frameBytes).enumerated() {
            #expect(frame == (try oracle.rgba(Double(index) / 4)), "frame \(index)")
        }
        // Standard output carries only frames: the summary goes to standard error, after the
        // progress lines.
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.last == "wrote 5 frames of 32×32 RGBA to standard output (20480 bytes)")
        #expect(lines.dropLast().allSatisfy(ProgressLine.isProgress), "\(result.stderr)")
        // `--format rgba` alone writes to standard output too, and one frame works.
        let single = try ExportRun.iconmorph(["render", "--progress", "0.25", "--format", "rgba", "-q"] + Self.look)
        #expect(single.status == 0 && single.stderr == "")
        #expect([UInt8](single.stdout) == (try oracle.rgba(0.25)))
    }

    /// The same command gives the same bytes, with two workers (the default here) or one.
    @Test func streamIsDeterministic() throws {
        let arguments = ["render", "--frames", "40", "-q", "-o", "-"] + Self.look
        let first = try ExportRun.iconmorph(arguments)
        let second = try ExportRun.iconmorph(arguments)
        let oneProcessor = try ExportRun.run("taskset", ["-c", "0", try Binary.locate()] + arguments)
        #expect(first.status == 0 && second.status == 0 && oneProcessor.status == 0)
        #expect(first.stdout.count == 40 * 32 * 32 * 4)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout == oneProcessor.stdout)
    }

    /// ffmpeg reads the stream as `-f rawvideo -pix_fmt rgba -s 32x32`, and its PNG frames
    /// decode to ours exactly.
    @Test func ffmpegReadsTheStream() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let oracle = try Self.oracle()
        let stream = try ExportRun.iconmorph(["render", "--frames", "6", "-q", "-o", "-"] + Self.look)
        try ExportRun.ffmpeg(
            ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "32x32", "-r", "30", "-i", "-", "-fps_mode", "passthrough",
             folder.file("f_%02d.png")], input: stream.stdout)
        #expect(try folder.contents() == (1...6).map { String(format: "f_%02d.png", $0) })
        for index in 0..<6 {
            let image = try PNGImage(contentsOfFile: folder.file(String(format: "f_%02d.png", index + 1)))
            #expect(image.pixels == (try oracle.rgba(Double(index) / 5)), "frame \(index)")
        }
    }

    /// ProRes 4444 keeps alpha losslessly: decoded at its own 10 bits and scaled to 8 with
    /// rounding, round(a10 · 255 / 1023), every alpha equals ours. (Decoding straight to
    /// rgba is not exact: ffmpeg 5.1's swscale widens 8-bit alpha to 10 bits as
    /// round(a · 257 / 64) but narrows with a shift, so about half the alphas came back 1 too
    /// high; the loss is in that conversion, not in ProRes.) Colour goes through 10-bit
    /// Y′CbCr 4:4:4 and comes back within 2 levels where alpha is not 0.
    @Test func proRes4444KeepsAlphaExactly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let oracle = try Self.oracle()
        let count = 6
        let stream = try ExportRun.iconmorph(["render", "--frames", "\(count)", "-q", "-o", "-"] + Self.look)
        let movie = folder.file("morph.mov")
        try ExportRun.ffmpeg(
            ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "32x32", "-r", "30", "-i", "-",
             "-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", movie], input: stream.stdout)
        let planes = try ExportRun.ffmpeg(["-i", movie, "-f", "rawvideo", "-pix_fmt", "yuva444p10le", "-"])
        let rgba = try ExportRun.ffmpeg(["-i", movie, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let pixels = 32 * 32
        #expect(planes.count == count * pixels * 4 * 2)
        #expect(rgba.count == count * pixels * 4)
        var worstColor = 0
        for index in 0..<count {
            let expected = try oracle.rgba(Double(index) / Double(count - 1))
            let alphaPlane = planes.dropFirst((index * 4 + 3) * pixels * 2).prefix(pixels * 2)
            let alpha10 = stride(from: 0, to: alphaPlane.count, by: 2).map { i -> Int in
                Int(alphaPlane[alphaPlane.startIndex + i]) | Int(alphaPlane[alphaPlane.startIndex + i + 1]) << 8
            }
            let alpha8 = alpha10.map { UInt8(($0 * 255 + 511) / 1023) }
            #expect(alpha8 == stride(from: 3, to: expected.count, by: 4).map { expected[$0] }, "frame \(index) alpha")
            let decoded = rgba.dropFirst(index * pixels * 4).prefix(pixels * 4)
            for pixel in 0..<pixels where expected[pixel * 4 + 3] > 0 {
                for channel in 0..<3 {
                    let a = Int(decoded[decoded.startIndex + pixel * 4 + channel]), b = Int(expected[pixel * 4 + channel])
                    worstColor = max(worstColor, abs(a - b))
                }
            }
        }
        #expect(worstColor <= 2, "colour off by \(worstColor)")
    }

    /// `| head -c 100`: the reader leaves after 100 bytes; the run ends with 74 (the status
    /// of a failed standard output, see ExitCode) and says nothing, with or without
    /// progress, and no crash report.
    @Test(arguments: [true, false])
    func closedPipeEndsQuietlyWithStatus74(_ quiet: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let errors = folder.file("errors.txt")
        let result = try ExportRun.shell(
            "exec 3>&1; { \"$ICONMORPH\" render --frames 5000 \(quiet ? "-q" : "") -o - --size 16 --scale 2 2>'\(errors)'; "
                + "echo \"status=$?\" >&3; } | head -c 100 | wc -c")
        let lines = result.stdout.isEmpty ? [] : String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(lines.sorted() == ["100", "status=74"], "\(lines)")
        let complaints = try String(contentsOfFile: errors, encoding: .utf8)
        let unexpected = complaints.split(separator: "\n").filter { !ProgressLine.isProgress($0) }
        #expect(unexpected.isEmpty, "\(complaints)")
        if quiet { #expect(complaints.isEmpty) }
    }

    /// `iconmorph <arguments>` with a pseudo-terminal (made by `script`) as standard output
    /// and error: its status and everything the terminal showed.
    static func onTerminal(_ arguments: String) throws -> (status: Int32, text: String) {
        let result = try ExportRun.run("script", ["-q", "-e", "-c", "'\(try Binary.locate())' \(arguments)", "/dev/null"])
        return (result.status, String(decoding: result.stdout, as: UTF8.self))
    }

    /// Raw frames are not written to a terminal.
    @Test func refusesATerminal() throws {
        let (status, text) = try Self.onTerminal("render --frames 2 -o -")
        #expect(status == 64)
        #expect(text.contains("iconmorph: error: standard output is a terminal; pipe the raw frames into a program such as ffmpeg"), "\(text)")
    }

    /// Nor is a binary file named for standard output (`-o -`, `/dev/stdout`): a PNG, a sheet,
    /// a mask's PNG. A vector file is text, and is written there.
    @Test(arguments: [
        ("render --progress 0.5 --format png -o -", "--format png"), ("render --frames 3 --format sheet -o /dev/stdout", "--format sheet"),
        ("animate --at 0 pause --format apng -o -", "--format apng"), ("mask --from star -o -", "a mask's PNG"),
    ])
    func refusesToPutABinaryFileOnATerminal(_ command: String, _ what: String) throws {
        let (status, text) = try Self.onTerminal(command)
        #expect(status == 64)
        #expect(text.contains("iconmorph: error: standard output is a terminal, and \(what) is binary; pipe it"), "\(text)")
        #expect(!text.contains("PNG\r\n"), "\(text.prefix(40))")
    }

    @Test func putsAVectorFileOnATerminal() throws {
        // Without -q: no progress bar runs through the text (the summary line follows it).
        let (status, text) = try Self.onTerminal("render --frames 30 --size 256 --format lottie -o -")
        #expect(status == 0)
        #expect(text.hasPrefix("{\"v\":"), "\(text.prefix(200))")
        #expect(!text.contains("\u{1B}[K"), "a progress bar ran through the text")
    }
}
