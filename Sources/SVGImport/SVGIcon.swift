import AlphaRaster

/// An imported SVG file: the drawable icon and what the importer had to leave out.
public struct SVGIcon: Sendable, Equatable {
    /// The icon. Its canvas is the SVG viewport (`width` × `height` in px, defaulting to the
    /// viewBox size); the viewBox-to-viewport transform is part of every layer's transform.
    public let icon: VectorIcon
    /// Human-readable warnings, each naming the file: at most one listing the unsupported
    /// features that were left out (text, images, clip paths, masks, filters, markers,
    /// dashes, …), and one per dangling `<use>` reference. Empty when the icon is drawn
    /// exactly as the file describes it.
    public let warnings: [String]

    /// Wraps an icon and its warnings.
    public init(icon: VectorIcon, warnings: [String]) {
        self.icon = icon
        self.warnings = warnings
    }
}
