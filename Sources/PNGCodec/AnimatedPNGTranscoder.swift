/// Rewrites the frames an `AnimatedPNGWriter` has written in the indexed layout as RGBA, for
/// when a later frame brings a second colour (the layout is the file's, shared by all frames).
///
/// The frames are read back from the temporary file one at a time — each frame's image data
/// wrapped as a PNG of its own with the file's palette and decoded by libpng (palette index =
/// alpha, so the RGBA is (red, green, blue, index)) — and encoded again with the same
/// regions, delays and operations, so the new file shows exactly the same images. Memory is
/// one frame's worth; the work is done at most once per file.
enum AnimatedPNGTranscoder {
    /// Appends to `replacement` the head for RGBA and every frame of `original` from byte
    /// `framesStart` (the first fcTL) to its end, recoded from `.indexed(red, green, blue)`
    /// to RGBA. `sequence` is set one past the last sequence number written; returns where the
    /// frames start in `replacement`.
    ///
    /// - Throws: `PNGError.writeFailed` or `.encodingFailed` from reading or writing.
    static func rewrite(
        _ original: AnimatedPNGFile, framesStart: Int, color: (red: UInt8, green: UInt8, blue: UInt8),
        width: Int, height: Int, loopCount: UInt32, into replacement: AnimatedPNGFile,
        encoder: AnimatedPNGChunkEncoder, sequence: inout UInt32
    ) throws -> Int {
        try replacement.append(encoder.head(width: width, height: height, layout: .rgba, frameCount: 0, loopCount: loopCount))
        let replacementFramesStart = replacement.count
        sequence = 0
        var frameIndex = 0
        var control: AnimatedPNGFrameControl?
        // The frame's image data: where each piece of it is in the file, and its length.
        var pieces: [(offset: Int, count: Int)] = []

        func flush() throws {
            guard let current = control else { return }
            try recode(
                current, pieces: pieces, from: original, color: color, isDefaultImage: frameIndex == 0,
                into: replacement, encoder: encoder, sequence: &sequence)
            frameIndex += 1
            pieces.removeAll(keepingCapacity: true)
        }

        var chunks = PNGChunkWalker(original, from: framesStart)
        while let chunk = try chunks.next() {
            switch chunk.type {
            case .frameControl:
                try flush()
                var data = [UInt8](repeating: 0, count: AnimatedPNGFrameControl.dataCount)
                try data.withUnsafeMutableBytes { try original.read(into: $0, at: chunk.dataOffset) }
                control = data.withUnsafeBytes { AnimatedPNGFrameControl(data: $0) }
                precondition(control != nil, "an fcTL this writer did not write")
            case .imageData:
                pieces.append((chunk.dataOffset, chunk.length))
            default:  // fdAT: the data after its sequence number
                pieces.append((chunk.dataOffset + 4, chunk.length - 4))
            }
        }
        try flush()
        return replacementFramesStart
    }

    private static func recode(
        _ control: AnimatedPNGFrameControl, pieces: [(offset: Int, count: Int)], from original: AnimatedPNGFile,
        color: (red: UInt8, green: UInt8, blue: UInt8), isDefaultImage: Bool, into replacement: AnimatedPNGFile,
        encoder: AnimatedPNGChunkEncoder, sequence: inout UInt32
    ) throws {
        let width = control.region.width, height = control.region.height
        let dataCount = pieces.reduce(0) { $0 + $1.count }
        // Signature, IHDR and sRGB, PLTE, tRNS, one IDAT holding the frame's data, IEND.
        let capacity = 46 + (12 + 768) + (12 + 255) + (12 + dataCount) + 12
        var png = [UInt8](repeating: 0, count: capacity)
        try png.withUnsafeMutableBufferPointer { buffer in
            var file = PNGChunkWriter(buffer.baseAddress!, capacity: capacity)
            file.appendSignatureAndHeader(width: width, height: height, colorType: PNGPixelLayout.ColorType.indexed.rawValue)
            file.beginChunk(.palette)
            for _ in 0..<256 {
                file.append(byte: color.red)
                file.append(byte: color.green)
                file.append(byte: color.blue)
            }
            file.endChunk()
            file.beginChunk(.transparency)
            for alpha in 0..<255 { file.append(byte: UInt8(alpha)) }
            file.endChunk()
            file.beginChunk(.imageData)
            var at = file.count
            for piece in pieces {
                try original.read(into: UnsafeMutableRawBufferPointer(start: buffer.baseAddress! + at, count: piece.count), at: piece.offset)
                at += piece.count
            }
            file.skip(dataCount)
            file.endChunk()
            file.beginChunk(.imageEnd)
            file.endChunk()
        }
        let frame: PNGImage
        do {
            frame = try png.withUnsafeBytes {
                try LibPNG.decode(memory: $0, name: original.destination, format: .rgba, pixelLimit: .max)
            }
        } catch let error as PNGError {
            throw PNGError.writeFailed(path: original.destination, reason: "a frame being rewritten does not read back: \(error)")
        }
        try frame.pixels.withUnsafeBufferPointer {
            try replacement.append(
                encoder.frame(
                    $0.baseAddress!, rowStride: width * 4, layout: .rgba, control: control, isDefaultImage: isDefaultImage,
                    sequence: &sequence))
        }
    }
}
