import AlphaRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory a command's frames will take, estimated before they are drawn and checked
/// against what the system lets the process have: a command that clearly cannot get it
/// (`margin`) fails at once, with one line naming `--size`, rather than when an allocation
/// fails minutes in (where the Swift runtime stops the process: SIGABRT, which `Interrupts`
/// turns into an exit with 134, its temporary files removed, after the runtime's message and,
/// in a statically linked build, the runtime's own stack trace).
///
/// The estimate is of the address space the process uses at its peak, which `ulimit -v`
/// limits: measured per pixel as the least `ulimit -v` under which each command still
/// succeeds (bisected, release build, 2026-12-06), a little above the largest: 21.2 MB for a
/// 64 px frame (the base); a metaball frame 14.3–15.2 bytes a pixel more at 2048–8192 px, a
/// path frame 12.1–12.3, a distance frame 66–84 (both icons' fields are computed at once;
/// two bisections of one 2048 px frame gave 68.5 and 84, see `margin`); tracing for the
/// vector formats 9–12 more (none for the path style, which writes its outlines); a sheet
/// or strip 5.1–8.1 bytes a pixel of its own (`sheetBytesPerPixel`). Not counted: ffmpeg (a
/// process of its own), the fields that an `animate` timeline captures where an event
/// interrupts a morph (4 bytes a pixel each, 8 for icons with translucent layers). What a
/// metaball frame of icons with translucent layers takes beside (`LayerOpacity`: the icons'
/// opaque coverage, the shape's bytes, the differences and two planes blurred across, about
/// 13 bytes a pixel: a 2048 px frame peaked at 126 MB against 70 MB for opaque icons) is known
/// only once the icons are drawn: the commands check again then (`translucentLayers`).
struct MemoryNeeds {
    /// A frame's size in pixels.
    var width: Int
    var height: Int
    var style: FieldStyle
    var format: OutputFormat
    /// Pixels of the sheet or strip the frames go into, if any (`countSheet(of:)`).
    var sheetPixels = 0
    /// Icons whose distance fields are kept beyond the two of a morph (an `animate` timeline's).
    var extraIcons = 0
    /// Whether metaball frames give icons' translucent layers their opacity
    /// (`translucentLayersBytesPerPixel` more).
    var translucentLayers = false

    /// How far the estimate must pass the limit for a refusal: a quarter. The address space
    /// a run takes varies by more than the estimate's own error (up to 13 % above the need
    /// measured): glibc reserves 64 MB of it for each thread that comes to allocate at
    /// once, which two threads did or did not from run to run (a 2048 px distance frame
    /// needed 301 MB in one bisection and 365 MB in another). A command refused is then surely
    /// beyond the limit, and one that passes the check and still runs out ends as the
    /// comment on `MemoryNeeds` says.
    static let margin = 0.25

    /// Bytes of the program itself, its libraries, threads and small buffers.
    static let baseBytes = 24_000_000

    /// Bytes a frame pixel takes at the peak of a command in `style`, before any tracing.
    static func bytesPerPixel(_ style: FieldStyle) -> Double {
        switch style {
        case .metaball: 15.5
        case .path: 12.5
        case .distance: 71
        }
    }

    /// Bytes a frame pixel takes to trace a frame into vector outlines.
    static let tracingBytesPerPixel = 12.0
    /// Bytes a sheet pixel takes of its own: the least measured, 5.1–5.2 (one colour's alpha,
    /// or RGBA of 16 frames of 2000 px); 100 RGBA frames of 800 px took 8.1, and a sheet like
    /// them near the limit ends as the type's comment says rather than being refused.
    static let sheetBytesPerPixel = 5.5
    /// Bytes a frame pixel takes for each further distance field kept.
    static let keptFieldBytesPerPixel = 5.0
    /// Bytes a frame pixel takes beside when metaball frames keep translucent layers (see
    /// the type's comment: 2048 px frames, 126 MB against 70 MB, 13.4 bytes a pixel).
    static let translucentLayersBytesPerPixel = 13.5

    /// Counts `translucentLayers` and checks again (`check()`) when some of `masks`, the
    /// command's icons as drawn, have translucent layers (`AlphaMask.opaqueCoverage`).
    mutating func countTranslucentLayers(of masks: some Sequence<AlphaMask>) throws {
        guard masks.contains(where: { $0.opaqueCoverage != nil }) else { return }
        translucentLayers = true
        try check()
    }

