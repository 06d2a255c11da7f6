import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@Suite("Vector transforms")
struct VectorTransformTests {
    static func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-12) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test("rotation, skew, translation and scale map points as SVG says")
    func basicMaps() {
        #expect(VectorTransform.rotation(degrees: 90).apply([1, 0]) == SIMD2(0, 1))
        #expect(VectorTransform.rotation(degrees: 180).apply([1, 2]) == SIMD2(-1, -2))
        #expect(VectorTransform.rotation(degrees: -90).apply([1, 0]) == SIMD2(0, -1))
        let r30 = VectorTransform.rotation(degrees: 30).apply([2, 0])
        #expect(Self.close(r30, [2 * cos(.pi / 6), 2 * sin(.pi / 6)]))
        #expect(Self.close(VectorTransform.skewX(degrees: 45).apply([0, 1]), [1, 1]))
        #expect(Self.close(VectorTransform.skewY(degrees: 45).apply([1, 0]), [1, 1]))
        #expect(VectorTransform.translation(3, -4).apply([1, 1]) == SIMD2(4, -3))
        #expect(VectorTransform.scale(2, 3).apply([1, 1]) == SIMD2(2, 3))
        // Rotation about a point keeps that point.
        let about = VectorTransform.rotation(degrees: 73, around: [5, -2])
        #expect(Self.close(about.apply([5, -2]), [5, -2]))
        #expect(Self.close(about.apply([6, -2]), [5 + cos(73 * .pi / 180), -2 + sin(73 * .pi / 180)]))
    }

    @Test("followed(by:) applies self first; concatenating applies the argument first")
    func composition() {
        let t = VectorTransform.translation(10, 0), r = VectorTransform.rotation(degrees: 90)
        let p = SIMD2(1.0, 0.0)
        #expect(Self.close(t.followed(by: r).apply(p), r.apply(t.apply(p))))
        #expect(Self.close(t.followed(by: r).apply(p), [0, 11]))
        #expect(Self.close(r.followed(by: t).apply(p), [10, 1]))
        #expect(r.concatenating(t) == t.followed(by: r))
        var rng = SplitMix64(seed: 3)
        for _ in 0..<50 {
            func random() -> VectorTransform {
                VectorTransform(
                    a: .random(in: -3...3, using: &rng), b: .random(in: -3...3, using: &rng),
                    c: .random(in: -3...3, using: &rng), d: .random(in: -3...3, using: &rng),
                    e: .random(in: -9...9, using: &rng), f: .random(in: -9...9, using: &rng))
            }
            let a = random(), b = random(), c = random()
            let q = SIMD2(Double.random(in: -5...5, using: &rng), Double.random(in: -5...5, using: &rng))
            #expect(Self.close(a.followed(by: b).followed(by: c).apply(q), a.followed(by: b.followed(by: c)).apply(q), 1e-9))
            if let inverse = a.inverse {
                #expect(Self.close(inverse.apply(a.apply(q)), q, 1e-6))
            }
        }
        #expect(VectorTransform.scale(0, 1).inverse == nil)
    }

    @Test("scaleFactor is the largest stretch: the larger singular value")
    func scaleFactor() {
        #expect(abs(VectorTransform.scale(3, -5).scaleFactor - 5) < 1e-12)
        #expect(abs(VectorTransform.rotation(degrees: 37).scaleFactor - 1) < 1e-12)
        // [1 1; 0 1] has singular values φ and 1/φ.
        #expect(abs(VectorTransform.skewX(degrees: 45).scaleFactor - (1 + 5.0.squareRoot()) / 2) < 1e-12)
        // Brute force over directions for a random map.
        let m = VectorTransform(a: 1.3, b: -0.4, c: 2.2, d: 0.7, e: 5, f: 6)
        let brute = (0..<100_000).map { i -> Double in
            let angle = Double(i) / 100_000 * .pi
            let v = m.applyLinear([cos(angle), sin(angle)])
            return (v * v).sum().squareRoot()
        }.max()!
        #expect(abs(m.scaleFactor - brute) < 1e-6)
        #expect(VectorTransform.scale(1e-300, 1e-300).scaleFactor > 0)
        #expect(VectorTransform.scale(1e300, 1e300).scaleFactor.isFinite)
    }

    @Test("a rotated square keeps its area; a skewed one too (determinant 1)")
    func areaPreserved() throws {
        let square = rectanglePath(x: -10, y: -10, width: 20, height: 20)
        for degrees in [0.0, 17.0, 30.0, 45.0, 71.3] {
            let transform = VectorTransform.rotation(degrees: degrees).followed(by: .translation(24.3, 23.8))
            let mask = try renderPath(square, transform: transform, width: 48, height: 48)
            // Byte rounding moves each of the ~110 edge pixels by up to half a level, and on
            // a regular edge in the same direction.
            #expect(abs(coveredArea(mask) - 400) < 0.25, "\(degrees)°: \(coveredArea(mask))")
            // Every pixel against the exact clipped area of the rotated square, computed here.
            let angle = degrees * .pi / 180
            let corners = [SIMD2(-10.0, -10.0), [10, -10], [10, 10], [-10, 10]].map { p in
                SIMD2(24.3 + cos(angle) * p.x - sin(angle) * p.y, 23.8 + sin(angle) * p.x + cos(angle) * p.y)
            }
            let exact = VectorOracleTests.exactCoverage(corners, width: 48, height: 48)
            #expect(VectorOracleTests.compare(mask: mask, oracle: exact).worst <= 0.5 + 1e-3)
        }
        let skewed = try renderPath(square, transform: VectorTransform.skewX(degrees: 30).followed(by: .translation(24, 24)), width: 48, height: 48)
        #expect(abs(coveredArea(skewed) - 400) < 0.25)
        // A mirror (negative determinant) fills the same area.
        let mirrored = try renderPath(square, transform: VectorTransform.scale(-1, 1).followed(by: .translation(24, 24)), width: 48, height: 48)
        #expect(abs(coveredArea(mirrored) - 400) < 1e-6)
    }

    @Test("transformed(by:) maps every point; rendering a transformed path equals rendering with the transform")
    func transformedPath() throws {
        var path = VectorPath()
        path.move(to: [2, 3]); path.quad(control: [9, 1], to: [12, 8]); path.cubic(control1: [10, 14], control2: [3, 12], to: [2, 9]); path.close()
        let transform = VectorTransform.rotation(degrees: 20).followed(by: .scale(1.7, 2.1)).followed(by: .translation(6, 2))
        let a = try renderPath(path.transformed(by: transform), width: 40, height: 40)
        let b = try renderPath(path, transform: transform, width: 40, height: 40)
        #expect(a == b)
        #expect(path.transformed(by: transform).segments.count == path.segments.count)
        let bounds = try #require(path.controlBounds)
        #expect(bounds.min == SIMD2(2, 1) && bounds.max == SIMD2(12, 14))
    }
}
