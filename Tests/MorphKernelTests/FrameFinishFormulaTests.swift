import Testing
import _TestSupport
@testable import MorphKernel

/// The finishing formulas on their own: "over" against float64 for every alpha, and Oklab
/// against the published matrices.
@Suite struct FrameFinishFormulaTests {
    @Test func compositingMatchesFloat64Everywhere() {
        let colors: [[UInt8]] = [[0, 0, 0], [255, 255, 255], [0x34, 0x78, 0xF6], [255, 59, 48], [1, 254, 128]]
        let backgrounds: [[UInt8]] = [
            [255, 255, 255, 255], [0, 0, 0, 255], [32, 64, 96, 128], [200, 10, 90, 1], [17, 34, 51, 254], [9, 9, 9, 0],
        ]
        var checked = 0
        for color in colors {
            for background in backgrounds {
                let tint = TintColor(red: color[0], green: color[1], blue: color[2])
                let behind = TintColor(red: background[0], green: background[1], blue: background[2], alpha: background[3])
                for alpha in 0...255 {
                    let got = FrameFinish.over(tint, alpha: alpha, background: behind)
                    let want = referenceOver(color, alpha: UInt8(alpha), background: background)
                    #expect([got.red, got.green, got.blue, got.alpha] == want, "\(color) at \(alpha) over \(background)")
                    checked += 1
                }
            }
        }
        #expect(checked == 5 * 6 * 256)
    }

    @Test func oklabKnownValuesAndRoundTrip() {
        // Published values: sRGB red is oklab(0.62796 0.22486 0.12585), white (1, 0, 0).
        let red = Oklab(red: 255, green: 0, blue: 0)
        #expect(abs(red.L - 0.62796) < 1e-4 && abs(red.a - 0.22486) < 1e-4 && abs(red.b - 0.12585) < 1e-4, "\(red)")
        let white = Oklab(red: 255, green: 255, blue: 255)
        #expect(abs(white.L - 1) < 1e-4 && abs(white.a) < 1e-4 && abs(white.b) < 1e-4, "\(white)")
        // Every 17th level of each channel comes back exactly, and agrees with the reference.
        var mismatches = 0
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let lab = Oklab(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    let back = lab.srgb
                    if [back.red, back.green, back.blue] != [UInt8(r), UInt8(g), UInt8(b)] { mismatches += 1 }
                    let reference = ReferenceOklab.lab([UInt8(r), UInt8(g), UInt8(b)])
                    if abs(reference[0] - lab.L) > 1e-9 || abs(reference[1] - lab.a) > 1e-9 || abs(reference[2] - lab.b) > 1e-9 {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
