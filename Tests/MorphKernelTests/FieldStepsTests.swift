import Testing
import _TestSupport
@testable import MorphKernel

/// What the distance frames' shortcuts rest on: each field's steepest step (`FieldSteps`),
/// measured, bounds that of every frame mixed and blurred from the fields.
struct FieldStepsTests {
    /// The largest |difference| of two pixels next to each other in a row or a column, in
    /// double precision.
    static func steepest(_ values: [Float], width: Int, height: Int) -> Double {
        var step = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let v = Double(values[y * width + x])
                if x > 0 { step = max(step, abs(v - Double(values[y * width + x - 1]))) }
                if y > 0 { step = max(step, abs(v - Double(values[(y - 1) * width + x]))) }
            }
        }
        return step
    }

    @Test func theStepIsTheLargestDifference() {
        var generator = SplitMix64(seed: 404)
        for _ in 0..<40 {
            let width = Int.random(in: 1...20, using: &generator), height = Int.random(in: 1...20, using: &generator)
            let values = (0..<(width * height)).map { _ in Float.random(in: -30...30, using: &generator) }
            let step = Self.steepest(values, width: width, height: height)
            let measured = FieldSteps.steepest(values, width: width, height: height)
            #expect(abs(Double(measured) - step) <= 1e-5 * max(1, step), "\(width)×\(height)")
        }
    }

    @Test func realIconFieldsStepAboutAsDistancesDo() throws {
        // A distance steps by at most 1 a pixel.
        for name in ["play", "heart", "star", "bell", "gear"] {
            let step = SignedDistanceFieldTests.field(try DistanceStyleReferenceTests.mask(name)).steepestStep
            #expect(step >= 0.99 && step <= 1.05, "\(name): step \(step)")
        }
    }

    @Test func framesStepNoMoreThanTheirFields() {
        // V over the whole canvas of frames mixed and blurred from masks of noise: no step
        // beyond the fields' steepest.
        var generator = SplitMix64(seed: 77)
        for _ in 0..<24 {
            let (fs, ft, _, renderer) = DistanceFrameRendererTests.noiseCase(&generator, widths: 2...48, heights: 2...48, radii: 0...20)
            let (width, height) = (fs.width, fs.height)
            let iconS = IconField(field: fs, padding: renderer.padding), iconT = IconField(field: ft, padding: renderer.padding)
            let bound = Double(max(fs.steepestStep, ft.steepestStep))
            for p in [0.1, 0.5, 0.8] {
                let values = renderer.capturedField(source: iconS, target: iconT, progress: p, capture: nil).values
                let step = Self.steepest(values, width: width, height: height)
                #expect(step <= bound * 1.0001 + 1e-5, "\(width)×\(height), p = \(p): \(step) over \(bound)")
            }
        }
    }
}
