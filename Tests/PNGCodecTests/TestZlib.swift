import CZlib

/// zlib for the tests' own readers and hand-made streams, called directly so that they do
/// not lean on the codec (which leaves compression to libpng).
enum TestZlib {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Inflates a complete zlib stream into exactly `expectedCount` bytes (more is ignored).
    ///
    /// - Throws: `Failure` naming `name` when the stream is corrupt or holds fewer bytes.
    static func inflate(_ source: [UInt8], expectedCount: Int, name: String) throws -> [UInt8] {
        // One spare byte tells "more data than expected" (buffer full) from "ends early".
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var produced = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            source.withUnsafeBufferPointer { uncompress(out.baseAddress, &produced, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK || status == Z_BUF_ERROR else {
            throw Failure(description: "\(name): invalid compressed data (zlib error \(status))")
        }
        guard produced >= uLongf(expectedCount) else {
            throw Failure(description: "\(name): \(produced) bytes of image data, \(expectedCount) expected")
        }
        return Array(output.prefix(expectedCount))
    }

    /// `bytes` as one zlib stream at `level`.
    static func deflate(_ bytes: [UInt8], level: Int32 = 9) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(compressBound(uLong(bytes.count))))
        var produced = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &produced, $0.baseAddress, uLong($0.count), level) }
        }
        precondition(status == Z_OK, "zlib failed to compress test data (\(status))")
        return Array(output.prefix(Int(produced)))
    }
}
