/// How hard the encoder compresses.
public enum PNGCompression: Sendable, Equatable {
    /// libpng's defaults: adaptive filtering and zlib's default level. Small files.
    case `default`
    /// No filtering and a low zlib level (`PNG_IMAGE_FLAG_FAST`): several times faster to
    /// write, files up to a few times larger.
    case fast
}

extension PNGImage {
    /// Encodes the image as a PNG byte stream (IHDR, sRGB, IDAT, IEND).
    ///
    /// - Throws: `PNGError.encodingFailed` with libpng's reason.
    public func pngData(compression: PNGCompression = .default) throws -> [UInt8] {
        try LibPNG.encode(self, fast: compression == .fast)
    }

    /// Encodes the image and writes it to `path` atomically: the bytes go to a temporary file in
    /// the same directory, which is renamed over `path` only when complete, so a failure or an
    /// interruption never leaves a partial file and never damages an existing one.
    ///
    /// - Throws: `PNGError.encodingFailed`, `.cannotCreate` or `.writeFailed`, naming `path`.
    public func write(toFile path: String, compression: PNGCompression = .default) throws {
        let bytes = try pngData(compression: compression)
        try bytes.withUnsafeBytes { try AtomicFileWriter.write($0, to: path) }
    }
}
