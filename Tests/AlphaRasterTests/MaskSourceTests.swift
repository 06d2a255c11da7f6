import Testing
import IconMorphPNG
import PNGCodec
@testable import AlphaRaster

@Suite struct MaskSourceTests {
    /// The documented luminance mask in float64, before rounding.
    static func inkReference(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> Double {
        let y = 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)
        return (255 - y) * Double(a) / 255
    }

    /// Exact match with the rounded reference, except that a value within 1e-6 of a .5 tie
    /// may go either way (float64 cannot tell such a tie from its neighbours).
    static func matches(_ byte: UInt8, _ exact: Double) -> Bool {
        let fraction = exact - exact.rounded(.down)
        if abs(fraction - 0.5) < 1e-6 {
            return byte == UInt8(exact.rounded(.down)) || byte == UInt8(exact.rounded(.up))
        }
        return byte == UInt8(exact.rounded())
    }

    @Test(arguments: [PNGImage.PixelFormat.rgba, .grayAlpha])
    func identityAlphaIsTheAlphaChannelByteForByte(format: PNGImage.PixelFormat) throws {
        let image = randomImage(width: 37, height: 23, format: format, seed: 7)
        let expected = alphaPlane(image).map { UInt8($0) }
        for box in [IconBox(width: 37, height: 23, scale: 1), IconBox(width: 18.5, height: 11.5, scale: 2)] {
            let mask = try AlphaMask(image: image, box: box, source: .alpha)
            #expect(mask.width == 37 && mask.height == 23)
            #expect(mask.pixels == expected)
        }
        #expect(try AlphaMask(image: image, source: .alpha).pixels == expected)

        // With padding the box still holds the channel unchanged, inside a zero border.
        let padded = try AlphaMask(image: image, box: IconBox(width: 37, height: 23, scale: 1, padding: 2), source: .alpha)
        #expect(padded.width == 41 && padded.height == 27)
        for y in 0..<27 {
            for x in 0..<41 {
                let inside = (2..<39).contains(x) && (2..<25).contains(y)
                #expect(padded.pixels[y * 41 + x] == (inside ? expected[(y - 2) * 37 + x - 2] : 0))
            }
        }
    }

    @Test func identityLuminanceMatchesTheFloat64FormulaRGBA() throws {
        let image = randomImage(width: 64, height: 48, seed: 11)
        let mask = try AlphaMask(image: image, box: IconBox(width: 64, height: 48, scale: 1), source: .luminance)
        var mismatches = 0
        for i in 0..<(64 * 48) {
            let p = Array(image.pixels[(i * 4)..<(i * 4 + 4)])
            if !Self.matches(mask.pixels[i], Self.inkReference(r: p[0], g: p[1], b: p[2], a: p[3])) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func identityLuminanceCoversEveryGrayAndAlphaPair() throws {
        // The whole gray+alpha domain: 256 × 256 pixels, one per (gray, alpha).
        var bytes: [UInt8] = []
        for gray in 0...255 { for alpha in 0...255 { bytes += [UInt8(gray), UInt8(alpha)] } }
        let image = try PNGImage(width: 256, height: 256, format: .grayAlpha, pixels: bytes)
        let mask = try AlphaMask(image: image, box: IconBox(width: 256, height: 256, scale: 1), source: .luminance)
        let rgba = try PNGImage(width: 256, height: 256, format: .rgba,
                                pixels: stride(from: 0, to: bytes.count, by: 2).flatMap { [bytes[$0], bytes[$0], bytes[$0], bytes[$0 + 1]] })
        let rgbaMask = try AlphaMask(image: rgba, box: IconBox(width: 256, height: 256, scale: 1), source: .luminance)
        for i in 0..<(256 * 256) {
            let gray = Double(bytes[2 * i]), alpha = Double(bytes[2 * i + 1])
            let exact = (255 - gray) * alpha / 255
            #expect(Self.matches(mask.pixels[i], exact), "gray \(gray) alpha \(alpha): \(mask.pixels[i]) vs \(exact)")
        }
        // Gray pixels read as RGBA give the same mask (the Rec. 709 weights sum to 1).
        #expect(rgbaMask == mask)
    }

    @Test func autoUsesLuminanceForOpaqueImages() throws {
        // A black 4×4 square on opaque white paper.
        var bytes = [UInt8](repeating: 255, count: 8 * 8 * 4)
        for y in 2..<6 { for x in 2..<6 { for c in 0..<3 { bytes[(y * 8 + x) * 4 + c] = 0 } } }
        let image = try PNGImage(width: 8, height: 8, format: .rgba, pixels: bytes)
        #expect(MaskSource.auto.resolved(for: image) == .luminance)
        let mask = try AlphaMask(image: image, box: IconBox(width: 8, height: 8, scale: 1))
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                #expect(mask.pixels[y * 8 + x] == (inside ? 255 : 0))
            }
        }
        #expect(try AlphaMask(image: image, box: IconBox(width: 8, height: 8, scale: 1), source: .luminance) == mask)
    }

    @Test func autoUsesAlphaWhenAnyPixelIsTransparent() throws {
        // Black everywhere (luminance would be all 255), one translucent pixel.
        var bytes = [UInt8](repeating: 0, count: 5 * 5 * 4)
        for i in 0..<25 { bytes[i * 4 + 3] = 255 }
        bytes[12 * 4 + 3] = 40
        let image = try PNGImage(width: 5, height: 5, format: .rgba, pixels: bytes)
        #expect(MaskSource.auto.resolved(for: image) == .alpha)
        let mask = try AlphaMask(image: image, box: IconBox(width: 5, height: 5, scale: 1))
        #expect(mask.pixels == (0..<25).map { $0 == 12 ? 40 : 255 })
        #expect(MaskSource.alpha.resolved(for: image) == .alpha)
        #expect(MaskSource.luminance.resolved(for: image) == .luminance)
    }
}
