/// Walks a PNG stream chunk by chunk, reading only the headers: the one place that parses
/// chunk headers, for every reader in the module (the checks before libpng decodes, the
/// interlaced 16-bit flattener, the animated PNG writer reading back what it wrote and
/// libpng's own output).
///
/// It does not check the signature (see `hasSignature`), CRCs or chunk order: each caller
/// checks what it needs, and libpng checks the rest.
struct PNGChunkWalker<Source: PNGByteSource> {
    let source: Source
    /// Where the next chunk starts.
    private(set) var offset: Int

    /// A walk from byte `offset` (by default the first chunk, after the signature).
    init(_ source: Source, from offset: Int = PNGSignature.count) {
        self.source = source
        self.offset = offset
    }

    /// Whether the source starts with the PNG signature.
    ///
    /// - Throws: as the source's `read`.
    func hasSignature() throws -> Bool {
        var head: UInt64 = 0
        let got = try withUnsafeMutableBytes(of: &head) { try source.readBytes(into: $0, at: 0) }
        return got == PNGSignature.count && UInt64(bigEndian: head) == PNGSignature.value
    }

    /// The next chunk's header, moving past the chunk; nil when fewer than 8 bytes remain.
    ///
    /// - Throws: as the source's `read`.
    mutating func next() throws -> PNGChunkHeader? {
        var bytes: UInt64 = 0
        let start = offset
        let header = try withUnsafeMutableBytes(of: &bytes) { raw -> PNGChunkHeader? in
            try source.readBytes(into: raw, at: start) == 8 ? PNGChunkHeader(UnsafeRawBufferPointer(raw), at: start) : nil
        }
        if let header { offset = header.end }
        return header
    }

    /// The bytes left in the stream after `header`'s 8 bytes, when its length is known.
    func remaining(after header: PNGChunkHeader) -> Int? {
        source.length.map { $0 - header.dataOffset }
    }
}
