/// A PNG encoder that keeps its memory between images, so that encoding a sequence of frames
/// of one size allocates nothing after the first.
///
/// Each image becomes: the signature, IHDR (8-bit, no interlacing), sRGB (perceptual), PLTE
/// and tRNS for an indexed image, IDAT, IEND — written by libpng (`LibPNGWriter`) with
/// `compression`'s filter, zlib level and strategy. With `reducesColorType` (the default)
/// the colour type is the smallest that decodes to exactly the same pixels (see
/// `PNGPixelLayout`): one colour at any alphas — every rendered morph frame — is stored
/// indexed, 1 byte a pixel instead of 4; for one gray colour on a small image, gray+alpha
/// (plain gray when it is opaque) is tried too and the smaller file kept (`grayAlphaTrialPixelsPerPaletteByte`,
/// `indexedCanWin`), unless `compression.triesGrayAlpha` is off; and an indexed image is
/// compressed a second time where `compression.indicesAlternative` says so, the smaller
/// file kept.
///
/// Not thread-safe: use one encoder per thread.
public final class PNGEncoder {
    /// The settings every image is encoded with.
    public let compression: PNGCompression

    /// The longest IDAT chunk data: image data beyond it is split over several IDAT chunks.
    /// 1 MiB keeps libpng's buffer small while costing 12 bytes a MiB; tests lower it.
    @_spi(Testing) public var maximumChunkLength = 1 << 20
    private var writer: LibPNGWriter?
    /// The rows in the chosen layout, when the image's own bytes are not.
    private var rows = ScratchBuffer()
    /// The gray+alpha file, kept while the indexed one is encoded.
    private var grayAlphaFile = ScratchBuffer()
    /// The file of the indices' first method, kept while their alternative is encoded
    /// (`PNGCompression.indicesAlternative`).
    private var firstMethodFile = ScratchBuffer()
    /// `PNGPixelLayout`'s palette tables — 256 alphas, then 256 indices — and the PLTE
    /// entries (768 bytes).
    private var palette = ScratchBuffer()

    /// Creates an encoder; nothing is allocated until the first image.
    public init(compression: PNGCompression = .default) {
        self.compression = compression
    }

    /// Encodes `image` and lends the PNG bytes to `body`; they are valid only inside it.
    ///
    /// - Throws: `PNGError.encodingFailed` for a zlib level outside 0…9 or a libpng failure,
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

    /// Encodes `image` and writes it to `path` atomically, as `PNGImage.write(toFile:compression:)`
    /// does: a temporary file beside it, renamed over `path` only when complete.
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

    /// For one gray colour, gray+alpha is tried beside the indexed layout when the palette
    /// takes more than one byte per this many pixels.
    ///
    /// Gray+alpha needs no PLTE or tRNS but compresses a little worse, while a palette costs
    /// 24 bytes plus 4 an entry: on small frames gray+alpha can win, on large ones it cannot.
    /// Both are encoded (the indexed file only where it can win, `indexedCanWin`) and the
    /// smaller kept, so the gate only bounds the extra time.
    static let grayAlphaTrialPixelsPerPaletteByte = 1000

    /// The layout `source` is stored in (before any gray+alpha trial); fills the palette
    /// tables for an indexed one.
    private func layout(of source: PNGPixelSource) -> PNGPixelLayout {
        guard compression.reducesColorType else { return .unreduced(source) }
        let tables = palette.bytes(512 + 768)
        return PNGPixelLayout.choose(for: source, alphas: tables, indexOfAlpha: tables + 256)
    }

