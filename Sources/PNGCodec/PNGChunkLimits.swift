#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
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
/// then reports the problem itself). A stream without the PNG signature, or of unknown length
/// (not a regular file), is left to libpng.
enum PNGChunkLimits {
    /// The most bytes one chunk before the image data may hold: 8 000 000, the ceiling libpng's
    /// own default configuration declares for a chunk's allocation (`PNG_USER_CHUNK_MALLOC_MAX`).
    /// Real icons carry at most a few KiB (an ICC profile, some text).
    static let maximumChunkLength = 8_000_000

    /// Checks a stream held in memory.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name`.
    static func check(_ data: UnsafeRawBufferPointer, name: String) throws {
        try check(PNGMemorySource(data), name: name) { "the data ends early, it is truncated (\($0))" }
    }

    /// Checks a file from its start, using its size on disk; leaves the position at the start.
    ///
    /// - Throws: `PNGError.invalidPNG` or `.unreadable` naming `name`.
    static func check(file: UnsafeMutablePointer<FILE>, name: String) throws {
        defer { rewind(file) }
        try check(PNGFileSource(file, name: name), name: name) { "file ends early, the data is truncated (\($0))" }
    }

    /// Walks `source`'s chunks up to the image data; `truncated` words a cut around a
    /// description of the chunk.
    private static func check(
        _ source: some PNGByteSource, name: String, truncated: (String) -> String
    ) throws {
        var chunks = PNGChunkWalker(source)
        guard source.length != nil, try chunks.hasSignature() else { return }
        while let chunk = try chunks.next() {
            // Image data is streamed in small pieces, so its declared length costs nothing; a
            // cut in it stays libpng's to report (it may come after the last row is complete).
            if chunk.type == .imageData { return }
            // Worded only for a message: the chunk name's formatting is not free.
            var described: String { "the \(chunk.type.name) chunk at byte \(chunk.offset) declares \(chunk.length) bytes" }
            if chunk.length > maximumChunkLength {
                throw PNGError.invalidPNG(
                    path: name,
                    reason: described + ", more than the limit of \(maximumChunkLength) for a chunk before the image data")
            }
            if let remaining = chunks.remaining(after: chunk), chunk.length + 4 > remaining {
                throw PNGError.invalidPNG(path: name, reason: truncated(described + " and its checksum, \(remaining) remain"))
            }
            if chunk.type == .imageEnd { return }
        }
    }
}
