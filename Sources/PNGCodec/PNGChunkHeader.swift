/// The eight bytes before a chunk's data (ISO/IEC 15948 §5.3): its data length and type, and
/// where in the stream it stands.
struct PNGChunkHeader: Equatable {
    /// Where the chunk starts (its length field), from the start of the stream.
    let offset: Int
    /// The data length as declared, 0 … 2³² − 1 (a valid chunk holds at most 2³¹ − 1).
    let length: Int
    let type: PNGChunkType

    /// Where the data starts.
    var dataOffset: Int { offset + 8 }
    /// Where the CRC of type and data starts.
    var checksumOffset: Int { offset + 8 + length }
    /// Where the next chunk starts.
    var end: Int { offset + 12 + length }

    /// Reads the header from the 8 bytes at `bytes`' start; the chunk starts at `offset`.
    init(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        self.offset = offset
        length = Int(UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self)))
        type = PNGChunkType(rawValue: UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
    }
}
