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
/// warning), so a 1 × 1 image whose `IDAT` holds a gigabyte of zeros in under a megabyte costs
/// seconds, and zlib's ratio of up to 1032 : 1 makes a file of a few megabytes cost the better
/// part of a minute, in constant memory (see `ImageDataBudgetTests`). Here the `IDAT` data is
/// inflated into a small scratch buffer, counting bytes, and the stream is refused as soon as
/// it passes the rows' size (Adam7 passes included) plus `slack`; so the work is bounded by
/// the image's own size. A stream too short to inflate past the budget (deflate turns a byte
/// into at most `maximumInflation` bytes) is not inflated at all: so an icon's few kilobytes
/// cost a walk to its header, not a second inflation beside libpng's. Anything this check
/// cannot make sense of (no IHDR, an invalid header, an image over the pixel limit, corrupt or
/// truncated data) is left to libpng, which reports it as before.
enum PNGImageDataBudget {
    /// Bytes tolerated past the rows, as libpng tolerates them: 4 MiB (about 10 ms of
    /// inflating), far above the few bytes an encoder may leave (a flushed empty block,
    /// padding), and enough that a PNG of up to 4 KiB is never inflated twice.
    static let slack = 4 << 20

    /// The most bytes deflate data inflates to per byte: 1032, a 258-byte match in two bits
    /// (a one-bit length code and a one-bit distance code), the format's limit.
    static let maximumInflation = 1032

    /// Checks a stream held in memory.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name`.
    static func check(_ data: UnsafeRawBufferPointer, name: String, pixelLimit: Int) throws {
        try check(PNGMemorySource(data), name: name, pixelLimit: pixelLimit)
    }

    /// Checks a file from its start; leaves the position at the start.
    ///
    /// - Throws: `PNGError.invalidPNG` or `.unreadable` naming `name`.
    static func check(file: UnsafeMutablePointer<FILE>, name: String, pixelLimit: Int) throws {
        defer { rewind(file) }
        try check(PNGFileSource(file, name: name), name: name, pixelLimit: pixelLimit)
    }

    private static func check(_ source: some PNGByteSource, name: String, pixelLimit: Int) throws {
        var chunks = PNGChunkWalker(source)
        guard try chunks.hasSignature() else { return }
        var budget: (rows: Int, width: Int, height: Int)?
        var counter: Zlib.OutputCounter?
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: Zlib.OutputCounter.scratchSize, alignment: 8)
        defer { piece.deallocate() }
        while let chunk = try chunks.next() {
            switch chunk.type {
            case .imageHeader:
                guard chunk.length == PNGImageHeader.dataCount, budget == nil else { return }
                let data = UnsafeMutableRawBufferPointer(rebasing: piece[0..<PNGImageHeader.dataCount])
                guard try source.readBytes(into: data, at: chunk.dataOffset) == data.count else { return }
                let header = PNGImageHeader(UnsafeRawBufferPointer(data))
                // libpng's reader refuses a longer side as "Invalid IHDR data", which is not
                // what is wrong with a 1,000,001 × 1 image.
                if max(header.width, header.height) > PNGImage.longestSide {
                    throw PNGError.sideTooLong(path: name, width: header.width, height: header.height, limit: PNGImage.longestSide)
                }
                budget = rowBytes(header, pixelLimit: pixelLimit)
                guard let budget else { return }
                // All of the stream's bytes cannot inflate past the budget.
                if let length = source.length, length <= (budget.rows + slack) / maximumInflation { return }
            case .imageData:
                guard let budget else { return }
                let active = counter ?? Zlib.OutputCounter()
                counter = active
                var done = 0
                while done < chunk.length {
                    let part = UnsafeMutableRawBufferPointer(rebasing: piece[0..<min(piece.count, chunk.length - done)])
                    let got = try source.readBytes(into: part, at: chunk.dataOffset + done)
                    if got == 0 { return }
                    done += got
                    let limit = budget.rows + slack
                    guard let produced = active.feed(UnsafeRawBufferPointer(rebasing: part[0..<got]), limit: limit) else {
                        return
                    }
                    if produced > limit {
                        throw PNGError.invalidPNG(
                            path: name,
                            reason: "IDAT: the image data inflates to more than the \(budget.rows) bytes a "
                                + "\(budget.width)×\(budget.height) image needs (plus \(slack) spare)")
                    }
                    if active.ended { return }
                }
            case .imageEnd:
                return
            default:
                break
            }
        }
    }

    /// The bytes of filtered rows `header` describes, or nil when the header is invalid, the
    /// image is over `pixelLimit`, or the sum overflows.
    private static func rowBytes(_ header: PNGImageHeader, pixelLimit: Int) -> (rows: Int, width: Int, height: Int)? {
        let width = header.width, height = header.height
        guard let channels = header.channels, width > 0, height > 0, [1, 2, 4, 8, 16].contains(header.bitDepth),
              header.interlaceMethod <= 1
        else { return nil }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= min(pixelLimit, LibPNG.maximumPixelCount) else { return nil }
        let bits = header.bitDepth * channels
        func passBytes(_ w: Int, _ h: Int) -> Int { w > 0 && h > 0 ? h * (1 + (w * bits + 7) / 8) : 0 }
        if !header.isInterlaced { return (passBytes(width, height), width, height) }
        // Adam7: (x start, y start, x step, y step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        let total = passes.reduce(0) { sum, pass in
            sum + passBytes((width - pass.0 + pass.2 - 1) / pass.2, (height - pass.1 + pass.3 - 1) / pass.3)
        }
        return (total, width, height)
    }
}
