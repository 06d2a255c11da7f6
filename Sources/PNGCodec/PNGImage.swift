/// An 8-bit image decoded from or destined for a PNG file.
///
/// Pixels are stored row-major with no row padding, `channels` bytes per pixel, straight
/// (non-premultiplied) alpha in the last channel. Colour samples are sRGB-encoded: libpng
/// converts files that declare another gamma, and 16-bit samples are reduced to 8 bits.
public struct PNGImage: Sendable, Equatable {
    /// The channel layout of one pixel.
    public enum PixelFormat: Sendable, Equatable, CaseIterable {
        /// Two bytes per pixel: gray, then alpha.
        case grayAlpha
        /// Four bytes per pixel: red, green, blue, then alpha.
        case rgba

        /// Bytes per pixel.
        public var channels: Int {
            switch self {
            case .grayAlpha: 2
            case .rgba: 4
            }
        }
    }

    /// The default ceiling on `width × height` for decoding: 64 megapixels.
    public static let defaultPixelLimit = 64_000_000

    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// The layout of each pixel in `pixels`.
    public let format: PixelFormat
    /// `width × height × format.channels` bytes, row-major.
    public var pixels: [UInt8]

    /// Wraps existing pixel bytes.
    ///
    /// - Throws: `PNGError.invalidImage` when a dimension is not positive or `pixels` does not
    ///   hold exactly `width × height × format.channels` bytes.
    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) throws {
        guard width > 0, height > 0 else {
            throw PNGError.invalidImage(reason: "size \(width)×\(height) is not positive")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = area.multipliedReportingOverflow(by: format.channels)
        guard !overflow, !overflow2, pixels.count == count else {
            throw PNGError.invalidImage(
                reason: "\(pixels.count) bytes do not make a \(width)×\(height) image of \(format.channels) channels")
        }
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// Whether any pixel has an alpha value below 255.
    public var hasTransparency: Bool {
        let step = format.channels
        return pixels.withUnsafeBufferPointer { p in
            var i = step - 1
            while i < p.count {
                if p[i] != 255 { return true }
                i &+= step
            }
            return false
        }
    }
}
