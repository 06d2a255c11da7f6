/// An 8-bit coverage mask: 0 is empty, 255 is fully covered.
///
/// Pixels are row-major with no padding; `pixels.count == width × height`.
public struct AlphaMask: Sendable, Equatable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// `width × height` coverage values, row-major.
    public private(set) var pixels: [UInt8]

    /// Wraps existing coverage values.
    ///
    /// - Throws: `AlphaRasterError.invalidSize` when a dimension is not positive or `pixels`
    ///   does not hold exactly `width × height` values.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0,
              case let (area, overflow) = width.multipliedReportingOverflow(by: height),
              !overflow, pixels.count == area
        else {
            throw AlphaRasterError.invalidSize(
                "\(pixels.count) values do not make a \(width)×\(height) mask")
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Lends the coverage values for writing in place. The count cannot change, so the mask
    /// stays valid.
    public mutating func withUnsafeMutablePixels<Result>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// An empty (all-zero) mask.
    ///
    /// - Throws: `AlphaRasterError.invalidSize` when a dimension is not positive or too large.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0,
              case let (area, overflow) = width.multipliedReportingOverflow(by: height), !overflow
        else {
            throw AlphaRasterError.invalidSize("\(width)×\(height) is not a valid mask size")
        }
        try self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: area))
    }
}
