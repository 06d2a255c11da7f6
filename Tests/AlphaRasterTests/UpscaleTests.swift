import Testing
import IconMorphPNG
import PNGCodec
@testable import AlphaRaster

@Suite struct UpscaleTests {
    @Test func aHardEdgeBecomesAMonotoneRamp() throws {
        // Alpha 0 in the left half, 255 in the right half; 8× upscale.
        let image = alphaImage(width: 8, height: 4) { x, _ in x < 4 ? 0 : 255 }
        let mask = try AlphaMask(image: image, box: IconBox(width: 64, height: 32, scale: 1), source: .alpha)
        for y in 0..<32 {
            let row = Array(mask.pixels[(y * 64)..<(y * 64 + 64)])
            #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 }, "row \(y) not monotone")
            let between = row.filter { $0 > 0 && $0 < 255 }.count
            // The ramp spans one source pixel (centre to centre): 8 mask pixels.
            #expect(between >= 6, "row \(y): only \(between) intermediate values")
            #expect(row.first == 0 && row.last == 255)
        }
        // Nearest-neighbour would jump 0 → 255 at x = 32; the ramp is centred there instead.
        #expect(mask.pixels[31] > 64 && mask.pixels[31] < 128)
        #expect(mask.pixels[32] > 128 && mask.pixels[32] < 192)
    }

    @Test func aGradientHasNoBlocks() throws {
        // Alpha rises 15 per source pixel; 8× upscale should rise smoothly, not in steps.
        let image = alphaImage(width: 16, height: 3) { x, _ in UInt8(15 * x + 7) }
        let mask = try AlphaMask(image: image, box: IconBox(width: 128, height: 24, scale: 1), source: .alpha)
        let row = Array(mask.pixels[(12 * 128)..<(13 * 128)])
        var longest = 1, run = 1
        for i in 1..<row.count {
            run = row[i] == row[i - 1] ? run + 1 : 1
            longest = max(longest, run)
        }
        // Only the flat outer half pixel (4 mask pixels) may repeat; a blocky upscale repeats 8.
        #expect(longest <= 4, "longest run \(longest)")
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test(arguments: [(10, 7, 80.0, 56.0), (10, 7, 33.0, 23.0), (5, 9, 17.0, 40.0), (1, 1, 9.0, 6.0)])
    func theMeanIsPreserved(width: Int, height: Int, boxWidth: Double, boxHeight: Double) throws {
        let image = randomImage(width: width, height: height, seed: UInt64(width * 100 + height))
        let mask = try AlphaMask(image: image, box: IconBox(width: boxWidth, height: boxHeight, scale: 1), source: .alpha)
        let f = min(boxWidth / Double(width), boxHeight / Double(height))
        let expected = alphaPlane(image).reduce(0, +) * f * f
        let actual = Double(mask.pixels.reduce(0) { $0 + Int($1) })
        // Only per-pixel rounding moves the total: up to 0.5 on each partly covered border pixel
        // (their errors can all point the same way), about ±0.3 at random inside.
        let fw = Double(width) * f, fh = Double(height) * f
        let tolerance = 0.5 * 2 * (fw + fh + 2) + 2 * (fw * fh).squareRoot()
        #expect(abs(actual - expected) <= tolerance, "\(actual) vs \(expected)")
    }

    @Test(arguments: [(6, 5, IconBox(width: 23, height: 19, scale: 1)),
                      (4, 7, IconBox(width: 10, height: 12, scale: 1.5, padding: 1)),
                      (9, 9, IconBox(width: 10, height: 10, scale: 1)),
                      (1, 3, IconBox(width: 7, height: 7, scale: 1))])
    func matchesTheNumericalTentReference(width: Int, height: Int, box: IconBox) throws {
        let image = randomImage(width: width, height: height, seed: 99)
        let mask = try AlphaMask(image: image, box: box, source: .alpha)
        let fit = Fit(imageWidth: width, imageHeight: height, boxWidth: try box.layout().boxWidth,
                      boxHeight: try box.layout().boxHeight, padding: try box.layout().padding)
        let reference = referenceTentResample(alphaPlane(image), width: width, height: height, fit: fit)
        // 0.5 rounding plus the midpoint rule's error (≈ 0.01 for these slopes and 24² samples).
        #expect(maxDifference(mask.pixels, reference) <= 0.55)
    }

    @Test func anOpaqueImageStaysOpaqueInside() throws {
        // Edge clamping: no darkening at the image border, only partial coverage outside it.
        let image = alphaImage(width: 5, height: 3) { _, _ in 255 }
        let mask = try AlphaMask(image: image, box: IconBox(width: 20, height: 20, scale: 1), source: .alpha)
        // f = 4: the image fills rows 4...15 exactly, full width.
        for y in 0..<20 {
            let expected: UInt8 = (4..<16).contains(y) ? 255 : 0
            #expect(mask.pixels[(y * 20)..<(y * 20 + 20)].allSatisfy { $0 == expected }, "row \(y)")
        }
    }
}
