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
    /// The most line segments one layer may need after flattening (and, for strokes, in its
    /// outline); a layer needing more throws `AlphaRasterError.invalidIcon`. Bounds the time
    /// and memory any input can take (an edge costs 48 bytes until the mask is swept).
    public static let maximumSegments = 4_000_000

    /// The most pixel rows the edges of one sweep may span in total (Σ over its edges of the
    /// rows each crosses, inside the mask): the opaque layers of an icon are swept together,
    /// each translucent layer on its own. A sweep needing more throws
    /// `AlphaRasterError.invalidIcon` naming the layer that went over. The time to draw grows
    /// with this sum, so the limit bounds it to a few seconds (128 · 10⁶; a 2000-edge star
    /// filling a 2048 px mask needs about 0.8 · 10⁶).
    public static let maximumEdgeRows = 128_000_000

    /// The most edges one sweep may keep (line segments inside the mask's rows, after
    /// clipping), checked after each layer: a layer that takes the sweep past it throws
    /// `AlphaRasterError.invalidIcon` naming the layer. Each edge takes 48 bytes until the
    /// sweep, so this bounds that memory: at the check at most 12 · 10⁶ edges (the limit plus
    /// the `maximumSegments` of the layer that went over), in an array grown to at most 2²⁴,
    /// 805 MB. Without it, short edges were the worst case: 32 opaque layers of 3.9 · 10⁶
    /// one-row edges each (a cubic hugging the mask's left side) held 6.5 GB and took 29 s
    /// before `maximumWork` stopped them (release CLI, 2-core VM, mostly the kernel zeroing
    /// pages); now they stop at layer 3 in 0.9 s and 814 MB. Real icons keep far fewer: a 20 000-point star
    /// keeps 20 000.
    public static let maximumEdges = 8_000_000

    /// The most work units drawing one icon (or one path) may take, all its layers and
    /// sweeps together: flattening and stroking every layer, then sweeping the opaque layers'
    /// union and every translucent layer. A unit is about 1 ns of a release build (0.6–1.3 ns
    /// measured), and the limit, 6 · 10⁹, stops every input found within 8.4 s on a 2-core
    /// VM (release CLI, SVG parsing included; figures below; `maximumEdges` stops the short
    /// edges that cost more per unit). Real icons need far less: the 647 Adwaita scalable
    /// icons and the built-in symbols at most 2.0 · 10⁵ at the default 132 px and 1.3 · 10⁷ at 3072 px, 450 times below.
    ///
    /// Work = 8 × Σ over layers of the line segments its path is flattened into (as
    /// `PathFlattener.segmentCount` counts them: a fill's curve lying wholly above, below,
    /// left or right of the mask counts one) + 48 × Σ over stroked layers of the points of
    /// the stroke's outline + Σ over sweeps of (the pixels it visits, rows × columns of its
    /// edges' bounding box in the mask, + 16 × its edge rows, as in `maximumEdgeRows`) + 16 ×
    /// Σ over the strips its rows are cut into of the edges of the strip's cluster (a row is
    /// cut at every edge end inside it, and each strip walks and sorts the edges overlapping
    /// there in x, so thousands of ends inside one row cost their product).
    ///
    /// The weights, from release-build timings against these units: 16, an edge visit in a
    /// large cluster measured about 16 times a composited pixel. 8, flattening a segment
    /// that then falls outside the mask (dropped, so no other term counts it) measured
    /// 4.7–9.4 ns (cubics of 3.9 · 10⁶ segments above, below or right of a 132 px mask),
    /// so that the worst of them costs no more per unit than the slowest sweep (1.3 ns per
    /// unit for a 20 000-point star at 2048 px); a kept segment costs its edge rows besides.
    /// 48, making one outline point of a long stroke (flattening share, joins, mapping and
    /// the edge) measured 61 ns, 3.5 · 10⁶ points per layer off the mask.
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
    /// Time to the error (release CLI `iconmorph mask`, 2-core VM; before the budget in
    /// brackets): one path of 560 000 rectangles whose tops lie inside one pixel row (the
    /// most the 16 MiB SVG limit and `maximumEdgeRows` let through), 8.4 s [hours]; 100 000
    /// such `<rect>` elements, 6.1 s [about 11 min]; 100 000 full-size translucent
    /// rectangles at 243 px, 4.4 s (stopped in the sweeps), at 441 px 0.7 s (refused up
    /// front) [12 s; hours at 4096 px]; 900 of them at 3072 px, 0.01 s [6.6 s]. 100 000
    /// `<path>` elements of one cubic each flattening into 3.9 · 10⁶ segments right of a
    /// 132 px mask (4.3 MB), 7.5 s at layer 194 [about an hour: 38 s per 1 000]; above it,
    /// 4.1 s; 100 000 stroked cubics of 3.5 · 10⁶ outline points each off the mask, 8.0 s at
    /// layer 34 [about 6 h: 22 s per 100].
    public static let maximumWork = 6_000_000_000

    /// Work units per edge row and per edge of a strip (`maximumWork`), relative to one
    /// swept pixel.
    static let edgeRowWork = CoverageAccumulator.stripWork

    /// Work units per line segment a layer's path is flattened into, as
    /// `PathFlattener.segmentCount` counts them (`maximumWork` says why 8).
    static let segmentWork = 8

    /// Work units per point of a stroke's outline (`maximumWork` says why 48).
    static let outlinePointWork = 48

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

    /// The work limit this rasterizer applies: `maximumWork`, lowered by tests so that
    /// the stop can be reached in a debug build.
    var workLimit = VectorRasterizer.maximumWork
    /// The edge limit this rasterizer applies: `maximumEdges`, lowered by tests.
    var edgeLimit = VectorRasterizer.maximumEdges
    /// The work units counted for the last mask drawn (see `maximumWork`).
    private(set) var lastWork = 0

    private var accumulator: CoverageAccumulator?
    private var composite: UnsafeMutablePointer<Float>?
    private var bufferWidth = 0, bufferHeight = 0
    private var polylines = PolylineCollector()

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
        free(composite)
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
        let geometry = layout
        guard icon.width.isFinite, icon.width > 0 else {
            throw AlphaRasterError.invalidIcon(.width, reason: "must be a finite number of user units greater than 0, got \(icon.width)")
        }
        guard icon.height.isFinite, icon.height > 0 else {
            throw AlphaRasterError.invalidIcon(.height, reason: "must be a finite number of user units greater than 0, got \(icon.height)")
        }
        let boxWidth = Double(geometry.boxWidth), boxHeight = Double(geometry.boxHeight)
        let scaleX = boxWidth / icon.width, scaleY = boxHeight / icon.height
        let scale = min(scaleX, scaleY)
        guard scale.isFinite, scale > 0 else {
            throw AlphaRasterError.invalidIcon(
                icon.width > icon.height ? .width : .height,
                reason: "a \(icon.width)×\(icon.height) canvas cannot be fitted into \(geometry.boxWidth)×\(geometry.boxHeight) pixels")
        }
        // The limiting axis fills the box exactly; only the other one is centred.
        let fittedWidth = scaleX <= scaleY ? boxWidth : icon.width * scale
        let fittedHeight = scaleY <= scaleX ? boxHeight : icon.height * scale
        let pad = Double(geometry.padding)
        let fit = VectorTransform(
            a: scale, b: 0, c: 0, d: scale,
            e: pad + (boxWidth - fittedWidth) / 2, f: pad + (boxHeight - fittedHeight) / 2)
        let layers = try icon.layers.enumerated().map { index, layer in
            try PreparedLayer(layer, number: index + 1, fit: fit)
        }
        return try render(
            layers, width: geometry.width, height: geometry.height,
            clip: (geometry.padding, geometry.padding, geometry.padding + geometry.boxWidth, geometry.padding + geometry.boxHeight))
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

    /// Draws validated layers into a new mask: the opaque layers as one shape, the union of
    /// their insides (so where two of them share a partly covered pixel, it gets the area
    /// of their union, as a fine supersampling would), and the translucent ones over it.
    /// ("Over" is commutative for coverage alone, so their order does not matter.)
    private func render(
        _ layers: [PreparedLayer], width: Int, height: Int, clip: (Int, Int, Int, Int)
    ) throws -> AlphaMask {
        lastWork = 0
        let opaque = layers.filter { $0.opacity == 1 }
        let translucent = layers.filter { $0.opacity > 0 && $0.opacity < 1 }
        // Refuse hopeless icons before any work: each translucent layer is swept and
        // composited over its own box.
        var translucentArea = 0
        for layer in translucent {
            translucentArea &+= layer.clippedArea(clip)
            if translucentArea > workLimit {
                throw AlphaRasterError.invalidIcon(
                    .layers,
                    reason: "the bounding boxes of the translucent ones among layers 1...\(layer.number) cover \(translucentArea) pixels at this size, each composited on its own, more than the work limit of \(workLimit) units")
            }
        }
        let accumulator = prepareBuffers(width: width, height: height)
        accumulator.reset()
        accumulator.setClip(x0: clip.0, y0: clip.1, x1: clip.2, y1: clip.3)
        var pixels = [UInt8](repeating: 0, count: width * height)
        guard let composite else { return try AlphaMask(width: width, height: height, pixels: pixels) }

        // Each pass adds one shape's edges: the opaque union, then each translucent layer.
        var passes: [[PreparedLayer]] = opaque.isEmpty ? [] : [opaque]
        passes += translucent.map { [$0] }
        var work = 0
        func addEdges(of pass: [PreparedLayer]) throws {
            // Flattening and stroking charged in this pass so far.
            var shaping = 0
            for (group, layer) in pass.enumerated() {
                accumulator.group = Int32(group)
                do {
                    // The pass's sweep only grows as layers are added, so what it would cost
                    // now already counts: a layer is refused before it is flattened, and the
                    // layers after one that went over are never flattened at all.
                    let before = work &+ shaping &+ Self.sweepWork(accumulator)
                    shaping &+= try self.addEdges(of: layer, to: accumulator, counted: before)
                    let counted = work &+ shaping &+ Self.sweepWork(accumulator)
                    if counted > workLimit {
                        throw Self.overWork(Array(pass[...group]), counted: counted, limit: workLimit)
                    }
                } catch {
                    accumulator.reset()
                    accumulator.group = 0
                    throw error
                }
            }
            work &+= shaping &+ Self.sweepWork(accumulator)
            accumulator.workLeft = workLimit - work
        }
        /// Accounts for a finished sweep's strips; throws when it stopped over the limit.
        func finish(_ pass: [PreparedLayer], completed: Bool) throws {
            work = workLimit - accumulator.workLeft
            accumulator.workLeft = .max
            lastWork = work
            if !completed { throw Self.overWork(pass, counted: nil, limit: workLimit) }
        }

        if passes.count == 1 {
            // One pass: its coverage goes straight to bytes.
            let pass = passes[0]
            try addEdges(of: pass)
            let completed = pixels.withUnsafeMutableBufferPointer { buffer in
                accumulator.sweep(
                    rules: pass.map(\.rule), into: ByteSink(base: buffer.baseAddress!, width: width, scale: pass[0].opacity * 255))
            }
            try finish(pass, completed: completed)
            return try AlphaMask(width: width, height: height, pixels: pixels)
        }

        // Several passes: composite in Float, over the union of the rows and columns touched.
        var rowStart = Int.max, rowEnd = Int.min, columnStart = Int.max, columnEnd = Int.min
        for pass in passes {
            do {
                try addEdges(of: pass)
            } catch {
                clearComposite(composite, width: width, rows: rowStart, rowEnd, columns: columnStart, columnEnd)
                throw error
            }
            if let bounds = accumulator.sweepBounds {
                rowStart = min(rowStart, bounds.rows.lowerBound); rowEnd = max(rowEnd, bounds.rows.upperBound)
                columnStart = min(columnStart, bounds.first); columnEnd = max(columnEnd, bounds.last)
            }
            let completed = accumulator.sweep(
                rules: pass.map(\.rule), into: CompositeSink(base: composite, width: width, opacity: pass[0].opacity))
            do {
                try finish(pass, completed: completed)
            } catch {
                clearComposite(composite, width: width, rows: rowStart, rowEnd, columns: columnStart, columnEnd)
                throw error
            }
        }
        if rowStart < rowEnd {
            pixels.withUnsafeMutableBufferPointer { buffer in
                let out = buffer.baseAddress!
                let count = columnEnd - columnStart + 1
                for row in rowStart..<rowEnd {
                    let source = composite + row * width + columnStart
                    for i in 0..<count { source[i] *= 255 }
                    ByteRounding.store(source, count: count, to: out + row * width + columnStart)
                }
            }
        }
        clearComposite(composite, width: width, rows: rowStart, rowEnd, columns: columnStart, columnEnd)
        return try AlphaMask(width: width, height: height, pixels: pixels)
    }

    /// The work a sweep of the edges added so far takes before its strips are cut: the
    /// pixels it visits plus `edgeRowWork` per edge row (see `maximumWork`).
    private static func sweepWork(_ accumulator: CoverageAccumulator) -> Int {
        guard let bounds = accumulator.sweepBounds else { return 0 }
        return bounds.rows.count &* (bounds.last - bounds.first + 1) &+ accumulator.edgeRows &* edgeRowWork
    }

    /// The error for work past `maximumWork` while drawing `pass` (the opaque layers'
    /// union up to the one that went over, or one translucent layer): `counted` units
    /// counted before its sweep, or nil when the sweep itself ran out.
    private static func overWork(_ pass: [PreparedLayer], counted: Int?, limit: Int) -> AlphaRasterError {
        let what: VectorIcon.Part = pass.count == 1
            ? .layer(pass[0].number, .path) : .opaqueLayers(pass[0].number...pass[pass.count - 1].number)
        let reason = if let counted {
            "drawing the icon up to here would take \(counted) units of work at this size (pixels swept, \(edgeRowWork) per edge row, \(segmentWork) per line segment flattened and \(outlinePointWork) per stroke outline point), more than the limit of \(limit) (VectorRasterizer.maximumWork)"
        } else {
            "drawing the icon up to here would take more than the limit of \(limit) units of work at this size (VectorRasterizer.maximumWork): its rows are cut into a strip at each of thousands of edge ends, each strip walking every edge there"
        }
        return AlphaRasterError.invalidIcon(what, reason: reason)
    }

    /// Zeroes rows `top..<bottom`, columns `first...last` (nothing when either is empty).
    private func clearComposite(
        _ composite: UnsafeMutablePointer<Float>, width: Int, rows top: Int, _ bottom: Int, columns first: Int, _ last: Int
    ) {
        guard top < bottom, first <= last else { return }
        for row in top..<bottom {
            (composite + row * width + first).update(repeating: 0, count: last - first + 1)
        }
    }

    /// The accumulator for this size, (re)allocating the buffers when the size changed.
    private func prepareBuffers(width: Int, height: Int) -> CoverageAccumulator {
        if let accumulator, bufferWidth == width, bufferHeight == height, composite != nil {
            return accumulator
        }
        free(composite)
        let accumulator = CoverageAccumulator(width: width, height: height)
        composite = calloc(width * height, MemoryLayout<Float>.stride)?.bindMemory(to: Float.self, capacity: width * height)
        self.accumulator = accumulator
        bufferWidth = width
        bufferHeight = height
        return accumulator
    }

    /// Adds the edges of a layer's filled area (its path, or its stroke's outline) in pixels
    /// and returns the work units charged for flattening and stroking it (`maximumWork`),
    /// `counted` units having been counted before it.
    private func addEdges(of layer: PreparedLayer, to accumulator: CoverageAccumulator, counted: Int) throws -> Int {
        let charge = try addEdgesUnchecked(of: layer, to: accumulator, counted: counted)
        if accumulator.edgeRows > Self.maximumEdgeRows {
            accumulator.reset()
            throw AlphaRasterError.invalidIcon(
                .layer(layer.number, .path),
                reason: "its edges would cross more than \(Self.maximumEdgeRows) pixel rows in all at this size")
        }
        if accumulator.edgeCount > edgeLimit {
            accumulator.reset()
            throw AlphaRasterError.invalidIcon(
                .layer(layer.number, .path),
                reason: "drawing the icon up to here would keep more than \(edgeLimit) edges for one sweep at this size (VectorRasterizer.maximumEdges)")
        }
        return charge
    }

    private func addEdgesUnchecked(of layer: PreparedLayer, to accumulator: CoverageAccumulator, counted: Int) throws -> Int {
        switch layer.paint {
        case .fill:
            let flattener = PathFlattener(
                transform: layer.transform, tolerance: tolerance,
                cullBox: (SIMD2(accumulator.clipX0, accumulator.clipY0), SIMD2(accumulator.clipX1, accumulator.clipY1)))
            let charge = try chargeFlattening(layer, segments: flattener.segmentCount(layer.path), counted: counted)
            var sink = FillSink(accumulator: accumulator)
            flattener.flatten(layer.path, into: &sink)
            sink.finish()
            return charge
        case .stroke(let style):
            // Stroke in user units, then map: a non-uniform map stretches the stroke as SVG
            // does. Half the tolerance goes to flattening the path, half to round joins and
            // caps; σ converts pixels to user units in the worst direction.
            let sigma = layer.transform.scaleFactor
            guard style.width > 0, sigma > 0, layer.transform.determinant != 0 else { return 0 }
            let userTolerance = tolerance / sigma
            let flattener = PathFlattener(transform: .identity, tolerance: userTolerance / 2, cullBox: nil)
            var charge = try chargeFlattening(layer, segments: flattener.segmentCount(layer.path), counted: counted)
            polylines.reset()
            flattener.flatten(layer.path, into: &polylines)
            polylines.finish()
            // The outline's size is known only once it is built: the stroker is held to the
            // points the budget has left, and gives up before building more.
            let affordable = (workLimit - counted - charge) / Self.outlinePointWork
            let pointLimit = min(Self.maximumSegments, affordable)
            var stroker = PathStroker(style: style, arcTolerance: userTolerance / 2, pointLimit: pointLimit)
            do {
                try stroker.stroke(polylines)
            } catch {
                guard pointLimit < Self.maximumSegments else { throw layer.tooComplex("its stroke outline") }
                throw AlphaRasterError.invalidIcon(
                    .layer(layer.number, .path),
                    reason: "stroking it would bring the work of drawing the icon up to here past the limit of \(workLimit) units at this size (VectorRasterizer.maximumWork): its outline needs more than the \(pointLimit) points (\(Self.outlinePointWork) units each) left after the \(counted + charge) counted before it")
            }
            charge += stroker.outline.count * Self.outlinePointWork
            let transform = layer.transform
            var start = 0
            for end in stroker.contourEnds {
                var previous = transform.apply(stroker.outline[end - 1])
                for i in start..<end {
                    let p = transform.apply(stroker.outline[i])
                    accumulator.addLine(previous, p)
                    previous = p
                }
                start = end
            }
            return charge
        }
    }

    /// The work units for flattening `layer` into `segments` line segments (as
    /// `PathFlattener.segmentCount` counts them), checked before any is made: throws when the
    /// layer needs more than `maximumSegments`, or when the charge would take the `counted`
    /// units past the work limit.
    private func chargeFlattening(_ layer: PreparedLayer, segments: Double, counted: Int) throws -> Int {
        try layer.requireSegments(segments)
        // At most 4 · 10⁶ segments here: the product cannot overflow.
        let charge = Int(segments) * Self.segmentWork
        guard charge <= workLimit - counted else {
            throw AlphaRasterError.invalidIcon(
                .layer(layer.number, .path),
                reason: "flattening it into \(Int(segments)) line segments would bring the work of drawing the icon up to here to \(counted + charge) units at this size (\(Self.segmentWork) per segment), more than the limit of \(workLimit) (VectorRasterizer.maximumWork)")
        }
        return charge
    }
}

