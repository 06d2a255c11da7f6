import AlphaRaster
import Foundation
import IconSymbols
import MorphKernel
import PNGCodec
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The outcome of a run whose standard output is binary (raw frames).
struct BinaryRunResult {
    var status: Int32
    var stdout: Data
    var stderr: String

    /// Standard error without the progress lines, which every sequence prints when not quiet.
    var errorsOnly: String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !ProgressLine.isProgress($0) }.joined(separator: "\n")
    }
}

/// Runs programs for the export tests: the built `iconmorph` with binary standard output,
/// `ffmpeg`, and shell pipelines.
enum ExportRun {
    /// Runs `iconmorph` with `arguments` in `directory`; standard input is empty.
    static func iconmorph(_ arguments: [String], in directory: String? = nil) throws -> BinaryRunResult {
        try run(try Binary.locate(), arguments, in: directory)
    }

    /// Runs `executable` (a path, or a name looked up in PATH through /usr/bin/env) and
    /// collects both outputs as they come.
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil, input: Data? = nil) throws -> BinaryRunResult {
        let running = executable.contains("/")
            ? try RunningProcess.launch(executable, arguments, in: directory, input: input)
            : try RunningProcess.launch("/usr/bin/env", [executable] + arguments, in: directory, input: input)
        let (status, out, err) = running.finishWithData()
        return BinaryRunResult(status: status, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs a `/bin/sh -c` script with `$ICONMORPH` set to the binary.
    static func shell(_ script: String, in directory: String? = nil) throws -> BinaryRunResult {
        let binary = try Binary.locate()
        return try run("/bin/sh", ["-c", "ICONMORPH=\"$0\"; " + script, binary], in: directory)
    }

    /// Runs ffmpeg quietly; fails the test with ffmpeg's message if it fails, and says how to
    /// install it if it is missing (`Scripts/setup` installs it).
    @discardableResult
    static func ffmpeg(_ arguments: [String], in directory: String? = nil, input: Data? = nil) throws -> Data {
        let result = try run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments, in: directory, input: input)
        if result.status == 127 {
            Issue.record("ffmpeg is not installed; run Scripts/setup (apt-get install ffmpeg)")
        } else if result.status != 0 {
            Issue.record("ffmpeg \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }
}

/// A progress line as `--quiet`-less sequences print it on a non-terminal standard error:
/// `iconmorph: 40% (40/100 frames, 41.5 fps, 0:02 left)`.
struct ProgressLine: Equatable {
    var percent: Int
    var done: Int
    var total: Int

    static func isProgress(_ line: Substring) -> Bool { parse(line) != nil }

    /// Parses the fixed parts; the rate and time left are checked for shape only.
    static func parse(_ line: Substring) -> ProgressLine? {
        guard line.hasPrefix("iconmorph: "), line.hasSuffix(" left)") else { return nil }
        let body = line.dropFirst("iconmorph: ".count)
        guard let percentEnd = body.firstIndex(of: "%"), let percent = Int(body[..<percentEnd]) else { return nil }
        let rest = body[body.index(after: percentEnd)...]
        guard rest.hasPrefix(" ("), let slash = rest.firstIndex(of: "/"), let space = rest[slash...].firstIndex(of: " "),
              let done = Int(rest.dropFirst(2)[..<slash]), let total = Int(rest[rest.index(after: slash)..<space]),
              rest[space...].hasPrefix(" frames, "), rest.contains(" fps, ")
        else { return nil }
        return ProgressLine(percent: percent, done: done, total: total)
    }
}

/// The frames the library renders for a morph between built-in symbols, as RGBA: the
/// oracle for the exports.
struct MorphOracle {
    let source: AlphaMask
    let target: AlphaMask
    let renderer: MorphRenderer

    /// `box` defaults to 16 pt at 2× (32 × 32 px); `style` to what the CLI's `--blur 2`
    /// gives at that scale.
    init(from: BuiltInSymbol = .play, to: BuiltInSymbol = .pause, box: IconBox = IconBox(width: 16, height: 16, scale: 2),
         style: MorphStyle = MorphStyle(maxBlurRadius: 4)) throws {
        source = try AlphaMask(icon: from.icon, box: box)
        target = try AlphaMask(icon: to.icon, box: box)
        renderer = try MorphRenderer(width: source.width, height: source.height, style: style)
    }

    /// The CLI arguments that make the same morph: `--size 16 --scale 2 --blur 2`.
    static let arguments = ["--size", "16", "--scale", "2", "--blur", "2"]

    var width: Int { renderer.width }
    var height: Int { renderer.height }
    var frameBytes: Int { renderer.rgbaByteCount }

    /// The frame at `progress` as RGBA bytes.
    func rgba(_ progress: Double) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: frameBytes)
        try renderer.renderRGBA(source: source, target: target, progress: progress, into: &pixels)
        return pixels
    }

    /// The frame at `progress` as its alpha bytes.
    func alpha(_ progress: Double) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        try renderer.renderAlpha(source: source, target: target, progress: progress, into: &pixels)
        return pixels
    }
}

extension Data {
    /// The stream cut into frames of `size` bytes (the last may be short if the stream is).
    func frames(of size: Int) -> [[UInt8]] {
        stride(from: 0, to: count, by: size).map { [UInt8](self[startIndex + $0 ..< startIndex + Swift.min($0 + size, count)]) }
    }
}

/// The chunks of a PNG or APNG file, read plainly (length, type, data; CRCs not checked
/// here: ffmpeg and libpng check them).
struct PNGChunks {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    let chunks: [Chunk]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(Self.uint32(bytes, offset))
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            chunks.append(Chunk(type: type, data: Array(bytes[offset + 8 ..< offset + 8 + length])))
            offset += 12 + length
        }
        self.chunks = chunks
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// acTL: (frame count, loop count).
    var animationControl: (frames: UInt32, plays: UInt32)? {
        chunks.first { $0.type == "acTL" }.map { (Self.uint32($0.data, 0), Self.uint32($0.data, 4)) }
    }

    /// Each fcTL's delay in seconds (a denominator of 0 means 100).
    var delays: [Double] {
        chunks.filter { $0.type == "fcTL" }.map { chunk in
            let numerator = Double(UInt16(chunk.data[20]) << 8 | UInt16(chunk.data[21]))
            let denominator = UInt16(chunk.data[22]) << 8 | UInt16(chunk.data[23])
            return numerator / Double(denominator == 0 ? 100 : denominator)
        }
    }
}
