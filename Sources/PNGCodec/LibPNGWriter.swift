import CPngFullAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one Swift file that encodes through libpng: a PNG writer into memory over
/// `CPngFullAPI`'s C code, which drives libpng's full write API (filter, zlib level and
/// strategy, palette and tRNS), does the setjmp, and turns every libpng error into a return
/// code with libpng's message.
///
/// It keeps its output buffer and every block libpng and zlib allocate between images (see
/// `IMPNGMemoryWriter`), so a sequence of images of one size allocates nothing after the
/// first. Not thread-safe: one writer per encoder, one encoder per thread.
final class LibPNGWriter {
    /// The pixels to encode and how they are stored; rows are read in place.
    struct Image {
        var width: Int
        var height: Int
        /// 8 or 16 (samples big-endian).
        var bitDepth = 8
        var colorType: PNGPixelLayout.ColorType
        /// The first row.
        var rows: UnsafePointer<UInt8>
        /// Bytes from one row to the next.
        var rowStride: Int
        /// PLTE: RGB triples, for `.indexed`.
        var palette: UnsafeRawBufferPointer?
        /// tRNS: the alphas of the first palette entries.
        var transparency: UnsafeRawBufferPointer?
        /// Whether an sRGB chunk (perceptual) comes before the image data.
        var writesSRGB = true
    }

    /// How the rows are filtered and compressed.
    struct Settings {
        var filter: PNGFilter
        var level: Int
        var strategy: PNGCompression.Strategy
        /// The longest IDAT chunk data (at least 6); longer data is split over several chunks.
        var maximumChunkLength: Int
    }

    private let writer: OpaquePointer

    /// - Throws: `PNGError.encodingFailed` when there is no memory for the writer.
    init() throws {
        guard let made = im_png_memory_writer_create() else {
            throw PNGError.encodingFailed(reason: "out of memory for libpng's writer")
        }
        writer = made
    }

    deinit { im_png_memory_writer_destroy(writer) }

    /// Encodes `image` with `settings`: signature, IHDR, sRGB, PLTE, tRNS, IDAT chunks, IEND.
    /// The bytes are valid until the next call.
    ///
    /// - Throws: `PNGError.encodingFailed` with libpng's message.
    func encode(_ image: Image, settings: Settings) throws -> UnsafeRawBufferPointer {
        var description = IMPNGImage(
            width: UInt32(image.width), height: UInt32(image.height), bit_depth: Int32(image.bitDepth),
            color_type: Int32(image.colorType.rawValue), rows: image.rows, row_stride: image.rowStride,
            palette: image.palette?.baseAddress?.assumingMemoryBound(to: UInt8.self),
            palette_count: Int32((image.palette?.count ?? 0) / 3),
            transparency: image.transparency?.baseAddress?.assumingMemoryBound(to: UInt8.self),
            transparency_count: Int32(image.transparency?.count ?? 0), srgb: image.writesSRGB ? 1 : 0)
        var parameters = IMPNGSettings(
            filters: Self.filterBits(settings.filter), zlib_level: Int32(settings.level),
            zlib_strategy: Self.zlibStrategy(settings.strategy), idat_size: max(6, settings.maximumChunkLength))
        guard im_png_memory_writer_encode(writer, &description, &parameters) != 0 else {
            let message = im_png_memory_writer_message(writer)
            let text = PNGError.printable(UnsafeRawBufferPointer(start: message, count: strlen(message)))
            throw PNGError.encodingFailed(reason: "libpng: " + text)
        }
        return UnsafeRawBufferPointer(start: im_png_memory_writer_bytes(writer), count: im_png_memory_writer_count(writer))
    }

    /// Encodes `image` with `settings.first`, then, if there is one, with
    /// `settings.alternative`, and returns the smaller file (the first on a tie); the first
    /// is copied into `aside` while the second is encoded. The bytes are valid until the next
    /// call, or until `aside` is next used.
    ///
    /// - Throws: as `encode(_:settings:)`.
    func encode(
        _ image: Image, settings: (first: Settings, alternative: Settings?), aside: inout ScratchBuffer
    ) throws -> UnsafeRawBufferPointer {
        let first = try encode(image, settings: settings.first)
        guard let alternative = settings.alternative else { return first }
        let kept = aside.bytes(first.count)
        kept.update(from: first.baseAddress!.assumingMemoryBound(to: UInt8.self), count: first.count)
        let second = try encode(image, settings: alternative)
        return second.count < first.count ? second : UnsafeRawBufferPointer(start: kept, count: first.count)
    }

    /// Blocks the writer has asked the system for so far (its own and libpng's and zlib's):
    /// unchanged by an encode that allocated nothing.
    var systemAllocations: Int { im_png_memory_writer_system_allocations(writer) }

    private static func filterBits(_ filter: PNGFilter) -> Int32 {
        switch filter {
        case .none: IM_PNG_FILTER_NONE
        case .sub: IM_PNG_FILTER_SUB
        case .up: IM_PNG_FILTER_UP
        case .average: IM_PNG_FILTER_AVERAGE
        case .paeth: IM_PNG_FILTER_PAETH
        case .minimumSum:
            Int32(IM_PNG_FILTER_NONE | IM_PNG_FILTER_SUB | IM_PNG_FILTER_UP
                | IM_PNG_FILTER_AVERAGE | IM_PNG_FILTER_PAETH)
        }
    }

    private static func zlibStrategy(_ strategy: PNGCompression.Strategy) -> Int32 {
        switch strategy {
        case .default: IM_ZLIB_DEFAULT_STRATEGY
        case .filtered: IM_ZLIB_FILTERED
        case .runLength: IM_ZLIB_RLE
        case .huffmanOnly: IM_ZLIB_HUFFMAN_ONLY
        }
    }
}
