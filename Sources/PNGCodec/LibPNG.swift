import CPng

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that talks to libpng, through its simplified `png_image` API, which catches
/// libpng's errors itself (returns 0 and fills `message`) so that no longjmp ever reaches Swift.
enum LibPNG {
    /// libpng's pixel format code for an 8-bit `PNGImage.PixelFormat`. Composite format macros
    /// do not import into Swift, so they are rebuilt from the flags that do.
    static func formatCode(_ format: PNGImage.PixelFormat) -> UInt32 {
        switch format {
        case .grayAlpha: UInt32(PNG_FORMAT_FLAG_ALPHA)
        case .rgba: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        }
    }

    static func newImage() -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        return image
    }

    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Why reading from a `FILE` stopped: libpng says only "Read Error" for both a short file
    /// and a failing device, so the stream itself is asked.
    static func readFailureReason(_ file: UnsafeMutablePointer<FILE>, libpng: String) -> String {
        if ferror(file) != 0 { return "I/O error while reading (\(libpng))" }
        if feof(file) != 0 { return "file ends early, the data is truncated" }
        return libpng
    }

    /// Decodes a PNG stream that `begin` has opened, checking the declared size against
    /// `pixelLimit` before anything is allocated.
    private static func finishDecoding(
        _ image: inout png_image, name: String, format: PNGImage.PixelFormat, pixelLimit: Int,
        failureReason: (String) -> String
    ) throws -> PNGImage {
        let width = Int(image.width), height = Int(image.height)
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || area > pixelLimit {
            png_image_free(&image)
            throw PNGError.tooLarge(path: name, width: width, height: height, limit: pixelLimit)
        }
        image.format = formatCode(format)
        let stride = width * format.channels
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(stride), nil)
        }
        if ok == 0 {
            let reason = failureReason(message(of: image))
            png_image_free(&image)
            throw PNGError.invalidPNG(path: name, reason: reason)
        }
        return try PNGImage(width: width, height: height, format: format, pixels: pixels)
    }

    static func decode(
        file: UnsafeMutablePointer<FILE>, name: String, format: PNGImage.PixelFormat, pixelLimit: Int
    ) throws -> PNGImage {
        var image = newImage()
        if png_image_begin_read_from_stdio(&image, file) == 0 {
            let reason = readFailureReason(file, libpng: message(of: image))
            png_image_free(&image)
            throw PNGError.invalidPNG(path: name, reason: reason)
        }
        return try finishDecoding(&image, name: name, format: format, pixelLimit: pixelLimit) {
            readFailureReason(file, libpng: $0)
        }
    }

    static func decode(
        memory: UnsafeRawBufferPointer, name: String, format: PNGImage.PixelFormat, pixelLimit: Int
    ) throws -> PNGImage {
        var image = newImage()
        guard let base = memory.baseAddress, memory.count > 0 else {
            throw PNGError.invalidPNG(path: name, reason: "no data")
        }
        if png_image_begin_read_from_memory(&image, base, memory.count) == 0 {
            let reason = message(of: image)
            png_image_free(&image)
            throw PNGError.invalidPNG(path: name, reason: reason)
        }
        return try finishDecoding(&image, name: name, format: format, pixelLimit: pixelLimit) { $0 }
    }

    /// Encodes in a single pass into a buffer of libpng's documented worst-case size
    /// (`PNG_IMAGE_PNG_SIZE_MAX`, recomputed here because the macro does not import).
    static func encode(_ source: PNGImage, fast: Bool) throws -> [UInt8] {
        var image = newImage()
        image.width = UInt32(source.width)
        image.height = UInt32(source.height)
        image.format = formatCode(source.format)
        image.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        let stride = source.width * source.format.channels
        let rawSize = stride * source.height + source.height
        let deflateBound = rawSize + (rawSize + 7) >> 3 + (rawSize + 63) >> 6 + 11
        let chunkOverhead = 8 + 25 + 16 + 44 + 12 + 12 * (deflateBound / Int(PNG_ZBUF_SIZE)) + 12
        var size = deflateBound + chunkOverhead
        var output = [UInt8](repeating: 0, count: size)
        let ok = output.withUnsafeMutableBytes { out in
            source.pixels.withUnsafeBytes { pixels in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, Int32(stride), nil)
            }
        }
        if ok == 0 {
            let reason = message(of: image)
            png_image_free(&image)
            throw PNGError.encodingFailed(reason: reason)
        }
        output.removeLast(output.count - size)
        return output
    }
}
