import Testing
@testable import PathMorph

/// The SVG path data the exports write.
struct SVGPathDataTests {
    @Test func numbersAreRoundedWithoutTrailingZeros() {
        #expect(PathContour.formatNumber(12.5) == "12.5")
        #expect(PathContour.formatNumber(-0.1254) == "-0.125")
        #expect(PathContour.formatNumber(3.0004) == "3")
        #expect(PathContour.formatNumber(-0.0004) == "0")
        #expect(PathContour.formatNumber(1234.56789, decimals: 2) == "1234.57")
        #expect(PathContour.formatNumber(0.05, decimals: 0) == "0")
        #expect(PathContour.formatNumber(7, decimals: 6) == "7")
        // Up to 12 places (an animation's key times in a long play).
        #expect(PathContour.formatNumber(1.0 / 3_601_000, decimals: 9) == "0.000000278")
        #expect(PathContour.formatNumber(0.5, decimals: 20) == "0.5")
        // Too large for the places asked: whole numbers, with no ".0", then an exponent.
        #expect(PathContour.formatNumber(1e14, decimals: 3) == "100000000000000")
        #expect(PathContour.formatNumber(-9e15, decimals: 0) == "-9000000000000000")
        #expect(PathContour.formatNumber(1e16 + 0.5, decimals: 3) == "10000000000000000")
        #expect(PathContour.formatNumber(2e19) == "2e+19" && Double(PathContour.formatNumber(-2e19)) == -2e19)
    }

    @Test func numbersReadBackWithinHalfAUnit() {
        var x = -1000.0
        while x < 1000 {
            let text = PathContour.formatNumber(x)
            #expect(abs(Double(text)! - x) <= 0.0005 + 1e-12, "\(x) → \(text)")
            x += 0.7371
        }
    }

    @Test func contoursBecomeMoveCurvesAndClose() {
        let contour = PathContour(start: SIMD2(1, 2), curves: [
            .init(control1: SIMD2(3, 4), control2: SIMD2(5, 6), end: SIMD2(7, 8)),
            .init(lineFrom: SIMD2(7, 8), to: SIMD2(1, 2)),
        ])
        #expect(PathContour.svgPathData([contour, contour]) ==
                "M1 2 C3 4 5 6 7 8 C5 6 3 4 1 2 Z M1 2 C3 4 5 6 7 8 C5 6 3 4 1 2 Z")
    }
}
