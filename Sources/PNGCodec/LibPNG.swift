import CPng
import CPngFullAPI
import _IconMorphSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one Swift file that decodes through libpng: its simplified `png_image` API, which
/// catches libpng's errors itself (returns 0 and fills `message`) so that no longjmp ever
/// reaches Swift, and, for `InterlacedPNGFlattener`, rows as stored through libpng's full API
/// (`CPngFullAPI`, whose C code does the setjmp). Encoding is `LibPNGWriter`'s.
enum LibPNG {
    /// The ceiling on decoded pixels whatever the caller's limit: 2³⁰ − 1, just under 4 GiB
    /// of RGBA, so a generous limit can never make the decoder ask for memory that cannot
    /// exist. (libpng's simplified reader takes an image of under 2³² bytes: at 2³⁰ pixels it
    /// refused the image as too large, after the 4 GiB had been allocated.)
    static let maximumPixelCount = (1 << 30) - 1

    /// libpng's code for 8-bit RGBA, the format every decode asks for. `PNG_FORMAT_RGBA` does
    /// not import into Swift, so it is rebuilt from the flags that do.
    static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    static func newImage() -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        return image
    }

    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            // A message may quote a damaged chunk type byte for byte; escaping all but printable
            // ASCII keeps it one readable line.
            PNGError.printable(raw.prefix { $0 != 0 })
        }
    }

    /// Why reading from a `FILE` stopped: libpng says only "Read Error" for both a short file
    /// and a failing device, so the stream itself is asked.
    static func readFailureReason(_ file: UnsafeMutablePointer<FILE>, libpng: String) -> String {
        if ferror(file) != 0 { return "I/O error while reading (\(libpng))" }
        if feof(file) != 0 { return "file ends early, the data is truncated" }
        return libpng
    }

    /// libpng's memory reader reports a short buffer as "read beyond end of data".
    static func memoryFailureReason(libpng: String) -> String {
        libpng == "read beyond end of data" ? "the data ends early, it is truncated (\(libpng))" : libpng
    }

    /// Decodes a PNG stream that `begin` has opened, checking the declared size against
    /// `pixelLimit` before anything is allocated.
    ///
    /// libpng always produces RGBA here; gray+alpha is derived by `GrayAlphaConversion`, whose
    /// luminance is more precise than libpng's 8-bit `rgb_to_gray`. `flattened`, when given,
    /// supplies the stream rewritten by `InterlacedPNGFlattener`, which is decoded instead.
    private static func finishDecoding(
        _ image: inout png_image, name: String, format: PNGImage.PixelFormat, pixelLimit: Int,
        flattened: (() throws -> [UInt8])?, failureReason: (String) -> String
    ) throws -> PNGImage {
        let width = Int(image.width), height = Int(image.height)
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        let limit = min(pixelLimit, maximumPixelCount)
        if overflow || area > limit {
            png_image_free(&image)
            throw PNGError.tooLarge(path: name, width: width, height: height, limit: limit)
        }
        if let flattened {
            png_image_free(&image)
            let stream = try flattened()
            return try stream.withUnsafeBytes {
                try decode(memory: $0, name: name, format: format, pixelLimit: pixelLimit)
            }
        }
        image.format = rgbaFormat
        // A 16-bit file without gAMA or sRGB is taken as sRGB-encoded, like an 8-bit one,
        // instead of libpng's default of linear: the same picture saved at either depth then
        // decodes to the same pixels.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let stride = width * 4
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let ok = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(stride), nil)
        }
        if ok == 0 {
            let reason = failureReason(message(of: image))
            png_image_free(&image)
            throw PNGError.invalidPNG(path: name, reason: reason)
        }
        if format == .grayAlpha {
            pixels = GrayAlphaConversion.grayAlpha(fromRGBA: pixels, pixelCount: area)
        }
        return try PNGImage(width: width, height: height, format: format, pixels: pixels)
    }

    static func decode(
        file: UnsafeMutablePointer<FILE>, name: String, format: PNGImage.PixelFormat, pixelLimit: Int
    ) throws -> PNGImage {
        // Peek at the signature and IHDR to route interlaced 16-bit files around libpng#853.
        var header = [UInt8](repeating: 0, count: 29)
        let peeked = fread(&header, 1, header.count, file)
        if peeked == 0 {
            if ferror(file) != 0 { throw PNGError.unreadable(path: name, reason: String(cString: strerror(errno))) }
            throw PNGError.invalidPNG(path: name, reason: "the file is empty")
        }
        if fseek(file, 0, SEEK_SET) != 0 {
            // A pipe or terminal cannot be rewound: decode what it holds from memory instead,
            // after the signature and the declared size say the stream is worth reading, and
            // reading no more than such an image can take (so `yes | iconmorph` cannot eat RAM).
            let readLimit = try checkedStreamLimit(header: header[0..<peeked], name: name, pixelLimit: pixelLimit)
            let bytes = Array(header[0..<peeked]) + (try readRest(of: file, name: name, limit: readLimit))
            return try bytes.withUnsafeBytes {
                try decode(memory: $0, name: name, format: format, pixelLimit: pixelLimit)
            }
        }
        let needsFlattening = header.withUnsafeBytes {
            InterlacedPNGFlattener.needsFlattening(UnsafeRawBufferPointer(rebasing: $0.prefix(peeked)))
        }

        try PNGChunkLimits.check(file: file, name: name)
        try PNGImageDataBudget.check(file: file, name: name, pixelLimit: pixelLimit)
        var image = newImage()
        if png_image_begin_read_from_stdio(&image, file) == 0 {
            let reason = readFailureReason(file, libpng: message(of: image))
            png_image_free(&image)
            throw PNGError.invalidPNG(path: name, reason: reason)
        }
        let flattened: (() throws -> [UInt8])? = needsFlattening ? {
            rewind(file)
            let bytes = try readRest(of: file, name: name, limit: Int.max)
            return try bytes.withUnsafeBytes { try InterlacedPNGFlattener.flatten($0, name: name) }
        } : nil
        return try finishDecoding(
            &image, name: name, format: format, pixelLimit: pixelLimit, flattened: flattened
        ) { readFailureReason(file, libpng: $0) }
    }

    /// The most bytes a stream may hold for the image its first bytes announce: the raw samples
    /// at 16 bits per channel (stored uncompressed, the worst case) plus 64 MiB for ancillary
    /// chunks. Throws for a stream that is not a PNG or declares too many pixels.
    private static func checkedStreamLimit(header: ArraySlice<UInt8>, name: String, pixelLimit: Int) throws -> Int {
        let bytes = Array(header)
        guard bytes.withUnsafeBytes(PNGSignature.starts) else { throw PNGError.invalidPNG(path: name, reason: "Not a PNG file") }
        guard bytes.count >= 24 else { return 1 << 20 }
        // A stream whose first chunk is not IHDR is left to libpng, which refuses it by name.
        guard let header = bytes.withUnsafeBytes(PNGImageHeader.first) else { return 64 << 20 }
        let (width, height) = (header.width, header.height)
        let limit = min(pixelLimit, maximumPixelCount)
        if width.multipliedReportingOverflow(by: height).partialValue > limit {
            throw PNGError.tooLarge(path: name, width: width, height: height, limit: limit)
        }
        return 8 * width * height + height + (64 << 20)
    }

    /// Everything from the stream's current position to its end, refusing more than `limit`.
    private static func readRest(of file: UnsafeMutablePointer<FILE>, name: String, limit: Int) throws -> [UInt8] {
        do {
            return try WholeInputReading.readAll(file: file, limit: limit)
        } catch .tooLarge {
            throw PNGError.invalidPNG(path: name, reason: "more data than the image it declares can hold")
        } catch .readFailed(let code) {
            throw PNGError.unreadable(path: name, reason: String(cString: strerror(code)))
        }
    }

    /// The pixels of the PNG stream `data` as stored — the file's bit depth, colour type and
    /// big-endian samples, no colour handling — with every Adam7 pass put in place: `header`'s
    /// rows, `rowBytes` each, back to back. Through libpng's full API (`CPngFullAPI`).
    ///
    /// - Throws: `PNGError.invalidPNG` naming `name`, with libpng's message.
    static func storedRows(
        of data: UnsafeRawBufferPointer, header: PNGImageHeader, rowBytes: Int, name: String
    ) throws -> [UInt8] {
        var rows = [UInt8](repeating: 0, count: rowBytes * header.height)
        var message = [CChar](repeating: 0, count: Int(IM_PNG_MESSAGE_CAPACITY))
        let ok = rows.withUnsafeMutableBytes { out in
            im_png_read_deinterlaced(
                data.baseAddress!.assumingMemoryBound(to: UInt8.self), data.count, UInt32(header.width), UInt32(header.height),
                rowBytes, out.baseAddress!.assumingMemoryBound(to: UInt8.self), rowBytes, &message)
        }
        guard ok != 0 else {
            let text = message.withUnsafeBytes { PNGError.printable($0.prefix { $0 != 0 }) }
            throw PNGError.invalidPNG(path: name, reason: memoryFailureReason(libpng: text))
        }
        return rows
    }

    static func decode(
        memory: UnsafeRawBufferPointer, name: String, format: PNGImage.PixelFormat, pixelLimit: Int
    ) throws -> PNGImage {
        var image = newImage()
        guard let base = memory.baseAddress, memory.count > 0 else {
            throw PNGError.invalidPNG(path: name, reason: "no data")
        }
        try PNGChunkLimits.check(memory, name: name)
        try PNGImageDataBudget.check(memory, name: name, pixelLimit: pixelLimit)
        if png_image_begin_read_from_memory(&image, base, memory.count) == 0 {
            let reason = memoryFailureReason(libpng: message(of: image))
            png_image_free(&image)
            throw PNGError.invalidPNG(path: name, reason: reason)
        }
        let flattened: (() throws -> [UInt8])? = InterlacedPNGFlattener.needsFlattening(memory) ? {
            try InterlacedPNGFlattener.flatten(memory, name: name)
        } : nil
        return try finishDecoding(
            &image, name: name, format: format, pixelLimit: pixelLimit, flattened: flattened,
            failureReason: memoryFailureReason(libpng:))
    }
}
