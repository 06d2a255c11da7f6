/// An icon's filled areas as paths in pixels, for modules that work on outlines instead of
/// coverage (the path morph), and the way back: such a path drawn exactly as the icon's own
/// layers are.
extension VectorRasterizer {
    /// One layer's filled area, mapped to the layout's pixels.
    package struct PixelOutline: Sendable, Equatable {
        /// The area's boundary in pixels: a fill's path with its curves kept (the control
        /// points mapped, as the flattener maps them), or a stroke's outline polygons.
        package var path: VectorPath
        /// The rule the area is filled under (strokes: non-zero).
        package var rule: FillRule
        /// The layer's number, from 1.
        package var layer: Int
        /// The layer's opacity, clamped to [0, 1].
        package var opacity: Double
    }

    /// Every layer of `icon` as a filled outline in `layout`'s pixels, in painting order;
    /// layers that draw nothing (an empty path, a stroke of width 0) are left out.
    ///
    /// Filling `path` under `rule` with `mask(forPixelPath:rule:in:)` covers exactly what the
    /// layer covers in `AlphaMask(icon:layout:)`: a fill's control points are mapped by the
    /// same transform the flattener applies, and a stroke's outline is the same polygon,
    /// built with the same tolerances.
    ///
    /// - Throws: `AlphaRasterError.invalidIcon` as `AlphaMask(icon:layout:)` does for an
    ///   invalid canvas or layer, or a stroke whose outline needs more than `maximumSegments`
    ///   points.
    package func pixelOutlines(of icon: VectorIcon, in layout: IconLayout) throws -> [PixelOutline] {
        let fit = try Self.fit(of: icon, in: layout)
        var outlines: [PixelOutline] = []
        for (index, layer) in icon.layers.enumerated() {
            let prepared = try PreparedLayer(layer, number: index + 1, fit: fit)
            let opacity = Double(prepared.opacity)
            switch prepared.paint {
            case .fill(let rule):
                guard !prepared.path.isEmpty else { continue }
                outlines.append(PixelOutline(
                    path: prepared.path.transformed(by: prepared.transform), rule: rule, layer: prepared.number, opacity: opacity))
            case .stroke(let style):
                let sigma = prepared.transform.scaleFactor
                guard style.width > 0, sigma > 0, prepared.transform.determinant != 0 else { continue }
                // As `addEdges`: half the tolerance (in user units) for the path, half for
                // round joins and caps.
                let userTolerance = tolerance / sigma
                let flattener = PathFlattener(transform: .identity, tolerance: userTolerance / 2, cullBox: nil)
                guard flattener.segmentCount(prepared.path) <= Double(Self.maximumSegments) else {
                    throw prepared.tooComplex("its path")
                }
                var polylines = PolylineCollector()
                flattener.flatten(prepared.path, into: &polylines)
                polylines.finish()
                var stroker = PathStroker(style: style, arcTolerance: userTolerance / 2, pointLimit: Self.maximumSegments)
                do {
                    try stroker.stroke(polylines)
                } catch {
                    throw prepared.tooComplex("its stroke outline")
                }
                var path = VectorPath()
                var start = 0
                for end in stroker.contourEnds {
                    guard end > start else { continue }
                    path.move(to: prepared.transform.apply(stroker.outline[start]))
                    for i in (start + 1)..<end { path.line(to: prepared.transform.apply(stroker.outline[i])) }
                    path.close()
                    start = end
                }
                guard !path.isEmpty else { continue }
                outlines.append(PixelOutline(path: path, rule: .nonZero, layer: prepared.number, opacity: opacity))
            }
        }
        return outlines
    }

    /// The mask of a path already in `layout`'s pixels, filled under `rule` and clipped to the
    /// box inside the padding, as `AlphaMask(icon:layout:)` clips an icon.
    ///
    /// - Throws: `AlphaRasterError.invalidIcon` (`.layer(1, …)`) for a non-finite point or a
    ///   path over the rasterizer's limits.
    package func mask(forPixelPath path: VectorPath, rule: FillRule, in layout: IconLayout) throws -> AlphaMask {
        let layer = try PreparedLayer(VectorIcon.Layer(path: path, paint: .fill(rule)), number: 1, fit: .identity)
        return try render([layer], width: layout.width, height: layout.height, clip: Self.clip(of: layout))
    }

    /// How many chords the flattener draws for the cubic p0…p3 (in pixels) at `tolerance`
    /// pixels. Cutting the cubic at t = j / n for a whole 0 < j < n leaves two cubics that
    /// flatten, at the same tolerance, to exactly the chords the whole one does (j and n − j
    /// of them, through the same points): see `PathFlattener`.
    package static func flatteningPieces(
        _ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>, tolerance: Double
    ) -> Double {
        PathFlattener.pieces(p0, p1, p2, p3, tolerance: tolerance)
    }
}
