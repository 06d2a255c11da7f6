/// Rewrites an Adam7-interlaced 16-bit PNG stream as the equivalent non-interlaced one.
///
/// Why: libpng builds carrying the fix for CVE-2025-65018 (upstream 1.6.51 and later, and
/// Debian's 1.6.39-2+deb12u1 and later) decode interlaced 16-bit images to 8-bit output through
/// a row buffer that loses the earlier passes' pixels (pnggroup/libpng#853): about half the
/// samples come out wrong, by up to 255. Non-interlaced 16-bit images are unaffected, so such
/// a stream is flattened here (inflate, unfilter, de-interlace, store) and handed back to
/// libpng, which then applies exactly the colour handling of the non-interlaced twin. Every
/// ancillary chunk before the first IDAT (gAMA, sRGB, iCCP, cHRM, sBIT, tRNS, bKGD, PLTE, ...)
/// is copied unchanged; chunks after the image data carry no pixel information and are dropped.
enum InterlacedPNGFlattener {
    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Whether `header` (at least the first 29 bytes of a stream) starts a PNG whose IHDR
    /// declares 16-bit samples and Adam7 interlacing.
    static func needsFlattening(_ header: UnsafeRawBufferPointer) -> Bool {
        guard header.count >= 29, header.prefix(8).elementsEqual(signature) else { return false }
        let isIHDR = header[12] == 0x49 && header[13] == 0x48 && header[14] == 0x44 && header[15] == 0x52
        return isIHDR && header[24] == 16 && header[28] == 1
    }

