/// A vector icon: painted layers on a canvas of `width × height` user units.
///
/// The mask of an icon is the coverage of the union of its opaque layers' shapes, with each
/// translucent layer's coverage × opacity composited over it ("over": a = a₁ + a₂ · (1 − a₁)).
/// Colour plays no part. See `AlphaMask(icon:box:)` for the details and for how the canvas is
/// fitted into pixels.
public struct VectorIcon: Sendable, Equatable {
    /// One painted shape.
    public struct Layer: Sendable, Equatable {
        /// How the path is painted.
        public enum Paint: Sendable, Equatable {
            /// Fill the path's interior under the rule.
            case fill(FillRule)
            /// Stroke the path's outline.
            case stroke(StrokeStyle)
        }
        /// The shape, in the layer's user units.
        public var path: VectorPath
        /// Fill or stroke.
        public var paint: Paint
        /// Maps the path's user units to canvas units.
        public var transform: VectorTransform
        /// Coverage multiplier in [0, 1]; values outside are clamped, as SVG clamps opacity.
        public var opacity: Double
        /// Translucent layers with the same group and the same opacity are drawn as one
        /// shape: the union of their insides, composited once at that opacity, as SVG
        /// composites a group that has an `opacity` (where two of its shapes overlap, the
        /// overlap is no denser). Nil, the default: a translucent layer is composited on its
        /// own, over the others. Opaque layers are one union whatever their groups.
        public var opacityGroup: Int?

        /// A layer; by default untransformed and opaque.
        public init(path: VectorPath, paint: Paint, transform: VectorTransform = .identity, opacity: Double = 1) {
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

    /// An icon of `layers` on a `width × height` canvas.
    public init(width: Double, height: Double, layers: [Layer]) {
        self.width = width
        self.height = height
        self.layers = layers
    }
}
