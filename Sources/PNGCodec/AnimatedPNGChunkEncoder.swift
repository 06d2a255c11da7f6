/// Encodes the chunks of an animated PNG into memory it keeps between frames, so that a long
/// animation allocates nothing after its largest frame: the head of the file (signature, IHDR,
/// sRGB, acTL, PLTE and tRNS), each frame (fcTL, then IDAT for the first, fdAT for the others)
/// and IEND.
///
/// A frame's rows are filtered with `ScanlineFilter` and compressed with one
/// `Zlib.Deflater`, with `compression`'s filter, level and strategy, exactly as `PNGEncoder`
/// does for a still image; only the region given is encoded, read in place from the canvas.
///
/// Not thread-safe: one encoder per writer.
final class AnimatedPNGChunkEncoder {
    let compression: PNGCompression
    /// Longest chunk data, 2³¹ − 1 bytes in PNG; longer frame data is split over several
    /// IDAT or fdAT chunks. Tests lower it.
    var maximumChunkLength = Int(Int32.max)

    /// Where the acTL chunk starts in `head`'s bytes: after the signature (8), IHDR (25) and
    /// sRGB (13).
    static let animationControlOffset = 46
    /// Bytes of the acTL chunk, header and CRC included.
    static let animationControlCount = 20

    private let deflater: Zlib.Deflater
    /// The filtered rows of one frame: what zlib compresses.
    private var filtered = ScratchBuffer()
    /// A zero row (above the first) and the adaptive filter's five candidate rows.
    private var rows = ScratchBuffer()
    /// One frame's zlib stream.
    private var compressed = ScratchBuffer()
    /// The chunks being assembled.
    private var output = ScratchBuffer()

    /// - Throws: `PNGError.encodingFailed` for a zlib level outside 0…9 or when zlib cannot
    ///   start.
    init(compression: PNGCompression) throws {
        guard (0...9).contains(compression.level) else {
            throw PNGError.encodingFailed(reason: "zlib level must be 0 to 9, got \(compression.level)")
        }
        self.compression = compression
        deflater = try Zlib.Deflater(level: compression.level, strategy: compression.strategy)
    }

    /// The signature, IHDR (8-bit, no interlacing), sRGB (perceptual, as `PNGEncoder` writes),
    /// acTL with `frameCount` and `loopCount`, and for `.indexed` the 256-entry PLTE and tRNS.
    func head(width: Int, height: Int, layout: AnimatedPNGLayout, frameCount: UInt32, loopCount: UInt32)
        -> UnsafeRawBufferPointer
    {
        let capacity = 8 + 25 + 13 + Self.animationControlCount + (12 + 768) + (12 + 255)
        var file = PNGChunkWriter(output.bytes(capacity), capacity: capacity)
        file.appendSignatureAndHeader(width: width, height: height, colorType: layout.colorType.rawValue)
        precondition(file.count == Self.animationControlOffset)
        Self.appendAnimationControl(to: &file, frameCount: frameCount, loopCount: loopCount)
        if case .indexed(let red, let green, let blue) = layout {
            file.beginChunk("PLTE")
            for _ in 0..<256 {
                file.append(byte: red)
                file.append(byte: green)
                file.append(byte: blue)
            }
            file.endChunk()
            file.beginChunk("tRNS")
            for alpha in 0..<255 { file.append(byte: UInt8(alpha)) }
            file.endChunk()
        }
        return file.written
    }

    /// The acTL chunk alone, to patch the frame count in at the end.
    func animationControl(frameCount: UInt32, loopCount: UInt32) -> UnsafeRawBufferPointer {
        var chunk = PNGChunkWriter(output.bytes(Self.animationControlCount), capacity: Self.animationControlCount)
        Self.appendAnimationControl(to: &chunk, frameCount: frameCount, loopCount: loopCount)
        return chunk.written
    }

    private static func appendAnimationControl(to file: inout PNGChunkWriter, frameCount: UInt32, loopCount: UInt32) {
        file.beginChunk("acTL")
        file.append(bigEndian: frameCount)
        file.append(bigEndian: loopCount)
        file.endChunk()
    }

    /// IEND.
    func end() -> UnsafeRawBufferPointer {
        var file = PNGChunkWriter(output.bytes(12), capacity: 12)
        file.beginChunk("IEND")
        file.endChunk()
        return file.written
    }

    /// One frame's chunks: fcTL numbered `sequence`, then the frame's pixels — the
    /// `control.region.width × height` pixels of `step` bytes from `origin` on, rows
    /// `rowStride` bytes apart — as IDAT when `isDefaultImage`, else as fdAT chunks numbered on
    /// from `sequence`. `sequence` ends one past the last number used. The bytes are valid
    /// until the next call.
    ///
    /// - Throws: `PNGError.encodingFailed` when zlib fails or the sequence numbers would pass
    ///   2³¹ − 1.
    func frame(
        _ origin: UnsafePointer<UInt8>, rowStride: Int, step: Int, control: AnimatedPNGFrameControl,
        isDefaultImage: Bool, sequence: inout UInt32
    ) throws -> UnsafeRawBufferPointer {
        let region = control.region
        let rowBytes = region.width &* step
        let filteredCount = (rowBytes &+ 1) &* region.height
        let data = filtered.bytes(filteredCount)
        let scratch = rows.bytes(6 &* rowBytes)
        let zero = scratch, candidates = scratch + rowBytes
        zero.update(repeating: 0, count: rowBytes)
        var above = UnsafePointer(zero)
        for y in 0..<region.height {
            let row = origin + y &* rowStride
            ScanlineFilter.filter(
                compression.filter, row: row, above: above, count: rowBytes, step: step,
                into: data + y &* (rowBytes &+ 1), candidates: candidates)
            above = row
        }

        let bound = deflater.bound(forInputCount: filteredCount)
        let stream = compressed.bytes(bound)
        let streamCount = try deflater.compress(
            UnsafeRawBufferPointer(start: data, count: filteredCount),
            into: UnsafeMutableRawBufferPointer(start: stream, count: bound))

        // fdAT data starts with its sequence number, so it holds 4 bytes less of the stream.
        let pieceLength = isDefaultImage ? maximumChunkLength : maximumChunkLength - 4
        let pieces = max(1, (streamCount + pieceLength - 1) / pieceLength)
        let numbersNeeded = 1 + (isDefaultImage ? 0 : pieces)
        guard Int(sequence) + numbersNeeded - 1 <= Int(Int32.max) else {
            throw PNGError.encodingFailed(reason: "an animated PNG numbers at most 2³¹ chunks, and this frame would pass that")
        }
        let capacity = 12 + AnimatedPNGFrameControl.dataCount + pieces * 16 + streamCount
        var file = PNGChunkWriter(output.bytes(capacity), capacity: capacity)
        control.append(to: &file, sequence: sequence)
        sequence &+= 1
        for piece in 0..<pieces {
            let start = piece * pieceLength
            let slice = UnsafeRawBufferPointer(start: stream + start, count: min(pieceLength, streamCount - start))
            if isDefaultImage {
                file.beginChunk("IDAT")
            } else {
                file.beginChunk("fdAT")
                file.append(bigEndian: sequence)
                sequence &+= 1
            }
            file.append(slice)
            file.endChunk()
        }
        return file.written
    }
}
