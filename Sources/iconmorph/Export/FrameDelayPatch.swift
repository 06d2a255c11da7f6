#if canImport(Glibc)
import _IconMorphSupport
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets the frame delays of a GIF or animated WebP that ffmpeg wrote, so that the animation
/// lasts what its frames say.
///
/// ffmpeg is given the frames at one rate, and gives each frame the time to the next one's
/// timestamp, rounded where the timestamps are (hundredths of a second for GIF, milliseconds
/// for WebP), so the delays add up exactly to each frame's start. The last frame has no next
/// one, and it gets the delay of the frame before (GIF) or one frame's time rounded on its own
/// (WebP): 30 frames at 30 fps lasted 1.01 s as a GIF, 0.999 s as a WebP.
/// - `fixLast` gives the last frame what remains of the animation's time, rounded once:
///   n frames at r fps last round(n / r) in the format's unit (`units`).
/// - `setAll` gives a GIF's frames delays of their own (a hold as one frame shown longer),
///   each frame's start rounded once, so they add up to the whole time rounded once.
///
/// `init(format:delays:fps:holdsAsDelays:)` chooses which for an output, `apply` does it.
enum FrameDelayPatch {
    /// Each frame's own delay (hundredths of a second), for a GIF whose holds are single
    /// frames shown longer; the fallback, should the file not hold one frame each, is the
    /// last frame given what remains of their sum.
    case each(hundredths: [Int])
    /// The last frame given what remains of `total` (the format's unit).
    case last(total: Int)

    /// The formats whose delays are patched.
    static let formats: [OutputFormat] = [.gif, .webp]

    /// The patch for `delays` (seconds, one a frame given to ffmpeg at `fps`) in `format`;
    /// nil for another format, a still (which plays no animation, so it keeps ffmpeg's delay)
    /// or a time too long to count.
    init?(format: OutputFormat, delays: [Rational], fps: Rational, holdsAsDelays: Bool) {
        guard Self.formats.contains(format), delays.count > 1 else { return nil }
        if format == .gif, holdsAsDelays, let hundredths = Self.gifHundredths(delays) {
            self = .each(hundredths: hundredths)
        } else if let total = Self.units(frameCount: delays.count, fps: fps, unitsPerSecond: format == .gif ? 100 : 1000) {
            self = .last(total: total)
        } else {
            return nil
        }
    }

    /// Patches the `format` file open for reading and writing at `descriptor`; returns how
    /// many frames the file holds, as read to patch it (nil when it does not parse): ffmpeg
    /// merges a run of equal frames of a WebP into one shown longer, such as a hold's.
    @discardableResult
    func apply(to descriptor: Int32, format: OutputFormat) -> Int? {
        switch self {
        case .each(let hundredths):
            if let count = Self.setAll(descriptor, hundredths: hundredths) { return count }
            return Self.fixLast(descriptor, format: format, total: hundredths.reduce(0, +))
        case .last(let total):
            return Self.fixLast(descriptor, format: format, total: total)
        }
    }

    /// round(`frameCount` / `fps` · `unitsPerSecond`), in integers; nil if it overflows.
    static func units(frameCount: Int, fps: Rational, unitsPerSecond: Int) -> Int? {
        let (scaled, overflows) = frameCount.multipliedReportingOverflow(by: unitsPerSecond)
        guard !overflows, fps.numerator > 0 else { return nil }
        return fps.reciprocal.rounded(times: scaled)
    }

    /// Gives the last frame of the file open for reading and writing at `descriptor`
    /// (`format` `.gif` or `.webp`) what remains of `total` (hundredths of a second for a
    /// GIF, milliseconds for a WebP); returns the frames the file holds. A file that does not
    /// parse (nil), or whose last delay would not fit, is left as it is.
    @discardableResult
    static func fixLast(_ descriptor: Int32, format: OutputFormat, total: Int) -> Int? {
        guard let bytes = contents(of: descriptor) else { return nil }
        let delays = format == .gif ? gifDelays(bytes) : webPDurations(bytes)
        guard let last = delays.last else { return nil }
        let remaining = total - delays.dropLast().reduce(0) { $0 + $1.value }
        // A GIF delay is 16 bits, a WebP duration 24; under 1 the frame would vanish.
        if remaining >= 1, remaining < (format == .gif ? 1 << 16 : 1 << 24), remaining != last.value {
            write(remaining, bytes: format == .gif ? 2 : 3, at: last.offset, to: descriptor)
        }
        return delays.count
    }

