import AlphaRaster
import PathMorph

/// Turns a frame's coverage into vector outlines: the contour at coverage ½, traced between
/// the pixels and fitted with cubic Béziers, so a frame can be shipped as SVG or Lottie and
/// drawn crisp at any size.
///
/// - Tracing: marching squares over the pixel centres, each crossing placed by linear
///   interpolation between the two bytes it falls between.
/// - Fitting: the traced polygon is smoothed a little first (linear interpolation between
///   pixel centres makes it zigzag, by up to about 0.2 px on diagonal edges; no vertex moves
///   more than 0.25 px), then fitted with Schneider's least-squares cubics within `tolerance`
///   pixels of it. Corners (a
///   turn of more than about 52° within three vertices) stay corners; elsewhere neighbouring
///   curves share their tangent.
/// - Fill: shapes run clockwise and holes anticlockwise (on a y-down screen), so the non-zero
///   and the even-odd rules both fill the traced area.
/// - Specks: loops enclosing less than `minimumArea` square pixels are dropped; they are
///   noise of a level set that grazes ½ (a flat field mid-fade), not shapes.
///
/// Translucent frames: a frame is crisp when its partly covered pixels are no more than an
/// anti-aliased edge along its outline needs (`crispEdgeWidth` pixels along the contour at ½,
/// plus a few); then one outline at ½, filled opaque, is the frame — the vector renderer
/// redoes the edge's anti-aliasing at its own resolution, crisp at any size. Otherwise the
/// frame holds a wide region of one partial coverage a (the metaball style's flat regions in
/// the frames about p = ½, where one icon covers ground the other does not), and a cut at ½
/// would drop a fade the frame shows over that whole region; so the coverage is carried in
/// the vector: the outline at a / 2 filled at opacity a, and over it the outline at
/// (1 + a) / 2 filled opaque. The flat region then shows a, the shapes inside it 1, and each
/// edge sits where the frame's own ramp crosses the middle of its two sides. a is the most
/// common partial coverage (a histogram of the partly covered pixels; the edges spread
/// evenly over it, a flat region piles up in one place). The tint's own alpha is not
/// coverage: exporters apply it to the layers as a group.
public struct MaskTracer: Sendable {
    /// The default fitting tolerance: 0.1 px.
    public static let defaultTolerance = 0.1
    /// The tolerances accepted, in pixels.
    public static let toleranceRange: ClosedRange<Double> = 0.01...10
    /// The default smallest loop kept: half a square pixel.
    public static let defaultMinimumArea = 0.5

    /// Largest distance from a traced vertex to the fitted curves, in pixels.
    public let tolerance: Double
    /// Loops enclosing less than this many square pixels are dropped.
    public let minimumArea: Double

    /// A tracer fitting within `tolerance` pixels and dropping loops under `minimumArea` px².
    ///
    /// - Throws: `MaskTracer.InvalidSetting` for a tolerance outside `toleranceRange` or a
    ///   minimum area that is not a finite number ≥ 0.
    public init(tolerance: Double = MaskTracer.defaultTolerance, minimumArea: Double = MaskTracer.defaultMinimumArea) throws {
        guard Self.toleranceRange.contains(tolerance) else {
            throw InvalidSetting.tolerance(tolerance)
        }
        guard minimumArea.isFinite, minimumArea >= 0 else { throw InvalidSetting.minimumArea(minimumArea) }
        self.tolerance = tolerance
        self.minimumArea = minimumArea
    }

    /// A setting the tracer cannot use.
    public enum InvalidSetting: Error, Equatable, CustomStringConvertible {
        /// The fitting tolerance is outside `MaskTracer.toleranceRange`.
        case tolerance(Double)
        /// The minimum area is not a finite number ≥ 0.
        case minimumArea(Double)

        /// The problem in one line.
        public var description: String {
            switch self {
            case .tolerance(let value):
                "the fitting tolerance must be \(MaskTracer.toleranceRange.lowerBound) to \(MaskTracer.toleranceRange.upperBound) pixels, got \(value)"
            case .minimumArea(let value):
                "the smallest area kept must be a finite number of square pixels ≥ 0, got \(value)"
            }
        }
    }

    /// The width of partly covered pixels along an outline that still counts as its
    /// anti-aliased edge, in pixels. (Measured on metaball frames of the built-in symbols:
    /// about 0.8–1.0 for crisp frames, 1.9 for frames with a flat fade.)
    public static let crispEdgeWidth = 1.4

