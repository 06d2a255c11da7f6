// API CONTRACT STUB — completed by the rasterizer implementation.

extension AlphaMask {
    /// Rasterizes a vector icon into an icon box: the canvas is aspect-fitted and centred in
    /// the box (inside the padding), at the box's display scale, with exact-area anti-aliasing.
    ///
    /// - Throws: `AlphaRasterError` for an invalid box or icon canvas.
    public init(icon: VectorIcon, box: IconBox) throws {
        try self.init(width: box.pixelWidth, height: box.pixelHeight)
    }
}
