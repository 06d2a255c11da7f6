import Foundation
import MorphKernel
import PNGCodec
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `-o morph.apng`: one animated PNG that ffmpeg decodes to the library's frames, whose
/// first frame is what a still-image reader (libpng) shows, and which appears only when
/// complete.
@Suite(.serialized)
struct AnimatedPNGExportTests {
    /// ffmpeg's frames of the file, each width × height × 4 bytes, one per stored frame.
    static func decode(_ path: String) throws -> Data {
        try ExportRun.ffmpeg(["-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    }

    @Test func ffmpegDecodesTheLibrarysFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("morph.apng")
        let oracle = try MorphOracle(style: MorphStyle(maxBlurRadius: 4, tint: TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 0xCC)))
        let result = try ExportRun.iconmorph(
            ["render", "--frames", "8", "-o", path, "--color", "#3478F6CC"] + MorphOracle.arguments)
        #expect(result.status == 0)
        #expect(result.errorsOnly == "")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "wrote \(path) (32×32, 8 frames at 30 fps, loops forever)\n")
        let frames = try Self.decode(path).frames(of: oracle.frameBytes)
        #expect(frames.count == 8)
        for (index, frame) in frames.enumerated() {
            #expect(frame == (try oracle.rgba(Double(index) / 7)), "frame \(index)")
        }
        // A reader without APNG support (libpng, through PNGImage) shows the first frame.
        #expect(try PNGImage(contentsOfFile: path).pixels == (try oracle.rgba(0)))
        #expect(try PNGChunks(path: path).animationControl?.plays == 0)
    }

    /// Frames that are not one colour (a background, a colour blend) go in as RGBA and come
    /// out as the raw stream of the same options; ping-pong that loops forever stores the
    /// way back without the two ends.
    @Test func sameFramesAsTheRawStream() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("colour.apng")
        let look = ["--frames", "6", "--color", "#FF3B30", "--color-to", "#34C759", "--background", "#FFFFFF80"]
            + MorphOracle.arguments
        let apng = try ExportRun.iconmorph(["render", "--ping-pong", "-q", "-o", path] + look)
        #expect(apng.status == 0 && apng.stderr == "")
        let stream = try ExportRun.iconmorph(["render", "-q", "-o", "-"] + look)
        let forward = stream.stdout.frames(of: 32 * 32 * 4)
        #expect(forward.count == 6)
        let decoded = try Self.decode(path).frames(of: 32 * 32 * 4)
        let steps = [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]
        #expect(decoded.count == steps.count)
        for (index, step) in steps.enumerated() where index < decoded.count && step < forward.count {
            #expect(decoded[index] == forward[step], "frame \(index) (step \(step))")
        }
    }

    /// Ctrl-C while frames are being added: status 130, no file at the destination and no
    /// temporary file left.
    @Test func interruptLeavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("long.apng")
        let process = try Binary.start([
            "render", "--frames", "20000", "-o", path, "--size", "32", "--scale", "2", "--blur", "2", "-q",
        ])
        // The temporary file appears with the writer; give the export a moment to add frames.
        let deadline = Date().addingTimeInterval(20)
        var started = false
        while Date() < deadline, process.isRunning, !started {
            started = try folder.contents().contains { $0.hasSuffix(".tmp") }
            usleep(5_000)
        }
        usleep(300_000)
        #expect(started && process.isRunning, "the export ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        let result = try process.finish()
        #expect(result.status == 130)
        #expect(result.stdout == "" && result.stderr == "")
        #expect(try folder.contents() == [])
    }
}
