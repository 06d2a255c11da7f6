#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks the chunks before the image data against the bytes that are really there, before
/// libpng sees the stream.
///
/// Why: libpng allocates a buffer of a chunk's declared length before reading the chunk, so a
/// few hundred bytes declaring a 2 GB `zTXt` made it ask for 2 GB (found by fuzzing), and a
/// file really holding a huge text or profile chunk would be read into memory whole. libpng
/// reads every chunk up to the first `IDAT` that way; image data itself is streamed, and
/// nothing after it is read, so only the chunks before the first `IDAT` are checked:
/// - a chunk other than `IDAT` longer than `maximumChunkLength` is refused;
/// - a chunk other than `IDAT` longer than what is left of the stream is reported as
///   truncated, as libpng would after the allocation.
/// The walk stops at the first `IDAT`, `IEND`, or where fewer than 8 bytes remain (libpng
/// then reports the problem itself). A stream without the PNG signature is left to libpng.
enum PNGChunkLimits {
    /// The most bytes one chunk before the image data may hold: 8 000 000, the ceiling libpng's
    /// own default configuration declares for a chunk's allocation (`PNG_USER_CHUNK_MALLOC_MAX`).
    /// Real icons carry at most a few KiB (an ICC profile, some text).
    static let maximumChunkLength = 8_000_000

    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// `bytes` as text for a message: printable ASCII as it is, every other byte as `\xNN`, so
    /// that damaged chunk types (libpng quotes them as they are) cannot break the message's line.
    static func printable(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            (0x20..<0x7F).contains(byte)
                ? String(UnicodeScalar(byte))
                : "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    /// One chunk header: where it starts, its declared data length and its four-letter type.
    private struct Header {
        var offset: Int
        var length: Int
        var type: [UInt8]

        init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
            self.offset = offset
            length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[$1]) }
            type = Array(bytes[4..<8])
        }

        var typeName: String { PNGChunkLimits.printable(type) }

        var isImageData: Bool { type == [73, 68, 65, 84] }  // IDAT
        var isEnd: Bool { type == [73, 69, 78, 68] }  // IEND
    }

    /// Checks a stream held in memory.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name`.
    static func check(_ data: UnsafeRawBufferPointer, name: String) throws {
        guard data.count >= 8, data.prefix(8).elementsEqual(signature) else { return }
        var offset = 8
        while data.count - offset >= 8 {
            let header = Header(UnsafeRawBufferPointer(rebasing: data[offset..<(offset + 8)]), at: offset)
            try check(header, remaining: data.count - offset - 8, name: name) {
                "the data ends early, it is truncated (\($0))"
            }
            if header.isImageData || header.isEnd { return }
            offset += 12 + header.length
        }
    }

    /// Checks a file from its start, using its size on disk; leaves the position at the start.
    ///
    /// - Throws: `PNGError.invalidPNG` or `.unreadable` naming `name`.
    static func check(file: UnsafeMutablePointer<FILE>, name: String) throws {
        defer { rewind(file) }
        var info = stat()
        guard fstat(fileno(file), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: 8)
        rewind(file)
        guard fread(&bytes, 1, 8, file) == 8, bytes == signature else { return }
        var offset = 8
        while size - offset >= 8 {
            guard fseeko(file, off_t(offset), SEEK_SET) == 0, fread(&bytes, 1, 8, file) == 8 else {
                if ferror(file) != 0 { throw PNGError.unreadable(path: name, reason: String(cString: strerror(errno))) }
                return
            }
            let header = bytes.withUnsafeBytes { Header($0, at: offset) }
            try check(header, remaining: size - offset - 8, name: name) {
                "file ends early, the data is truncated (\($0))"
            }
            if header.isImageData || header.isEnd { return }
            offset += 12 + header.length
        }
    }

    /// Throws when `header`'s chunk is too long for the limit or for the `remaining` bytes
    /// after its header; `truncated` words the second case around a description of the chunk.
    private static func check(
        _ header: Header, remaining: Int, name: String, truncated: (String) -> String
    ) throws {
        // Image data is streamed in small pieces, so its declared length costs nothing; a cut
        // in it stays libpng's to report (it may come after the last row is complete).
        if header.isImageData { return }
        if header.length > maximumChunkLength {
            throw PNGError.invalidPNG(
                path: name,
                reason: "the \(header.typeName) chunk at byte \(header.offset) declares \(header.length) bytes, "
                    + "more than the limit of \(maximumChunkLength) for a chunk before the image data")
        }
        if header.length + 4 > remaining {
            throw PNGError.invalidPNG(
                path: name,
                reason: truncated("the \(header.typeName) chunk at byte \(header.offset) declares "
                    + "\(header.length) bytes and its checksum, \(remaining) remain"))
        }
    }
}