/// Feeds a flattened path's edges to the accumulator, closing every subpath.
private struct FillSink: FlattenSink {
    let accumulator: CoverageAccumulator
    var start = SIMD2<Double>.zero
    var current = SIMD2<Double>.zero

    init(accumulator: CoverageAccumulator) {
        self.accumulator = accumulator
    }

    mutating func moveTo(_ p: SIMD2<Double>) {
        finish()
        start = p
        current = p
    }

    mutating func lineTo(_ p: SIMD2<Double>, smooth: Bool) {
        accumulator.addLine(current, p)
        current = p
    }

    mutating func closeSubpath() {
        finish()
    }

    /// Closes the open subpath (filling closes implicitly).
    mutating func finish() {
        if current != start { accumulator.addLine(current, start) }
        current = start
    }
}

/// A layer checked for drawing, with its map to pixels.
private struct PreparedLayer {
    var path: VectorPath
    var paint: VectorIcon.Layer.Paint
    /// User units to pixels.
    var transform: VectorTransform
    /// Clamped to [0, 1].
    var opacity: Float
    /// Layer number from 1, for messages.
    var number: Int
    /// The mapped box of the control points (and a stroke's reach), in pixels; nil for an
    /// empty path.
    var pixelBounds: (min: SIMD2<Double>, max: SIMD2<Double>)?

