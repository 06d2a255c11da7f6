/// A closed outline made only of cubic Béziers, in pixels (y down): it starts at `start`,
/// each curve starts where the one before it ends, and the last one ends at `start`.
///
/// Lines and quadratics are raised to cubics exactly (a line's control points sit at a third
/// and two thirds of it; a quadratic's at two thirds of the way to its control point), so
/// a contour draws the same shape as the path it came from.
public struct PathContour: Sendable, Equatable {
    /// One cubic Bézier, from the previous curve's end (or `start`).
    public struct Curve: Sendable, Equatable {
        /// The first control point.
        public var control1: SIMD2<Double>
        /// The second control point.
        public var control2: SIMD2<Double>
        /// Where the curve ends: the next node.
        public var end: SIMD2<Double>

        /// A curve with these control points and end.
        public init(control1: SIMD2<Double>, control2: SIMD2<Double>, end: SIMD2<Double>) {
            self.control1 = control1
            self.control2 = control2
            self.end = end
        }

        /// The straight line from `start` to `end`, as a cubic.
        public init(lineFrom start: SIMD2<Double>, to end: SIMD2<Double>) {
            self.init(control1: start + (end - start) / 3, control2: end + (start - end) / 3, end: end)
        }
    }

    /// The first node.
    public var start: SIMD2<Double>
    /// The curves, in drawing order; the last ends at `start`.
    public var curves: [Curve]

    /// A contour from `start` through `curves`.
    public init(start: SIMD2<Double>, curves: [Curve]) {
        self.start = start
        self.curves = curves
    }

    /// The nodes: `start`, then where each curve but the last ends (`curves.count` of them).
    public var nodes: [SIMD2<Double>] {
        var result = [start]
        result.reserveCapacity(curves.count)
        for curve in curves.dropLast() { result.append(curve.end) }
        return result
    }

    /// The point curve `index` starts at.
    func startOfCurve(_ index: Int) -> SIMD2<Double> {
        index == 0 ? start : curves[index - 1].end
    }

    /// The signed area (Green's theorem, exact for cubics): positive when the contour runs
    /// clockwise on a y-down screen.
    var signedArea: Double {
        var sum = 0.0
        var p0 = start
        for curve in curves {
            let p1 = curve.control1, p2 = curve.control2, p3 = curve.end
            // ½∮(x dy − y dx) over a cubic, in its control points.
            sum += (6 * cross(p0, p1) + 3 * cross(p0, p2) + cross(p0, p3)
                    + 3 * cross(p1, p2) + 3 * cross(p1, p3) + 6 * cross(p2, p3)) / 20
            p0 = p3
        }
        return sum
    }

    /// The box of every node and control point (it holds the whole contour).
    var controlBounds: (min: SIMD2<Double>, max: SIMD2<Double>) {
        var low = start, high = start
        for curve in curves {
            low = pointwiseMin(low, pointwiseMin(curve.control1, pointwiseMin(curve.control2, curve.end)))
            high = pointwiseMax(high, pointwiseMax(curve.control1, pointwiseMax(curve.control2, curve.end)))
        }
        return (low, high)
    }

    /// Points along the contour, `perCurve` for each curve (its start included), for
    /// containment tests and centroids.
    func samples(perCurve: Int) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(curves.count * perCurve)
        var p0 = start
        for curve in curves {
            for k in 0..<perCurve {
                points.append(Self.point(p0, curve, at: Double(k) / Double(perCurve)))
            }
            p0 = curve.end
        }
        return points
    }

    /// The area centroid of the contour's polygon of samples; the mean of the nodes when that
    /// polygon has (almost) no area.
    var centroid: SIMD2<Double> {
        let points = samples(perCurve: 8)
        var area = 0.0, moment = SIMD2<Double>.zero
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            let c = cross(a, b)
            area += c
            moment += (a + b) * c
        }
        let (low, high) = controlBounds
        let extent = max(high.x - low.x, high.y - low.y)
        if abs(area) > 1e-9 * max(extent * extent, .leastNormalMagnitude) {
            return moment / (3 * area)
        }
        let nodes = self.nodes
        return nodes.reduce(.zero, +) / Double(nodes.count)
    }

    /// The winding number of the sample polygon around `point`.
    func winding(around point: SIMD2<Double>, samples points: [SIMD2<Double>]) -> Int {
        var winding = 0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            if a.y <= point.y {
                if b.y > point.y, cross(b - a, point - a) > 0 { winding += 1 }
            } else if b.y <= point.y, cross(b - a, point - a) < 0 {
                winding -= 1
            }
        }
        return winding
    }

    /// The same outline run the other way, from the same start.
    package func reversed() -> PathContour {
        var result: [Curve] = []
        result.reserveCapacity(curves.count)
        for index in curves.indices.reversed() {
            let curve = curves[index]
            result.append(Curve(control1: curve.control2, control2: curve.control1, end: startOfCurve(index)))
        }
        return PathContour(start: start, curves: result)
    }

    /// The same outline starting at node `offset`.
    func rotated(by offset: Int) -> PathContour {
        guard offset != 0, !curves.isEmpty else { return self }
        let k = offset % curves.count
        return PathContour(start: startOfCurve(k), curves: Array(curves[k...] + curves[..<k]))
    }

    /// A contour of `count` curves that all sit at `point`: a shape shrunk to nothing.
    static func collapsed(at point: SIMD2<Double>, count: Int) -> PathContour {
        PathContour(start: point, curves: Array(repeating: Curve(control1: point, control2: point, end: point), count: count))
    }

    /// The point at parameter t (0…1) of the cubic that starts at `p0` and runs along `curve`.
    public static func point(_ p0: SIMD2<Double>, _ curve: Curve, at t: Double) -> SIMD2<Double> {
        let s = 1 - t
        let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
        return a * p0 + b * curve.control1 + c * curve.control2 + d * curve.end
    }
}

/// The z component of the cross product of two plane vectors.
@inline(__always)
func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    a.x * b.y - a.y * b.x
}

/// The Euclidean length of a plane vector.
@inline(__always)
func length(_ v: SIMD2<Double>) -> Double {
    (v.x * v.x + v.y * v.y).squareRoot()
}
