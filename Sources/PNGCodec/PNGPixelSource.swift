/// Pixels handed to `PNGEncoder`, borrowed for the duration of one encode.
struct PNGPixelSource {
    /// What the bytes at `base` are.
    enum Kind: Equatable {
        /// R, G, B, A bytes.
        case rgba
        /// Gray, alpha bytes.
        case grayAlpha
        /// One alpha byte a pixel, every pixel of colour (red, green, blue).
        case alpha(red: UInt8, green: UInt8, blue: UInt8)

        /// Bytes a pixel: 4, 2 or 1.
        var bytesPerPixel: Int {
            switch self {
            case .rgba: 4
            case .grayAlpha: 2
            case .alpha: 1
            }
        }
    }

    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let kind: Kind

    /// Bytes per source pixel: 4, 2 or 1.
    var step: Int { kind.bytesPerPixel }

    /// Bytes per source row.
    var rowBytes: Int { width &* step }

    /// Wraps `bytes` as `width × height` pixels of `kind`.
    ///
    /// - Throws: `PNGError.invalidImage` when a dimension is not positive or the byte count
    ///   is not exactly `width × height × step`.
    init(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, kind: Kind) throws {
        let step = kind.bytesPerPixel
        guard width > 0, height > 0 else {
            throw PNGError.invalidImage(reason: "size \(width)×\(height) is not positive")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = area.multipliedReportingOverflow(by: step)
        guard !overflow, !overflow2, bytes.count == count, let address = bytes.baseAddress else {
            throw PNGError.invalidImage(
                reason: "\(bytes.count) bytes do not make a \(width)×\(height) image of \(step) channel\(step == 1 ? "" : "s")")
        }
        base = address.assumingMemoryBound(to: UInt8.self)
        self.width = width
        self.height = height
        self.kind = kind
    }
}
