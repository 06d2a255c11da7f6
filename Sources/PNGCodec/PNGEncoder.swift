/// A PNG encoder that keeps its memory between images, so that encoding a sequence of frames
/// of one size allocates nothing after the first.
///
/// Each image becomes: the signature, IHDR (8-bit, no interlacing), sRGB (perceptual), PLTE
/// and tRNS for an indexed image, one IDAT holding one zlib stream (split only past 2³¹ − 1
/// bytes, the chunk limit), IEND. Rows are filtered with `compression.filter` and compressed
/// with zlib at `compression.level` and `.strategy`. With `reducesColorType` (the default)
/// the colour type is the smallest that decodes to exactly the same pixels (see
/// `PNGPixelLayout`): one colour at any alphas — every rendered morph frame — is stored
/// indexed, 1 byte a pixel instead of 4; for one gray colour on a small image, gray+alpha
/// is tried too and the smaller file kept (`grayAlphaTrialPixelsPerPaletteByte`).
///
/// Not thread-safe: use one encoder per thread.
public final class PNGEncoder {
    /// The settings every image is encoded with.
    public let compression: PNGCompression

    /// Chunks larger than this are split; the PNG limit is 2³¹ − 1 bytes. Tests lower it.
    var maximumChunkLength = Int(Int32.max)
    /// Whether gray+alpha is tried beside an indexed layout of one gray colour; tests turn it
    /// off to see the indexed file.
    var triesGrayAlpha = true

    private var deflater: Zlib.Deflater?
    /// The filtered rows, each a type byte and the row: what zlib compresses.
    private var filtered = ScratchBuffer()
    /// The file being assembled.
    private var output = ScratchBuffer()
    /// The gray+alpha file tried beside an indexed one.
    private var alternative = ScratchBuffer()
    /// Two converted rows (this one and the one above), a zero row, and the adaptive
    /// filter's candidates.
    private var rows = ScratchBuffer()
    /// `PNGPixelLayout`'s palette tables: 256 alphas, then 256 indices.
    private var palette = ScratchBuffer()

    /// Creates an encoder; nothing is allocated until the first image.
    public init(compression: PNGCompression = .default) {
        self.compression = compression
    }

    /// Encodes `image` and lends the PNG bytes to `body`; they are valid only inside it.
    ///
    /// - Throws: `PNGError.encodingFailed` for a zlib level outside 0…9 or a zlib failure,
    ///   or whatever `body` throws.
    public func withPNGData<Result>(
        of image: PNGImage, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        let kind: PNGPixelSource.Kind = image.format == .rgba ? .rgba : .grayAlpha
        let bytes = try image.pixels.withUnsafeBytes { pixels in
            try encode(PNGPixelSource(pixels, width: image.width, height: image.height, kind: kind))
        }
        return try body(bytes)
    }

    /// Encodes an image of one colour at varying opacity: pixel i is (`red`, `green`,
    /// `blue`, `alpha[i]`), `alpha` holding `width × height` bytes, rows top to bottom. This is
    /// what a renderer's `.alpha8` frame and its tint give for a frame whose `.rgba8`
    /// bytes would be those; the file decodes to exactly them.
    ///
    /// - Throws: `PNGError.invalidImage` when `alpha` does not hold `width × height` bytes
    ///   or a dimension is not positive; otherwise as `withPNGData(of:_:)`.
    public func withPNGData<Result>(
        alpha: UnsafeRawBufferPointer, width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        let source = try PNGPixelSource(
            alpha, width: width, height: height, kind: .alpha(red: red, green: green, blue: blue))
        return try body(try encode(source))
    }

    /// Encodes `image` and writes it to `path` atomically (see `AtomicFileWriter`).
    ///
    /// - Throws: as `withPNGData(of:_:)`, then `PNGError.cannotCreate` or `.writeFailed`.
    public func write(_ image: PNGImage, toFile path: String) throws {
        try withPNGData(of: image) { try AtomicFileWriter.write($0, to: path) }
    }

    /// Encodes one colour at varying opacity, as `withPNGData(alpha:…)`, and writes it to
    /// `path` atomically.
    ///
    /// - Throws: as `withPNGData(alpha:…)`, then `PNGError.cannotCreate` or `.writeFailed`.
    public func write(
        alpha: UnsafeRawBufferPointer, width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8,
        toFile path: String
    ) throws {
        try withPNGData(alpha: alpha, width: width, height: height, red: red, green: green, blue: blue) {
            try AtomicFileWriter.write($0, to: path)
        }
    }

    /// The layout `source` is stored in (before any gray+alpha trial); fills the palette
    /// tables for an indexed one.
    func layout(of source: PNGPixelSource) -> PNGPixelLayout {
        guard compression.reducesColorType else { return .unreduced(source) }
        let tables = palette.bytes(512)
        return PNGPixelLayout.choose(for: source, alphas: tables, indexOfAlpha: tables + 256)
    }

