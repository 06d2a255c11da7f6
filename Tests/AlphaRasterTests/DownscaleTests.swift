import Testing
import IconMorphPNG
import PNGCodec
@testable import AlphaRaster

@Suite struct DownscaleTests {
    struct Case: Sendable, CustomStringConvertible {
        var imageWidth: Int, imageHeight: Int
        var box: IconBox
        var description: String { "\(imageWidth)×\(imageHeight) into \(box)" }
    }

    static let cases: [Case] = [
        Case(imageWidth: 53, imageHeight: 41, box: IconBox(width: 17, height: 13, scale: 1, padding: 2)),
        Case(imageWidth: 100, imageHeight: 100, box: IconBox(width: 37, height: 37, scale: 1)),
        Case(imageWidth: 64, imageHeight: 30, box: IconBox(width: 14, height: 14, scale: 1.5, padding: 1)),
        Case(imageWidth: 29, imageHeight: 71, box: IconBox(width: 9.5, height: 20, scale: 2)),
        Case(imageWidth: 7, imageHeight: 90, box: IconBox(width: 11, height: 11, scale: 1)),
        Case(imageWidth: 40, imageHeight: 40, box: IconBox(width: 40, height: 40, scale: 1, padding: 3)),
        Case(imageWidth: 40, imageHeight: 39, box: IconBox(width: 40, height: 40, scale: 1)),
    ]

