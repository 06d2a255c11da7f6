import AlphaRaster

/// Two icons' outlines made compatible for a point-by-point morph, as CoreAnimation, SwiftUI
/// and CSS `d` transitions interpolate paths.
///
/// Both icons are fitted into one layout and turned into closed cubic contours in its pixels
/// (`PathContour`); then:
/// - contours are paired by position and size, shapes with shapes and holes with holes of
///   paired shapes; a contour with no partner grows from, or shrinks to, its own centroid,
///   or for a hole of a paired shape, where that shape's morph takes its centroid (see
///   `ContourMatching` for the costs, `follow`);
/// - each pair gets the same number of curves: the side with fewer has its longest curves
///   cut, which changes neither the shape nor the rasterizer's polygon of it;
/// - each target contour starts at the node and runs in the direction that makes its nodes
///   travel least (the sum of squared distances, over every rotation; the direction is the
///   one that keeps the winding).
///
/// `source` and `target` then have the same contours with the same curve counts, and
/// `contours(at:)` interpolates their points. Filled under the non-zero rule, `source` covers
/// exactly what the source icon covers (`mask(at: 0)` equals `AlphaMask(icon:layout:)` byte
/// for byte when the icon's opaque layers do not overlap; see `IconOutline`), and
/// likewise `target`.
public struct PathMorph: Sendable {
    /// The most contours either icon may have: pairing costs grow as their cube.
    public static let maximumContours = 256
    /// The most curves a matched outline may have, all contours together.
    public static let maximumCurves = 200_000
    /// The most node comparisons the start-point search may make (Σ n² over the pairs).
    public static let maximumSearchWork = 400_000_000

    /// The pixel grid both outlines are fitted into.
    public let layout: IconLayout
    /// The source icon's matched contours, in `layout`'s pixels.
    public let source: [PathContour]
    /// The target icon's matched contours: `target[i]` pairs with `source[i]` and has as many
    /// curves.
    public let target: [PathContour]
    /// The icons themselves, drawn for the end frames; nil for a side given as contours.
    private let sourceIcon: VectorIcon?
    private let targetIcon: VectorIcon?

    /// Matches the outlines of `source` and `target`, both fitted into `layout` as
    /// `AlphaMask(icon:layout:)` fits them.
    ///
    /// - Throws: `PathMorphError`: an invalid or empty icon, a translucent layer, more than
    ///   `maximumContours` contours, or matching past `maximumCurves` or
    ///   `maximumSearchWork`.
    public init(from source: VectorIcon, to target: VectorIcon, layout: IconLayout) throws {
        try self.init(
            IconOutline(icon: source, layout: layout, which: .source, limit: Self.maximumContours),
            IconOutline(icon: target, layout: layout, which: .target, limit: Self.maximumContours),
            layout: layout, icons: (source, target))
    }

    /// Matches an outline already in `layout`'s pixels — such as `contours(at:)` of another
    /// morph, to send a shape in flight to a new icon — with the outline of `target`. The
    /// contours are filled under the non-zero rule; those whose points all coincide draw
    /// nothing and are left out. At progress 0 the morph draws exactly `contours`.
    ///
    /// - Throws: as `init(from:to:layout:)`, `.emptyIcon(.source)` when no contour is left,
    ///   `.invalidPoint(.source, contour:)` for a point that is not finite or lies beyond
    ///   `VectorRasterizer.coordinateLimit`.
    public init(from contours: [PathContour], to target: VectorIcon, layout: IconLayout) throws {
        try self.init(
            IconOutline(contours: contours, which: .source, limit: Self.maximumContours),
            IconOutline(icon: target, layout: layout, which: .target, limit: Self.maximumContours),
            layout: layout, icons: (nil, target))
    }

    /// The same morph run backwards: `source` and `target` swapped, so `reversed.contours(at:
    /// 1 − p)` is `contours(at: p)` (to rounding).
    public var reversed: PathMorph {
        PathMorph(layout: layout, source: target, target: source, icons: (targetIcon, sourceIcon))
    }

    private init(
        layout: IconLayout, source: [PathContour], target: [PathContour], icons: (VectorIcon?, VectorIcon?)
    ) {
        self.layout = layout
        self.source = source
        self.target = target
        (sourceIcon, targetIcon) = icons
    }

