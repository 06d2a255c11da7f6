/// Where an icon is drawn: a box in points at a display scale, with transparent padding.
///
/// Pixel sizes (`round` is to nearest, halves away from zero):
/// - the box is `round(width × scale)` × `round(height × scale)` pixels;
/// - the padding is `round(padding × scale)` pixels on every side;
/// - the mask is the box plus the padding on both sides:
///   `IconLayout.width = boxWidth + 2 × padding`, likewise for the height.
///
/// The initializer accepts any values so that a box can be built from raw user input;
/// `layout()` validates it once, throwing `AlphaRasterError.invalidBox` naming the first
/// offending field, and gives the pixel sizes the mask builders work from. A box is
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

    /// A field of the box, as `AlphaRasterError.invalidBox` names it.
    public enum Field: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `IconBox.width`.
        case width
        /// `IconBox.height`.
        case height
        /// `IconBox.scale`.
        case scale
        /// `IconBox.padding`.
        case padding

        /// The field's name: `width`, `height`, `scale` or `padding`.
        public var description: String { rawValue }
    }

    /// Checks every field, in the order width, height, scale, padding, and measures the box
    /// in pixels. Validate once and hand the layout to the mask builders.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for the first invalid field.
    public func layout() throws -> IconLayout {
        try Self.requirePositive(width, field: .width)
        try Self.requirePositive(height, field: .height)
        try Self.requirePositive(scale, field: .scale)
        guard padding.isFinite, padding >= 0 else {
            throw AlphaRasterError.invalidBox(.padding, reason: "must be a finite number of points ≥ 0, got \(padding)")
        }
        let limit = Self.maximumPixelSide
        let boxWidth = try pixels(width, field: .width, limit: limit)
        let boxHeight = try pixels(height, field: .height, limit: limit)
        guard boxWidth >= 1 else {
            throw AlphaRasterError.invalidBox(
                .width, reason: "\(width) points at scale \(scale) round to 0 pixels; the box needs at least 1")
        }
        guard boxHeight >= 1 else {
            throw AlphaRasterError.invalidBox(
                .height, reason: "\(height) points at scale \(scale) round to 0 pixels; the box needs at least 1")
        }
        let pad = try pixels(padding, field: .padding, limit: limit)
        let maskWidth = boxWidth + 2 * pad
        let maskHeight = boxHeight + 2 * pad
        guard maskWidth <= limit, maskHeight <= limit else {
            throw AlphaRasterError.invalidBox(
                .padding,
                reason: "\(pad) pixels on each side make a \(maskWidth)×\(maskHeight) mask, more than the limit of \(limit) pixels per side")
        }
        return IconLayout(box: self, boxWidth: boxWidth, boxHeight: boxHeight, padding: pad)
    }

    private static func requirePositive(_ value: Double, field: Field) throws {
        guard value.isFinite, value > 0 else {
            throw AlphaRasterError.invalidBox(
                field, reason: "must be a finite number greater than 0, got \(value)")
        }
    }

    /// `round(points × scale)`, checked against `limit` before the conversion to `Int`,
    /// which would trap on a huge or infinite product.
    private func pixels(_ points: Double, field: Field, limit: Int) throws -> Int {
        let exact = points * scale
        guard exact.isFinite, exact.rounded() <= Double(limit) else {
            throw AlphaRasterError.invalidBox(
                field,
                reason: "\(points) points at scale \(scale) are \(exact) pixels, more than the limit of \(limit) pixels per side")
        }
        return Int(exact.rounded())
    }
}
