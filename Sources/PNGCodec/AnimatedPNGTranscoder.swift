/// Rewrites the frames an `AnimatedPNGWriter` has written in the indexed layout as RGBA, for
/// when a later frame brings a second colour (the layout is the file's, shared by all frames).
///
/// The frames are read back from the temporary file one at a time — inflated, unfiltered,
/// expanded from palette index (= alpha) to (red, green, blue, alpha) — and encoded again
/// with the same regions, delays and operations, so the new file shows exactly the same
/// images. Memory is one frame's worth; the work is done at most once per file.
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
        // The frame's image data chunks: where their data starts in the file, and its length.
        var pieces: [(offset: Int, count: Int)] = []
        let header = UnsafeMutableRawBufferPointer.allocate(byteCount: 8 + AnimatedPNGFrameControl.dataCount, alignment: 4)
        defer { header.deallocate() }

        func flush() throws {
            guard let current = control else { return }
            try recode(
                current, pieces: pieces, from: original, color: color, isDefaultImage: frameIndex == 0,
                into: replacement, encoder: encoder, sequence: &sequence)
            frameIndex += 1
            pieces.removeAll(keepingCapacity: true)
        }

        var offset = framesStart
        while offset < original.count {
            try original.read(into: UnsafeMutableRawBufferPointer(rebasing: header[0..<8]), at: offset)
            let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = (header[4], header[5], header[6], header[7])
            switch type {
            case (0x66, 0x63, 0x54, 0x4C):  // fcTL
                try flush()
                let data = UnsafeMutableRawBufferPointer(rebasing: header[8..<(8 + AnimatedPNGFrameControl.dataCount)])
                try original.read(into: data, at: offset + 8)
                control = AnimatedPNGFrameControl(data: UnsafeRawBufferPointer(data))
                precondition(control != nil, "an fcTL this writer did not write")
            case (0x49, 0x44, 0x41, 0x54):  // IDAT
                pieces.append((offset + 8, length))
            default:  // fdAT: the data after its sequence number
                pieces.append((offset + 12, length - 4))
            }
            offset += 12 + length
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
        let total = pieces.reduce(0) { $0 + $1.count }
        var stream = [UInt8](repeating: 0, count: total)
        try stream.withUnsafeMutableBytes { bytes in
            var at = 0
            for piece in pieces {
                try original.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[at..<(at + piece.count)]), at: piece.offset)
                at += piece.count
            }
        }
        let filtered = try stream.withUnsafeBytes {
            try Zlib.inflate($0, expectedCount: height * (width + 1), name: original.destination)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        // A zero row above the first, then the frame's rows.
        var indices = [UInt8](repeating: 0, count: width * (height + 1))
        try filtered.withUnsafeBufferPointer { input in
            try indices.withUnsafeMutableBufferPointer { rows in
                for y in 0..<height {
                    let row = rows.baseAddress! + (y + 1) * width
                    let type = input[y * (width + 1)]
                    guard ScanlineFilter.unfilter(
                        type: type, input.baseAddress! + y * (width + 1) + 1, above: row - width, count: width, step: 1,
                        into: row)
                    else {
                        throw PNGError.invalidPNG(
                            path: original.destination, reason: "bad adaptive filter value \(type) in a frame being rewritten")
                    }
                }
                rgba.withUnsafeMutableBufferPointer {
                    AnimatedPNGLayout.expand(
                        alpha: rows.baseAddress! + width, count: width * height, red: color.red, green: color.green,
                        blue: color.blue, into: $0.baseAddress!)
                }
            }
        }
        try rgba.withUnsafeBufferPointer {
            try replacement.append(
                encoder.frame(
                    $0.baseAddress!, rowStride: width * 4, step: 4, control: control, isDefaultImage: isDefaultImage,
                    sequence: &sequence))
        }
    }
}
