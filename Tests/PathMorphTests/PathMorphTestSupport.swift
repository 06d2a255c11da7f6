import AlphaRaster
import Foundation
@testable import PathMorph

/// The 44 pt box at 3× that the CLI uses by default, with its 4 pt padding.
let iconLayout: IconLayout = try! IconBox(width: 44, height: 44, scale: 3, padding: 4).layout()

/// A closed polygon as a vector path.
func polygon(_ points: [SIMD2<Double>], reversed: Bool = false) -> VectorPath {
    let ordered = reversed ? Array(points.reversed()) : points
    var path = VectorPath()
    path.move(to: ordered[0])
    for p in ordered.dropFirst() { path.line(to: p) }
    path.close()
    return path
}

/// An axis-aligned rectangle from (x, y), clockwise on a y-down screen unless `reversed`.
func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, reversed: Bool = false) -> VectorPath {
    polygon([SIMD2(x, y), SIMD2(x + w, y), SIMD2(x + w, y + h), SIMD2(x, y + h)], reversed: reversed)
}

/// An icon of one filled path on a 24 × 24 canvas.
func icon(_ path: VectorPath, rule: FillRule = .nonZero) -> VectorIcon {
    VectorIcon(width: 24, height: 24, layers: [VectorIcon.Layer(path: path, paint: .fill(rule))])
}

/// The number of pixels where two masks differ, and the largest difference.
func difference(_ a: AlphaMask, _ b: AlphaMask) -> (count: Int, largest: Int) {
    precondition(a.width == b.width && a.height == b.height)
    var count = 0, largest = 0
    for (x, y) in zip(a.pixels, b.pixels) where x != y {
        count += 1
        largest = max(largest, abs(Int(x) - Int(y)))
    }
    return (count, largest)
}

/// The area of a contour by a fine polygon (float64, 2000 points a curve): an oracle for the
/// closed-form area.
func sampledArea(_ contour: PathContour) -> Double {
    var points: [SIMD2<Double>] = []
    var p0 = contour.start
    for curve in contour.curves {
        for k in 0..<2000 {
            let t = Double(k) / 2000, s = 1 - t
            points.append(s * s * s * p0 + 3 * s * s * t * curve.control1 + 3 * s * t * t * curve.control2 + t * t * t * curve.end)
        }
        p0 = curve.end
    }
    var sum = 0.0
    for i in points.indices {
        let a = points[i], b = points[(i + 1) % points.count]
        sum += a.x * b.y - a.y * b.x
    }
    return sum / 2
}