    /// For one gray colour, gray+alpha is tried beside the indexed layout when the palette
    /// takes more than one byte per this many pixels.
    ///
    /// Gray+alpha needs no PLTE or tRNS but compresses a little worse: on morph frames its
    /// data was 0.001–0.0025 bytes a pixel larger, while a palette costs 24 bytes plus 4 an
    /// entry. So on small frames (132 px: every frame) gray+alpha won, by 15 % on average, and
    /// on large ones (1024 px: no frame) it lost. Both are encoded and the smaller kept, so
    /// the gate only bounds the extra time; it is never worse than indexed alone.
    static let grayAlphaTrialPixelsPerPaletteByte = 1000

    /// The whole file, in `output` or `alternative`; valid until the next call.
    private func encode(_ source: PNGPixelSource) throws -> UnsafeRawBufferPointer {
        guard (0...9).contains(compression.level) else {
            throw PNGError.encodingFailed(reason: "zlib level must be 0 to 9, got \(compression.level)")
        }
        let layout = layout(of: source)
        let file = try encode(source, as: layout, into: &output)
        let color = layout.paletteColor
        guard triesGrayAlpha, layout.colorType == .indexed, color.red == color.green, color.green == color.blue,
              layout.paletteBytes &* Self.grayAlphaTrialPixelsPerPaletteByte > source.width &* source.height
        else { return file }
        let gray = try encode(source, as: PNGPixelLayout(colorType: .grayAlpha, paletteColor: color), into: &alternative)
        return gray.count < file.count ? gray : file
    }

    /// Encodes `source` stored as `layout` into `buffer`; the bytes are valid until the
    /// buffer is next used.
    private func encode(
        _ source: PNGPixelSource, as layout: PNGPixelLayout, into buffer: inout ScratchBuffer
    ) throws -> UnsafeRawBufferPointer {
        let tables = palette.bytes(512)
        let width = source.width, height = source.height
        let step = layout.colorType.bytesPerPixel
        let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: step)
        let (filteredCount, overflow) = (rowBytes &+ 1).multipliedReportingOverflow(by: height)
        // PNG dimensions are at most 2³¹ − 1.
        guard width <= Int(Int32.max), height <= Int(Int32.max), !rowOverflow, !overflow else {
            throw PNGError.encodingFailed(reason: "\(width)×\(height) is larger than a PNG can hold")
        }

        // Filter every row into one buffer, which zlib then compresses in one call.
        let data = filtered.bytes(filteredCount)
        let scratch = rows.bytes(8 &* rowBytes)
        let zero = scratch + 2 &* rowBytes, candidates = scratch + 3 &* rowBytes
        zero.update(repeating: 0, count: rowBytes)
        var current = scratch, previous = scratch + rowBytes
        var above = UnsafePointer(zero)
        for y in 0..<height {
            let row = layout.row(y, of: source, into: current, indexOfAlpha: tables + 256)
            ScanlineFilter.filter(
                compression.filter, row: row, above: above, count: rowBytes, step: step,
                into: data + y &* (rowBytes &+ 1), candidates: candidates)
            above = row
            swap(&current, &previous)
        }

        let zlib = try deflaterForSettings()
        let bound = zlib.bound(forInputCount: filteredCount)
        let chunkCount = 1 &+ bound / maximumChunkLength
        let capacity = 8 + 25 + 13 + (12 + 768) + (12 + 256) + 12 &* chunkCount + bound + 12
        var file = PNGChunkWriter(buffer.bytes(capacity), capacity: capacity)
        file.appendSignatureAndHeader(width: width, height: height, colorType: layout.colorType.rawValue)
        if layout.colorType == .indexed {
            file.beginChunk("PLTE")
            for _ in 0..<layout.paletteCount {
                file.append(byte: layout.paletteColor.red)
                file.append(byte: layout.paletteColor.green)
                file.append(byte: layout.paletteColor.blue)
            }
            file.endChunk()
            let transparent = layout.transparentCount
            if transparent > 0 {
                file.beginChunk("tRNS")
                file.append(UnsafeRawBufferPointer(start: tables, count: transparent))
                file.endChunk()
            }
        }
        file.beginChunk("IDAT")
        let compressed = try zlib.compress(UnsafeRawBufferPointer(start: data, count: filteredCount), into: file.remaining)
        file.endChunk(producedInPlace: compressed, maximumLength: maximumChunkLength)
        file.beginChunk("IEND")
        file.endChunk()
        return file.written
    }

    private func deflaterForSettings() throws -> Zlib.Deflater {
        if let deflater { return deflater }
        let made = try Zlib.Deflater(level: compression.level, strategy: compression.strategy)
        deflater = made
        return made
    }
}
