import CZlib

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses image data that inflates to far more than the header's rows need, before libpng
/// sees the stream.
///
/// Why: after the last row libpng inflates whatever image data is left, to discard it (with a
/// warning), so a 1 × 1 image whose `IDAT` holds 1 GB of zeros in 972 KB took 2.6 s, and zlib's
/// 1032 : 1 ratio let a 16 MB file cost about 40 s, in constant memory. Here the `IDAT` data is
/// inflated into a small scratch buffer, counting bytes, and the stream is refused as soon as
/// it passes the rows' size (Adam7 passes included) plus `slack`; so the work is bounded by
/// the image's own size. Anything this check cannot make sense of (no IHDR, an invalid header,
/// an image over the pixel limit, corrupt or truncated data) is left to libpng, which reports
/// it as before.
enum PNGImageDataBudget {
    /// Bytes tolerated past the rows, as libpng tolerates them: 1 MiB, far above the few bytes
    /// an encoder may leave (a flushed empty block, padding).
    static let slack = 1 << 20

    /// Scratch output per `inflate` call.
    private static let scratchSize = 1 << 16

    /// Checks a stream held in memory.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name`.
    static func check(_ data: UnsafeRawBufferPointer, name: String, pixelLimit: Int) throws {
        try check(name: name, pixelLimit: pixelLimit) { offset, count in
            guard offset >= 0, offset <= data.count else { return [] }
            return Array(data[offset..<min(data.count, offset + count)])
        }
    }

    /// Checks a file from its start; leaves the position at the start.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name`.
    static func check(file: UnsafeMutablePointer<FILE>, name: String, pixelLimit: Int) throws {
        defer { rewind(file) }
        try check(name: name, pixelLimit: pixelLimit) { offset, count in
            guard fseeko(file, off_t(offset), SEEK_SET) == 0 else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            let read = fread(&bytes, 1, count, file)
            return Array(bytes.prefix(read))
        }
    }

    /// Walks the chunks through `read(offset, count)` (fewer bytes at the end of the stream).
    private static func check(name: String, pixelLimit: Int, read: (Int, Int) -> [UInt8]) throws {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard read(0, 8) == signature else { return }
        var offset = 8
        var budget: (rows: Int, width: Int, height: Int)?
        var inflater: Inflater?
        defer { inflater?.end() }
        while true {
            let header = read(offset, 8)
            guard header.count == 8 else { return }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            switch type {
            case "IHDR":
                guard length == 13, budget == nil else { return }
                budget = rowBytes(read(offset + 8, 13), pixelLimit: pixelLimit)
                guard budget != nil else { return }
            case "IDAT":
                guard let budget else { return }
                if inflater == nil { inflater = Inflater() }
                guard let active = inflater else { return }
                var done = 0
                while done < length {
                    let piece = read(offset + 8 + done, min(scratchSize, length - done))
                    if piece.isEmpty { return }
                    done += piece.count
                    guard let produced = active.feed(piece, limit: budget.rows + slack) else { return }
                    if produced > budget.rows + slack {
                        throw PNGError.invalidPNG(
                            path: name,
                            reason: "IDAT: the image data inflates to more than the \(budget.rows) bytes a "
                                + "\(budget.width)×\(budget.height) image needs (plus \(slack) spare)")
                    }
                    if active.ended { return }
                }
            case "IEND":
                return
            default:
                break
            }
            offset += 12 + length
        }
    }

    /// The bytes of filtered rows the 13 IHDR bytes describe, or nil when the header is invalid,
    /// the image is over `pixelLimit`, or the sum overflows.
    private static func rowBytes(_ ihdr: [UInt8], pixelLimit: Int) -> (rows: Int, width: Int, height: Int)? {
        guard ihdr.count == 13 else { return nil }
        let width = ihdr[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = ihdr[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let depth = Int(ihdr[8])
        let channels: Int
        switch ihdr[9] {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        guard width > 0, height > 0, [1, 2, 4, 8, 16].contains(depth), ihdr[12] <= 1 else { return nil }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= min(pixelLimit, LibPNG.maximumPixelCount) else { return nil }
        let bits = depth * channels
        func passBytes(_ w: Int, _ h: Int) -> Int { w > 0 && h > 0 ? h * (1 + (w * bits + 7) / 8) : 0 }
        if ihdr[12] == 0 { return (passBytes(width, height), width, height) }
        // Adam7: (x start, y start, x step, y step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        let total = passes.reduce(0) { sum, pass in
            sum + passBytes((width - pass.0 + pass.2 - 1) / pass.2, (height - pass.1 + pass.3 - 1) / pass.3)
        }
        return (total, width, height)
    }

    /// A zlib inflate stream that counts its output into a scratch buffer it reuses.
    private final class Inflater {
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private let scratch = UnsafeMutablePointer<Bytef>.allocate(capacity: PNGImageDataBudget.scratchSize)
        private var ready: Bool
        private(set) var produced = 0
        private(set) var ended = false

        init() {
            stream.initialize(to: z_stream())
            ready = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        }

        /// Inflates `input`, stopping once more than `limit` bytes came out; the total so far,
        /// or nil when the data is not a valid zlib stream (libpng will say so).
        func feed(_ input: [UInt8], limit: Int) -> Int? {
            guard ready, !ended else { return ready ? produced : nil }
            return input.withUnsafeBufferPointer { buffer -> Int? in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: buffer.baseAddress)
                stream.pointee.avail_in = uInt(buffer.count)
                while true {
                    stream.pointee.next_out = scratch
                    stream.pointee.avail_out = uInt(PNGImageDataBudget.scratchSize)
                    let status = inflate(stream, Z_NO_FLUSH)
                    produced += PNGImageDataBudget.scratchSize - Int(stream.pointee.avail_out)
                    if status == Z_STREAM_END { ended = true; return produced }
                    if status != Z_OK && status != Z_BUF_ERROR { return nil }
                    // Output room left over means the input is used up (or zlib needs more).
                    if produced > limit || stream.pointee.avail_out > 0 { return produced }
                }
            }
        }

        func end() {
            if ready { inflateEnd(stream) }
            ready = false
            stream.deinitialize(count: 1)
            stream.deallocate()
            scratch.deallocate()
        }
    }
}
