extension VectorIcon {
    /// The part of a vector icon (or of the rasterizer's settings) that an
    /// `AlphaRasterError.invalidIcon` is about.
    public enum Part: Sendable, Hashable, CustomStringConvertible {
        /// The canvas width.
        case width
        /// The canvas height.
        case height
        /// The rasterizer's flattening tolerance (`VectorRasterizer(tolerance:)`).
        case tolerance
        /// One field of one layer; layers are counted from 1 in painting order.
        case layer(Int, LayerField)
        /// The translucent layers together: their work is past the whole-icon budget.
        case layers
        /// The opaque layers in this range together (counted from 1): their union's work is
        /// past the budget.
        case opaqueLayers(ClosedRange<Int>)

        /// A field of a `VectorIcon.Layer`.
        public enum LayerField: Sendable, Hashable {
            /// `VectorIcon.Layer.path`: a non-finite point, or more segments or work than allowed.
            case path
            /// `VectorIcon.Layer.opacity`.
            case opacity
            /// `VectorIcon.Layer.transform`.
            case transform
            /// The stroke's width (`StrokeStyle.width`).
            case strokeWidth
            /// The stroke's miter limit (`StrokeStyle.miterLimit`).
            case miterLimit
        }

        /// The part in words: `width`, `layer 2 stroke width`, `opaque layers 1...5`, ….
        public var description: String {
            switch self {
            case .width: "width"
            case .height: "height"
            case .tolerance: "tolerance"
            case .layers: "layers"
            case .opaqueLayers(let range): "opaque layers \(range.lowerBound)...\(range.upperBound)"
            case .layer(let number, let field):
                switch field {
                case .path: "layer \(number) path"
                case .opacity: "layer \(number) opacity"
                case .transform: "layer \(number) transform"
                case .strokeWidth: "layer \(number) stroke width"
                case .miterLimit: "layer \(number) miter limit"
                }
            }
        }
    }
}
