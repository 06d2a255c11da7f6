/// A chunk's four-letter type, as the 32-bit big-endian number it is stored as.
struct PNGChunkType: Hashable {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The type named by four ASCII letters.
    init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4, "a chunk type has four letters")
        rawValue = name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    static let imageHeader = PNGChunkType("IHDR")
    static let palette = PNGChunkType("PLTE")
    static let transparency = PNGChunkType("tRNS")
    static let imageData = PNGChunkType("IDAT")
    static let imageEnd = PNGChunkType("IEND")
    static let animationControl = PNGChunkType("acTL")
    static let frameControl = PNGChunkType("fcTL")
    static let frameData = PNGChunkType("fdAT")

    /// Whether a decoder may skip the chunk: the first letter is lower case (bit 5 set).
    var isAncillary: Bool { rawValue & 0x2000_0000 != 0 }

    /// The four letters for a message, any byte that is not printable ASCII escaped (see
    /// `PNGError.printable`), so that a damaged type cannot break the message's line.
    var name: String {
        PNGError.printable((0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) })
    }
}
