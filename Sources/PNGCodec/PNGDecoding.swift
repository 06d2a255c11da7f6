#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PNGImage {
    /// Decodes a PNG file to 8-bit pixels of `format`, colour handled as `PNGImage` describes.
    ///
    /// Every PNG libpng reads is accepted: all colour types and bit depths, palettes, `tRNS`,
    /// 16-bit samples and Adam7 interlacing. The header's `width × height` is checked against
    /// `pixelLimit` (and, whatever the limit, 2³⁰ − 1 pixels) before any pixel memory is
    /// allocated.
    /// Reading stops once the image data is whole: the chunks after it, `IEND` included, are
    /// not read, so a file cut off after its image data decodes (as browsers show it), and
    /// one cut off inside it is invalid.
    ///
    /// - Throws: `PNGError.fileNotFound`, `.unreadable`, `.invalidPNG` (with libpng's reason),
    ///   `.tooLarge` or `.sideTooLong`, each naming `path`; `.invalidPixelLimit` for a limit
    ///   below 1.
    public init(
        contentsOfFile path: String, format: PixelFormat = .rgba, pixelLimit: Int = PNGImage.defaultPixelLimit
    ) throws {
        guard pixelLimit >= 1 else { throw PNGError.invalidPixelLimit(pixelLimit) }
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw PNGError.fileNotFound(path: path) }
            throw PNGError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw PNGError.unreadable(path: path, reason: "it is a directory")
        }
        guard let file = fopen(path, "rb") else {
            throw PNGError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        self = try LibPNG.decode(file: file, name: path, format: format, pixelLimit: pixelLimit)
    }

    /// Decodes PNG data held in memory; `name` labels errors (e.g. `"<stdin>"`). As for files,
    /// reading stops once the image data is whole.
    ///
    /// - Throws: `PNGError.invalidPNG`, `.tooLarge` or `.sideTooLong`, as for files;
    ///   `.invalidPixelLimit` for a limit below 1.
    public init(
        pngData: [UInt8], name: String = "<memory>", format: PixelFormat = .rgba,
        pixelLimit: Int = PNGImage.defaultPixelLimit
    ) throws {
        guard pixelLimit >= 1 else { throw PNGError.invalidPixelLimit(pixelLimit) }
        self = try pngData.withUnsafeBytes { bytes in
            try LibPNG.decode(memory: bytes, name: name, format: format, pixelLimit: pixelLimit)
        }
    }
}
