import MorphKernel
import OutlineTrace
import PathMorph

/// One frame of a vector document: its outline layers and its colour.
public struct VectorFrame: Sendable, Equatable {
    /// The frame's outline layers (`MaskTracer.layers(of:)`), in the frame's pixels, filled
    /// in order.
    public var layers: [MaskTracer.Layer]
    /// The frame's colour; its alpha is the whole frame's opacity.
    public var tint: TintColor

    /// A frame of `layers` (in pixels) filled in `tint`.
    public init(layers: [MaskTracer.Layer], tint: TintColor) {
        (self.layers, self.tint) = (layers, tint)
    }
}

/// The different drawings of a sequence of frames, each once, in the order they first
/// appear (`drawing` says what a frame draws), and which of them each frame shows: what the
/// animated formats write once and show at each of its times.
package struct DistinctDrawings<Drawing: Hashable> {
    private(set) var drawings: [Drawing] = []
    /// Per frame, its drawing's index in `drawings`.
    private(set) var drawingOfFrame: [Int] = []

    init(_ frames: [VectorFrame], drawing: (VectorFrame) -> Drawing) {
        var index: [Drawing: Int] = [:]
        for frame in frames {
            let drawn = drawing(frame)
            if let known = index[drawn] {
                drawingOfFrame.append(known)
            } else {
                index[drawn] = drawings.count
                drawingOfFrame.append(drawings.count)
                drawings.append(drawn)
            }
        }
    }
}

/// The geometry and look every vector document shares: the frame's size in pixels and in
/// points, the background, and the tolerance the outlines were traced at.
public struct VectorCanvas: Sendable, Equatable {
    /// The frame's width in pixels: the viewBox's. A Lottie composition is `width / scale`
    /// wide, rounded to whole points.
    public private(set) var width: Int
    /// The frame's height in pixels.
    public private(set) var height: Int
    /// Pixels per point: an SVG document is width / scale points wide.
    public private(set) var scale: Double
    /// Painted behind every frame, or nothing.
    public private(set) var background: TintColor?
    /// How far the traced curves may stray from the outline, in pixels (`MaskTracer`): the
    /// Lottie coordinates are written in whole quarters of it, the SVG ones to 0.01 px or
    /// finer, so that rounding moves a point by at most an eighth of it.
    public private(set) var tolerance: Double
    /// Decimals written for the SVG formats' coordinates: 2 (0.01 px), or more below a
    /// tolerance of 0.04 px, so that rounding moves a point by at most an eighth of the
    /// tolerance, as the Lottie units do (0.01 px takes 3 decimals).
    package var decimals: Int { Self.decimals(tolerance: tolerance) }

    /// A canvas of `width` × `height` pixels at `scale` pixels a point, with `background`
    /// behind the frames, for outlines traced within `tolerance` pixels.
    ///
    /// - Throws: `VectorCanvas.Invalid` for a side under 1 or over 100,000 pixels, a scale
    ///   that is not a finite number over 0 or makes a side shorter than 0.001 points (what
    ///   an SVG document's size is written to), or a tolerance outside
    ///   `MaskTracer.toleranceRange`.
    public init(
        width: Int, height: Int, scale: Double = 1, background: TintColor? = nil, tolerance: Double = MaskTracer.defaultTolerance
    ) throws {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else {
            throw Invalid(description: "a vector canvas needs sides of 1 to \(Self.largestSide) pixels, got \(width) × \(height)")
        }
        guard scale.isFinite, scale > 0, Double(min(width, height)) / scale >= 0.001 else {
            throw Invalid(description: "a vector canvas's scale must be a finite number of pixels a point over 0 that leaves "
                + "each side at least 0.001 points, got \(scale) for \(width) × \(height) pixels")
        }
        guard MaskTracer.toleranceRange.contains(tolerance) else {
            throw Invalid(description: "a vector canvas's tolerance must be \(MaskTracer.toleranceRange.lowerBound) to \(MaskTracer.toleranceRange.upperBound) pixels, got \(tolerance)")
        }
        self.init(pixels: width, height: height, scale: scale, background: background, tolerance: tolerance)
    }

    /// A canvas of values already checked (the tool's options).
    package init(pixels width: Int, height: Int, scale: Double, background: TintColor?, tolerance: Double = MaskTracer.defaultTolerance) {
        (self.width, self.height, self.scale, self.background, self.tolerance) = (width, height, scale, background, tolerance)
    }

    /// The longest side a canvas takes, in pixels.
    public static let largestSide = 100_000

    /// A canvas the documents cannot use, and why, in one line.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// The problem in one line.
        public let description: String
    }

    /// The decimals for `tolerance`: the fewest, at least 2, with 10⁻ᵈ ≤ tolerance / 4.
    package static func decimals(tolerance: Double) -> Int {
        var decimals = 2, unit = 0.01
        while unit > tolerance / 4 * (1 + 1e-9) && decimals < 12 {
            decimals += 1
            unit /= 10
        }
        return decimals
    }

    func number(_ value: Double) -> String { PathContour.formatNumber(value, decimals: decimals) }

    /// `#RRGGBB`.
    package static func hex(_ color: TintColor) -> String {
        "#" + [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// An opacity in [0, 1] with up to four decimals.
    static func opacity(_ value: Double) -> String { PathContour.formatNumber(value, decimals: 4) }

    /// ` fill-opacity="…"` for a translucent colour, nothing for an opaque one.
    package static func fillOpacity(_ color: TintColor) -> String {
        color.alpha == 255 ? "" : " fill-opacity=\"\(opacity(Double(color.alpha) / 255))\""
    }
}