    private init(
        _ from: IconOutline, _ to: IconOutline, layout: IconLayout, icons: (VectorIcon?, VectorIcon?)
    ) throws {
        let tolerance = VectorRasterizer.defaultTolerance
        var sources: [PathContour] = [], targets: [PathContour] = []
        // Where each shape's pair went in `sources` and `targets`, by source and by target
        // entry (shapes come before holes).
        var placedSource: [Int: Int] = [:], placedTarget: [Int: Int] = [:]
        var curves = 0, work = 0
        for pair in ContourMatching.pairs(from, to) {
            if let s = pair.source { placedSource[s] = sources.count }
            if let t = pair.target { placedTarget[t] = sources.count }
            let a = pair.source.map { from.entries[$0] }, b = pair.target.map { to.entries[$0] }
            let count = max(a?.contour.curves.count ?? 0, b?.contour.curves.count ?? 0)
            curves += count
            guard curves <= Self.maximumCurves else {
                throw PathMorphError.tooComplex(reason: "the matched outlines would have more than \(Self.maximumCurves) curves")
            }
            switch (a, b) {
            case let (a?, b?):
                let left = NodeBalancing.balanced(a.contour, to: count, tolerance: tolerance)
                let right = NodeBalancing.balanced(b.contour, to: count, tolerance: tolerance)
                work += count * count * StartPointSearch.directions(for: right).count
                guard work <= Self.maximumSearchWork else {
                    throw PathMorphError.tooComplex(reason: "choosing start points would take more than \(Self.maximumSearchWork) node comparisons")
                }
                sources.append(left)
                targets.append(StartPointSearch.apply(StartPointSearch.best(left, right), to: right))
            case let (a?, nil):
                // A hole shrinks to where its shape's morph takes its centroid; anything
                // else where it stands.
                let point = a.parent.flatMap { placedSource[$0] }
                    .map { Self.follow(a.centroid, from: sources[$0], to: targets[$0]) } ?? a.centroid
                sources.append(a.contour)
                targets.append(.collapsed(at: point, count: count))
            case let (nil, b?):
                let point = b.parent.flatMap { placedTarget[$0] }
                    .map { Self.follow(b.centroid, from: targets[$0], to: sources[$0]) } ?? b.centroid
                sources.append(.collapsed(at: point, count: count))
                targets.append(b.contour)
            case (nil, nil):
                break
            }
        }
        self.init(layout: layout, source: sources, target: targets, icons: icons)
    }

    /// Where the morph of a shape from `shape` to `partner` (node k to node k) takes the point
    /// `point` inside `shape`: the mean of `partner`'s nodes weighted as `point` is by
    /// `shape`'s, each by the inverse square of its distance (a point on a node goes with
    /// that node). An unpaired hole shrinks to, or grows from, the point its shape's morph
    /// takes its centroid to, so that it moves with its shape: shrunk where it stood, the
    /// hole of a gear becoming a bar elsewhere was left outside the bar, its winding
    /// painting a dot there.
    static func follow(_ point: SIMD2<Double>, from shape: PathContour, to partner: PathContour) -> SIMD2<Double> {
        let nodes = shape.nodes, targets = partner.nodes
        guard !nodes.isEmpty, nodes.count == targets.count else { return point }
        var sum = SIMD2<Double>(), total = 0.0
        for (node, target) in zip(nodes, targets) {
            let d = node - point
            let squared = (d * d).sum()
            if squared < 1e-18 { return target }
            sum += target / squared
            total += 1 / squared
        }
        return sum / total
    }

    /// The contours at `progress`: every point (1 − p)·source + p·target, so 0 gives `source`
    /// and 1 gives `target` exactly. Finite values outside [0, 1] extrapolate (an easing that
    /// overshoots; far enough out, past about 10³⁰⁰, the products overflow to infinities and
    /// NaN); NaN and −∞ count as 0 and +∞ as 1.
    public func contours(at progress: Double) -> [PathContour] {
        let p = Self.effectiveProgress(progress)
        let q = 1 - p
        return zip(source, target).map { a, b in
            PathContour(
                start: q * a.start + p * b.start,
                curves: zip(a.curves, b.curves).map { c, d in
                    PathContour.Curve(
                        control1: q * c.control1 + p * d.control1,
                        control2: q * c.control2 + p * d.control2,
                        end: q * c.end + p * d.end)
                })
        }
    }

    /// The outline at `progress` as one path in `layout`'s pixels, to be filled under the
    /// non-zero rule: a `move`, the contour's cubics and a `close` for each contour.
    public func path(at progress: Double) -> VectorPath {
        Self.path(of: contours(at: progress))
    }

    /// `progress` as `contours(at:)` takes it: NaN and −∞ are 0, +∞ is 1, anything else itself.
    static func effectiveProgress(_ progress: Double) -> Double {
        progress.isNaN ? 0 : progress.isInfinite ? (progress > 0 ? 1 : 0) : progress
    }

    /// The mask of the outline at `progress`, drawn with `rasterizer` (exact-area coverage,
    /// non-zero rule, clipped to the box inside the padding as icons are).
    ///
    /// At 0 and 1 (and what `contours(at:)` counts as them: NaN, ±∞) it is the icon's own mask
    /// (`AlphaMask(icon:layout:)`, with `rasterizer`), byte for byte. The matched outline there is the icon's polygon — the same chords, cut where
    /// they meet — but the rasterizer sums its edges in another order (a rotated start, a
    /// contour run the other way, several layers as one path), and Float sums in another order
    /// may round a pixel at a half level the other way; drawing the icon itself removes that.
    ///
    /// - Throws: `AlphaRasterError` when a point leaves the rasterizer's range (an extreme
    ///   extrapolation) or the outline passes its work limits.
    public func mask(at progress: Double, rasterizer: VectorRasterizer = VectorRasterizer()) throws -> AlphaMask {
        let p = Self.effectiveProgress(progress)
        if p == 0, let icon = sourceIcon { return try rasterizer.mask(for: icon, in: layout) }
        if p == 1, let icon = targetIcon { return try rasterizer.mask(for: icon, in: layout) }
        return try rasterizer.mask(forPixelPath: path(at: p), rule: .nonZero, in: layout)
    }

    /// `contours` as one path: a `move`, the cubics and a `close` for each.
    public static func path(of contours: [PathContour]) -> VectorPath {
        var path = VectorPath()
        for contour in contours {
            path.move(to: contour.start)
            for curve in contour.curves { path.cubic(control1: curve.control1, control2: curve.control2, to: curve.end) }
            path.close()
        }
        return path
    }
}