    var rule: FillRule {
        if case .fill(let rule) = paint { return rule }
        return .nonZero
    }

    init(_ layer: VectorIcon.Layer, number: Int, fit: VectorTransform) throws {
        self.number = number
        path = layer.path
        paint = layer.paint
        guard !layer.opacity.isNaN else {
            throw AlphaRasterError.invalidIcon(.layer(number, .opacity), reason: "must be a number in 0...1, got nan")
        }
        opacity = Float(min(max(layer.opacity, 0), 1))
        guard layer.transform.isFinite else {
            throw AlphaRasterError.invalidIcon(
                .layer(number, .transform),
                reason: "has a non-finite entry in (a b c d e f) = (\(layer.transform.a) \(layer.transform.b) \(layer.transform.c) \(layer.transform.d) \(layer.transform.e) \(layer.transform.f))")
        }
        transform = layer.transform.followed(by: fit)
        if case .stroke(let style) = paint {
            guard style.width.isFinite, style.width >= 0 else {
                throw AlphaRasterError.invalidIcon(.layer(number, .strokeWidth), reason: "must be a finite number ≥ 0, got \(style.width)")
            }
            guard style.miterLimit.isFinite, style.miterLimit >= 1 else {
                throw AlphaRasterError.invalidIcon(.layer(number, .miterLimit), reason: "must be a finite number ≥ 1, got \(style.miterLimit)")
            }
        }
        for (index, segment) in path.segments.enumerated() {
            let bad: SIMD2<Double>?
            switch segment {
            case .move(let p), .line(let p): bad = Self.nonFinite(p)
            case .quad(let c, let p): bad = Self.nonFinite(c) ?? Self.nonFinite(p)
            case .cubic(let c1, let c2, let p): bad = Self.nonFinite(c1) ?? Self.nonFinite(c2) ?? Self.nonFinite(p)
            case .close: bad = nil
            }
            if let p = bad {
                throw AlphaRasterError.invalidIcon(
                    .layer(number, .path), reason: "command \(index + 1) has the non-finite point (\(p.x), \(p.y))")
            }
        }
        // The mapped box of the control points bounds every mapped point.
        // A stroke's outline reaches at most h·max(miter limit, √2) past them.
        if var bounds = path.controlBounds {
            if case .stroke(let style) = paint {
                let reach = style.width / 2 * max(style.miterLimit, 2.0.squareRoot())
                bounds.min -= reach
                bounds.max += reach
            }
            let limit = VectorRasterizer.coordinateLimit
            var low = SIMD2(Double.infinity, .infinity), high = -low
            for corner in [bounds.min, bounds.max, SIMD2(bounds.min.x, bounds.max.y), SIMD2(bounds.max.x, bounds.min.y)] {
                let p = transform.apply(corner)
                guard p.x.isFinite, p.y.isFinite, abs(p.x) <= limit, abs(p.y) <= limit else {
                    throw AlphaRasterError.invalidIcon(
                        .layer(number, .path),
                        reason: "reaches (\(p.x), \(p.y)) in pixels, beyond the ±\(limit) the rasterizer handles")
                }
                low = pointwiseMin(low, p); high = pointwiseMax(high, p)
            }
            pixelBounds = (low, high)
        }
    }

