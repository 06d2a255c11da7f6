extension AlphaMask {
    /// Rasterizes a vector icon into a validated icon box: the canvas is aspect-fitted and centred in
    /// the box (inside the padding), at the box's display scale, with exact-area anti-aliasing.
    ///
    /// Geometry: the canvas (icon.width × icon.height user units) is scaled by
    /// s = min(layout.boxWidth / width, layout.boxHeight / height) and centred in the box with exact
    /// fractional offsets; a user point (x, y) of a layer lands at pixel
    /// (s·x′ + oₓ, s·y′ + o_y) where (x′, y′) is the point after the layer's transform and
    /// o = padding + (box − s·canvas) / 2. Pixel (i, j) is the square [i, i+1) × [j, j+1).
    /// Nothing is drawn outside the box: the padding stays 0, as SVG clips to its viewport.
    ///
    /// Coverage: a layer's shape is its path's inside under its fill rule, or the non-zero
    /// inside of its stroke's outline. The layers of opacity 1 (after clamping to [0, 1])
    /// give the exact area of the union of their shapes in each pixel, so opaque shapes
    /// meeting or overlapping inside a pixel cover it as a fine supersampling would (painting
    /// them one over another would leave a seam). Every other layer's exact-area coverage c
    /// times its opacity is composited over that, a ← a + c·opacity·(1 − a), which is what
    /// SVG's painting order gives for a mask (over is commutative on coverage alone). The
    /// result is rounded to the nearest byte. Curves are flattened within
    /// `VectorRasterizer.defaultTolerance` pixels.
    ///
    /// When a layer has an opacity between 0 and 1, `opaqueCoverage` holds the same icon with
    /// every layer of opacity above 0 drawn opaque (one union): the shapes the metaball style
    /// melts, to which it gives the opacity of the pixels. It is left out where it would equal
    /// the pixels (translucent layers wholly under opaque ones), and where that union would
    /// pass a limit below (the two drawings share `VectorRasterizer.maximumWork`), so an icon
    /// that can be drawn always is.
    ///
    /// - Throws: `AlphaRasterError.invalidIcon`
    ///   for a canvas side that is not finite and > 0, a NaN opacity, a non-finite transform,
    ///   stroke width (or width < 0) or miter limit (or limit < 1), a non-finite point, a point
    ///   mapped beyond `VectorRasterizer.coordinateLimit`, a layer needing more than
    ///   `VectorRasterizer.maximumSegments` line segments, edges needing more than
    ///   `VectorRasterizer.maximumEdgeRows` rows or more than `VectorRasterizer.maximumEdges`
    ///   edges for one sweep, or an icon needing more than
    ///   `VectorRasterizer.maximumWork` units of work, flattening and stroking included
    ///   (see there).
    public init(icon: VectorIcon, layout: IconLayout) throws {
        self = try VectorRasterizer().mask(for: icon, in: layout)
    }

    /// Validates `box` and rasterizes `icon` into it, as `init(icon:layout:)`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for an invalid box, then as
    ///   `init(icon:layout:)`.
    public init(icon: VectorIcon, box: IconBox) throws {
        try self.init(icon: icon, layout: box.layout())
    }
}
