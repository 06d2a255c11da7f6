import Foundation
@testable import PNGCodec
import Testing

/// ffmpeg as a real consumer of the writer's files: its APNG decoder gives back exactly the
/// frames written, straight alpha and the colour under alpha 0 included.
///
/// `-fps_mode passthrough` makes ffmpeg emit one frame per APNG frame (the stored, merged
/// frames); `-fps_mode cfr` makes it emit frames at the stream's frame rate, repeating each
/// frame for its delay — which expands merged frames back into the frames given. ffprobe's
/// packet durations (in ffmpeg's APNG time base, 1/100 000 s) are the fcTL delays.
@Suite struct AnimatedPNGFFmpegTests {
    typealias Samples = AnimatedPNGSamples

    static func tool(_ name: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let found = folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "\(name) is not installed: run Scripts/setup (it installs ffmpeg)")
    }

    /// Runs `tool` with `arguments`; returns its standard output, requiring exit status 0.
    static func run(_ tool: String, _ arguments: [String], in folder: TemporaryDirectory) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // To a file, so that a chatty stderr cannot fill a pipe and stall the child.
        let errors = folder.file("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) failed: \(message)")
        return data
    }

    /// ffmpeg's decoded frames of `path` as straight RGBA, one frame a `frameBytes` slice.
    static func decode(_ path: String, fpsMode: String, frameBytes: Int, in folder: TemporaryDirectory) throws -> [[UInt8]] {
        let data = try run(
            tool("ffmpeg"),
            ["-nostdin", "-v", "error", "-i", path, "-fps_mode", fpsMode, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
            in: folder)
        let bytes = [UInt8](data)
        #expect(bytes.count % frameBytes == 0, "ffmpeg gave \(bytes.count) bytes, not whole frames of \(frameBytes)")
        return stride(from: 0, to: bytes.count - bytes.count % frameBytes, by: frameBytes).map {
            Array(bytes[$0..<($0 + frameBytes)])
        }
    }

    /// ffprobe's packet durations of `path`, in 1/100 000 s.
    static func durations(_ path: String, in folder: TemporaryDirectory) throws -> [Int] {
        let data = try run(
            tool("ffprobe"),
            ["-v", "error", "-select_streams", "v", "-show_entries", "packet=duration", "-of", "csv=p=0", path],
            in: folder)
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { Int($0) }
    }

    /// Morph-like frames at 30 fps with held ends: passthrough gives the stored frames,
    /// constant frame rate gives every frame given, in order, byte for byte.
    @Test func morphFramesComeBackExactly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let size = 64
        let frames = Samples.discFrames(size: size, count: 24, fromRadius: 5, toRadius: 30, holdStart: 4, holdEnd: 6)
        let path = folder.file("morph.apng")
        _ = try Samples.write(frames, to: path, width: size, height: size, loopCount: 0)
        let runs = Samples.runs(of: frames)

        let stored = try Self.decode(path, fpsMode: "passthrough", frameBytes: size * size * 4, in: folder)
        #expect(stored.count == runs.count)
        #expect(stored == runs.map(\.rgba))

        let expanded = try Self.decode(path, fpsMode: "cfr", frameBytes: size * size * 4, in: folder)
        #expect(expanded.count == frames.count)
        #expect(expanded == frames.map(\.rgba))

        // ffmpeg rounds each delay to its 1/100 000 s time base.
        let expected = runs.map { ($0.delay.numerator * 100_000 + $0.delay.denominator / 2) / $0.delay.denominator }
        #expect(try Self.durations(path, in: folder) == expected)
    }

    /// General RGBA frames — random colours under every alpha, cropped regions, merges and
    /// assorted delays — decode to exactly the distinct frames given.
    @Test func rgbaFramesComeBackExactly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (width, height) = (40, 23)
        let frames = Samples.randomRGBAFrames(width: width, height: height, count: 40, seed: 3)
        let path = folder.file("random.apng")
        _ = try Samples.write(frames, to: path, width: width, height: height)
        let stored = try Self.decode(path, fpsMode: "passthrough", frameBytes: width * height * 4, in: folder)
        #expect(stored == Samples.runs(of: frames).map(\.rgba))
    }

    /// A file rewritten from indexed to RGBA when a second colour arrived decodes exactly.
    @Test func rewrittenFileComesBackExactly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var frames = Samples.discFrames(size: 32, count: 10, fromRadius: 3, toRadius: 15, holdStart: 2)
        for index in 6..<frames.count {
            guard case .alpha(let alpha, _, _, _) = frames[index].pixels else { continue }
            frames[index].pixels = .alpha(alpha, red: 240, green: UInt8(index * 20), blue: 10)
        }
        let path = folder.file("switch.apng")
        _ = try Samples.write(frames, to: path, width: 32, height: 32)
        let stored = try Self.decode(path, fpsMode: "passthrough", frameBytes: 32 * 32 * 4, in: folder)
        #expect(stored == Samples.runs(of: frames).map(\.rgba))
    }
}