    @Test(arguments: cases)
    func matchesTheTwoDimensionalAreaReference(c: Case) throws {
        for (seed, source) in [(UInt64(3), MaskSource.alpha), (UInt64(4), .luminance)] {
            let image = randomImage(width: c.imageWidth, height: c.imageHeight, seed: seed)
            let mask = try AlphaMask(image: image, box: c.box, source: source)
            let fit = Fit(imageWidth: c.imageWidth, imageHeight: c.imageHeight,
                          boxWidth: try c.box.layout().boxWidth, boxHeight: try c.box.layout().boxHeight,
                          padding: try c.box.layout().padding)
            #expect(mask.width == fit.maskWidth && mask.height == fit.maskHeight)
            let plane: [Double] = source == .alpha
                ? alphaPlane(image)
                : (0..<(c.imageWidth * c.imageHeight)).map {
                    let p = image.pixels[($0 * 4)..<($0 * 4 + 4)].map(Double.init)
                    return (255 - (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2])) * p[3] / 255
                }
            let reference = referenceAreaResample(plane, width: c.imageWidth, height: c.imageHeight, fit: fit)
            // Rounding accounts for 0.5; the rest is float accumulation.
            #expect(maxDifference(mask.pixels, reference) <= 0.501, "\(source)")
        }
    }

    @Test func integerRatioIsTheBlockAverage() throws {
        let image = randomImage(width: 64, height: 48, seed: 21)
        let mask = try AlphaMask(image: image, box: IconBox(width: 16, height: 12, scale: 1), source: .alpha)
        let alpha = alphaPlane(image)
        #expect(mask.width == 16 && mask.height == 12)
        for y in 0..<12 {
            for x in 0..<16 {
                var sum = 0.0
                for dy in 0..<4 { for dx in 0..<4 { sum += alpha[(4 * y + dy) * 64 + 4 * x + dx] } }
                let block = (sum / 16).rounded()
                #expect(abs(Double(mask.pixels[y * 16 + x]) - block) <= 1)
            }
        }
    }

    @Test func totalCoverageIsPreserved() throws {
        // 90 → 40 (f = 4/9): the fitted image covers whole mask pixels exactly.
        let image = randomImage(width: 90, height: 90, seed: 5)
        let mask = try AlphaMask(image: image, box: IconBox(width: 40, height: 40, scale: 1), source: .alpha)
        let f = 40.0 / 90.0
        let expected = alphaPlane(image).reduce(0, +) / 255 * f * f
        let actual = Double(mask.pixels.reduce(0) { $0 + Int($1) }) / 255
        // 1600 independent roundings of ±0.5 levels: well under 0.1 % of the total here.
        #expect(abs(actual - expected) <= 0.001 * expected, "\(actual) vs \(expected)")
    }

    @Test func aCheckerboardDoesNotAlias() throws {
        // 1-pixel checkerboard, 256 → 37 (footprint ≈ 6.92 px, non-integer).
        let image = alphaImage(width: 256, height: 256) { x, y in (x + y) % 2 == 0 ? 255 : 0 }
        let mask = try AlphaMask(image: image, box: IconBox(width: 37, height: 37, scale: 1), source: .alpha)
        // The checkerboard's integral over any rectangle differs from half its area by at most
        // half a pixel's worth (∫ of an alternating ±1 over an interval is within ±1 per axis).
        let footprint = 256.0 / 37.0
        let bound = 127.5 / (footprint * footprint) + 0.5 + 1e-3
        let worst = mask.pixels.map { abs(Double($0) - 127.5) }.max()!
        #expect(worst <= bound, "worst deviation \(worst) levels, bound \(bound)")
        #expect(worst <= 4)
    }

    @Test func everySourcePixelContributes() throws {
        // A 2×2 opaque block at every position of a 20×20 image, into 7×7 (f = 0.35): its
        // area 4 × 0.35² mask pixels × 255 must arrive whole, wherever it sits.
        let f = 7.0 / 20.0
        for by in 0..<19 {
            for bx in 0..<19 {
                let image = alphaImage(width: 20, height: 20) { x, y in
                    (bx...bx + 1).contains(x) && (by...by + 1).contains(y) ? 255 : 0
                }
                let mask = try AlphaMask(image: image, box: IconBox(width: 7, height: 7, scale: 1), source: .alpha)
                let total = Double(mask.pixels.reduce(0) { $0 + Int($1) })
                // The block touches at most 2 × 2 mask pixels, each rounded by at most 0.5.
                #expect(abs(total - 4 * f * f * 255) <= 2, "block at \(bx),\(by): \(total)")
            }
        }
    }

    @Test(arguments: [(3000, 1, IconBox(width: 5, height: 5, scale: 1)),
                      (1, 2000, IconBox(width: 1, height: 1, scale: 1)),
                      (2000, 3, IconBox(width: 3, height: 60, scale: 0.5, padding: 1)),
                      (1, 1, IconBox(width: 3, height: 1, scale: 1))])
    func extremeShapesMatchTheReference(width: Int, height: Int, box: IconBox) throws {
        let image = randomImage(width: width, height: height, seed: 13)
        let mask = try AlphaMask(image: image, box: box, source: .alpha)
        let fit = Fit(imageWidth: width, imageHeight: height, boxWidth: try box.layout().boxWidth,
                      boxHeight: try box.layout().boxHeight, padding: try box.layout().padding)
        #expect(mask.width == fit.maskWidth && mask.height == fit.maskHeight)
        if fit.scale <= 1 {
            let reference = referenceAreaResample(alphaPlane(image), width: width, height: height, fit: fit)
            #expect(maxDifference(mask.pixels, reference) <= 0.501)
        } else {
            let reference = referenceTentResample(alphaPlane(image), width: width, height: height, fit: fit)
            #expect(maxDifference(mask.pixels, reference) <= 0.55)
        }
    }

    @Test(arguments: [ReconstructionKernel.box, .tent])
    func bothPassOrdersAgree(kernel: ReconstructionKernel) throws {
        // The passes commute; only Float rounding may differ between the orders.
        let image = randomImage(width: 45, height: 38, seed: 31)
        let columns = AxisWeights(sourceCount: 45, destinationCount: 30, scale: kernel == .box ? 0.6 : 1.7,
                                  offset: 1.25, kernel: kernel)
        let rows = AxisWeights(sourceCount: 38, destinationCount: 26, scale: kernel == .box ? 0.6 : 1.7,
                               offset: 0.5, kernel: kernel)
        var results: [[UInt8]] = []
        for verticalFirst in [false, true] {
            var pixels = [UInt8](repeating: 0, count: 30 * 26)
            pixels.withUnsafeMutableBufferPointer {
                let pixels = try! image.pixels.withUnsafeBytes {
                    try ImagePixels($0, width: 45, height: 38, bytesPerRow: nil, format: .rgba8)
                }
                AreaResampler.resample(pixels, channel: .luminance, columns: columns, rows: rows,
                                       verticalFirst: verticalFirst, into: $0, maskWidth: 30)
            }
            results.append(pixels)
        }
        #expect(zip(results[0], results[1]).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(results[0].contains { $0 > 0 } && results[0].contains(0))
    }

    @Test(arguments: [MaskSource.alpha, .luminance])
    func grayAlphaImagesMatchTheirRGBAEquivalent(source: MaskSource) throws {
        let gray = randomImage(width: 61, height: 47, format: .grayAlpha, seed: 17)
        let rgba = try PNGImage(width: 61, height: 47, format: .rgba, pixels: stride(from: 0, to: gray.pixels.count, by: 2).flatMap {
            [gray.pixels[$0], gray.pixels[$0], gray.pixels[$0], gray.pixels[$0 + 1]]
        })
        for box in [IconBox(width: 20, height: 20, scale: 1, padding: 1), IconBox(width: 90, height: 70, scale: 1)] {
            let a = try AlphaMask(image: gray, box: box, source: source)
            let b = try AlphaMask(image: rgba, box: box, source: source)
            #expect(a.width == b.width && a.height == b.height)
            // Same values up to Float rounding of the Rec. 709 weights (which sum to 1).
            #expect(zip(a.pixels, b.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
            #expect(a.pixels.contains { $0 > 0 })
        }
    }
}
