// API CONTRACT STUB — to be completed by the AlphaRaster implementation.

/// Where an icon is drawn: a box in points at a display scale, with transparent padding.
///
/// Pixel sizes: the box is round(width × scale) × round(height × scale) pixels; the padding is
/// round(padding × scale) pixels on every side; the mask is the box plus the padding.
public struct IconBox: Sendable, Equatable {
    /// Box width in points, > 0.
    public var width: Double
    /// Box height in points, > 0.
    public var height: Double
    /// Display scale (pixels per point), > 0.
    public var scale: Double
    /// Transparent margin in points on every side, ≥ 0.
    public var padding: Double

    public init(width: Double, height: Double, scale: Double, padding: Double = 0) {
        self.width = width
        self.height = height
        self.scale = scale
        self.padding = padding
    }
}

/// Which part of an image becomes the mask.
public enum MaskSource: String, Sendable, CaseIterable {
    /// The alpha channel.
    case alpha
    /// Inverted luminance of the image composited over white: dark ink on paper is the shape.
    case luminance
    /// `alpha` when any pixel is transparent, otherwise `luminance`.
    case auto
}
