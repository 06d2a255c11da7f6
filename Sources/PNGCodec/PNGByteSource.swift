#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a `PNGChunkWalker` reads a stream from: memory, a stdio file, the temporary file of an
/// animated PNG being written.
protocol PNGByteSource {
    /// The stream's length in bytes, when known (nil for a file that is not a regular file).
    var length: Int? { get }

    /// Copies the bytes from `offset` into `buffer`, fewer where the stream ends; returns how
    /// many (0 at or past the end).
    ///
    /// - Throws: `PNGError` when the stream cannot be read.
    func readBytes(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int
}

/// A stream held in memory.
struct PNGMemorySource: PNGByteSource {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var length: Int? { bytes.count }

    func readBytes(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard offset >= 0, offset < bytes.count else { return 0 }
        let count = min(buffer.count, bytes.count - offset)
        if count > 0 { buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: count) }
        return count
    }

    /// `count` bytes from `offset`, in place; the caller has checked they are there.
    func slice(_ offset: Int, count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }
}

/// A stdio file, read with `fseeko` and `fread` (so its position moves).
struct PNGFileSource: PNGByteSource {
    let file: UnsafeMutablePointer<FILE>
    /// The path, for messages.
    let name: String
    let length: Int?

    /// The file's size is its length when it is a regular file.
    init(_ file: UnsafeMutablePointer<FILE>, name: String) {
        self.file = file
        self.name = name
        var info = stat()
        length = fstat(fileno(file), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    }

    /// - Throws: `PNGError.unreadable` naming the file for an I/O error.
    func readBytes(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        guard fseeko(file, off_t(offset), SEEK_SET) == 0 else { return 0 }
        let got = fread(buffer.baseAddress, 1, buffer.count, file)
        if got < buffer.count, ferror(file) != 0 {
            throw PNGError.unreadable(path: name, reason: String(cString: strerror(errno)))
        }
        return got
    }
}