    /// Whole pixels of the clip rectangle (x0, y0, x1, y1) that `pixelBounds` meets: an
    /// estimate of what the layer's sweep visits (a stroke's box covers its reach).
    func clippedArea(_ clip: (Int, Int, Int, Int)) -> Int {
        guard let (low, high) = pixelBounds else { return 0 }
        let x0 = max(Double(clip.0), low.x.rounded(.down)), x1 = min(Double(clip.2), high.x.rounded(.up))
        let y0 = max(Double(clip.1), low.y.rounded(.down)), y1 = min(Double(clip.3), high.y.rounded(.up))
        guard x0 < x1, y0 < y1 else { return 0 }
        return Int(x1 - x0) * Int(y1 - y0)
    }

    @inline(__always)
    private static func nonFinite(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        p.x.isFinite && p.y.isFinite ? nil : p
    }

    /// Throws when flattening would need more segments than allowed.
    func requireSegments(_ count: Double) throws {
        guard count <= Double(VectorRasterizer.maximumSegments) else {
            throw tooComplex("it")
        }
    }

    func tooComplex(_ what: String) -> AlphaRasterError {
        AlphaRasterError.invalidIcon(
            .layer(number, .path),
            reason: "\(what) would need more than \(VectorRasterizer.maximumSegments) line segments at this size")
    }
}
