/// A validated view of an image in memory: where its rows start, how far apart they are and
/// how each pixel is laid out. Borrowed for the duration of one mask build.
struct ImagePixels {
    let base: UnsafeRawPointer
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let format: PixelFormat

    /// Checks the description against the buffer: both sides ≥ 1, rows at least
    /// `width × bytesPerPixel` bytes apart, and room for (height − 1) rows plus one row of
    /// pixels (the last row needs no padding).
    ///
    /// - Throws: `AlphaRasterError.invalidImageSize` for a side below 1 or rows of more
    ///   bytes than memory can address, `.invalidBytesPerRow` for rows shorter than a row of
    ///   pixels or a span that overflows, `.imageBufferTooSmall`.
    init(_ buffer: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int?, format: PixelFormat) throws {
        guard width > 0, height > 0,
              case let (rowBytes, overflow) = width.multipliedReportingOverflow(by: format.bytesPerPixel), !overflow
        else {
            throw AlphaRasterError.invalidImageSize(width: width, height: height)
        }
        let stride = bytesPerRow ?? rowBytes
        guard stride >= rowBytes else {
            throw AlphaRasterError.invalidBytesPerRow(stride, width: width, format: format)
        }
        let (rows, overflow1) = (height - 1).multipliedReportingOverflow(by: stride)
        let (needed, overflow2) = rows.addingReportingOverflow(rowBytes)
        guard !overflow1, !overflow2 else {
            throw AlphaRasterError.invalidBytesPerRow(stride, width: width, format: format)
        }
        guard buffer.count >= needed, let base = buffer.baseAddress else {
            throw AlphaRasterError.imageBufferTooSmall(byteCount: buffer.count, needed: needed)
        }
        self.base = base
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.format = format
    }

    /// The first byte of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt8> {
        (base + y &* bytesPerRow).assumingMemoryBound(to: UInt8.self)
    }

    /// Whether any pixel has alpha below 255 (never for `.gray8`).
    var hasTransparency: Bool {
        guard let offset = format.alphaOffset else { return false }
        let step = format.bytesPerPixel
        for y in 0..<height {
            let p = row(y) + offset
            var i = 0
            while i < width {
                if p[i &* step] != 255 { return true }
                i &+= 1
            }
        }
        return false
    }
}
