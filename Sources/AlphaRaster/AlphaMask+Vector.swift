extension AlphaMask {
    /// Rasterizes a vector icon into an icon box: the canvas is aspect-fitted and centred in
    /// the box (inside the padding), at the box's display scale, with exact-area anti-aliasing.
    ///
    /// Geometry: the canvas (icon.width × icon.height user units) is scaled by
    /// s = min(boxPixelWidth / width, boxPixelHeight / height) and centred in the box with exact
    /// fractional offsets; a user point (x, y) of a layer lands at pixel
    /// (s·x′ + oₓ, s·y′ + o_y) where (x′, y′) is the point after the layer's transform and
    /// o = padding + (box − s·canvas) / 2. Pixel (i, j) is the square [i, i+1) × [j, j+1).
    /// Nothing is drawn outside the box: the padding stays 0, as SVG clips to its viewport.
    ///
    /// Coverage: every layer's exact-area coverage c (fill rule, or non-zero over its stroke
    /// outline) times its opacity (clamped to [0, 1]) is composited "over" the layers before
    /// it, a ← a + c·opacity·(1 − a), and the result is rounded to the nearest byte. Curves
    /// are flattened within `VectorRasterizer.defaultTolerance` pixels.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for an invalid box; `AlphaRasterError.invalidIcon`
    ///   for a canvas side that is not finite and > 0, a NaN opacity, a non-finite transform,
    ///   stroke width (or width < 0) or miter limit (or limit < 1), a non-finite point, a point
    ///   mapped beyond `VectorRasterizer.coordinateLimit`, or a layer needing more than
    ///   `VectorRasterizer.maximumSegments` line segments or `VectorRasterizer.maximumEdgeRows`
    ///   rows of edges.
    public init(icon: VectorIcon, box: IconBox) throws {
        self = try VectorRasterizer().mask(for: icon, in: box)
    }
}
