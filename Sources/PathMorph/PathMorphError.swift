import AlphaRaster

/// Why two icons cannot be morphed along their outlines.
public enum PathMorphError: Error, Equatable, CustomStringConvertible {
    /// Which of the two icons a problem is in.
    public enum Icon: String, Sendable, Equatable {
        /// The icon the morph starts from.
        case source
        /// The icon the morph ends at.
        case target
    }

    /// The icon is not valid for drawing (the rasterizer's own error).
    case invalidIcon(Icon, AlphaRasterError)
    /// A layer is translucent (0 < opacity < 1): an outline has no opacity of its own.
    case translucentLayer(Icon, layer: Int, opacity: Double)
    /// The icon draws nothing: no layer has a contour with a node.
    case emptyIcon(Icon)
    /// The icon has more contours than `PathMorph.maximumContours`.
    case tooManyContours(Icon, count: Int, limit: Int)
    /// A contour given as points (`PathMorph.init(from:to:layout:)` with contours, such as
    /// `contours(at:)` extrapolated far past 0 or 1) has a point that is not finite or lies
    /// beyond `VectorRasterizer.coordinateLimit` pixels; `contour` is its index.
    case invalidPoint(Icon, contour: Int)
    /// Matching would need more nodes, or more work, than `PathMorph`'s limits allow.
    case tooComplex(reason: String)

    /// The problem in one line: which icon, and why.
    public var description: String {
        switch self {
        case .invalidIcon(let icon, let error):
            "the \(icon.rawValue) icon: \(error)"
        case .translucentLayer(let icon, let layer, let opacity):
            "the \(icon.rawValue) icon: layer \(layer) has opacity \(opacity); a path morph needs opaque shapes"
        case .emptyIcon(let icon):
            "the \(icon.rawValue) icon draws no outline"
        case .tooManyContours(let icon, let count, let limit):
            "the \(icon.rawValue) icon has \(count) contours, more than the \(limit) a path morph matches"
        case .invalidPoint(let icon, let contour):
            "the \(icon.rawValue) icon: contour \(contour) has a point that is not finite or lies beyond "
                + "\(VectorRasterizer.coordinateLimit) pixels"
        case .tooComplex(let reason):
            "the icons are too complex to match: \(reason)"
        }
    }
}
