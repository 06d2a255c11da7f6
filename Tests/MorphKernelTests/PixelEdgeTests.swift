import Foundation
import Testing
import _TestSupport
@testable import MorphKernel

/// `PixelEdge`, the straight edge across a pixel, against the float64 reference's coverage
/// (the half-plane clipped to the pixel's square) and against itself both ways.
struct PixelEdgeTests {
    @Test func coverageIsTheClippedAreaFourPixelsAtATime() {
        // Random fields V and slopes g, with the cases the formulas split on: along a row or
        // column, 45°, no slope, slopes under the floor. The edge is at d = V / max(|g|, f),
        // its normal along (|gx| + f − |g|, gy) under the floor, along g above it.
        var generator = SplitMix64(seed: 4242)
        var worst: Float = 0
        for round in 0..<400 {
            let floor = [Float(1), 0.5, 0.05][round % 3]
            var v = SIMD4<Float>(), gx = SIMD4<Float>(), gy = SIMD4<Float>()
            for lane in 0..<4 {
                let angle = Float.random(in: 0..<(2 * .pi), using: &generator)
                let length = Float.random(in: 0.001...1.5, using: &generator)
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
            let lanes = PixelEdge.coverage(field: v, gx: gx, gy: gy, floor: floor)
            for lane in 0..<4 {
                let slope = Double((gx[lane] * gx[lane] + gy[lane] * gy[lane]).squareRoot())
                let f = Double(floor)
                let d = Double(v[lane]) / max(slope, f)
                let normal = (abs(Double(gx[lane])) + max(f - slope, 0), Double(gy[lane]))
                let length = (normal.0 * normal.0 + normal.1 * normal.1).squareRoot()
                let reference = Float(ReferenceDistanceMorph.coverage(distance: d, normal: (normal.0 / length, normal.1 / length)))
                worst = max(worst, abs(lanes[lane] - reference))
            }
        }
        #expect(worst < 1e-5, "against the clipped area: \(worst)")
    }

    @Test func coverageTurnsToTheRowAsTheSlopeVanishes() {
        // At a saddle the slope can round to 0 in one precision and not in another: α must not
        // leap with its direction. Slopes of 10⁻⁶ in every direction give α within 10⁻⁵ of
        // the slope-free edge along the row.
        let v = SIMD4<Float>(-0.3, -0.1, 0.2, 0.45), floor: Float = 0.05
        let flat = PixelEdge.coverage(field: v, gx: .zero, gy: .zero, floor: floor)
        for angle in stride(from: Float(0), to: 2 * .pi, by: 0.3) {
            let tiny = PixelEdge.coverage(
                field: v, gx: SIMD4(repeating: 1e-6 * cos(angle)), gy: SIMD4(repeating: 1e-6 * sin(angle)), floor: floor)
            for lane in 0..<4 {
                #expect(abs(tiny[lane] - flat[lane]) < 1e-5, "angle \(angle), V \(v[lane]): \(tiny[lane]) against \(flat[lane])")
                #expect(abs(flat[lane] - min(1, max(0, 0.5 + v[lane] / floor))) < 1e-6)
            }
        }
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
