/// A failure to build an alpha mask.
///
/// Each case names what is at fault as a typed value, so a caller can map it to its own
/// words (a command-line option, a form field) with an exhaustive `switch`; `description` is
/// one sentence a user can act on. Errors from decoding a PNG file are the PNG module's and
/// are passed up unchanged, not wrapped in this type.
public enum AlphaRasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A mask side below 1 pixel, above `IconBox.maximumPixelSide` where the rasterizer
    /// draws, or a width × height above `AlphaMask.maximumPixelCount`.
    case invalidMaskSize(width: Int, height: Int)
    /// `AlphaMask(width:height:pixels:)` was given a pixel count other than width × height.
    case pixelCountMismatch(width: Int, height: Int, pixelCount: Int)
    /// An `IconBox` field is out of range; `reason` says what is allowed and what was given.
    case invalidBox(IconBox.Field, reason: String)
    /// A `VectorIcon` cannot be drawn: `part` is at fault (a non-finite value, a path needing
    /// more line segments than `VectorRasterizer.maximumSegments`, or more work than
    /// `VectorRasterizer.maximumEdgeRows`, `VectorRasterizer.maximumEdges` or
    /// `VectorRasterizer.maximumWork` at the requested size); `reason` says what is wrong.
    case invalidIcon(VectorIcon.Part, reason: String)
    /// An image in memory has a width or height below 1, or a size whose row bytes or whole
    /// span ((height − 1) × bytesPerRow + one row) overflow.
    case invalidImageSize(width: Int, height: Int)
    /// An image's bytes per row are fewer than one row of its pixels needs
    /// (`width × format.bytesPerPixel`), or so many that its rows would span more bytes than
    /// memory can address.
    case invalidBytesPerRow(Int, width: Int, format: PixelFormat)
    /// An image's buffer holds fewer bytes than its rows: (height − 1) × bytesPerRow + one
    /// row of pixels.
    case imageBufferTooSmall(byteCount: Int, needed: Int)

    /// The failure as one sentence, naming the field or size at fault.
    public var description: String {
        switch self {
        case .invalidMaskSize(let width, let height):
            "\(width)×\(height) is not a valid mask size: "
                + (width < 1 || height < 1 ? "each side must be at least 1 pixel"
                    : AlphaMask.area(width: width, height: height) == nil
                        ? "width × height must be at most \(AlphaMask.maximumPixelCount) pixels"
                            + (max(width, height) > IconBox.maximumPixelSide
                                ? ", and each side at most \(IconBox.maximumPixelSide) where masks are drawn" : "")
                    : "each side must be at most \(IconBox.maximumPixelSide) pixels")
        case .pixelCountMismatch(let width, let height, let pixelCount):
            "\(pixelCount) values do not make a \(width)×\(height) mask"
        case .invalidBox(let field, let reason):
            "icon box \(field): \(reason)"
        case .invalidIcon(let part, let reason):
            // The tolerance is the rasterizer's, not the icon's.
            part == .tolerance ? "vector rasterizer tolerance: \(reason)" : "vector icon \(part): \(reason)"
        case .invalidImageSize(let width, let height):
            "an image of \(width)×\(height) pixels is not valid: "
                + (width < 1 || height < 1 ? "each side must be at least 1 pixel" : "its rows would span more bytes than memory can address")
        case .invalidBytesPerRow(let bytesPerRow, let width, let format):
            bytesPerRow < width.multipliedReportingOverflow(by: format.bytesPerPixel).partialValue
                ? "\(bytesPerRow) bytes per row cannot hold a row of \(width) \(format) pixels (\(width * format.bytesPerPixel) bytes)"
                : "\(bytesPerRow) bytes per row make the image's rows span more bytes than memory can address"
        case .imageBufferTooSmall(let byteCount, let needed):
            "the image buffer holds \(byteCount) bytes but its rows need \(needed)"
        }
    }
}
