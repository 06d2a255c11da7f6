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
    /// - Throws: `AlphaRasterError.invalidMaskSize` when a dimension is not positive or
    ///   width × height overflows; `AlphaRasterError.pixelCountMismatch` when `pixels` does
    ///   not hold exactly width × height values.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard width > 0, height > 0,
              case let (area, overflow) = width.multipliedReportingOverflow(by: height), !overflow
        else {
            throw AlphaRasterError.invalidMaskSize(width: width, height: height)
        }
        guard pixels.count == area else {
            throw AlphaRasterError.pixelCountMismatch(width: width, height: height, pixelCount: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Wraps values known to make a mask: both sides ≥ 1, `pixels.count == width × height`.
    init(validWidth width: Int, height: Int, pixels: [UInt8]) {
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
    /// - Throws: `AlphaRasterError.invalidMaskSize` when a dimension is not positive or
    ///   width × height overflows.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0,
              case let (area, overflow) = width.multipliedReportingOverflow(by: height), !overflow
        else {
            throw AlphaRasterError.invalidMaskSize(width: width, height: height)
        }
        try self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: area))
    }
}
