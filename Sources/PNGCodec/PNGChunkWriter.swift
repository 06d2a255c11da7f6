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

    /// The space after what is written, for chunk data produced in place; see
    /// `endChunk(producedInPlace:maximumLength:)`.
    var remaining: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(rebasing: buffer[count...]) }

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

    /// Starts a chunk of `type` (four ASCII letters); its data follows until `endChunk`.
    mutating func beginChunk(_ type: StaticString) {
        chunkStart = count
        append(bigEndian: 0)
        type.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Fills in the open chunk's length and appends its CRC.
    mutating func endChunk() {
        let length = count - chunkStart - 8
        buffer.storeBytes(of: UInt32(length).bigEndian, toByteOffset: chunkStart, as: UInt32.self)
        let typeAndData = UnsafeRawBufferPointer(rebasing: buffer[(chunkStart + 4)..<count])
        append(bigEndian: Zlib.crc32(typeAndData))
    }

    /// Ends the open chunk after `length` data bytes were produced in place (at the start of
    /// `remaining`), splitting it into chunks of the same type of at most
    /// `maximumLength` data bytes each; the data moves to make room for the new headers.
    /// Only IDAT data beyond PNG's 2³¹ − 1 chunk limit is ever split; decoders read the IDAT
    /// chunks' data as one stream.
    mutating func endChunk(producedInPlace length: Int, maximumLength: Int) {
        let start = chunkStart
        let pieces = max(1, (length + maximumLength - 1) / maximumLength)
        precondition(length >= 0 && start + 12 * pieces + length <= buffer.count, "PNG chunk data overran its buffer")
        let base = buffer.baseAddress!
        let type = buffer.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self)
        // Chunk p starts at start + 12p + p·maximumLength. Move the pieces from the last to
        // the second, each forward, so no piece is overwritten before it has moved.
        for piece in stride(from: pieces - 1, through: 1, by: -1) {
            let offset = piece * maximumLength
            let destination = start + 12 * piece + offset
            (base + destination + 8).copyMemory(from: base + start + 8 + offset, byteCount: min(maximumLength, length - offset))
            buffer.storeBytes(of: type, toByteOffset: destination + 4, as: UInt32.self)
        }
        count = start
        for piece in 0..<pieces {
            chunkStart = count
            count += 8 + min(maximumLength, length - piece * maximumLength)
            endChunk()
        }
    }

    /// The PNG signature, IHDR for an 8-bit, non-interlaced image of `colorType`, and sRGB
    /// (perceptual rendering intent): the 58 bytes every file we write starts with.
    mutating func appendSignatureAndHeader(width: Int, height: Int, colorType: UInt8) {
        append(bigEndian: 0x8950_4E47)  // the signature: 137 P N G CR LF SUB LF
        append(bigEndian: 0x0D0A_1A0A)
        beginChunk("IHDR")
        append(bigEndian: UInt32(width))
        append(bigEndian: UInt32(height))
        append(byte: 8)  // bit depth
        append(byte: colorType)
        append(byte: 0)  // deflate
        append(byte: 0)  // filter method 0
        append(byte: 0)  // no interlacing
        endChunk()
        beginChunk("sRGB")
        append(byte: 0)
        endChunk()
    }
}