    /// The non-interlaced stream: signature, IHDR (interlace method 0), the ancillary chunks
    /// that preceded IDAT, the pixels as stored (uncompressed) deflate blocks, IEND.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name` for a chunk with a bad CRC, truncated data,
    ///   corrupt compressed data or an unknown row filter.
    static func flatten(_ data: UnsafeRawBufferPointer, name: String) throws -> [UInt8] {
        let stream = try ChunkStream(data, name: name)
        // Peak memory is 16 bytes a pixel, 1 GiB at the 64-megapixel limit: the inflated passes
        // and the rows (8 bytes a pixel each) live only inside `deinterlacedRows`, the rows and
        // the output here, and the chunks are written from the rows with no copy of the zlib
        // stream in between.
        let rows = try deinterlacedRows(stream, name: name)
        var out = signature
        var header = stream.header
        header[12] = 0  // interlace method: none
        appendChunk("IHDR", header, to: &out)
        out.append(contentsOf: stream.ancillary)
        appendStoredImageData(rows, to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// The image's rows, non-interlaced, each with a leading filter byte of 0 (None).
    private static func deinterlacedRows(_ stream: ChunkStream, name: String) throws -> [UInt8] {
        let bytesPerPixel = stream.channels * 2
        // A pass with no columns or no rows is absent from the data, filter bytes included.
        let passes = adam7Passes(width: stream.width, height: stream.height).filter { $0.columns > 0 && $0.rows > 0 }
        let filteredCount = passes.reduce(0) { $0 + $1.rows * (1 + $1.columns * bytesPerPixel) }
        let filtered = try stream.compressed.withUnsafeBytes {
            try Zlib.inflate($0, expectedCount: filteredCount, name: name)
        }

        // Output rows keep a leading filter byte of 0 (None), ready to be stored.
        let outputStride = 1 + stream.width * bytesPerPixel
        var rows = [UInt8](repeating: 0, count: outputStride * stream.height)
        try filtered.withUnsafeBufferPointer { input in
            try rows.withUnsafeMutableBufferPointer { output in
                var offset = 0
                for pass in passes {
                    let passStride = pass.columns * bytesPerPixel
                    // The row above in this pass (zeros for its first row), then the row.
                    var pair = [UInt8](repeating: 0, count: 2 * passStride)
                    try pair.withUnsafeMutableBufferPointer { pair in
                        var previous = pair.baseAddress!, current = previous + passStride
                        for passRow in 0..<pass.rows {
                            let filter = input[offset]
                            guard ScanlineFilter.unfilter(
                                type: filter, input.baseAddress! + offset + 1, above: previous, count: passStride,
                                step: bytesPerPixel, into: current)
                            else { throw PNGError.invalidPNG(path: name, reason: "bad adaptive filter value \(filter)") }
                            offset += 1 + passStride
                            let y = pass.startY + passRow * pass.stepY
                            for column in 0..<pass.columns {
                                let x = pass.startX + column * pass.stepX
                                let target = y * outputStride + 1 + x * bytesPerPixel
                                let source = column * bytesPerPixel
                                for byte in 0..<bytesPerPixel { output[target + byte] = current[source + byte] }
                            }
                            swap(&previous, &current)
                        }
                    }
                }
            }
        }

        return rows
    }

    // MARK: - Chunk layer

    /// The parts of a PNG stream the flattener needs; every chunk's CRC is checked.
    private struct ChunkStream {
        var header: [UInt8] = []
        var width = 0, height = 0, channels = 0
        /// Whole chunks (length, type, data, CRC) between IHDR and the first IDAT.
        var ancillary: [UInt8] = []
        /// The IDAT payloads, concatenated: one zlib stream.
        var compressed: [UInt8] = []

        init(_ data: UnsafeRawBufferPointer, name: String) throws {
            func invalid(_ reason: String) -> PNGError { .invalidPNG(path: name, reason: reason) }
            guard data.count >= 8, data.prefix(8).elementsEqual(InterlacedPNGFlattener.signature) else {
                throw invalid("Not a PNG file")
            }
            var offset = 8
            var seenIDAT = false
            while true {
                if offset == data.count, seenIDAT { break }  // libpng accepts a missing IEND
                guard data.count - offset >= 12 else { throw invalid("the data ends early, it is truncated") }
                let length = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8
                    | Int(data[offset + 3])
                // Escaped: a damaged type would otherwise put raw bytes into the messages below.
                let type = PNGChunkLimits.printable(data[(offset + 4)..<(offset + 8)])
                guard length <= 0x7FFF_FFFF, data.count - offset - 12 >= length else {
                    throw invalid("\(type): the data ends early, it is truncated")
                }
                let body = UnsafeRawBufferPointer(rebasing: data[(offset + 8)..<(offset + 8 + length)])
                let crcAt = offset + 8 + length
                let declared = UInt32(data[crcAt]) << 24 | UInt32(data[crcAt + 1]) << 16
                    | UInt32(data[crcAt + 2]) << 8 | UInt32(data[crcAt + 3])
                let typeAndBody = UnsafeRawBufferPointer(rebasing: data[(offset + 4)..<crcAt])
                let isAncillary = data[offset + 4] & 0x20 != 0  // lower-case first letter
                let chunk = data[offset..<(crcAt + 4)]
                offset = crcAt + 4
                if Zlib.crc32(typeAndBody) != declared {
                    // libpng drops a damaged ancillary chunk with a warning (it has read and
                    // accepted those before IDAT already); only critical ones are fatal.
                    if isAncillary { continue }
                    throw invalid("\(type): CRC error")
                }

                switch type {
                case "IHDR":
                    guard header.isEmpty, length == 13 else { throw invalid("Invalid IHDR data") }
                    header = Array(body)
                    width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
                    height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
                    switch body[9] {
                    case 0: channels = 1
                    case 2: channels = 3
                    case 4: channels = 2
                    case 6: channels = 4
                    default: throw invalid("Invalid IHDR data")
                    }
                    guard width > 0, height > 0, body[8] == 16 else { throw invalid("Invalid IHDR data") }
                case "IDAT":
                    guard !header.isEmpty else { throw invalid("IDAT: missing IHDR") }
                    seenIDAT = true
                    compressed.append(contentsOf: body)
                case "IEND":
                    guard seenIDAT else { throw invalid("IEND: out of place") }
                    return
                default:
                    guard !header.isEmpty else { throw invalid("missing IHDR") }
                    if !seenIDAT { ancillary.append(contentsOf: chunk) }
                }
            }
        }
    }

    private static func appendChunk<Body: Collection<UInt8>>(_ type: String, _ body: Body, to out: inout [UInt8]) {
        out.append(contentsOf: bigEndian(UInt32(body.count)))
        let typeStart = out.count
        out.append(contentsOf: Array(type.utf8))
        out.append(contentsOf: body)
        let crc = out.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[typeStart...])) }
        out.append(contentsOf: bigEndian(crc))
    }

    /// Appends `bytes` as a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, BTYPE 00)
    /// in IDAT chunks of 16 blocks (about 1 MiB) each: the flattened stream lives only in
    /// memory, so compressing it again would be wasted work, and writing the chunks straight
    /// from `bytes` needs no copy of the whole stream.
    private static func appendStoredImageData(_ bytes: [UInt8], to out: inout [UInt8]) {
        let blockSize = 65535, blocksPerChunk = 16
        let blocks = max(1, (bytes.count + blockSize - 1) / blockSize)
        let chunks = (blocks + blocksPerChunk - 1) / blocksPerChunk
        out.reserveCapacity(out.count + bytes.count + blocks * 5 + chunks * 12 + 6 + 12)
        let adler = bytes.withUnsafeBytes { Zlib.adler32($0) }
        var piece: [UInt8] = []
        piece.reserveCapacity(2 + blocksPerChunk * (blockSize + 5) + 4)
        var start = 0
        repeat {
            piece.removeAll(keepingCapacity: true)
            if start == 0 { piece.append(contentsOf: [0x78, 0x01]) }
            for _ in 0..<blocksPerChunk {
                let end = min(start + blockSize, bytes.count)
                let count = UInt16(end - start)
                piece.append(end == bytes.count ? 1 : 0)
                piece.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8)])
                piece.append(contentsOf: bytes[start..<end])
                start = end
                if start == bytes.count { break }
            }
            if start == bytes.count { piece.append(contentsOf: bigEndian(adler)) }
            appendChunk("IDAT", piece, to: &out)
        } while start < bytes.count
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    // MARK: - Pixel layer

    /// One of the seven Adam7 sub-images: which pixels it holds and its size.
    private struct Pass {
        let startX, startY, stepX, stepY: Int
        let columns, rows: Int
    }

    private static func adam7Passes(width: Int, height: Int) -> [Pass] {
        // (startX, startY, stepX, stepY) of passes 1 to 7, from the PNG specification.
        let geometry = [
            (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
        ]
        return geometry.map { startX, startY, stepX, stepY in
            Pass(
                startX: startX, startY: startY, stepX: stepX, stepY: stepY,
                columns: width > startX ? (width - startX + stepX - 1) / stepX : 0,
                rows: height > startY ? (height - startY + stepY - 1) / stepY : 0)
        }
    }
}
