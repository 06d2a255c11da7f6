#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws vector paths and icons into 8-bit masks with exact-area anti-aliasing.
///
/// Each pixel gets the exact fraction of its area where the fill rule holds (non-zero:
/// winding number w ≠ 0; even-odd: w odd), computed for the shape's polygonal approximation
/// up to Float rounding (about 10⁻⁶). Geometry overlapping itself — duplicated subpaths, a
/// stroke's overlapping segments, joins and caps, self-intersections — is counted once, as
/// its union, also in partially covered pixels (where a rasterizer applying the rule to a
/// pixel's mean winding over-covers). Beyond 64 + 8·n crossings of n edges overlapping in
/// x within one pixel row, further crossings are placed only to within the area between the
/// crossing edges in that row.
/// Coverage is rounded to the nearest byte (halves up) at the very end.
///
/// Curves are flattened after mapping to pixels, within `tolerance` pixels. Strokes are built
/// in the path's user units (so a non-uniform map stretches them as SVG does) with half the
/// tolerance, divided by the map's `scaleFactor`, for the path and half for round joins and
/// caps; the outline is then mapped and filled under the non-zero rule.
///
/// A rasterizer keeps its buffers between calls (a band of rows of accumulation deltas, the
/// edge list, a Float composite for several layers), so drawing many masks of one size with
/// one rasterizer allocates little after the first. It is not thread-safe: use one per
/// thread.
public final class VectorRasterizer {
    /// The default flattening tolerance, 0.01 px: chords stay within 0.01 px of their curves,
    /// which moves an edge pixel's coverage by at most 2.6 of 255 levels.
    public static let defaultTolerance = 0.01

    /// The range of flattening tolerances accepted, in pixels.
    public static let toleranceRange: ClosedRange<Double> = 0.001...0.1

    /// The largest |coordinate| a point may have after mapping to pixels, 10¹⁰⁰: far beyond
    /// any visible pixel, small enough that differences and products of coordinates cannot
    /// overflow.
    public static let coordinateLimit = 1e100

    /// Largest distance, in pixels, between a curve (or round join or cap) and the chords
    /// that replace it, in `toleranceRange`.
    public let tolerance: Double

    /// The work limit this rasterizer applies: `maximumWork` (the tests lower it,
    /// `VectorRasterizer+Testing.swift`).
    var appliedWorkLimit = VectorRasterizer.maximumWork
    /// The edge limit this rasterizer applies: `maximumEdges` (the tests lower it).
    var appliedEdgeLimit = VectorRasterizer.maximumEdges
    /// The work units counted for the last mask drawn (see `maximumWork`).
    var countedWork = 0
    /// The clusters from which a sweep walks only each strip's live edges
    /// (`CoverageAccumulator.largeClusterEdges`; the tests change it).
    var appliedLargeClusterEdges = CoverageAccumulator.largeClusterEdges

    /// The buffers kept between masks: the accumulator for one size (its own width and
    /// height say which), the Float composite of that size once an icon in several passes
    /// needed it, and the stroker's input (`VectorRasterizer+Drawing.swift`, `+Edges.swift`).
    var accumulator: CoverageAccumulator?
    var composite: UnsafeMutablePointer<Float>?
    var polylines = PolylineCollector()

    /// A rasterizer with the default tolerance.
    public init() {
        tolerance = Self.defaultTolerance
    }

    /// A rasterizer with chords within `tolerance` pixels of their curves.
    ///
    /// - Throws: `AlphaRasterError.invalidIcon(.tolerance, …)` when `tolerance` is not
    ///   in `toleranceRange`.
    public init(tolerance: Double) throws {
        guard Self.toleranceRange.contains(tolerance) else {
            throw AlphaRasterError.invalidIcon(
                .tolerance,
                reason: "must be between \(Self.toleranceRange.lowerBound) and \(Self.toleranceRange.upperBound) pixels, got \(tolerance)")
        }
        self.tolerance = tolerance
    }

    deinit {
        composite?.deallocate()
    }

    /// The mask of `icon` in `box`; see `AlphaMask(icon:layout:)` for the fitting rule.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for an invalid box,
    ///   `AlphaRasterError.invalidIcon` for an invalid icon.
    public func mask(for icon: VectorIcon, in box: IconBox) throws -> AlphaMask {
        try mask(for: icon, in: box.layout())
    }

