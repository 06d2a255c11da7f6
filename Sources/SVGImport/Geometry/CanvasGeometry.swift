import AlphaRaster

/// The canvas an SVG root establishes.
struct CanvasGeometry {
    /// Canvas (viewport) size in px.
    var width: Double
    var height: Double
    /// viewBox → viewport, identity without a viewBox.
    var viewBoxTransform: VectorTransform
    /// The user-space viewport children see, for percentages: the viewBox, or the canvas.
    var contentViewport: ViewRect
}
