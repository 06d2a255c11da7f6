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

    /// The largest width × height of a mask: 2³¹ pixels, 2 GiB of coverage (a frame takes at
    /// most 2²⁸, `MorphRenderer.maximumPixelCount`). A larger size is an error rather than an
    /// allocation the system may refuse.
    public static let maximumPixelCount = 1 << 31

    /// Wraps existing coverage values.
    ///
    /// - Throws: `AlphaRasterError.invalidMaskSize` when a dimension is not positive or
    ///   width × height exceeds `maximumPixelCount`; `AlphaRasterError.pixelCountMismatch`
    ///   when `pixels` does not hold exactly width × height values.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard let area = Self.area(width: width, height: height) else {
            throw AlphaRasterError.invalidMaskSize(width: width, height: height)
        }
        guard pixels.count == area else {
            throw AlphaRasterError.pixelCountMismatch(width: width, height: height, pixelCount: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Wraps values known to make a mask: both sides ≥ 1, `pixels.count == width × height`,
    /// at most `maximumPixelCount`.
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
    ///   width × height exceeds `maximumPixelCount`.
    public init(width: Int, height: Int) throws {
        guard let area = Self.area(width: width, height: height) else {
            throw AlphaRasterError.invalidMaskSize(width: width, height: height)
        }
        self.init(validWidth: width, height: height, pixels: [UInt8](repeating: 0, count: area))
    }

    /// width × height, or nil unless both are positive and the product is at most
    /// `maximumPixelCount`.
    static func area(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0, case let (area, overflow) = width.multipliedReportingOverflow(by: height),
              !overflow, area <= maximumPixelCount
        else { return nil }
        return area
    }
}
