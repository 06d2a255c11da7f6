#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory a command's frames will take, estimated before any work and checked against
/// what the system lets the process have: a command that cannot get it fails at once, with
/// one line naming `--size`, rather than with the Swift runtime's allocation failure (a trap
/// and its backtrace) minutes in.
///
/// The estimate is the largest resident size measured per frame pixel (`iconmorph render` at
/// 2048², 4096² and 8192² px, release build, 2026-12-06: metaball 14.3 and path 12.4 bytes a
/// pixel for a PNG frame, distance 58 while both icons' fields are computed at once, tracing
/// for the vector formats 10 more), rounded up, plus a sheet's own pixels and a base for the
/// program. ffmpeg, a process of its own, is not counted.
struct MemoryNeeds {
    /// Frame pixels: width × height.
    var framePixels: Int
    var style: FieldStyle
    var format: OutputFormat
    /// Pixels of the sheet or strip the frames go into, if any.
    var sheetPixels = 0
    /// Icons whose distance fields are kept beyond the two of a morph (an `animate` timeline's).
    var extraIcons = 0

    /// Bytes of the program itself, its libraries, threads and small buffers.
    static let baseBytes = 48 << 20

    /// Bytes a frame pixel takes at the peak of a command in `style`, before any tracing.
    static func bytesPerPixel(_ style: FieldStyle) -> Int {
        switch style {
        case .metaball, .path: 16
        case .distance: 62
        }
    }

    /// Bytes a frame pixel takes to trace a frame into vector outlines.
    static let tracingBytesPerPixel = 12
    /// Bytes a sheet pixel takes: its RGBA and the encoder's rows.
    static let sheetBytesPerPixel = 5
    /// Bytes a frame pixel takes for each further distance field kept.
    static let keptFieldBytesPerPixel = 5

    /// The estimate, in bytes.
    var bytes: Int {
        var perPixel = Self.bytesPerPixel(style) + (format.isVector ? Self.tracingBytesPerPixel : 0)
        if style == .distance { perPixel += extraIcons * Self.keptFieldBytesPerPixel }
        let (frames, overflows) = framePixels.multipliedReportingOverflow(by: perPixel)
        guard !overflows else { return .max }
        return Self.baseBytes.addingReportingOverflow(frames).partialValue
            &+ sheetPixels.multipliedReportingOverflow(by: Self.sheetBytesPerPixel).partialValue
    }

    /// Estimates under this pass without a look at the limits (a default 132 px frame needs
    /// about 50 MB): no system call at start-up for them.
    static let unchecked = 256 << 20

    /// The most memory the process may have for `needed` bytes, and what sets it: the
    /// address-space and data limits (`ulimit -v`, `ulimit -d`) where set, and the machine's
    /// memory (and on Linux its swap, looked up only when the memory alone is short), the
    /// smallest of them; nil when none is known.
    static func limit(for needed: Int) -> (bytes: Int, what: String)? {
        var limits: [(bytes: Int, what: String)] = []
        for (resource, name) in [(RLIMIT_AS, "ulimit -v"), (RLIMIT_DATA, "ulimit -d")] {
            var value = rlimit()
            #if canImport(Glibc)
            let found = getrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0
            #else
            let found = getrlimit(resource, &value) == 0
            #endif
            // RLIM_INFINITY is past Int.max on Linux and Int.max on macOS.
            if found, value.rlim_cur < rlim_t(Int.max) {
                limits.append((Int(value.rlim_cur), name))
            }
        }
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        if pages > 0, pageSize > 0, case (let memory, false) = pages.multipliedReportingOverflow(by: pageSize) {
            if needed <= memory {
                limits.append((memory, "the machine's memory"))
            } else {
                let swap = swapBytes()
                limits.append((memory &+ swap, swap > 0 ? "the machine's memory and swap" : "the machine's memory"))
            }
        }
        return limits.min { $0.bytes < $1.bytes }
    }

    /// The swap space in bytes (`SwapTotal` of /proc/meminfo), or 0 where it cannot be read.
    static func swapBytes() -> Int {
        guard let file = fopen("/proc/meminfo", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("SwapTotal:") else { continue }
            let kilobytes = text.dropFirst("SwapTotal:".count).split(separator: " ").first.flatMap { Int($0) } ?? 0
            return kilobytes.multipliedReportingOverflow(by: 1024).overflow ? 0 : kilobytes * 1024
        }
        return 0
    }

    /// Throws when the estimate exceeds the limit (`limit(for:)` unless given): a
    /// `CommandFailure` naming `sizeOption`, the frame size and both amounts, with
    /// `ExitCode.outOfMemory`.
    func check(width: Int, height: Int, sizeOption: String, limit given: (bytes: Int, what: String)? = nil) throws {
        let needed = bytes
        guard given != nil || needed > Self.unchecked, let limit = given ?? Self.limit(for: needed), needed > limit.bytes else {
            return
        }
        let frame = "a \(width)×\(height) px \(style.rawValue) frame" + (format.isVector ? " traced into vectors" : "")
            + (sheetPixels > 0 ? " in a \(format.rawValue)" : "")
        throw CommandFailure(
            message: "\(sizeOption): \(frame) needs about \(Self.gigabytes(needed)) of memory, more than the "
                + "\(Self.gigabytes(limit.bytes)) this process may have (\(limit.what)); give a smaller --size or --scale",
            exitCode: .outOfMemory)
    }

    /// `bytes` in GB (10⁹ bytes) to a tenth, or MB under 1 GB.
    static func gigabytes(_ bytes: Int) -> String {
        if bytes < 1_000_000_000 { return "\(max(1, (bytes + 500_000) / 1_000_000)) MB" }
        let tenths = (Double(bytes) / 1e8).rounded() / 10
        return "\(formatComputed(tenths)) GB"
    }
}