    /// The sheet or strip of `output` counted, when it is one (its frames are this size).
    mutating func countSheet(of output: FrameOutput) {
        sheetPixels = output.format.isSheet ? output.sheetLayout(frameSize: (width, height)).pixelCount ?? 0 : 0
    }

    /// Whether the frames are traced into vectors (the path style writes its outlines as they are).
    var traces: Bool { format.isVector && style != .path }

    /// The estimate, in bytes.
    var bytes: Int {
        var perPixel = Self.bytesPerPixel(style) + (traces ? Self.tracingBytesPerPixel : 0)
        if style == .distance { perPixel += Double(extraIcons) * Self.keptFieldBytesPerPixel }
        if style == .metaball && translucentLayers { perPixel += Self.translucentLayersBytesPerPixel }
        let total = Double(Self.baseBytes) + perPixel * Double(width) * Double(height)
            + Self.sheetBytesPerPixel * Double(sheetPixels)
        return total < Double(Int.max) ? Int(total.rounded(.up)) : .max
    }

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

    /// Throws when the estimate exceeds the limit (`limit(for:)` unless given) by more than
    /// `margin`: a `CommandFailure` naming `--size`, the frame size and both amounts, with
    /// `ExitCode.outOfMemory`. Call it before any icon is drawn: an icon's mask is an
    /// allocation of a frame's size, which the memory may not hold either. Before refusing it
    /// runs `inputsFirst`, which throws what is wrong with the inputs themselves (a missing
    /// file, an unknown name), so that those are reported first, as when the memory suffices;
    /// a command that passes runs nothing more.
    func check(limit given: (bytes: Int, what: String)? = nil, inputsFirst: () throws -> Void = {}) throws {
        let frames = "\(width)×\(height) px \(style.rawValue) frames" + (traces ? " traced into vectors" : "")
            + (sheetPixels > 0 ? " in a \(format.rawValue)" : "")
        let smaller = sheetPixels > 0 ? "fewer frames, or a smaller --size or --scale" : "a smaller --size or --scale"
        try Self.check(bytes, of: frames, need: "need", smaller: smaller, limit: given, inputsFirst: inputsFirst)
    }

    /// Bytes a pixel of the `mask` command takes: the mask, its picture as gray and alpha, and
    /// the encoder's (measured as for the frames above: 2.9 at 4096 px).
    static let maskBytesPerPixel = 3.5

    /// `check` for the `mask` command's one mask of `width` × `height` pixels.
    static func checkMask(
        width: Int, height: Int, limit given: (bytes: Int, what: String)? = nil, inputsFirst: () throws -> Void = {}
    ) throws {
        let total = Double(baseBytes) + maskBytesPerPixel * Double(width) * Double(height)
        try check(
            total < Double(Int.max) ? Int(total.rounded(.up)) : .max, of: "a \(width)×\(height) px mask", need: "needs",
            smaller: "a smaller --size or --scale", limit: given, inputsFirst: inputsFirst)
    }

    /// Throws the refusal of `needed` bytes for `what` (`need`: the verb agreeing with it)
    /// past the limit and its margin, after `inputsFirst`.
    private static func check(
        _ needed: Int, of what: String, need: String, smaller: String, limit given: (bytes: Int, what: String)?,
        inputsFirst: () throws -> Void
    ) throws {
        guard let limit = given ?? limit(for: needed), Double(needed) > Double(limit.bytes) * (1 + margin) else {
            return
        }
        try inputsFirst()
        throw CommandFailure(
            message: "\(OptionKey.size.longName): \(what) \(need) about \(megabytes(needed, roundingUp: true)) of memory, more than "
                + "the \(megabytes(limit.bytes, roundingUp: false)) this process may have (\(limit.what)); give \(smaller)",
            exitCode: .outOfMemory)
    }

    /// `bytes` in whole MB (10⁶ bytes), rounded up or down: the need rounded up and the limit
    /// down never read the same.
    static func megabytes(_ bytes: Int, roundingUp: Bool) -> String {
        "\((bytes + (roundingUp ? 999_999 : 0)) / 1_000_000) MB"
    }
}
