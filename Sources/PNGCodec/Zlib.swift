import CZlib

/// The one place that talks to zlib: the inflate and the checksums that
/// `InterlacedPNGFlattener` needs to rewrite a PNG stream.
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
