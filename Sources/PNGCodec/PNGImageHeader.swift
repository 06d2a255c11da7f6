/// The fields of an IHDR chunk (ISO/IEC 15948 §11.2.2), as declared: nothing is validated
/// here beyond what each property says.
struct PNGImageHeader: Equatable {
    /// Bytes of IHDR data.
    static let dataCount = 13

    let width: Int
    let height: Int
    let bitDepth: Int
    /// 0 gray, 2 RGB, 3 indexed, 4 gray+alpha, 6 RGBA.
    let colorType: UInt8
    /// 0 none, 1 Adam7.
    let interlaceMethod: UInt8

    /// Reads the 13 data bytes at `data`'s start.
    init(_ data: UnsafeRawBufferPointer) {
        width = Int(UInt32(bigEndian: data.loadUnaligned(as: UInt32.self)))
        height = Int(UInt32(bigEndian: data.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        bitDepth = Int(data[8])
        colorType = data[9]
        interlaceMethod = data[12]
    }

    /// The header at the start of a stream — the signature, then IHDR as the first chunk —
    /// from its first bytes; nil when `prefix` does not start that way or is too short.
    static func first(in prefix: UnsafeRawBufferPointer) -> PNGImageHeader? {
        let source = PNGMemorySource(prefix)
        var walker = PNGChunkWalker(source)
        guard PNGSignature.starts(prefix), let chunk = try? walker.next(), chunk.type == .imageHeader,
              prefix.count >= chunk.dataOffset + dataCount
        else { return nil }
        return PNGImageHeader(source.slice(chunk.dataOffset, count: dataCount))
    }

    /// Samples a pixel for the colour type (1 for indexed), nil for a type PNG does not define.
    var channels: Int? {
        switch colorType {
        case 0, 3: 1
        case 2: 3
        case 4: 2
        case 6: 4
        default: nil
        }
    }

    var isInterlaced: Bool { interlaceMethod == 1 }
}
