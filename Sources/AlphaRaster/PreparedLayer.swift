/// A layer checked for drawing, with its map to pixels.
struct PreparedLayer {
    var path: VectorPath
    var paint: VectorIcon.Layer.Paint
    /// User units to pixels.
    var transform: VectorTransform
    /// Clamped to [0, 1].
    var opacity: Float
    /// `VectorIcon.Layer.opacityGroup`.
    var opacityGroup: Int?
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
            throw AlphaRasterError.invalidIcon(.layer(number, .opacity), reason: "must be a number (values outside 0...1 count as the nearer end), got nan")
        }
        opacity = Float(min(max(layer.opacity, 0), 1))
        opacityGroup = layer.opacityGroup
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
        // A stroke's outline reaches at most h·max(miter limit, √2) past them (a limit past
        // `PathStroker.longestMiter` draws no longer miters: 1e100 on a turn straight back
        // was refused as reaching 5e100), and h·√2 (a square cap's corner) without miter
        // joins, whatever the limit. The path is checked without that reach first, so that a
        // stroke too wide for the range is named as such.
        if var bounds = path.controlBounds {
            pixelBounds = try Self.mappedBounds(bounds, transform, layer: number, field: .path, what: "reaches")
            if case .stroke(let style) = paint {
                let miter = style.lineJoin == .miter ? min(style.miterLimit, PathStroker.longestMiter) : 1
                let reach = style.width / 2 * max(miter, 2.0.squareRoot())
                bounds.min -= reach
                bounds.max += reach
                pixelBounds = try Self.mappedBounds(
                    bounds, transform, layer: number, field: .strokeWidth, what: "\(style.width) makes the stroke's outline reach")
            }
        }
    }

    /// The box in pixels of `bounds` mapped by `transform`, or an error naming layer `layer`'s
    /// `field` when a corner maps outside ±`VectorRasterizer.coordinateLimit` or overflows:
    /// "<what> (x, y) in pixels, …".
    private static func mappedBounds(
        _ bounds: (min: SIMD2<Double>, max: SIMD2<Double>), _ transform: VectorTransform, layer: Int,
        field: VectorIcon.Part.LayerField, what: String
    ) throws -> (min: SIMD2<Double>, max: SIMD2<Double>) {
        let limit = VectorRasterizer.coordinateLimit
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for corner in [bounds.min, bounds.max, SIMD2(bounds.min.x, bounds.max.y), SIMD2(bounds.max.x, bounds.min.y)] {
            let p = transform.apply(corner)
            guard p.x.isFinite, p.y.isFinite, abs(p.x) <= limit, abs(p.y) <= limit else {
                let point = p.x.isFinite && p.y.isFinite ? "(\(p.x), \(p.y)) in pixels" : "past every finite coordinate"
                throw AlphaRasterError.invalidIcon(
                    .layer(layer, field), reason: "\(what) \(point), beyond the ±\(limit) the rasterizer handles")
            }
            low = pointwiseMin(low, p); high = pointwiseMax(high, p)
        }
        return (low, high)
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
