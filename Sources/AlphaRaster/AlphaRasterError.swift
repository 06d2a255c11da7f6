/// A failure to build an alpha mask.
///
/// `description` is one sentence naming what is wrong. Errors from decoding a PNG file are
/// `PNGError`s and are passed up unchanged, not wrapped in this type.
public enum AlphaRasterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A size, scale or padding that cannot describe a mask.
    case invalidSize(String)
    /// An `IconBox` field is out of range; `field` is `"width"`, `"height"`, `"scale"` or
    /// `"padding"`, `reason` says what is wrong with it.
    case invalidBox(field: String, reason: String)
    /// A `VectorIcon` cannot be drawn; `field` names the part at fault (`"width"`,
    /// `"height"`, or a layer's `"layer 2 path"`, `"layer 2 opacity"`, `"layer 2 transform"`,
    /// `"layer 2 stroke width"`, `"layer 2 miter limit"`, layers counted from 1; `"layers"` or
    /// `"opaque layers 1...5"` for work past the whole-icon budget), `reason` says what is
    /// wrong with it (a non-finite value, or a path needing more line segments than
    /// `VectorRasterizer.maximumSegments`, or more work than `VectorRasterizer.maximumEdgeRows`,
    /// `VectorRasterizer.maximumEdges` or `VectorRasterizer.maximumWork` at the requested size; for the latter, which step
    /// went over: flattening the layer, building its stroke's outline, or sweeping).
    case invalidIcon(field: String, reason: String)

    /// The failure as one sentence, naming the field or size at fault.
    public var description: String {
        switch self {
        case .invalidSize(let reason): reason
        case .invalidBox(let field, let reason): "icon box \(field): \(reason)"
        case .invalidIcon(let field, let reason): "vector icon \(field): \(reason)"
        }
    }
}
