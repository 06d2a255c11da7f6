/// The limits that bound the time and memory any input can take, and the accounting of
/// the work budget (`maximumWork`).
extension VectorRasterizer {
    /// The most line segments one layer may need after flattening (and, for strokes, in its
    /// outline); a layer needing more throws `AlphaRasterError.invalidIcon`. Bounds the time
    /// and memory any input can take (an edge costs 48 bytes until the mask is swept).
    public static let maximumSegments = 4_000_000

    /// The most pixel rows the edges of one sweep may span in total (Σ over its edges of the
    /// rows each crosses, inside the mask): the opaque layers of an icon are swept together,
    /// each translucent layer on its own. A sweep needing more throws
    /// `AlphaRasterError.invalidIcon` naming the layer that went over. The time to draw grows
    /// with this sum, so the limit bounds it, far above what real icons need (128 · 10⁶; a
    /// 2000-edge star filling a 2048 px mask needs about 0.8 · 10⁶).
    public static let maximumEdgeRows = 128_000_000

    /// The most edges one sweep may keep (line segments inside the mask's rows, after
    /// clipping), checked after each layer: a layer that takes the sweep past it throws
    /// `AlphaRasterError.invalidIcon` naming the layer. Each edge takes 48 bytes until the
    /// sweep, so this bounds that memory: at the check at most 12 · 10⁶ edges (the limit plus
    /// the `maximumSegments` of the layer that went over), in an array grown to at most 2²⁴,
    /// 805 MB. Without it, short edges were the worst case: 32 opaque layers of 3.9 · 10⁶
    /// one-row edges each (a cubic hugging the mask's left side) cost little work per edge, so
    /// `maximumWork` let them pile up to 32 · 3.9 · 10⁶ · 48 bytes, about 6 GB, before it
    /// stopped them; this limit stops them at layer 3. Real icons keep far fewer: a
    /// 20 000-point star keeps 20 000.
    public static let maximumEdges = 8_000_000

    /// The most work units drawing one icon (or one path) may take, all its layers and
    /// sweeps together: flattening and stroking every layer, then sweeping the opaque layers'
    /// union and every translucent layer. The units are weighted so that each costs about the
    /// same time whatever the input (one is a swept pixel), so the limit, 6 · 10⁹, bounds the
    /// time of every input found to seconds of a release build where some took hours before
    /// (`maximumEdges` stops the short edges that cost more per unit; `VectorWorkBudgetTests`
    /// draws those inputs). Real icons need far less: the 647 Adwaita scalable icons and the
    /// built-in symbols at most 2.0 · 10⁵ at the default 132 px and 1.3 · 10⁷ at 3072 px,
    /// 450 times below.
    ///
    /// Work = 8 × Σ over layers of the line segments its path is flattened into (as
    /// `PathFlattener.segmentCount` counts them: a fill's curve lying wholly above, below,
    /// left or right of the mask counts one) + 48 × Σ over stroked layers of the points of
    /// the stroke's outline + Σ over sweeps of (the pixels it visits, rows × columns of its
    /// edges' bounding box in the mask, + 16 × its edge rows, as in `maximumEdgeRows`) + 16 ×
    /// Σ over the strips its rows are cut into of the edges of the strip's cluster (a row is
    /// cut at every edge end inside it, and each strip walks and sorts the edges overlapping
    /// there in x, so thousands of ends inside one row cost their product); in a cluster of
    /// more than `CoverageAccumulator.largeClusterEdges` (256) edges, each strip walks only the
    /// edges that span it and counts 24 for each and 24 more (`liveEdgeWork`), and the row
    /// counts 16 for each edge starting inside it, whose tops it sorts.
    ///
    /// The weights are each operation's cost relative to a composited pixel in release
    /// builds, rounded up: 16, an edge visit in a large cluster. 8, flattening a segment that
    /// then falls outside the mask (dropped, so no other term counts it; cubics of millions of
    /// segments above, below or right of a small mask), so that the worst of them costs no
    /// more per unit than the slowest sweep (a 20 000-point star at 2048 px); a kept segment
    /// costs its edge rows besides. 48, making one outline point of a long stroke (flattening
    /// share, joins, mapping and the edge).
    ///
    /// It is checked where it is cheap to know: up front, the translucent layers' bounding
    /// boxes in pixels (the mapped control points, clipped to the mask; each is composited on
    /// its own) must add up to at most the limit, so thousands of large translucent layers
    /// are refused before any is drawn; before each layer is flattened, its segments (counted
    /// in one pass over its commands, without flattening), added to the work counted so far
    /// (which includes the pixels and edge rows its sweep already has); while a stroke's
    /// outline is built, its points (the stroker gives up where they would pass what is
    /// left); after each layer, the pixels and edge rows of its sweep; during a sweep, each
    /// strip's edges (one subtraction and compare per strip). Past the limit, drawing stops
    /// and throws `AlphaRasterError.invalidIcon` naming the limit, the layer or layers being
    /// drawn, the reason and the work counted (no mask half drawn).
    ///
    /// The inputs it was set against, each of which the other limits let through: one path of
    /// 560 000 rectangles whose tops lie inside one pixel row (the most the 16 MiB SVG limit
    /// and `maximumEdgeRows` allow); 100 000 such `<rect>` elements; 100 000 full-size
    /// translucent rectangles (stopped in the sweeps at small sizes, refused up front at large
    /// ones); 100 000 `<path>` elements of one cubic each flattening into 3.9 · 10⁶ segments
    /// beside a 132 px mask; 100 000 stroked cubics of 3.5 · 10⁶ outline points each off the
    /// mask.
    public static let maximumWork = 6_000_000_000

