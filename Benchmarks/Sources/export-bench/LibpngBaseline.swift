import CLibpngBaseline

/// libpng's simplified writer (`png_image_write_to_memory`), as the product used it before
/// it had its own encoder: RGBA in, adaptive filters and zlib level 6 by default, or
/// `PNG_IMAGE_FLAG_FAST` (no filtering, a low zlib level). The baseline for the encoder table.
final class LibpngBaseline {
    let fast: Bool
    private var buffer: [UInt8] = []

    init(fast: Bool) {
        self.fast = fast
    }

    /// Encodes `rgba` (`width × height × 4` bytes) and returns the PNG's size in bytes.
    func encode(rgba: [UInt8], width: Int, height: Int) -> Int {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        image.flags = fast ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        // Worst case for stored data plus headers; enough for any image here.
        let capacity = width * height * 4 + height + (width * height * 4 + height) / 64 + 4096
        if buffer.count < capacity { buffer = [UInt8](repeating: 0, count: capacity) }
        var size = buffer.count
        let ok = buffer.withUnsafeMutableBytes { out in
            rgba.withUnsafeBytes { pixels in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, Int32(width * 4), nil)
            }
        }
        precondition(ok != 0 && size <= capacity, "libpng failed to encode a benchmark frame")
        png_image_free(&image)
        return size
    }
}
