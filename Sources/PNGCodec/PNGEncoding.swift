extension PNGImage {
    /// Encodes the image as a PNG byte stream (IHDR, sRGB, PLTE and tRNS when indexed, IDAT,
    /// IEND) that decodes to exactly these pixels; see `PNGEncoder` for the layout chosen.
    ///
    /// Each call sets up libpng's writer afresh; to encode many images, keep a `PNGEncoder`.
    ///
    /// - Throws: `PNGError.encodingFailed` for a zlib level outside 0…9 or a libpng failure.
    public func pngData(compression: PNGCompression = .default) throws -> [UInt8] {
        try PNGEncoder(compression: compression).withPNGData(of: self) { Array($0) }
    }

    /// Encodes the image and writes it to `path` atomically: the bytes go to a temporary file in
    /// the same directory, which is renamed over `path` only when complete, so a failure or an
    /// interruption never leaves a partial file and never damages an existing one.
    ///
    /// - Throws: `PNGError.encodingFailed`, `.cannotCreate` or `.writeFailed`, naming `path`.
    public func write(toFile path: String, compression: PNGCompression = .default) throws {
        try PNGEncoder(compression: compression).write(self, toFile: path)
    }
}
