/// Rewrites an Adam7-interlaced 16-bit PNG stream as the equivalent non-interlaced one.
///
/// Why: libpng builds carrying the fix for CVE-2025-65018 (upstream 1.6.51 and later, and
/// Debian's 1.6.39-2+deb12u1 and later) decode interlaced 16-bit images to 8-bit output through
/// a row buffer that loses the earlier passes' pixels (pnggroup/libpng#853): about half the
/// samples come out wrong, by up to 255. Non-interlaced 16-bit images are unaffected, and
/// libpng's full read API without transformations de-interlaces correctly, so such a stream
/// is read as stored (16-bit samples, every pass in place; `LibPNG.storedRows`), written
/// again without interlacing by libpng (`LibPNGWriter`, uncompressed: it lives only in
/// memory) and handed back to the simplified API, which then applies exactly the colour
/// handling of the non-interlaced twin. Every ancillary chunk before the first IDAT (gAMA,
/// sRGB, iCCP, cHRM, sBIT, tRNS, bKGD, PLTE, ...) is copied unchanged; chunks after the image
/// data carry no pixel information and are dropped.
enum InterlacedPNGFlattener {
    /// Whether `header` (at least the first 29 bytes of a stream) starts a PNG whose IHDR
    /// declares 16-bit samples and Adam7 interlacing.
    static func needsFlattening(_ header: UnsafeRawBufferPointer) -> Bool {
        guard let ihdr = PNGImageHeader.first(in: header) else { return false }
        return ihdr.bitDepth == 16 && ihdr.isInterlaced
    }

    /// The non-interlaced stream: signature, IHDR (interlace method 0), the ancillary chunks
    /// that preceded IDAT, libpng's IDAT chunks of the pixels, IEND.
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name` for a chunk with a bad CRC, truncated or
    ///   corrupt data (libpng's message), or a header this route does not take.
    static func flatten(_ data: UnsafeRawBufferPointer, name: String) throws -> [UInt8] {
        let stream = try ChunkStream(data, name: name)
        let header = stream.header
        guard let channels = header.channels, header.colorType != 3, header.width > 0, header.height > 0 else {
            throw PNGError.invalidPNG(path: name, reason: "Invalid IHDR data")
        }
        let rowBytes = header.width * channels * 2
        // Peak memory is 16 bytes a pixel, 1 GiB at the 64-megapixel limit: the rows and
        // libpng's output, then libpng's output and the stream returned.
        let writer = try LibPNGWriter()
        let png: UnsafeRawBufferPointer
        do {
            let rows = try LibPNG.storedRows(of: data, header: header, rowBytes: rowBytes, name: name)
            png = try rows.withUnsafeBufferPointer { rows in
                try writer.encode(
                    LibPNGWriter.Image(
                        width: header.width, height: header.height, bitDepth: 16,
                        colorType: PNGPixelLayout.ColorType(rawValue: header.colorType)!, rows: rows.baseAddress!,
                        rowStride: rowBytes, writesSRGB: false),
                    settings: LibPNGWriter.Settings(filter: .none, level: 0, strategy: .default, maximumChunkLength: 1 << 20))
            }
        }
        let source = PNGMemorySource(png)
        var imageData: [UnsafeRawBufferPointer] = []
        var chunks = PNGChunkWalker(source)
        while let chunk = try chunks.next() {
            if chunk.type == .imageData { imageData.append(source.slice(chunk.offset, count: chunk.end - chunk.offset)) }
        }

        let capacity = PNGSignature.count + 25 + stream.ancillary.count + imageData.reduce(0) { $0 + $1.count } + 12
        var out = [UInt8](repeating: 0, count: capacity)
        out.withUnsafeMutableBufferPointer { buffer in
            var file = PNGChunkWriter(buffer.baseAddress!, capacity: capacity)
            file.append(bigEndian: UInt32(truncatingIfNeeded: PNGSignature.value >> 32))
            file.append(bigEndian: UInt32(truncatingIfNeeded: PNGSignature.value))
            file.beginChunk(.imageHeader)
            file.append(bigEndian: UInt32(header.width))
            file.append(bigEndian: UInt32(header.height))
            file.append(byte: UInt8(header.bitDepth))
            file.append(byte: header.colorType)
            file.append(byte: 0)  // compression method (libpng has refused any other)
            file.append(byte: 0)  // filter method (likewise)
            file.append(byte: 0)  // interlace method: none
            file.endChunk()
            stream.ancillary.withUnsafeBytes { file.append($0) }
            for chunk in imageData { file.append(chunk) }
            file.beginChunk(.imageEnd)
            file.endChunk()
        }
        return out
    }

    /// The parts of a PNG stream the flattener needs; every chunk's CRC is checked.
    private struct ChunkStream {
        var header: PNGImageHeader
        /// Whole chunks (length, type, data, CRC) between IHDR and the first IDAT.
        var ancillary: [UInt8] = []

        init(_ data: UnsafeRawBufferPointer, name: String) throws {
            func invalid(_ reason: String) -> PNGError { .invalidPNG(path: name, reason: reason) }
            guard PNGSignature.starts(data) else { throw invalid("Not a PNG file") }
            let source = PNGMemorySource(data)
            var chunks = PNGChunkWalker(source)
            var header: PNGImageHeader?
            var seenIDAT = false
            while true {
                if chunks.offset == data.count, seenIDAT { break }  // libpng accepts a missing IEND
                guard let chunk = try chunks.next(), data.count - chunk.offset >= 12 else {
                    throw invalid("the data ends early, it is truncated")
                }
                // Escaped: a damaged type would otherwise put raw bytes into the messages below.
                let type = chunk.type.name
                guard chunk.length <= 0x7FFF_FFFF, data.count - chunk.offset - 12 >= chunk.length else {
                    throw invalid("\(type): the data ends early, it is truncated")
                }
                let body = source.slice(chunk.dataOffset, count: chunk.length)
                let declared = UInt32(bigEndian: data.loadUnaligned(fromByteOffset: chunk.checksumOffset, as: UInt32.self))
                let typeAndBody = source.slice(chunk.offset + 4, count: 4 + chunk.length)
                if Zlib.crc32(typeAndBody) != declared {
                    // libpng drops a damaged ancillary chunk with a warning (it has read and
                    // accepted those before IDAT already); only critical ones are fatal.
                    if chunk.type.isAncillary { continue }
                    throw invalid("\(type): CRC error")
                }

                switch chunk.type {
                case .imageHeader:
                    guard header == nil, chunk.length == PNGImageHeader.dataCount else { throw invalid("Invalid IHDR data") }
                    let parsed = PNGImageHeader(body)
                    guard parsed.width > 0, parsed.height > 0, parsed.bitDepth == 16, parsed.channels != nil,
                          parsed.colorType != 3
                    else { throw invalid("Invalid IHDR data") }
                    header = parsed
                case .imageData:
                    guard header != nil else { throw invalid("IDAT: missing IHDR") }
                    seenIDAT = true
                case .imageEnd:
                    guard seenIDAT else { throw invalid("IEND: out of place") }
                    guard let header else { throw invalid("missing IHDR") }
                    self.header = header
                    return
                default:
                    guard header != nil else { throw invalid("missing IHDR") }
                    if !seenIDAT { ancillary.append(contentsOf: source.slice(chunk.offset, count: chunk.end - chunk.offset)) }
                }
            }
            guard let header else { throw invalid("missing IHDR") }
            self.header = header
        }
    }
}
