// API CONTRACT — bodies may be completed/extended by the rasterizer implementation.

/// A sequence of subpaths made of lines and Bézier curves, in user units (y down).
///
/// Elliptical arcs are converted to cubic Béziers when they are added (`arc(...)`), so every
/// consumer sees only the four segment kinds below.
public struct VectorPath: Sendable, Equatable {
    /// One drawing command.
    public enum Segment: Sendable, Equatable {
        /// Starts a new subpath at a point.
        case move(SIMD2<Double>)
        /// A straight line to a point.
        case line(SIMD2<Double>)
        /// A quadratic Bézier: control point, end point.
        case quad(SIMD2<Double>, SIMD2<Double>)
        /// A cubic Bézier: two control points, end point.
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
        /// Closes the current subpath with a line back to its start.
        case close
    }

    /// The commands, in order.
    public private(set) var segments: [Segment] = []

    /// An empty path.
    public init() {}

    public mutating func move(to p: SIMD2<Double>) { segments.append(.move(p)) }
    public mutating func line(to p: SIMD2<Double>) { segments.append(.line(p)) }
    public mutating func quad(control: SIMD2<Double>, to p: SIMD2<Double>) { segments.append(.quad(control, p)) }
    public mutating func cubic(control1: SIMD2<Double>, control2: SIMD2<Double>, to p: SIMD2<Double>) {
        segments.append(.cubic(control1, control2, p))
    }
    public mutating func close() { segments.append(.close) }

    /// Appends an SVG elliptical arc from the current point to `end` (SVG's endpoint
    /// parameterisation, radii corrected as SVG 1.1 F.6 says), as cubic Béziers.
    /// STUB: draws a straight line until the rasterizer work lands.
    public mutating func arc(
        radiusX: Double, radiusY: Double, xAxisRotation degrees: Double, largeArc: Bool, sweep: Bool,
        to end: SIMD2<Double>
    ) {
        segments.append(.line(end))
    }
}

/// Which points a filled path covers.
public enum FillRule: String, Sendable, Equatable, CaseIterable {
    /// Inside where the winding number is not zero (SVG `nonzero`, the default).
    case nonZero = "nonzero"
    /// Inside where the winding number is odd (SVG `evenodd`).
    case evenOdd = "evenodd"
}

/// How a path's outline is stroked.
public struct StrokeStyle: Sendable, Equatable {
    public enum LineCap: String, Sendable, CaseIterable { case butt, round, square }
    public enum LineJoin: String, Sendable, CaseIterable { case miter, round, bevel }

    /// Line width in user units, ≥ 0.
    public var width: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// The SVG miter limit (ratio of miter length to width), ≥ 1.
    public var miterLimit: Double

    public init(width: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 4) {
        self.width = width
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }
}

/// A vector icon: painted layers on a canvas of `width × height` user units.
///
/// The mask of an icon is the union of its layers' coverage, each scaled by its opacity and
/// composited with "over" (a = a₁ + a₂ · (1 − a₁)). Colour plays no part.
public struct VectorIcon: Sendable, Equatable {
    /// One painted shape.
    public struct Layer: Sendable, Equatable {
        public enum Paint: Sendable, Equatable {
            /// Fill the path's interior under the rule.
            case fill(FillRule)
            /// Stroke the path's outline.
            case stroke(StrokeStyle)
        }
        public var path: VectorPath
        public var paint: Paint
        /// Maps the path's user units to canvas units.
        public var transform: AffineTransform
        /// Coverage multiplier in [0, 1].
        public var opacity: Double

        public init(path: VectorPath, paint: Paint, transform: AffineTransform = .identity, opacity: Double = 1) {
            self.path = path
            self.paint = paint
            self.transform = transform
            self.opacity = opacity
        }
    }

    /// Canvas width in user units, > 0.
    public var width: Double
    /// Canvas height in user units, > 0.
    public var height: Double
    /// Layers in painting order.
    public var layers: [Layer]

    public init(width: Double, height: Double, layers: [Layer]) {
        self.width = width
        self.height = height
        self.layers = layers
    }
}
