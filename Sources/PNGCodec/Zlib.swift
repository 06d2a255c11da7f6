import CZlib

/// The one place that talks to zlib: the compression stream `PNGEncoder` writes IDAT with
/// (`Deflater`), and the inflate and checksums that `InterlacedPNGFlattener` needs to
/// rewrite a PNG stream (CRC-32 also serves `PNGChunkWriter`).
enum Zlib {
    /// Inflates a complete zlib stream into exactly `expectedCount` bytes.
    ///
    /// More data than expected is ignored, as libpng ignores it (with a warning).
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name` when the stream is corrupt or holds fewer
    ///   than `expectedCount` bytes.
    static func inflate(_ source: UnsafeRawBufferPointer, expectedCount: Int, name: String) throws -> [UInt8] {
        // One spare byte tells "more data than expected" (buffer full) from "stream ends early".
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var produced = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            uncompress(out.baseAddress, &produced, source.bindMemory(to: Bytef.self).baseAddress, uLong(source.count))
        }
        guard status == Z_OK || status == Z_BUF_ERROR else {
            throw PNGError.invalidPNG(path: name, reason: "IDAT: invalid compressed image data (zlib error \(status))")
        }
        guard produced >= uLongf(expectedCount) else {
            throw PNGError.invalidPNG(path: name, reason: "Not enough image data, the data is truncated")
        }
        output.removeLast(output.count - expectedCount)
        return output
    }

    /// CRC-32 of `bytes` (ISO 3309, as every PNG chunk carries).
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(CZlib.crc32(0, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count)))
    }

    /// Adler-32 of `bytes` (RFC 1950, the checksum that ends a zlib stream).
    static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(CZlib.adler32(1, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count)))
    }
}

extension Zlib {
    /// A zlib compression stream (RFC 1950) that is set up once and reset for every image, so
    /// that encoding a sequence allocates zlib's memory (about 256 KiB at window 15, memory
    /// level 8) once instead of per frame.
    ///
    /// Not thread-safe: one deflater per encoder, one encoder per thread.
    final class Deflater {
        // Heap-allocated: zlib keeps a pointer back to the stream in its internal state, so the
        // `z_stream` must not move once initialised.
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

        /// Sets up a stream: `level` 0…9, a 32 KiB window and memory level 8 (zlib's defaults).
        ///
        /// - Throws: `PNGError.encodingFailed` when zlib refuses (out of memory, or a version
        ///   mismatch between the headers and the library).
        init(level: Int, strategy: PNGCompression.Strategy) throws {
            let zlibStrategy = switch strategy {
            case .default: Z_DEFAULT_STRATEGY
            case .filtered: Z_FILTERED
            case .runLength: Z_RLE
            case .huffmanOnly: Z_HUFFMAN_ONLY
            }
            stream.initialize(to: z_stream())
            let status = deflateInit2_(
                stream, Int32(level), Z_DEFLATED, 15, 8, zlibStrategy, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw PNGError.encodingFailed(reason: "zlib cannot start a compression stream (error \(status))")
            }
        }

        deinit {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// The most bytes `compress` can produce from `count` input bytes with these settings.
        func bound(forInputCount count: Int) -> Int {
            Int(deflateBound(stream, uLong(count)))
        }

        /// Compresses `input` into one complete zlib stream at the start of `output`, which must
        /// hold at least `bound(forInputCount: input.count)` bytes; returns the bytes written.
        ///
        /// - Throws: `PNGError.encodingFailed` if zlib reports an error (it cannot, for a buffer
        ///   of the bound's size, unless its memory is corrupt).
        func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int {
            deflateReset(stream)
            // zlib's counters are 32-bit: feed and drain at most 1 GiB per call.
            let chunk = 1 << 30
            var consumed = 0, produced = 0
            while true {
                let inCount = min(chunk, input.count - consumed)
                let outCount = min(chunk, output.count - produced)
                stream.pointee.next_in = input.baseAddress.map {
                    UnsafeMutablePointer(mutating: $0.assumingMemoryBound(to: Bytef.self) + consumed)
                }
                stream.pointee.avail_in = uInt(inCount)
                stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self) + produced
                stream.pointee.avail_out = uInt(outCount)
                let status = deflate(stream, consumed + inCount == input.count ? Z_FINISH : Z_NO_FLUSH)
                let read = inCount - Int(stream.pointee.avail_in), written = outCount - Int(stream.pointee.avail_out)
                consumed += read
                produced += written
                if status == Z_STREAM_END { return produced }
                guard status == Z_OK || status == Z_BUF_ERROR, read + written > 0, produced < output.count else {
                    throw PNGError.encodingFailed(reason: "zlib failed to compress the image data (error \(status))")
                }
            }
        }
    }
}