    /// The whole file; valid until the next call.
    private func encode(_ source: PNGPixelSource) throws -> UnsafeRawBufferPointer {
        if let level = compression.invalidLevel {
            throw PNGError.encodingFailed(reason: "zlib level must be 0 to 9, got \(level)")
        }
        // PNG dimensions are at most 2³¹ − 1.
        guard source.width <= Int(Int32.max), source.height <= Int(Int32.max),
              !source.width.multipliedReportingOverflow(by: 4 &* source.height).overflow
        else {
            throw PNGError.encodingFailed(reason: "\(source.width)×\(source.height) is larger than a PNG can hold")
        }
        let writer = try self.writer ?? LibPNGWriter()
        self.writer = writer
        let layout = layout(of: source)
        let color = layout.paletteColor
        guard compression.triesGrayAlpha, layout.colorType == .indexed, color.red == color.green, color.green == color.blue,
              layout.paletteBytes &* Self.grayAlphaTrialPixelsPerPaletteByte > source.width &* source.height
        else { return try encode(source, as: layout, with: writer) }
        // Gray+alpha first (plain gray when every pixel is opaque: its palette has no tRNS):
        // where it is tried it mostly wins, and the indexed file can only be smaller when its
        // palette is small against the gray file (`indexedCanWin`).
        let grayType: PNGPixelLayout.ColorType = layout.transparentCount == 0 ? .gray : .grayAlpha
        let gray = try encode(source, as: PNGPixelLayout(colorType: grayType, paletteColor: color), with: writer)
        guard Self.indexedCanWin(paletteBytes: layout.paletteBytes, grayAlphaFileBytes: gray.count) else { return gray }
        // The writer's output is replaced by the next encode: keep the gray+alpha file aside.
        let kept = grayAlphaFile.bytes(gray.count)
        kept.update(from: gray.baseAddress!.assumingMemoryBound(to: UInt8.self), count: gray.count)
        let file = try encode(source, as: layout, with: writer)
        return gray.count < file.count ? UnsafeRawBufferPointer(start: kept, count: gray.count) : file
    }

    /// Whether an indexed file whose palette (PLTE and tRNS chunks) takes `paletteBytes` may
    /// be smaller than a gray+alpha file of `grayAlphaFileBytes` of the same image: only when
    /// the palette takes less than half of it.
    ///
    /// The indexed file is the palette plus rows of one byte a pixel; the gray+alpha file has
    /// no palette but two bytes a pixel, one of them the same gray everywhere. Over the 1 932
    /// frames of 42 morphs where the trial applies (built-in symbols and Adwaita icons, 48 to
    /// 192 px, several blurs, softnesses, easings and grays), the largest palette of a frame
    /// whose indexed file was the smaller took 48 % of the gray+alpha file, and won by 0.6 %
    /// (the nearer to half, the smaller the win); at half, the indexed file is skipped for
    /// 18 % of the frames up to 144 px, and for none it would have won
    /// (`Benchmarks/Scripts/png-layout-bound.py`).
    static func indexedCanWin(paletteBytes: Int, grayAlphaFileBytes: Int) -> Bool {
        2 &* paletteBytes < grayAlphaFileBytes
    }

    /// Encodes `source` stored as `layout`; the bytes are valid until the writer's next encode.
    private func encode(
        _ source: PNGPixelSource, as layout: PNGPixelLayout, with writer: LibPNGWriter
    ) throws -> UnsafeRawBufferPointer {
        let tables = palette.bytes(512 + 768)
        let rowBytes = source.width &* layout.colorType.bytesPerPixel
        var image = LibPNGWriter.Image(
            width: source.width, height: source.height, colorType: layout.colorType, rows: source.base,
            rowStride: rowBytes)
        if !layout.storesAsIs(source) {
            let converted = rows.bytes(rowBytes &* source.height)
            layout.convert(source, into: converted, indexOfAlpha: tables + 256)
            image.rows = UnsafePointer(converted)
        }
        if layout.colorType == .indexed {
            let entries = tables + 512
            for entry in 0..<layout.paletteCount {
                entries[3 &* entry] = layout.paletteColor.red
                entries[3 &* entry &+ 1] = layout.paletteColor.green
                entries[3 &* entry &+ 2] = layout.paletteColor.blue
            }
            image.palette = UnsafeRawBufferPointer(start: entries, count: 3 &* layout.paletteCount)
            if layout.transparentCount > 0 {
                image.transparency = UnsafeRawBufferPointer(start: tables, count: layout.transparentCount)
            }
        }
        return try writer.encode(
            image, settings: compression.settings(for: layout.colorType, maximumChunkLength: maximumChunkLength),
            aside: &firstMethodFile)
    }
}
