import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One run of the built binary, measured: its status, what it printed, its wall time and its
/// peak resident size, read with `wait4` from the kernel's own accounting of that process.
struct MeasuredRun {
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// The signal that ended it, if one did (a trap shows here as SIGILL or SIGTRAP).
    var signal: Int32?
    var stdout: [UInt8]
    var stderr: String
    var seconds: Double
    /// Peak resident set size in KiB: the largest `VmHWM` (the kernel's high-water mark of
    /// this process image) read from /proc while it ran, sampled every 2 ms. (`ru_maxrss` from
    /// `wait4` would do, but `posix_spawn` starts the child in the test runner's memory, whose
    /// high-water mark survives the `exec`.) A run shorter than one sample shows 0.
    var peakKiB: Int
    /// Whether the watchdog had to kill it.
    var timedOut: Bool

    /// What the time and memory bounds are multiplied by: 1 for a plain build, 4 when
    /// `ICONMORPH_SANITIZER` is set (Scripts/sanitize sets it), since a sanitizer's shadow
    /// memory and checks make a run several times larger and slower.
    static let boundScale: Double = ProcessInfo.processInfo.environment["ICONMORPH_SANITIZER"] == nil ? 1 : 4

    /// Whether the binary runs under ThreadSanitizer (`ICONMORPH_SANITIZER=thread`, set by
    /// Scripts/sanitize), whose runtime dies of SIGBUS at start-up under a file size limit of
    /// 512 bytes (`ulimit -f 1`), before iconmorph's code runs: the tests that set that limit
    /// run a plain build then (`Binary.locate(unsanitized:)`).
    static let underThreadSanitizer = ProcessInfo.processInfo.environment["ICONMORPH_SANITIZER"] == "thread"

    var stderrLines: [String] {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The one error line's message after `iconmorph: error: `, or `nil` unless standard error
    /// holds exactly one such line.
    var errorMessage: String? {
        let lines = stderrLines
        guard lines.count == 1, lines[0].hasPrefix("iconmorph: error: ") else { return nil }
        return String(lines[0].dropFirst("iconmorph: error: ".count))
    }

    /// Runs the binary through `/bin/sh -c '<prefix>; exec binary "$@"'` in `directory`, with
    /// standard input from `stdinPath` (default /dev/null), extra `environment` variables, and
    /// a watchdog that kills it after `timeout` seconds.
    static func run(
        _ arguments: [String], in directory: String? = nil, shellPrefix: String = ":", stdinPath: String = "/dev/null",
        environment: [String: String] = [:], timeout: Double = 60, unsanitized: Bool = false
    ) throws -> MeasuredRun {
        let binary = try Binary.locate(unsanitized: unsanitized)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("measured-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outPath = scratch + "/out", errPath = scratch + "/err"

        var script = shellPrefix + "; exec \"$0\" \"$@\""
        if let directory { script = "cd " + shellQuote(directory) + " && " + script }
        let argv = ["/bin/sh", "-c", script, binary] + arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let envp = merged.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let start = Date()
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnv in posix_spawn(&pid, "/bin/sh", &actions, nil, cArgv, cEnv) }
        }
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        var peak = 0
        while true {
            peak = max(peak, highWaterMark(of: pid))
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if Date().timeIntervalSince(start) > timeout, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(start)
        // Set ICONMORPH_ROBUSTNESS_LOG to a file to collect each run's figures (for the bounds
        // stated in the suites' comments).
        if let log = ProcessInfo.processInfo.environment["ICONMORPH_ROBUSTNESS_LOG"],
           let handle = FileHandle(forWritingAtPath: log) ?? (FileManager.default.createFile(atPath: log, contents: nil) ? FileHandle(forWritingAtPath: log) : nil) {
            handle.seekToEndOfFile()
            handle.write(Data("\(String(format: "%.3f", seconds)) s\t\(peak) KiB\t\(arguments.joined(separator: " "))\n".utf8))
            handle.closeFile()
        }
        let signalled = status & 0x7F
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return MeasuredRun(
            status: signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled,
            signal: signalled == 0 ? nil : signalled,
            stdout: [UInt8](out), stderr: String(decoding: err, as: UTF8.self),
            seconds: seconds, peakKiB: peak, timedOut: timedOut)
    }
}

/// `VmHWM` of a running process in KiB, or 0 when it cannot be read (a zombie has none).
private func highWaterMark(of pid: pid_t) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return Int(line.dropFirst(6).filter(\.isNumber)) ?? 0
}

