import Testing
import IconMorphPNG
import PNGCodec
@testable import AlphaRaster

@Suite struct AspectFitTests {
    @Test func aWideImageIsCentredWithTransparentMargins() throws {
        // 40×20 opaque → 30×30: f = 0.75, the image covers rows 7.5 ..< 22.5.
        let image = alphaImage(width: 40, height: 20) { _, _ in 255 }
        let mask = try AlphaMask(image: image, box: IconBox(width: 30, height: 30, scale: 1), source: .alpha)
        #expect(mask.width == 30 && mask.height == 30)
        for y in 0..<30 {
            let row = mask.pixels[(y * 30)..<(y * 30 + 30)]
            let expected: ClosedRange<UInt8> = switch y {
            case 0..<7, 23..<30: 0...0
            case 7, 22: 127...128
            default: 255...255
            }
            #expect(row.allSatisfy { expected.contains($0) }, "row \(y): \(Array(row))")
        }
    }

    @Test func aTallImageIsCentredHorizontally() throws {
        // 10×30 opaque → box 24×12 at scale 0.5: 12×6 pixels, f = 0.2, covers x 5 ..< 7.
        let image = alphaImage(width: 10, height: 30) { _, _ in 255 }
        let mask = try AlphaMask(image: image, box: IconBox(width: 24, height: 12, scale: 0.5), source: .alpha)
        #expect(mask.width == 12 && mask.height == 6)
        for y in 0..<6 {
            #expect(Array(mask.pixels[(y * 12)..<(y * 12 + 12)]) == [0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0])
        }
    }

    @Test func paddingAddsTransparentBordersOfTheRightWidth() throws {
        let image = randomImage(width: 16, height: 16, seed: 8)
        let plain = try AlphaMask(image: image, box: IconBox(width: 8, height: 8, scale: 1), source: .alpha)
        let padded = try AlphaMask(image: image, box: IconBox(width: 4, height: 4, scale: 2, padding: 1.5), source: .alpha)
        // padding 1.5 pt × 2 = 3 px on every side of the same 8×8 box.
        #expect(padded.width == 14 && padded.height == 14)
        for y in 0..<14 {
            for x in 0..<14 {
                let inBox = (3..<11).contains(x) && (3..<11).contains(y)
                let expected = inBox ? plain.pixels[(y - 3) * 8 + (x - 3)] : 0
                #expect(padded.pixels[y * 14 + x] == expected)
            }
        }
        #expect(padded.pixels.contains { $0 > 0 })
    }

    @Test(arguments: [(40, 21), (41, 20), (33, 33), (17, 50)])
    func symmetricImagesGiveSymmetricMasks(width: Int, height: Int) throws {
        // Random, then mirrored left–right and top–bottom.
        var rng = SplitMix64(seed: UInt64(width * height))
        var alpha = [UInt8](repeating: 0, count: width * height)
        for y in 0..<((height + 1) / 2) {
            for x in 0..<((width + 1) / 2) {
                let v = UInt8.random(in: 0...255, using: &rng)
                for (mx, my) in [(x, y), (width - 1 - x, y), (x, height - 1 - y), (width - 1 - x, height - 1 - y)] {
                    alpha[my * width + mx] = v
                }
            }
        }
        let image = alphaImage(width: width, height: height) { x, y in alpha[y * width + x] }
        for box in [IconBox(width: 30, height: 30, scale: 1), IconBox(width: 31, height: 26, scale: 1, padding: 1),
                    IconBox(width: 80, height: 90, scale: 1)] {
            let mask = try AlphaMask(image: image, box: box, source: .alpha)
            let w = mask.width, h = mask.height
            var worst = 0
            for y in 0..<h {
                for x in 0..<w {
                    let v = Int(mask.pixels[y * w + x])
                    worst = max(worst, abs(v - Int(mask.pixels[y * w + (w - 1 - x)])))
                    worst = max(worst, abs(v - Int(mask.pixels[(h - 1 - y) * w + x])))
                }
            }
            // Mirrored pixels agree to float rounding; only exact .5 ties may round apart.
            #expect(worst <= 1, "\(box): asymmetry \(worst)")
        }
    }
}
