import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// `VectorPath.arc` against SVG 1.1 appendix F.6.
@Suite("Vector arcs (SVG F.6)")
struct VectorArcTests {
    /// Points along every cubic of `path` after its first command.
    static func samples(_ path: VectorPath, perCurve: Int = 16) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        var current = SIMD2<Double>.zero
        for segment in path.segments {
            switch segment {
            case .move(let p), .line(let p):
                points.append(p); current = p
            case .cubic(let c1, let c2, let p):
                for k in 1...perCurve {
                    let t = Double(k) / Double(perCurve), u = 1 - t
                    points.append(u * u * u * current + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p)
                }
                current = p
            default:
                Issue.record("unexpected segment \(segment)")
            }
        }
        return points
    }

    /// The signed angle swept around `center` by the sampled points (positive = increasing
    /// angle, clockwise on a y-down screen).
    static func sweptAngle(_ points: [SIMD2<Double>], around center: SIMD2<Double>) -> Double {
        var total = 0.0
        for (p, q) in zip(points, points.dropFirst()) {
            let a = p - center, b = q - center
            total += atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
        }
        return total
    }

    static func arcPath(
        from start: SIMD2<Double>, rx: Double, ry: Double, rotation: Double = 0, large: Bool, sweep: Bool, to end: SIMD2<Double>
    ) -> VectorPath {
        var path = VectorPath()
        path.move(to: start)
        path.arc(radiusX: rx, radiusY: ry, xAxisRotation: rotation, largeArc: large, sweep: sweep, to: end)
        return path
    }

    @Test("the four flag combinations give the four arcs: centre and swept angle", arguments: [
        // (large, sweep, centre, swept degrees): from (10, 0) to (0, 10) on circles of radius 10.
        (false, true, SIMD2(0.0, 0.0), 90.0),
        (true, false, SIMD2(0.0, 0.0), -270.0),
        (false, false, SIMD2(10.0, 10.0), -90.0),
        (true, true, SIMD2(10.0, 10.0), 270.0),
    ])
    func flags(large: Bool, sweep: Bool, center: SIMD2<Double>, degrees: Double) {
        let path = Self.arcPath(from: [10, 0], rx: 10, ry: 10, large: large, sweep: sweep, to: [0, 10])
        let points = Self.samples(path)
        #expect(points.last == SIMD2(0, 10))
        for p in points {
            let r = ((p - center) * (p - center)).sum().squareRoot()
            #expect(abs(r - 10) < 10 * 3e-4, "point \(p) at radius \(r) from \(center)")
        }
        #expect(abs(Self.sweptAngle(points, around: center) * 180 / .pi - degrees) < 1e-6)
        // At most 90° per cubic.
        let cubics = path.segments.filter { if case .cubic = $0 { true } else { false } }.count
        #expect(cubics == Int((abs(degrees) / 90).rounded(.up)))
    }

    @Test("radii too small are scaled up (F.6.6): half an ellipse centred on the chord")
    func radiiScaledUp() {
        // Circle: chord of 10 with radius 1 becomes radius 5 around the midpoint.
        let circle = Self.samples(Self.arcPath(from: [0, 0], rx: 1, ry: 1, large: false, sweep: true, to: [10, 0]))
        for p in circle {
            #expect(abs((((p - SIMD2(5, 0)) * (p - SIMD2(5, 0))).sum()).squareRoot() - 5) < 5 * 3e-4)
        }
        #expect(abs(Self.sweptAngle(circle, around: [5, 0]) - .pi) < 1e-9)
        // Sweep = true goes through increasing angles: from angle π via 3π/2 (y < 0) to 0.
        #expect(circle[circle.count / 2].y < -4.9)

        // Ellipse 2:1 rotated by 30°: Λ > 1 keeps the ratio; every point satisfies the
        // ellipse equation around the chord's midpoint.
        let phi = 30.0 * .pi / 180
        let start = SIMD2(0.0, 0.0), end = SIMD2(12.0, 5.0)
        let points = Self.samples(Self.arcPath(from: start, rx: 2, ry: 1, rotation: 30, large: true, sweep: false, to: end))
        let mid = (start + end) / 2
        let half = (start - end) / 2
        let x1 = cos(phi) * half.x + sin(phi) * half.y, y1 = -sin(phi) * half.x + cos(phi) * half.y
        let lambda = x1 * x1 / 4 + y1 * y1
        let rx = 2 * lambda.squareRoot(), ry = lambda.squareRoot()
        for p in points {
            let d = p - mid
            let u = cos(phi) * d.x + sin(phi) * d.y, v = -sin(phi) * d.x + cos(phi) * d.y
            #expect(abs((u * u / (rx * rx) + v * v / (ry * ry)).squareRoot() - 1) < 3e-4)
        }
    }

    @Test("a rotated ellipse arc with exact radii lies on the ellipse around the centre the flags choose")
    func rotatedEllipse() {
        let phi = 30.0 * .pi / 180
        let center = SIMD2(3.0, -2.0)
        func onEllipse(_ u: Double, _ v: Double) -> SIMD2<Double> {
            center + SIMD2(cos(phi) * u - sin(phi) * v, sin(phi) * u + cos(phi) * v)
        }
        let start = onEllipse(6, 0), end = onEllipse(0, 2)
        let path = Self.arcPath(from: start, rx: 6, ry: 2, rotation: 30, large: false, sweep: true, to: end)
        for p in Self.samples(path) {
            let d = p - center
            let u = cos(phi) * d.x + sin(phi) * d.y, v = -sin(phi) * d.x + cos(phi) * d.y
            #expect(abs((u * u / 36 + v * v / 4).squareRoot() - 1) < 3e-4)
            #expect(u >= -1e-9 && v >= -1e-9, "the small positive sweep stays in the first quadrant")
        }
    }

    @Test("a zero radius is a straight line; equal end points add nothing; signs of radii are ignored")
    func degenerate() {
        var path = VectorPath()
        path.move(to: [1, 2])
        path.arc(radiusX: 0, radiusY: 5, xAxisRotation: 0, largeArc: true, sweep: true, to: [7, 9])
        #expect(path.segments.last == .line([7, 9]))
        path.arc(radiusX: 4, radiusY: 4, xAxisRotation: 0, largeArc: true, sweep: true, to: [7, 9])
        #expect(path.segments.count == 2)
        let negative = Self.arcPath(from: [10, 0], rx: -10, ry: -10, large: false, sweep: true, to: [0, 10])
        let positive = Self.arcPath(from: [10, 0], rx: 10, ry: 10, large: false, sweep: true, to: [0, 10])
        #expect(negative == positive)
        // A non-finite radius degrades to a line rather than producing NaN points.
        let nan = Self.arcPath(from: [0, 0], rx: .nan, ry: 3, large: false, sweep: false, to: [4, 4])
        #expect(nan.segments.last == .line([4, 4]))
    }

    @Test("after close the arc starts from the subpath's start")
    func arcAfterClose() {
        var path = VectorPath()
        path.move(to: [10, 0]); path.line(to: [20, 0]); path.close()
        #expect(path.currentPoint == SIMD2(10, 0))
        path.arc(radiusX: 10, radiusY: 10, xAxisRotation: 0, largeArc: false, sweep: true, to: [0, 10])
        let last = path.segments.last
        guard case .cubic(let c1, _, let end) = last else { Issue.record("no cubic"); return }
        #expect(end == SIMD2(0, 10))
        // The first control point leaves (10, 0) along the circle's tangent (downwards).
        #expect(abs(c1.x - 10) < 1e-12 && c1.y > 0)
    }

    @Test("a full circle from two arcs has area πr²", arguments: [7.5, 30.0, 61.3])
    func fullCircleArea(radius: Double) throws {
        let side = Int(2 * radius) + 4
        let center = SIMD2(Double(side) / 2 + 0.37, Double(side) / 2 - 0.21)
        let mask = try renderPath(circlePath(center: center, radius: radius), width: side + 2, height: side + 2)
        let exact = Double.pi * radius * radius
        // Cubic arcs stray < 0.03 % outwards, chords 0.01 px inwards.
        #expect(abs(coveredArea(mask) - exact) / exact < 0.001 + 2 * 0.01 / radius)
    }
}
