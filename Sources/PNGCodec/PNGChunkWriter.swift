/// Lays out PNG chunks (length, type, data, CRC-32 of type and data; ISO/IEC 15948 §5.3)
/// in a buffer the caller sized for the whole file.
///
/// Writing past the buffer is a programming error in the caller's size computation, caught
/// by a precondition rather than left to corrupt memory.
struct PNGChunkWriter {
    private let buffer: UnsafeMutableRawBufferPointer
    /// Bytes written so far.
    private(set) var count = 0
    /// Where the open chunk's length field is.
    private var chunkStart = 0

    init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        buffer = UnsafeMutableRawBufferPointer(start: base, count: capacity)
    }

    /// Everything written.
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[0..<count]) }

    mutating func append(byte: UInt8) {
        precondition(count < buffer.count, "PNG chunk data overran its buffer")
        buffer[count] = byte
        count += 1
    }

    mutating func append(bigEndian value: UInt32) {
        precondition(buffer.count - count >= 4, "PNG chunk data overran its buffer")
        buffer.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= buffer.count - count, "PNG chunk data overran its buffer")
        if let source = bytes.baseAddress, bytes.count > 0 {
            (buffer.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }

    /// Counts `count` bytes the caller wrote after what is written (from `written`'s end).
    mutating func skip(_ count: Int) {
        precondition(count >= 0 && count <= buffer.count - self.count, "PNG chunk data overran its buffer")
        self.count += count
    }

    /// Starts a chunk of `type` (four ASCII letters); its data follows until `endChunk`.
    mutating func beginChunk(_ type: PNGChunkType) {
        chunkStart = count
        append(bigEndian: 0)
        append(bigEndian: type.rawValue)
    }

    /// Fills in the open chunk's length and appends its CRC.
    mutating func endChunk() {
        let length = count - chunkStart - 8
        buffer.storeBytes(of: UInt32(length).bigEndian, toByteOffset: chunkStart, as: UInt32.self)
        let typeAndData = UnsafeRawBufferPointer(rebasing: buffer[(chunkStart + 4)..<count])
        append(bigEndian: Zlib.crc32(typeAndData))
    }

    /// The PNG signature, IHDR for an 8-bit, non-interlaced image of `colorType`, and sRGB
    /// (perceptual rendering intent), as libpng writes them for `PNGEncoder`: the 46 bytes an
    /// animated PNG starts with.
    mutating func appendSignatureAndHeader(width: Int, height: Int, colorType: UInt8) {
        append(bigEndian: UInt32(truncatingIfNeeded: PNGSignature.value >> 32))
        append(bigEndian: UInt32(truncatingIfNeeded: PNGSignature.value))
        beginChunk(.imageHeader)
        append(bigEndian: UInt32(width))
        append(bigEndian: UInt32(height))
        append(byte: 8)  // bit depth
        append(byte: colorType)
        append(byte: 0)  // deflate
        append(byte: 0)  // filter method 0
        append(byte: 0)  // no interlacing
        endChunk()
        beginChunk(PNGChunkType("sRGB"))
        append(byte: 0)
        endChunk()
    }
}
