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
    /// For an icon with translucent layers, its coverage with every visible layer drawn
    /// opaque (`width × height` values, row-major, each at least the pixel's); nil when
    /// `pixels` is that coverage already: every layer opaque, or a raster image, whose
    /// translucent parts cannot be told from its anti-aliased edges.
    ///
    /// The metaball style melts the shapes of this coverage and gives them the opacity of
    /// `pixels` (the frame math, step 7b), so that a translucent layer keeps its opacity
    /// instead of being cut at the threshold. `AlphaMask(icon:layout:)` sets it; changing
    /// `pixels` in place removes it.
    public private(set) var opaqueCoverage: [UInt8]?

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

    /// Wraps existing coverage values and the coverage of the same icon with every layer
    /// opaque (`opaqueCoverage`); a byte of `opaqueCoverage` below the pixel's counts as the
    /// pixel's. When the two are then equal the mask keeps `pixels` alone.
    ///
    /// - Throws: as `init(width:height:pixels:)`, and
    ///   `AlphaRasterError.pixelCountMismatch` when `opaqueCoverage` does not hold exactly
    ///   width × height values.
    public init(width: Int, height: Int, pixels: [UInt8], opaqueCoverage: [UInt8]) throws {
        try self.init(width: width, height: height, pixels: pixels)
        guard opaqueCoverage.count == pixels.count else {
            throw AlphaRasterError.pixelCountMismatch(width: width, height: height, pixelCount: opaqueCoverage.count)
        }
        // (Over composites a translucent layer's anti-aliased rim onto an opaque one's where
        // the union of the two shapes, drawn opaque, covers less.)
        let coverage = zip(opaqueCoverage, pixels).contains { $0 < $1 }
            ? zip(opaqueCoverage, pixels).map { max($0, $1) } : opaqueCoverage
        if coverage != pixels { self.opaqueCoverage = coverage }
    }

    /// Wraps values known to make a mask: both sides ≥ 1, `pixels.count == width × height`,
    /// at most `maximumPixelCount`.
    init(validWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Lends the coverage values for writing in place. The count cannot change, so the mask
    /// stays valid; `opaqueCoverage` no longer describes the pixels, and is removed.
    public mutating func withUnsafeMutablePixels<Result>(
        _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        opaqueCoverage = nil
        return try pixels.withUnsafeMutableBufferPointer { try body($0) }
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
