import MorphKernel
import OutlineTrace
import PathMorph

/// What the vector formats are made of: each output frame's traced layers and tint, the box
/// and its size in points, and the frames' delays.
struct VectorFrame: Sendable {
    /// The frame's outline layers (`MaskTracer.layers(of:)`), in the frame's pixels.
    var layers: [MaskTracer.Layer]
    /// The frame's colour; its alpha is the whole frame's opacity.
    var tint: TintColor
}

/// The different drawings of a sequence of frames, each once, in the order they first
/// appear (`drawing` says what a frame draws), and which of them each frame shows: what the
/// animated formats write once and show at each of its times.
struct DistinctDrawings<Drawing: Hashable> {
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

/// The geometry and look every vector document shares.
struct VectorCanvas: Sendable {
    /// The frame in pixels: the viewBox.
    var width: Int
    var height: Int
    /// Pixels per point: the document is width / scale points wide.
    var scale: Double
    /// Painted behind every frame.
    var background: TintColor?
    /// How far the traced curves may stray from the outline, in pixels (`MaskTracer`): the
    /// Lottie coordinates are written in whole quarters of it.
    var tolerance = MaskTracer.defaultTolerance
    /// Decimals written for the SVG formats' coordinates: 2 (0.01 px), or more below a
    /// tolerance of 0.04 px, so that rounding moves a point by at most an eighth of the
    /// tolerance, as the Lottie units do (0.01 px takes 3 decimals).
    var decimals: Int { Self.decimals(tolerance: tolerance) }

    /// The decimals for `tolerance`: the fewest, at least 2, with 10⁻ᵈ ≤ tolerance / 4.
    static func decimals(tolerance: Double) -> Int {
        var decimals = 2, unit = 0.01
        while unit > tolerance / 4 * (1 + 1e-9) && decimals < 12 {
            decimals += 1
            unit /= 10
        }
        return decimals
    }

    func number(_ value: Double) -> String { PathContour.formatNumber(value, decimals: decimals) }

    /// `#RRGGBB`.
    static func hex(_ color: TintColor) -> String {
        "#" + [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// An opacity in [0, 1] with up to four decimals.
    static func opacity(_ value: Double) -> String { PathContour.formatNumber(value, decimals: 4) }

    /// ` fill-opacity="…"` for a translucent colour, nothing for an opaque one.
    static func fillOpacity(_ color: TintColor) -> String {
        color.alpha == 255 ? "" : " fill-opacity=\"\(opacity(Double(color.alpha) / 255))\""
    }
}
