/// Where an icon is drawn: a box in points at a display scale, with transparent padding.
///
/// Pixel sizes (`round` is to nearest, halves away from zero):
/// - the box is `round(width × scale)` × `round(height × scale)` pixels;
/// - the padding is `round(padding × scale)` pixels on every side;
/// - the mask is the box plus the padding on both sides:
///   `pixelWidth = boxPixelWidth + 2 × paddingPixels`, likewise for the height.
///
/// The initializer accepts any values so that a box can be built from raw user input; the
/// pixel properties and the mask builders validate it and throw
/// `AlphaRasterError.invalidBox(field:reason:)` naming the first offending field. A box is
/// valid when width, height and scale are finite and > 0, padding is finite and ≥ 0, each
/// box side is at least 1 pixel and each mask side is at most `IconBox.maximumPixelSide`.
public struct IconBox: Sendable, Equatable, Hashable {
    /// Box width in points, > 0.
    public var width: Double
    /// Box height in points, > 0.
    public var height: Double
    /// Display scale (pixels per point), > 0.
    public var scale: Double
    /// Transparent margin in points on every side, ≥ 0.
    public var padding: Double

    /// The largest mask side, in pixels, a box may describe: 16384.
    ///
    /// Keeps one mask below 256 MiB and every pixel index far from overflow.
    public static let maximumPixelSide = 16384

    /// Creates a box; nothing is checked until the pixel geometry is asked for.
    public init(width: Double, height: Double, scale: Double, padding: Double = 0) {
        self.width = width
        self.height = height
        self.scale = scale
        self.padding = padding
    }

    /// Box width in pixels, `round(width × scale)`, in 1...`maximumPixelSide`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when the box is invalid.
    public var boxPixelWidth: Int {
        get throws { try pixelGeometry().boxWidth }
    }

    /// Box height in pixels, `round(height × scale)`, in 1...`maximumPixelSide`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when the box is invalid.
    public var boxPixelHeight: Int {
        get throws { try pixelGeometry().boxHeight }
    }

    /// Padding in pixels on each of the four sides, `round(padding × scale)`, ≥ 0.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when the box is invalid.
    public var paddingPixels: Int {
        get throws { try pixelGeometry().padding }
    }

    /// Width of the whole mask in pixels, `boxPixelWidth + 2 × paddingPixels`, in
    /// 1...`maximumPixelSide`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when the box is invalid.
    public var pixelWidth: Int {
        get throws { try pixelGeometry().maskWidth }
    }

    /// Height of the whole mask in pixels, `boxPixelHeight + 2 × paddingPixels`, in
    /// 1...`maximumPixelSide`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when the box is invalid.
    public var pixelHeight: Int {
        get throws { try pixelGeometry().maskHeight }
    }

    /// Checks every field, in the order width, height, scale, padding.
    ///
    /// - Throws: `AlphaRasterError.invalidBox(field:reason:)` for the first invalid field;
    ///   `field` is `"width"`, `"height"`, `"scale"` or `"padding"`.
    public func validate() throws {
        _ = try pixelGeometry()
    }

    /// The validated pixel sizes; every other geometry accessor goes through here.
    func pixelGeometry() throws -> PixelGeometry {
        try Self.requirePositive(width, field: "width")
        try Self.requirePositive(height, field: "height")
        try Self.requirePositive(scale, field: "scale")
        guard padding.isFinite, padding >= 0 else {
            throw AlphaRasterError.invalidBox(
                field: "padding", reason: "must be a finite number of points ≥ 0, got \(padding)")
        }
        let limit = Self.maximumPixelSide
        let boxWidth = try pixels(width, field: "width", limit: limit)
        let boxHeight = try pixels(height, field: "height", limit: limit)
        guard boxWidth >= 1 else {
            throw AlphaRasterError.invalidBox(
                field: "width", reason: "\(width) points at scale \(scale) round to 0 pixels; the box needs at least 1")
        }
        guard boxHeight >= 1 else {
            throw AlphaRasterError.invalidBox(
                field: "height", reason: "\(height) points at scale \(scale) round to 0 pixels; the box needs at least 1")
        }
        let pad = try pixels(padding, field: "padding", limit: limit)
        let maskWidth = boxWidth + 2 * pad
        let maskHeight = boxHeight + 2 * pad
        guard maskWidth <= limit, maskHeight <= limit else {
            throw AlphaRasterError.invalidBox(
                field: "padding",
                reason: "\(pad) pixels on each side make a \(maskWidth)×\(maskHeight) mask, more than the limit of \(limit) pixels per side")
        }
        return PixelGeometry(boxWidth: boxWidth, boxHeight: boxHeight, padding: pad)
    }

    private static func requirePositive(_ value: Double, field: String) throws {
        guard value.isFinite, value > 0 else {
            throw AlphaRasterError.invalidBox(
                field: field, reason: "must be a finite number greater than 0, got \(value)")
        }
    }

    /// `round(points × scale)`, checked against `limit` before the conversion to `Int`,
    /// which would trap on a huge or infinite product.
    private func pixels(_ points: Double, field: String, limit: Int) throws -> Int {
        let exact = points * scale
        guard exact.isFinite, exact.rounded() <= Double(limit) else {
            throw AlphaRasterError.invalidBox(
                field: field,
                reason: "\(points) points at scale \(scale) are \(exact) pixels, more than the limit of \(limit) pixels per side")
        }
        return Int(exact.rounded())
    }
}

/// The pixel sizes of a validated `IconBox`.
struct PixelGeometry: Equatable {
    var boxWidth: Int
    var boxHeight: Int
    var padding: Int
    var maskWidth: Int { boxWidth + 2 * padding }
    var maskHeight: Int { boxHeight + 2 * padding }
}
