import Foundation
import PNGCodec

/// The package's root folder (this file is Tests/iconmorphTests/TestSupport.swift): where the
/// README and the git-ignored `.build` tools and players that `Scripts/setup` fetches live.
let packageRoot: URL = {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { root.deleteLastPathComponent() }
    return root
}()

/// Test icons drawn with 4×4 supersampled coverage, so their edges are anti-aliased the way a
/// real icon's are. Black ink, coverage in alpha.
enum TestIcons {
    /// A disc filling `size × size` pixels, with a margin of a tenth of the size.
    static func disc(size: Int) throws -> PNGImage {
        let centre = Double(size) / 2, radius = Double(size) * 0.4
        return try draw(width: size, height: size) { x, y in
            (x - centre) * (x - centre) + (y - centre) * (y - centre) <= radius * radius
        }
    }

    /// A square with a margin of a quarter of the size, and a narrower rectangle when
    /// `width != height`.
    static func square(width: Int, height: Int) throws -> PNGImage {
        let w = Double(width), h = Double(height)
        return try draw(width: width, height: height) { x, y in
            x >= w * 0.25 && x <= w * 0.75 && y >= h * 0.25 && y <= h * 0.75
        }
    }

    /// An opaque white image with a black bar, so that `--mask auto` picks luminance.
    static func inkOnPaper(size: Int) throws -> PNGImage {
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        for y in size / 3..<(2 * size / 3) {
            for x in 0..<size {
                let i = (y * size + x) * 4
                pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0
            }
        }
        return try PNGImage(width: size, height: size, format: .rgba, pixels: pixels)
    }

    private static func draw(width: Int, height: Int, inside: (Double, Double) -> Bool) throws -> PNGImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var covered = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4) {
                        covered += 1
                    }
                }
                pixels[(y * width + x) * 4 + 3] = UInt8((covered * 255 + 8) / 16)
            }
        }
        return try PNGImage(width: width, height: height, format: .rgba, pixels: pixels)
    }
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("iconmorphTests-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `image` as `name` and returns its path.
    func write(_ image: PNGImage, as name: String) throws -> String {
        let path = file(name)
        try image.write(toFile: path)
        return path
    }

    /// Every name in `folder` (default: this folder), hidden ones included, sorted.
    func contents(of folder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder ?? path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The outcome of running the built `iconmorph` binary.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard error split into lines (without the final newline).
    var stderrLines: [String] {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Finds and runs the `iconmorph` executable that SwiftPM built beside the test bundle.
enum Binary {
    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the iconmorph executable was not found in " + searched.joined(separator: ", ")
                + "; build it first (swift build) or set ICONMORPH_BINARY"
        }
    }

    /// A plain build of the binary for the runs a sanitizer's runtime cannot start in;
    /// Scripts/sanitize builds one and names it here.
    static let unsanitizedVariable = "ICONMORPH_UNSANITIZED_BINARY"

    /// The sanitized build was asked for a run it cannot start in, and no plain build was named.
    struct NoUnsanitizedBuild: Error, CustomStringConvertible {
        var description: String {
            "this run needs a binary built without ThreadSanitizer, whose runtime dies under ulimit -f 1; "
                + "set \(Binary.unsanitizedVariable) (Scripts/sanitize does)"
        }
    }

    /// The products folder holds both the test bundle and the executable; the test process is
    /// either the bundle itself (Linux) or a runner inside the toolchain (xctest on macOS).
    /// `unsanitized`: under ThreadSanitizer (`MeasuredRun.underThreadSanitizer`), the plain
    /// build named by `unsanitizedVariable` instead.
    static func locate(unsanitized: Bool = false) throws -> String {
        if unsanitized && MeasuredRun.underThreadSanitizer {
            guard let plain = ProcessInfo.processInfo.environment[unsanitizedVariable] else { throw NoUnsanitizedBuild() }
            return plain
        }
        if let explicit = ProcessInfo.processInfo.environment["ICONMORPH_BINARY"] { return explicit }
        var folders: [URL] = []
        for path in [CommandLine.arguments.first, Bundle.main.executablePath].compactMap({ $0 }) {
            var url = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                folders.append(url)
                url = url.deletingLastPathComponent()
            }
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("iconmorph").path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw NotFound(searched: folders.map(\.path))
    }

    /// Runs the binary with `arguments` in `directory` and waits; standard input is `input`,
    /// or empty when that is `nil`.
    ///
    /// `shellPrefix` runs it through `/bin/sh -c '<prefix>; exec "$0" "$@"'` instead, to set
    /// limits such as `ulimit -f`.
    static func run(
        _ arguments: [String], in directory: String? = nil, shellPrefix: String? = nil, input: Data? = nil, unsanitized: Bool = false
    ) throws -> ProcessResult {
        let process = try start(arguments, in: directory, shellPrefix: shellPrefix, input: input, unsanitized: unsanitized)
        return try process.finish()
    }

    /// Starts the binary without waiting.
    static func start(
        _ arguments: [String], in directory: String? = nil, shellPrefix: String? = nil, input: Data? = nil, unsanitized: Bool = false
    ) throws -> RunningProcess {
        let binary = try locate(unsanitized: unsanitized)
        if let shellPrefix {
            return try RunningProcess.launch(
                "/bin/sh", ["-c", shellPrefix + "; exec \"$0\" \"$@\"", binary] + arguments, in: directory, input: input)
        }
        return try RunningProcess.launch(binary, arguments, in: directory, input: input)
    }
}

/// A started process whose output is collected on background threads, so a chatty child cannot
/// block on a full pipe.
final class RunningProcess: @unchecked Sendable {
    let process: Process
    private let group = DispatchGroup()
    private var outData = Data(), errData = Data()

    /// Starts `executable` (a path) with `arguments` in `directory`; standard input is
    /// `input`, or empty when that is `nil`.
    static func launch(_ executable: String, _ arguments: [String], in directory: String? = nil, input: Data? = nil) throws -> RunningProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        // A child that exits before reading all its input must not kill the test runner.
        if input != nil { signal(SIGPIPE, SIG_IGN) }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            // Written from another thread so that a child that stops reading early cannot
            // block the test; a closed pipe just ends the write.
            DispatchQueue.global().async {
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        return RunningProcess(process: process, out: out, err: err)
    }

    private init(process: Process, out: Pipe, err: Pipe) {
        self.process = process
        group.enter()
        DispatchQueue.global().async {
            self.outData = out.fileHandleForReading.readDataToEndOfFile()
            self.group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            self.errData = err.fileHandleForReading.readDataToEndOfFile()
            self.group.leave()
        }
    }

    var processIdentifier: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    func finish() throws -> ProcessResult {
        let (status, out, err) = finishWithData()
        return ProcessResult(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Waits for the child to exit and its outputs to close: its status and both outputs as bytes.
    func finishWithData() -> (status: Int32, stdout: Data, stderr: Data) {
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, outData, errData)
    }
}
