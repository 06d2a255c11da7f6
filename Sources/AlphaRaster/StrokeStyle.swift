/// How a path's outline is stroked, as SVG defines it: the stroke is the union of the
/// rectangles swept by each segment's normal of half-width `width / 2`, the joins between
/// segments and the caps at the ends of open subpaths, all in the path's user units (so a
/// non-uniform transform stretches the stroke with the path).
public struct StrokeStyle: Sendable, Equatable {
    /// The shape at the ends of open subpaths (SVG `stroke-linecap`).
    public enum LineCap: String, Sendable, CaseIterable {
        /// Ends flat at the end point. Zero-length subpaths draw nothing.
        case butt
        /// A half disc of radius `width / 2` around the end point. A zero-length subpath draws
        /// a disc.
        case round
        /// Extends by `width / 2` past the end point. A zero-length subpath draws a square of
        /// side `width` aligned with the user-space x axis.
        case square
    }

    /// The shape at corners between segments (SVG `stroke-linejoin`). Closed subpaths also
    /// join at their start.
    public enum LineJoin: String, Sendable, CaseIterable {
        /// The outer edges extended to meet, unless the miter length exceeds
        /// `miterLimit × width` (that is, 1 / sin(φ/2) > miterLimit for an angle φ between the
        /// segments), in which case the corner is bevelled.
        case miter
        /// A circular arc of radius `width / 2` around the corner.
        case round
        /// The outer corners joined by a straight line.
        case bevel
    }

    /// Line width in user units, finite and ≥ 0; 0 draws nothing.
    public var width: Double
    /// The cap of open subpaths.
    public var lineCap: LineCap
    /// The join between segments.
    public var lineJoin: LineJoin
    /// The SVG miter limit (ratio of miter length to width), finite and ≥ 1.
    public var miterLimit: Double

    /// A stroke style; defaults are SVG's (width 1, butt caps, miter joins, limit 4).
    public init(width: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 4) {
        self.width = width
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}