    /// One outline of a frame: its contours, filled under the non-zero rule at `opacity`.
    public struct Layer: Sendable, Equatable {
        /// Closed cubic contours in the mask's pixels; shapes clockwise, holes anticlockwise.
        public var contours: [PathContour]
        /// The fill's opacity in (0, 1], composited over the layers before it.
        public var opacity: Double
    }

    /// The outline of `mask` at coverage ½, in the mask's pixels (y down): closed cubic
    /// contours, shapes clockwise and holes anticlockwise. An empty mask gives none.
    public func contours(of mask: AlphaMask) -> [PathContour] {
        mask.pixels.withUnsafeBufferPointer { contours(of: $0, width: mask.width, height: mask.height, level: 127.5) }
    }

    /// The frame as outline layers to fill in order (see the type's comment): one opaque
    /// layer at coverage ½ for a crisp frame, two for a frame with a flat partial region.
    /// Layers without contours are left out.
    public func layers(of mask: AlphaMask) -> [Layer] {
        mask.pixels.withUnsafeBufferPointer { layers(of: $0, width: mask.width, height: mask.height) }
    }

    /// `layers(of:)` of a tight alpha plane of `width` × `height` bytes.
    public func layers(of alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [Layer] {
        precondition(alpha.count >= width * height, "the plane holds fewer than width × height bytes")
        let halfLoops = MarchingSquares.loops(alpha, width: width, height: height, level: 127.5)
        var histogram = [Int](repeating: 0, count: 32)
        var partial = 0
        for i in 0..<(width * height) where alpha[i] > 8 && alpha[i] < 247 {
            partial += 1
            histogram[Int(alpha[i]) / 8] += 1
        }
        let perimeter = halfLoops.reduce(0.0) { $0 + Self.perimeter(of: $1) }
        guard Double(partial) > Self.crispEdgeWidth * perimeter + 16,
              let peak = histogram.indices.max(by: { histogram[$0] < histogram[$1] })
        else {
            let half = fitted(halfLoops)
            return half.isEmpty ? [] : [Layer(contours: half, opacity: 1)]
        }
        // The flat region's coverage: the mean of the partly covered pixels near the peak.
        var sum = 0, count = 0
        let low = max(9, peak * 8 - 8), high = min(246, peak * 8 + 15)
        for i in 0..<(width * height) where Int(alpha[i]) >= low && Int(alpha[i]) <= high {
            sum += Int(alpha[i])
            count += 1
        }
        let a = Double(sum) / Double(max(count, 1)) / 255
        let under = contours(of: alpha, width: width, height: height, level: Self.level(a / 2))
        let over = contours(of: alpha, width: width, height: height, level: Self.level((1 + a) / 2))
        return [Layer(contours: under, opacity: a), Layer(contours: over, opacity: 1)].filter { !$0.contours.isEmpty }
    }

    /// The byte level for coverage `c`, moved off whole numbers so no sample lies on it.
    static func level(_ c: Double) -> Double {
        let value = min(254.5, max(0.5, c * 255))
        return value.rounded(.down) + 0.5
    }

    /// The loops of `alpha` at `level` (0…255, not whole), fitted; specks dropped.
    func contours(of alpha: UnsafeBufferPointer<UInt8>, width: Int, height: Int, level: Double) -> [PathContour] {
        fitted(MarchingSquares.loops(alpha, width: width, height: height, level: level))
    }

    /// `loops` fitted, specks dropped.
    private func fitted(_ loops: [[SIMD2<Double>]]) -> [PathContour] {
        let fitter = CurveFitter(tolerance: tolerance)
        return loops.compactMap { loop in abs(Self.area(loop)) < minimumArea ? nil : fitter.fit(loop) }
    }

    /// The length of a closed polygon.
    static func perimeter(of loop: [SIMD2<Double>]) -> Double {
        var total = 0.0, previous = loop[loop.count - 1]
        for p in loop {
            total += OutlineTrace.length(p - previous)
            previous = p
        }
        return total
    }

    /// The polygon's signed area (positive clockwise on a y-down screen).
    static func area(_ loop: [SIMD2<Double>]) -> Double {
        var sum = 0.0
        var previous = loop[loop.count - 1]
        for p in loop {
            sum += previous.x * p.y - previous.y * p.x
            previous = p
        }
        return sum / 2
    }
}
