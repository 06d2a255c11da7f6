/// Encodes the chunks of an animated PNG into memory it keeps between frames, so that a long
/// animation allocates nothing after its largest frame: the head of the file (signature, IHDR,
/// sRGB, acTL, PLTE and tRNS), each frame (fcTL, then IDAT for the first, fdAT for the others)
/// and IEND.
///
/// libpng does not write animated PNG, so each frame is encoded by libpng as a PNG of its own
/// (`LibPNGWriter`, with `compression`'s settings, the smaller of two files where they name
/// an alternative; only the region given, read in place from the canvas): the image data of
/// a PNG and of an APNG frame are the same zlib stream of
/// filtered rows, so that file's IDAT chunks are taken as they are for the default image and
/// rewrapped as fdAT chunks (a sequence number before the same data, a new CRC) for the
/// others. The frame's own IHDR, PLTE and tRNS are dropped: every frame shares the head's.
///
/// Not thread-safe: one encoder per writer.
final class AnimatedPNGChunkEncoder {
    let compression: PNGCompression
    /// Longest chunk data; longer frame data is split over several IDAT or fdAT chunks. PNG
    /// allows 2³¹ − 1 bytes; 1 MiB keeps libpng's buffer small. Tests lower it (to 10 at least:
    /// an fdAT holds 4 bytes of sequence number and libpng 6 bytes of data at least).
    var maximumChunkLength = 1 << 20

    /// Where the acTL chunk starts in `head`'s bytes: after the signature (8), IHDR (25) and
    /// sRGB (13).
    static let animationControlOffset = 46
    /// Bytes of the acTL chunk, header and CRC included.
    static let animationControlCount = 20

    private let writer: LibPNGWriter
    /// The chunks being assembled.
    private var output = ScratchBuffer()
    /// The indexed layout's PLTE (768 bytes) and tRNS (255 bytes), for `palette`'s colour.
    private var palette = ScratchBuffer()
    private var paletteColor: (red: UInt8, green: UInt8, blue: UInt8)?
    /// A frame's file from the indices' first method, kept while their alternative is
    /// encoded (`PNGCompression.indicesAlternative`).
    private var firstMethodFile = ScratchBuffer()

    /// - Throws: `PNGError.encodingFailed` for a zlib level outside 0…9 or when there is no
    ///   memory for libpng's writer.
    init(compression: PNGCompression) throws {
        if let level = compression.invalidLevel {
            throw PNGError.encodingFailed(reason: "zlib level must be 0 to 9, got \(level)")
        }
        self.compression = compression
        writer = try LibPNGWriter()
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
            let (entries, alphas) = paletteChunks(red: red, green: green, blue: blue)
            file.beginChunk(.palette)
            file.append(entries)
            file.endChunk()
            file.beginChunk(.transparency)
            file.append(alphas)
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
        file.beginChunk(.animationControl)
        file.append(bigEndian: frameCount)
        file.append(bigEndian: loopCount)
        file.endChunk()
    }

    /// IEND.
    func end() -> UnsafeRawBufferPointer {
        var file = PNGChunkWriter(output.bytes(12), capacity: 12)
        file.beginChunk(.imageEnd)
        file.endChunk()
        return file.written
    }

    /// The indexed layout's PLTE data — entry k is (red, green, blue) — and tRNS data, alpha k
    /// for entries 0 … 254 (entry 255 is opaque by default): the palette index is the alpha.
    private func paletteChunks(red: UInt8, green: UInt8, blue: UInt8) -> (UnsafeRawBufferPointer, UnsafeRawBufferPointer) {
        let bytes = palette.bytes(768 + 255)
        if paletteColor.map({ $0 != (red, green, blue) }) ?? true {
            for entry in 0..<256 {
                bytes[3 &* entry] = red
                bytes[3 &* entry &+ 1] = green
                bytes[3 &* entry &+ 2] = blue
            }
            for alpha in 0..<255 { bytes[768 &+ alpha] = UInt8(alpha) }
            paletteColor = (red, green, blue)
        }
        return (UnsafeRawBufferPointer(start: bytes, count: 768), UnsafeRawBufferPointer(start: bytes + 768, count: 255))
    }

    /// One frame's chunks: fcTL numbered `sequence`, then the frame's pixels — the
    /// `control.region.width × height` pixels of `layout` from `origin` on, rows `rowStride`
    /// bytes apart — as IDAT when `isDefaultImage`, else as fdAT chunks numbered on from
    /// `sequence`. `sequence` ends one past the last number used. The bytes are valid until the
    /// next call.
    ///
    /// - Throws: `PNGError.encodingFailed` when libpng fails or the sequence numbers would pass
    ///   2³¹ − 1.
    func frame(
        _ origin: UnsafePointer<UInt8>, rowStride: Int, layout: AnimatedPNGLayout, control: AnimatedPNGFrameControl,
        isDefaultImage: Bool, sequence: inout UInt32
    ) throws -> UnsafeRawBufferPointer {
        var image = LibPNGWriter.Image(
            width: control.region.width, height: control.region.height, colorType: layout.colorType, rows: origin,
            rowStride: rowStride, writesSRGB: false)
        if case .indexed(let red, let green, let blue) = layout {
            (image.palette, image.transparency) = paletteChunks(red: red, green: green, blue: blue)
        }
        // fdAT data starts with its sequence number, so it holds 4 bytes less of the stream.
        let pieceLength = isDefaultImage ? maximumChunkLength : maximumChunkLength - 4
        let png = try writer.encode(
            image, settings: compression.settings(for: layout.colorType, maximumChunkLength: pieceLength),
            aside: &firstMethodFile)

        let source = PNGMemorySource(png)
        var pieces = 0, dataCount = 0
        var chunks = PNGChunkWalker(source)
        while let chunk = try chunks.next() {
            guard chunk.type == .imageData else { continue }
            pieces += 1
            dataCount += chunk.length
        }
        let numbersNeeded = 1 + (isDefaultImage ? 0 : pieces)
        guard Int(sequence) + numbersNeeded - 1 <= Int(Int32.max) else {
            throw PNGError.encodingFailed(reason: "an animated PNG numbers at most 2³¹ chunks, and this frame would pass that")
        }

        let capacity = 12 + AnimatedPNGFrameControl.dataCount + pieces * 16 + dataCount
        var file = PNGChunkWriter(output.bytes(capacity), capacity: capacity)
        control.append(to: &file, sequence: sequence)
        sequence &+= 1
        chunks = PNGChunkWalker(source)
        while let chunk = try chunks.next() {
            guard chunk.type == .imageData else { continue }
            if isDefaultImage {
                // libpng's IDAT chunk, CRC and all.
                file.append(source.slice(chunk.offset, count: chunk.end - chunk.offset))
            } else {
                file.beginChunk(.frameData)
                file.append(bigEndian: sequence)
                sequence &+= 1
                file.append(source.slice(chunk.dataOffset, count: chunk.length))
                file.endChunk()
            }
        }
        return file.written
    }
}
