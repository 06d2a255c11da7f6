#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlphaRaster

/// The shapes measured: deterministic paths like the ones icons and large masks are made of.
enum BenchPaths {
    /// A closed polygon path.
    static func polygon(_ points: [SIMD2<Double>]) -> VectorPath {
        var path = VectorPath()
        path.move(to: points[0])
        for p in points.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }

    /// A star of `count` vertices alternating between the outer and inner radius.
    /// `count` points round a circle whose radius wobbles by `wobble` of itself every 17
    /// points: a dense outline, thousands of edge ends in a pixel row at icon sizes.
    static func wobblyCircle(center: SIMD2<Double>, radius: Double, wobble: Double, count: Int) -> [SIMD2<Double>] {
        (0..<count).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(count), r = radius * (1 + wobble * sin(Double(i) * 0.37))
            return center + r * SIMD2(cos(angle), sin(angle))
        }
    }

    static func star(center: SIMD2<Double>, outer: Double, inner: Double, count: Int) -> [SIMD2<Double>] {
        (0..<count).map { i in
            let angle = Double(i) * 2 * .pi / Double(count)
            return center + (i % 2 == 0 ? outer : inner) * SIMD2(cos(angle), sin(angle))
        }
    }

    /// A closed wavy ring r(θ) = base + amplitude · sin(waves · θ), as `count` cubics whose
    /// control points come from the curve's derivative (Hermite to Bézier).
    static func wavyRing(center: SIMD2<Double>, base: Double, amplitude: Double, waves: Double, count: Int) -> VectorPath {
        func point(_ t: Double) -> SIMD2<Double> {
            center + (base + amplitude * sin(waves * t)) * SIMD2(cos(t), sin(t))
        }
        func derivative(_ t: Double) -> SIMD2<Double> {
            let r = base + amplitude * sin(waves * t), dr = amplitude * waves * cos(waves * t)
            return SIMD2(dr * cos(t) - r * sin(t), dr * sin(t) + r * cos(t))
        }
        return hermite(point, derivative, from: 0, to: 2 * .pi, pieces: count, closed: true)
    }

    /// An Archimedean spiral from radius r0 to r1 over `turns` turns, as cubics.
    static func spiral(center: SIMD2<Double>, r0: Double, r1: Double, turns: Double, piecesPerTurn: Int) -> VectorPath {
        let end = turns * 2 * .pi, k = (r1 - r0) / end
        func point(_ t: Double) -> SIMD2<Double> { center + (r0 + k * t) * SIMD2(cos(t), sin(t)) }
        func derivative(_ t: Double) -> SIMD2<Double> {
            let r = r0 + k * t
            return SIMD2(k * cos(t) - r * sin(t), k * sin(t) + r * cos(t))
        }
        return hermite(point, derivative, from: 0, to: end, pieces: Int(turns * Double(piecesPerTurn)), closed: false)
    }

    private static func hermite(
        _ point: (Double) -> SIMD2<Double>, _ derivative: (Double) -> SIMD2<Double>,
        from t0: Double, to t1: Double, pieces: Int, closed: Bool
    ) -> VectorPath {
        var path = VectorPath()
        path.move(to: point(t0))
        let step = (t1 - t0) / Double(pieces)
        for i in 0..<pieces {
            let a = t0 + Double(i) * step, b = a + step
            path.cubic(control1: point(a) + derivative(a) * (step / 3), control2: point(b) - derivative(b) * (step / 3), to: point(b))
        }
        if closed { path.close() }
        return path
    }

    /// A 24 × 24 icon as Tabler and Lucide draw dots and keys: three dots (circles of radius
    /// 1 stroked 2 wide, each two arcs and no close) over two rounded squares whose corners
    /// are as tight as the stroke is wide (radius 1), round caps and joins, one layer.
    static func dotsAndKeys() -> VectorIcon {
        var path = VectorPath()
        for x in [5.0, 12, 19] {
            path.move(to: [x + 1, 7])
            path.arc(radiusX: 1, radiusY: 1, xAxisRotation: 0, largeArc: false, sweep: true, to: [x - 1, 7])
            path.arc(radiusX: 1, radiusY: 1, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + 1, 7])
        }
        for x in [4.0, 14] {
            path.move(to: [x + 1, 13])
            path.line(to: [x + 5, 13])
            path.arc(radiusX: 1, radiusY: 1, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + 6, 14])
            path.line(to: [x + 6, 18])
            path.arc(radiusX: 1, radiusY: 1, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + 5, 19])
            path.line(to: [x + 1, 19])
            path.arc(radiusX: 1, radiusY: 1, xAxisRotation: 0, largeArc: false, sweep: true, to: [x, 18])
            path.line(to: [x, 14])
            path.arc(radiusX: 1, radiusY: 1, xAxisRotation: 0, largeArc: false, sweep: true, to: [x + 1, 13])
            path.close()
        }
        return VectorIcon(width: 24, height: 24, layers: [
            VectorIcon.Layer(path: path, paint: .stroke(StrokeStyle(width: 2, lineCap: .round, lineJoin: .round))),
        ])
    }

    /// A 24 × 24 icon: a stroked ring (round joins) around a play triangle with rounded
    /// corners (arcs), two layers.
    static func icon() -> VectorIcon {
        var ring = VectorPath()
        ring.move(to: [21, 12])
        ring.arc(radiusX: 9, radiusY: 9, xAxisRotation: 0, largeArc: false, sweep: true, to: [3, 12])
        ring.arc(radiusX: 9, radiusY: 9, xAxisRotation: 0, largeArc: false, sweep: true, to: [21, 12])
        ring.close()
        var play = VectorPath()
        play.move(to: [10, 8.2])
        play.line(to: [10, 15.8])
        play.arc(radiusX: 0.9, radiusY: 0.9, xAxisRotation: 0, largeArc: false, sweep: false, to: [11.35, 16.55])
        play.line(to: [16.3, 12.75])
        play.arc(radiusX: 0.9, radiusY: 0.9, xAxisRotation: 0, largeArc: false, sweep: false, to: [16.3, 11.25])
        play.line(to: [11.35, 7.45])
        play.arc(radiusX: 0.9, radiusY: 0.9, xAxisRotation: 0, largeArc: false, sweep: false, to: [10, 8.2])
        play.close()
        return VectorIcon(width: 24, height: 24, layers: [
            VectorIcon.Layer(path: ring, paint: .stroke(StrokeStyle(width: 2, lineCap: .round, lineJoin: .round))),
            VectorIcon.Layer(path: play, paint: .fill(.nonZero)),
        ])
    }
}