    /// The hundredths of a second a GIF shows each of frames of `delays` (seconds): frame k
    /// from round(100 · its start) to round(100 · the next one's); nil when one would not fit
    /// a GIF's 16 bits or would be under 1.
    static func gifHundredths(_ delays: [Rational]) -> [Int]? {
        var start = 0.0, startUnits = 0
        var result: [Int] = []
        result.reserveCapacity(delays.count)
        for delay in delays {
            start += delay.doubleValue
            let end = Int((start * 100).rounded())
            guard end - startUnits >= 1, end - startUnits < 1 << 16 else { return nil }
            result.append(end - startUnits)
            startUnits = end
        }
        return result
    }

    /// Gives the GIF open for reading and writing at `descriptor` the `hundredths` of its
    /// frames (`gifHundredths`) and returns their count; a file that does not parse or holds
    /// another number of frames is left as it is (nil).
    @discardableResult
    static func setAll(_ descriptor: Int32, hundredths: [Int]) -> Int? {
        guard let bytes = contents(of: descriptor) else { return nil }
        let delays = gifDelays(bytes)
        guard delays.count == hundredths.count else { return nil }
        for (delay, wanted) in zip(delays, hundredths) where delay.value != wanted {
            write(wanted, bytes: 2, at: delay.offset, to: descriptor)
        }
        return delays.count
    }

    /// Writes `value`'s `bytes` lowest bytes, little-endian, at `offset`.
    private static func write(_ value: Int, bytes: Int, at offset: Int, to descriptor: Int32) {
        let patch = (0..<bytes).map { UInt8((value >> (8 * $0)) & 0xFF) }
        _ = patch.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
    }

    /// The whole file at `descriptor`, or nil when it cannot be read.
    private static func contents(of descriptor: Int32) -> [UInt8]? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size < Int.max else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return read == bytes.count ? bytes : nil
    }

    /// The delay of each frame of a GIF (in hundredths of a second) and where its two bytes
    /// are: each Graphic Control Extension's, in order; empty when the file does not parse.
    static func gifDelays(_ bytes: [UInt8]) -> [(offset: Int, value: Int)] {
        guard bytes.count >= 13, bytes[0..<6].elementsEqual("GIF89a".utf8) else { return [] }
        var delays: [(offset: Int, value: Int)] = []
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 7) + 1) }
        // Skips the data sub-blocks from `start`; the position after their terminator, or nil.
        func afterSubBlocks(_ start: Int) -> Int? {
            var at = start
            while at < bytes.count {
                let size = Int(bytes[at])
                if size == 0 { return at + 1 }
                at += size + 1
            }
            return nil
        }
        while position < bytes.count {
            switch bytes[position] {
            case 0x21:
                guard position + 1 < bytes.count else { return [] }
                if bytes[position + 1] == 0xF9 {
                    guard position + 5 < bytes.count, bytes[position + 2] == 4 else { return [] }
                    delays.append((position + 4, Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8))
                }
                guard let next = afterSubBlocks(position + 2) else { return [] }
                position = next
            case 0x2C:
                guard position + 10 < bytes.count else { return [] }
                var start = position + 10
                if bytes[position + 9] & 0x80 != 0 { start += 3 << (Int(bytes[position + 9] & 7) + 1) }
                // The LZW minimum code size, then the image data.
                guard let next = afterSubBlocks(start + 1) else { return [] }
                position = next
            case 0x3B:
                return delays
            default:
                return []
            }
        }
        return []
    }

    /// The duration of each frame of an animated WebP (in milliseconds) and where its three
    /// bytes are: each ANMF chunk's, in order; empty when the file does not parse.
    static func webPDurations(_ bytes: [UInt8]) -> [(offset: Int, value: Int)] {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return []
        }
        var durations: [(offset: Int, value: Int)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            if bytes[offset..<offset + 4].elementsEqual("ANMF".utf8) {
                let at = offset + 8 + 12
                guard size >= 16, at + 3 <= bytes.count else { return [] }
                durations.append((at, Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16))
            }
            offset += 8 + size + (size & 1)
        }
        return offset == bytes.count ? durations : []
    }
}