/// `text` in single quotes for /bin/sh.
func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Calls `body` with a NULL-terminated C array of copies of `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

/// A file's bytes and modification time, to prove it was left alone.
struct FileSnapshot: Equatable {
    let bytes: Data?
    let modified: Date?

    /// A folder's time is left out: temporary files come and go in it.
    init(_ path: String) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        bytes = exists && !isFolder.boolValue ? FileManager.default.contents(atPath: path) : nil
        modified = exists && !isFolder.boolValue
            ? (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date : nil
    }
}

/// Every file under `folder` (recursively, hidden ones included) with its snapshot.
func snapshotTree(_ folder: String) -> [String: FileSnapshot] {
    var result: [String: FileSnapshot] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return result }
    while let name = walker.nextObject() as? String {
        result[name] = FileSnapshot(folder + "/" + name)
    }
    return result
}

/// Builds PNG streams byte by byte, so that every field a decoder checks can be set wrong on
/// purpose. Independent of the codec under test: CRC-32 and Adler-32 are computed here, and
/// the image data is compressed by a minimal deflate writer (fixed-Huffman runs of zeros, or
/// stored blocks).
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    /// CRC-32 (ISO 3309) through a 256-entry table, built here from the polynomial.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            crcTable.withUnsafeBufferPointer { table in
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
                return ~crc
            }
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
        var c = n
        for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        return c
    }

    /// A chunk; `crc` overrides the correct checksum, `length` the true data length.
    static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil, length: UInt32? = nil) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(length ?? UInt32(data.count)) + body + bigEndian(crc ?? crc32(body))
    }

    static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, interlace]
    }

    /// A zlib stream of `raw` in stored (uncompressed) blocks.
    static func stored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        return out + bigEndian(adler32(raw))
    }

    /// A zlib stream that inflates to `count` zero bytes, about 1/160 of that size: one
    /// fixed-Huffman block of a literal 0 and matches of 258 bytes at distance 1 (13 bits each).
    static func zeros(_ count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE = fixed Huffman (01, low bit first)
        var left = count
        func literalZero() { bits.writeCode(0b0011_0000, length: 8) }
        if left > 0 { literalZero(); left -= 1 }
        // Length code 285 (258 bytes, 8 bits) then distance code 0 (distance 1, 5 bits), as
        // one 13-bit field in stream order.
        var match = BitWriter()
        match.writeCode(0b1100_0101, length: 8)
        let matchBits = UInt32(match.bytes()[0])
        while left >= 258 {
            bits.write(matchBits, count: 13)
            left -= 258
        }
        while left > 0 { literalZero(); left -= 1 }
        bits.writeCode(0, length: 7)  // end of block (256)
        // Adler-32 of n zeros: a = 1, b = n (mod 65521).
        let adler = UInt32(count % 65_521) << 16 | 1
        return [0x78, 0x01] + bits.bytes() + bigEndian(adler)
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// A whole PNG: signature, IHDR, `before` (extra chunks), one IDAT, IEND.
    static func png(header: [UInt8], idat: [UInt8], before: [UInt8] = []) -> [UInt8] {
        signature + chunk("IHDR", header) + before + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A valid w × h RGBA image, opaque black in its left half.
    static func valid(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += [0, 0, 0, x < width / 2 ? 255 : 0] }
        }
        return png(header: header(width: UInt32(width), height: UInt32(height)), idat: stored(raw))
    }

    /// Deflate's bit order: fields low bit first, Huffman codes high bit first. Bits gather in
    /// a 64-bit word and leave a byte at a time (fast enough in a debug build for the
    /// megabytes a bomb needs).
    struct BitWriter {
        private var buffer: [UInt8] = []
        private var current: UInt64 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            current |= UInt64(value) << used
            used += count
            while used >= 8 {
                buffer.append(UInt8(truncatingIfNeeded: current))
                current >>= 8
                used -= 8
            }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for i in 0..<length where code >> i & 1 == 1 { reversed |= 1 << (length - 1 - i) }
            write(reversed, count: length)
        }

        func bytes() -> [UInt8] { used > 0 ? buffer + [UInt8(truncatingIfNeeded: current)] : buffer }
    }
}