    /// Work units per edge row and per edge of a strip (`maximumWork`), relative to one
    /// swept pixel.
    static let edgeRowWork = CoverageAccumulator.stripWork

    /// Work units per line segment a layer's path is flattened into, as
    /// `PathFlattener.segmentCount` counts them (`maximumWork` says why 8).
    static let segmentWork = 8

    /// Work units per point of a stroke's outline (`maximumWork` says why 48).
    static let outlinePointWork = 48

    /// The work a sweep of the edges added so far takes before its strips are cut: the
    /// pixels it visits plus `edgeRowWork` per edge row (see `maximumWork`).
    static func sweepWork(_ accumulator: CoverageAccumulator) -> Int {
        guard let bounds = accumulator.sweepBounds else { return 0 }
        return bounds.rows.count &* (bounds.last - bounds.first + 1) &+ accumulator.edgeRows &* edgeRowWork
    }

    /// The error for work past `maximumWork` while drawing `pass` (the opaque layers'
    /// union up to the one that went over, or one translucent layer): `counted` units
    /// counted before its sweep, or nil when the sweep itself ran out.
    static func overWork(_ pass: [PreparedLayer], counted: Int?, limit: Int) -> AlphaRasterError {
        let what: VectorIcon.Part = pass.count == 1
            ? .layer(pass[0].number, .path) : .opaqueLayers(pass[0].number...pass[pass.count - 1].number)
        let reason = if let counted {
            "drawing the icon up to here would take \(counted) units of work at this size (pixels swept, \(edgeRowWork) per edge row, \(segmentWork) per line segment flattened and \(outlinePointWork) per stroke outline point), more than the limit of \(limit) (VectorRasterizer.maximumWork)"
        } else {
            "drawing the icon up to here would take more than the limit of \(limit) units of work at this size (VectorRasterizer.maximumWork): its rows are cut into a strip at each of thousands of edge ends, each strip walking the edges there"
        }
        return AlphaRasterError.invalidIcon(what, reason: reason)
    }

    /// The work units for flattening `layer` into `segments` line segments (as
    /// `PathFlattener.segmentCount` counts them), checked before any is made: throws when the
    /// layer needs more than `maximumSegments`, or when the charge would take the `counted`
    /// units past the work limit.
    func chargeFlattening(_ layer: PreparedLayer, segments: Double, counted: Int) throws -> Int {
        try layer.requireSegments(segments)
        // At most 4 · 10⁶ segments here: the product cannot overflow.
        let charge = Int(segments) * Self.segmentWork
        guard charge <= appliedWorkLimit - counted else {
            throw AlphaRasterError.invalidIcon(
                .layer(layer.number, .path),
                reason: "flattening it into \(Int(segments)) line segments would bring the work of drawing the icon up to here to \(counted + charge) units at this size (\(Self.segmentWork) per segment), more than the limit of \(appliedWorkLimit) (VectorRasterizer.maximumWork)")
        }
        return charge
    }
}
