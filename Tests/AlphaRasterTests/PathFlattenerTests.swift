@testable import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// Records the polyline the flattener emits.
private struct Recorder: FlattenSink {
    var points: [SIMD2<Double>] = []
    mutating func moveTo(_ p: SIMD2<Double>) { points.append(p) }
    mutating func lineTo(_ p: SIMD2<Double>, smooth: Bool) { points.append(p) }
    mutating func closeSubpath() {}
}

@Suite("Path flattening: chords within the tolerance")
struct PathFlattenerTests {
    static func cubicPoint(_ p: [SIMD2<Double>], _ t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return u * u * u * p[0] + 3 * u * u * t * p[1] + 3 * u * t * t * p[2] + t * t * t * p[3]
    }

    static func quadPoint(_ p: [SIMD2<Double>], _ t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return u * u * p[0] + 2 * u * t * p[1] + t * t * p[2]
    }

    /// Distance from `p` to the segment a–b.
    static func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let denominator = (ab * ab).sum()
        let t = denominator > 0 ? min(max((ap * ab).sum() / denominator, 0), 1) : 0
        let d = ap - t * ab
        return (d * d).sum().squareRoot()
    }

    /// Flattens one curve (in user units) mapped by `transform`; returns the mapped control
    /// points and the polyline.
    static func flatten(
        _ control: [SIMD2<Double>], transform: VectorTransform, tolerance: Double
    ) -> (mapped: [SIMD2<Double>], polyline: [SIMD2<Double>]) {
        var path = VectorPath()
        path.move(to: control[0])
        if control.count == 3 { path.quad(control: control[1], to: control[2]) }
        else { path.cubic(control1: control[1], control2: control[2], to: control[3]) }
        var recorder = Recorder()
        PathFlattener(transform: transform, tolerance: tolerance, cullBox: nil).flatten(path, into: &recorder)
        return (control.map(transform.apply), recorder.points)
    }

    static let transforms: [VectorTransform] = [
        .identity,
        .scale(5.5, 5.5),
        .scale(40, 3),
        VectorTransform.rotation(degrees: 33).followed(by: .scale(12, 12)).followed(by: .translation(7, -3)),
        VectorTransform.skewX(degrees: 50).followed(by: .scale(3, 9)),
    ]

    static let curves: [[SIMD2<Double>]] = [
        [[0, 0], [10, 20], [20, -5], [30, 10]],     // S-shaped cubic
        [[0, 0], [0, 10], [10, 10], [10, 0]],       // arch
        [[0, 0], [30, 30], [-10, 30], [20, 0]],     // loop
        [[0, 0], [12, 0], [12, 0], [12, 0]],        // degenerate: controls at the end
        [[0, 0], [10, 15], [20, 0]],                // quadratic
        [[0, 0], [40, 1], [-3, 2]],                 // quadratic with a cusp-like turn
    ]

    @Test("every chord stays within the tolerance of its curve (parametric distance, dense check)",
          arguments: [0.1, 0.01])
    func deviation(tolerance: Double) {
        for transform in Self.transforms {
            for control in Self.curves {
                let (mapped, polyline) = Self.flatten(control, transform: transform, tolerance: tolerance)
                let n = polyline.count - 1
                #expect(polyline.first == mapped.first && polyline.last == mapped.last)
                var worst = 0.0
                for i in 0..<n {
                    for k in 0...64 {
                        let s = Double(k) / 64
                        let t = (Double(i) + s) / Double(n)
                        let curve = mapped.count == 3 ? Self.quadPoint(mapped, t) : Self.cubicPoint(mapped, t)
                        let chord = polyline[i] + s * (polyline[i + 1] - polyline[i])
                        worst = max(worst, ((curve - chord) * (curve - chord)).sum().squareRoot())
                    }
                }
                #expect(worst <= tolerance * (1 + 1e-9), "deviation \(worst) > \(tolerance) for \(control) under \(transform)")
                // And the Hausdorff view: dense curve points lie near the polyline.
                var farthest = 0.0
                for k in 0...1000 {
                    let t = Double(k) / 1000
                    let p = mapped.count == 3 ? Self.quadPoint(mapped, t) : Self.cubicPoint(mapped, t)
                    var nearest = Double.infinity
                    // The chords next to the point's own piece suffice for an upper bound.
                    let own = min(Int(t * Double(n)), n - 1)
                    for i in max(0, own - 1)...min(n - 1, own + 1) {
                        nearest = min(nearest, Self.distance(p, polyline[i], polyline[i + 1]))
                    }
                    farthest = max(farthest, nearest)
                }
                #expect(farthest <= tolerance * (1 + 1e-9))
            }
        }
    }

    @Test("the piece count is Wang's bound n = ⌈√(k(k−1)·D / (8·tol))⌉")
    func pieceCount() {
        for transform in Self.transforms {
            for control in Self.curves {
                let (mapped, polyline) = Self.flatten(control, transform: transform, tolerance: 0.05)
                func secondDifference(_ i: Int) -> Double {
                    let d = mapped[i] - 2 * mapped[i + 1] + mapped[i + 2]
                    return (d * d).sum().squareRoot()
                }
                let degree = Double(mapped.count - 1)
                let d = (0..<(mapped.count - 2)).map(secondDifference).max()!
                let expected = max(1, Int((degree * (degree - 1) * d / (8 * 0.05)).squareRoot().rounded(.up)))
                #expect(polyline.count - 1 == expected)
            }
        }
    }

    @Test("for a quadratic the bound is tight: the deviation is D/(4n²), so n − 1 pieces would not do")
    func quadraticTightness() {
        let control: [SIMD2<Double>] = [[0, 0], [10, 40], [20, 0]]
        let tolerance = 0.1
        let (mapped, polyline) = Self.flatten(control, transform: .identity, tolerance: tolerance)
        let n = polyline.count - 1
        let d = ((mapped[0] - 2 * mapped[1] + mapped[2]) * (mapped[0] - 2 * mapped[1] + mapped[2])).sum().squareRoot()
        // At the middle of each piece the parametric error is exactly D/(4n²).
        let mid = Self.quadPoint(mapped, 0.5 / Double(n))
        let chordMid = (polyline[0] + polyline[1]) / 2
        let error = ((mid - chordMid) * (mid - chordMid)).sum().squareRoot()
        #expect(abs(error - d / (4 * Double(n * n))) < 1e-9)
        #expect(d / (4 * Double((n - 1) * (n - 1))) > tolerance)
    }

    @Test("a rendered circle at several scales keeps the area within the flattening bound")
    func renderedCircleAtScales() throws {
        for scale in [0.5, 3.0, 17.0] {
            let radius = 2.0 * scale
            let side = Int(radius * 2) + 6
            let path = circlePath(center: [1, 1], radius: 2).transformed(by: .identity)
            let transform = VectorTransform.scale(scale, scale).followed(by: .translation(Double(side) / 2 - scale, Double(side) / 2 - scale))
            let mask = try renderPath(path, transform: transform, width: side, height: side)
            let exact = Double.pi * radius * radius
            // Inscribed chords lose at most perimeter × tolerance; cubic arcs add < 0.03 %.
            let bound = 2 * Double.pi * radius * 0.01 + exact * 3e-4 + 0.02 * Double(side)
            #expect(abs(coveredArea(mask) - exact) < bound, "scale \(scale)")
        }
    }
}
