import Foundation
import Testing
import _TestSupport
@testable import MorphKernel

/// `PixelEdge`, the straight edge across a pixel, against the float64 reference's coverage
/// (the half-plane clipped to the pixel's square) and against itself both ways.
struct PixelEdgeTests {
    @Test func coverageIsTheClippedAreaInSingleAndSixteenLanePrecision() {
        // Random fields V and slopes g, with the cases the formulas split on: along a row or
        // column, 45°, no slope, a slope under the floor. The edge is at d = V / max(|g|, f).
        var generator = SplitMix64(seed: 4242)
        var worstScalar: Float = 0, worstLanes: Float = 0
        for round in 0..<400 {
            let floor = [Float(1), 0.5, 0.05][round % 3]
            var v = SIMD16<Float>(), gx = SIMD16<Float>(), gy = SIMD16<Float>()
            for lane in 0..<16 {
                let angle = Float.random(in: 0..<(2 * .pi), using: &generator)
                let length = Float.random(in: 0.01...1.5, using: &generator)
                (gx[lane], gy[lane]) = (length * cos(angle), length * sin(angle))
                switch (round + lane) % 7 {
                case 0: gy[lane] = 0
                case 1: gx[lane] = 0
                case 2: gy[lane] = gx[lane]
                case 3: (gx[lane], gy[lane]) = (0, 0)
                default: break
                }
                let slope = max((gx[lane] * gx[lane] + gy[lane] * gy[lane]).squareRoot(), floor)
                v[lane] = Float.random(in: -0.9...0.9, using: &generator) * slope
            }
            var lanes = SIMD16<Float>()
            for quarter in 0..<4 {
                let r = 4 * quarter..<(4 * quarter + 4)
                let a = PixelEdge.coverage(
                    field: SIMD4(v[r.lowerBound], v[r.lowerBound + 1], v[r.lowerBound + 2], v[r.lowerBound + 3]),
                    gx: SIMD4(gx[r.lowerBound], gx[r.lowerBound + 1], gx[r.lowerBound + 2], gx[r.lowerBound + 3]),
                    gy: SIMD4(gy[r.lowerBound], gy[r.lowerBound + 1], gy[r.lowerBound + 2], gy[r.lowerBound + 3]), floor: floor)
                for lane in 0..<4 { lanes[4 * quarter + lane] = a[lane] }
            }
            for lane in 0..<16 {
                let length = (gx[lane] * gx[lane] + gy[lane] * gy[lane]).squareRoot()
                let d = v[lane] / max(length, floor)
                let scalar = PixelEdge.coverage(distance: d, normal: SIMD2(gx[lane], gy[lane]))
                let normal = length > 0 ? (Double(gx[lane] / length), Double(gy[lane] / length)) : (1.0, 0.0)
                let reference = Float(ReferenceDistanceMorph.coverage(distance: Double(d), normal: normal))
                worstScalar = max(worstScalar, abs(scalar - reference))
                worstLanes = max(worstLanes, abs(lanes[lane] - reference))
            }
        }
        #expect(worstScalar < 1e-5, "one pixel against the clipped area: \(worstScalar)")
        #expect(worstLanes < 1e-5, "4 pixels at a time against the clipped area: \(worstLanes)")
    }

    @Test func offsetInvertsCoverage() {
        var generator = SplitMix64(seed: 77)
        for _ in 0..<2000 {
            let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
            let normal = SIMD2(cos(angle), sin(angle))
            let a = Double.random(in: 0.001...0.999, using: &generator)
            let d = PixelEdge.offset(coverage: a, normal: normal)
            let back = ReferenceDistanceMorph.coverage(distance: d, normal: (normal.x, normal.y))
            #expect(abs(back - a) < 1e-9, "angle \(angle), coverage \(a): offset \(d) covers \(back)")
        }
    }
}
