import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders one path into a `width × height` pixel grid (path units are pixels unless
/// `transform` says otherwise).
func renderPath(
    _ path: VectorPath, _ paint: VectorIcon.Layer.Paint = .fill(.nonZero), transform: VectorTransform = .identity,
    width: Int, height: Int, tolerance: Double? = nil
) throws -> AlphaMask {
    let rasterizer = try tolerance.map { try VectorRasterizer(tolerance: $0) } ?? VectorRasterizer()
    return try rasterizer.mask(for: path, paint: paint, transform: transform, width: width, height: height)
}

/// Total coverage of a mask in pixel areas (Σ bytes / 255).
func coveredArea(_ mask: AlphaMask) -> Double {
    Double(mask.pixels.reduce(0) { $0 + Int($1) }) / 255
}

/// A closed polygon path through `points`.
func polygonPath(_ points: [SIMD2<Double>]) -> VectorPath {
    var path = VectorPath()
    path.move(to: points[0])
    for p in points.dropFirst() { path.line(to: p) }
    path.close()
    return path
}

/// An axis-aligned rectangle, clockwise on screen (x right, y down) unless `reversed`.
func rectanglePath(x: Double, y: Double, width: Double, height: Double, reversed: Bool = false) -> VectorPath {
    let corners: [SIMD2<Double>] = [[x, y], [x + width, y], [x + width, y + height], [x, y + height]]
    return polygonPath(reversed ? corners.reversed() : corners)
}

/// A full circle drawn with two SVG arcs.
func circlePath(center: SIMD2<Double>, radius: Double) -> VectorPath {
    var path = VectorPath()
    path.move(to: center + SIMD2(radius, 0))
    path.arc(radiusX: radius, radiusY: radius, xAxisRotation: 0, largeArc: false, sweep: true, to: center - SIMD2(radius, 0))
    path.arc(radiusX: radius, radiusY: radius, xAxisRotation: 0, largeArc: false, sweep: true, to: center + SIMD2(radius, 0))
    path.close()
    return path
}

/// Shoelace area of a polygon (signed: positive when counter-clockwise in x-right, y-up).
func shoelaceArea(_ points: [SIMD2<Double>]) -> Double {
    var sum = 0.0
    for i in points.indices {
        let p = points[i], q = points[(i + 1) % points.count]
        sum += p.x * q.y - q.x * p.y
    }
    return sum / 2
}

/// The oracle: coverage of polygons by point sampling on an `n × n` grid of sub-pixel
/// centres per pixel, in float64, with the winding number of each sample counted from the
/// edges it lies left of (a straightforward crossing count per sample row). All polygons
/// form one shape under `rule`.
func supersampledCoverage(
    polygons: [[SIMD2<Double>]], rule: FillRule, width: Int, height: Int, samples n: Int
) -> [Double] {
    supersampledCoverage(shapes: [(polygons, rule)], width: width, height: height, samples: n)
}

/// The same oracle for the union of several shapes: a sample is covered when it is inside
/// any shape, each shape (its polygons) under its own fill rule.
func supersampledCoverage(
    shapes: [(polygons: [[SIMD2<Double>]], rule: FillRule)], width: Int, height: Int, samples n: Int
) -> [Double] {
    var coverage = [Double](repeating: 0, count: width * height)
    var crossings: [(x: Double, shape: Int, winding: Int)] = []
    var windings = [Int](repeating: 0, count: shapes.count)
    for sy in 0..<(height * n) {
        let y = (Double(sy) + 0.5) / Double(n)
        crossings.removeAll(keepingCapacity: true)
        for (shape, (polygons, _)) in shapes.enumerated() {
            for polygon in polygons {
                for i in polygon.indices {
                    let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                    // Half-open rule: an edge counts for y in [min, max).
                    if (p.y <= y && q.y > y) || (q.y <= y && p.y > y) {
                        let x = p.x + (y - p.y) / (q.y - p.y) * (q.x - p.x)
                        crossings.append((x, shape, q.y > p.y ? 1 : -1))
                    }
                }
            }
        }
        crossings.sort { $0.x < $1.x }
        for k in windings.indices { windings[k] = 0 }
        var next = 0
        for sx in 0..<(width * n) {
            let x = (Double(sx) + 0.5) / Double(n)
            while next < crossings.count, crossings[next].x < x {
                windings[crossings[next].shape] += crossings[next].winding
                next += 1
            }
            let inside = shapes.indices.contains { k in
                shapes[k].rule == .nonZero ? windings[k] != 0 : windings[k] % 2 != 0
            }
            if inside { coverage[(sy / n) * width + sx / n] += 1 }
        }
    }
    let perPixel = Double(n * n)
    return coverage.map { $0 / perPixel }
}