    /// The mask of `icon` in a validated box; see `AlphaMask(icon:layout:)` for the fitting
    /// rule.
    ///
    /// - Throws: `AlphaRasterError.invalidIcon` for an invalid icon.
    public func mask(for icon: VectorIcon, in layout: IconLayout) throws -> AlphaMask {
        let fit = try Self.fit(of: icon, in: layout)
        let layers = try icon.layers.enumerated().map { index, layer in
            try PreparedLayer(layer, number: index + 1, fit: fit)
        }
        let clip = Self.clip(of: layout)
        let mask = try render(layers, width: layout.width, height: layout.height, clip: clip)
        guard layers.contains(where: { $0.opacity > 0 && $0.opacity < 1 }) else { return mask }
        // The same layers opaque: the shapes the metaball style melts (`AlphaMask.opaqueCoverage`).
        let opaque = layers.compactMap { layer -> PreparedLayer? in
            guard layer.opacity > 0 else { return nil }
            var opaque = layer
            opaque.opacity = 1
            opaque.opacityGroup = nil
            return opaque
        }
        // Within what is left of the work limit, so that the two drawings together stay within
        // it. The union sweeps the translucent layers together, which the composite swept one
        // by one: past a limit (edges or rows of one sweep, or work) the mask keeps its pixels
        // alone rather than refuse an icon the composite drew.
        let work = countedWork
        let limit = appliedWorkLimit
        appliedWorkLimit = limit - work
        defer { appliedWorkLimit = limit }
        guard let coverage = try? render(opaque, width: layout.width, height: layout.height, clip: clip) else {
            countedWork = work
            return mask
        }
        countedWork += work
        return try AlphaMask(width: layout.width, height: layout.height, pixels: mask.pixels, opaqueCoverage: coverage.pixels)
    }

    /// The map from `icon`'s canvas to `layout`'s pixels (see `AlphaMask(icon:layout:)`).
    ///
    /// - Throws: `AlphaRasterError.invalidIcon` for a canvas side that is not finite and > 0,
    ///   or a canvas that cannot be fitted.
    static func fit(of icon: VectorIcon, in layout: IconLayout) throws -> VectorTransform {
        guard icon.width.isFinite, icon.width > 0 else {
            throw AlphaRasterError.invalidIcon(.width, reason: "must be a finite number of user units greater than 0, got \(icon.width)")
        }
        guard icon.height.isFinite, icon.height > 0 else {
            throw AlphaRasterError.invalidIcon(.height, reason: "must be a finite number of user units greater than 0, got \(icon.height)")
        }
        let boxWidth = Double(layout.boxWidth), boxHeight = Double(layout.boxHeight)
        let scaleX = boxWidth / icon.width, scaleY = boxHeight / icon.height
        let scale = min(scaleX, scaleY)
        guard scale.isFinite, scale > 0 else {
            throw AlphaRasterError.invalidIcon(
                icon.width > icon.height ? .width : .height,
                reason: "a \(icon.width)×\(icon.height) canvas cannot be fitted into \(layout.boxWidth)×\(layout.boxHeight) pixels")
        }
        // The limiting axis fills the box exactly; only the other one is centred.
        let fittedWidth = scaleX <= scaleY ? boxWidth : icon.width * scale
        let fittedHeight = scaleY <= scaleX ? boxHeight : icon.height * scale
        let pad = Double(layout.padding)
        return VectorTransform(
            a: scale, b: 0, c: 0, d: scale,
            e: pad + (boxWidth - fittedWidth) / 2, f: pad + (boxHeight - fittedHeight) / 2)
    }

    /// The box inside the padding, (x0, y0, x1, y1) in pixels: nothing is drawn outside it.
    static func clip(of layout: IconLayout) -> (Int, Int, Int, Int) {
        (layout.padding, layout.padding, layout.padding + layout.boxWidth, layout.padding + layout.boxHeight)
    }

    /// The mask of one path painted in a `width × height` pixel grid, `transform` mapping the
    /// path's units to pixels (pixel (i, j) is the square [i, i+1) × [j, j+1)).
    ///
    /// - Throws: `AlphaRasterError.invalidMaskSize` for a bad size, `AlphaRasterError.invalidIcon`
    ///   (`.layer(1, …)`) for an invalid path, paint or transform.
    public func mask(
        for path: VectorPath, paint: VectorIcon.Layer.Paint, transform: VectorTransform = .identity,
        opacity: Double = 1, width: Int, height: Int
    ) throws -> AlphaMask {
        guard width > 0, height > 0, width <= IconBox.maximumPixelSide, height <= IconBox.maximumPixelSide else {
            throw AlphaRasterError.invalidMaskSize(width: width, height: height)
        }
        let layer = try PreparedLayer(
            VectorIcon.Layer(path: path, paint: paint, transform: transform, opacity: opacity), number: 1, fit: .identity)
        return try render([layer], width: width, height: height, clip: (0, 0, width, height))
    }
}
