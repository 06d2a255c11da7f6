/// One fcTL chunk of an animated PNG: where a frame goes on the canvas, how long it shows,
/// and how it meets what is there (APNG specification, "fcTL: The Frame Control Chunk").
struct AnimatedPNGFrameControl: Equatable {
    /// What happens to the frame's region after it was shown, before the next frame.
    enum Dispose: UInt8 {
        /// The region stays as it is (APNG_DISPOSE_OP_NONE).
        case none = 0
        /// The region becomes transparent black (APNG_DISPOSE_OP_BACKGROUND).
        case background = 1
        /// The region returns to what it was before the frame (APNG_DISPOSE_OP_PREVIOUS).
        case previous = 2
    }

    /// How the frame's pixels meet the region's.
    enum Blend: UInt8 {
        /// They replace it, alpha included (APNG_BLEND_OP_SOURCE).
        case source = 0
        /// They are composited over it (APNG_BLEND_OP_OVER).
        case over = 1
    }

    var region: AnimatedPNGRegion
    var delay: AnimatedPNGDelay
    var dispose: Dispose = .none
    var blend: Blend = .source

    /// Bytes of the chunk's data, the sequence number included.
    static let dataCount = 26

    /// Appends the whole chunk with `sequence` as its sequence number.
    func append(to writer: inout PNGChunkWriter, sequence: UInt32) {
        writer.beginChunk(.frameControl)
        writer.append(bigEndian: sequence)
        writer.append(bigEndian: UInt32(region.width))
        writer.append(bigEndian: UInt32(region.height))
        writer.append(bigEndian: UInt32(region.x))
        writer.append(bigEndian: UInt32(region.y))
        writer.append(byte: UInt8(delay.numerator >> 8))
        writer.append(byte: UInt8(delay.numerator & 0xFF))
        writer.append(byte: UInt8(delay.denominator >> 8))
        writer.append(byte: UInt8(delay.denominator & 0xFF))
        writer.append(byte: dispose.rawValue)
        writer.append(byte: blend.rawValue)
        writer.endChunk()
    }

    /// Reads the chunk data this writer produced (`dataCount` bytes, sequence number first);
    /// nil for values it never writes.
    init?(data: UnsafeRawBufferPointer) {
        guard data.count == Self.dataCount else { return nil }
        func word(_ offset: Int) -> Int {
            Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        }
        guard let dispose = Dispose(rawValue: data[24]), let blend = Blend(rawValue: data[25]) else { return nil }
        region = AnimatedPNGRegion(x: word(12), y: word(16), width: word(4), height: word(8))
        delay = AnimatedPNGDelay(
            numerator: UInt16(data[20]) << 8 | UInt16(data[21]), denominator: UInt16(data[22]) << 8 | UInt16(data[23]))
        self.dispose = dispose
        self.blend = blend
    }

    init(region: AnimatedPNGRegion, delay: AnimatedPNGDelay, dispose: Dispose = .none, blend: Blend = .source) {
        self.region = region
        self.delay = delay
        self.dispose = dispose
        self.blend = blend
    }
}
