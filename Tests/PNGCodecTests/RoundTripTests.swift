import PNGCodec
import Testing

/// Encoding then decoding gives back the exact pixels, for random images of awkward sizes.
@Suite struct RoundTripTests {
    static let sizes: [(Int, Int)] = [(1, 1), (1, 7), (7, 1), (3, 5), (17, 9), (64, 33)]

    static func randomImage(width: Int, height: Int, format: PNGImage.PixelFormat, seed: UInt64) throws -> PNGImage {
        var generator = SplitMix64(seed: seed)
        let pixels = (0..<(width * height * format.channels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try PNGImage(width: width, height: height, format: format, pixels: pixels)
    }

    @Test(arguments: PNGImage.PixelFormat.allCases, [PNGCompression.default, .fast])
    func memoryRoundTripIsExact(_ format: PNGImage.PixelFormat, _ compression: PNGCompression) throws {
        for (index, (width, height)) in Self.sizes.enumerated() {
            let image = try Self.randomImage(width: width, height: height, format: format, seed: UInt64(index))
            let data = try image.pngData(compression: compression)
            #expect(Array(data.prefix(8)) == HandMadePNG.signature)
            let decoded = try PNGImage(pngData: data, format: format)
            #expect(decoded == image, "\(width)×\(height) \(format) \(compression)")
        }
    }

    @Test(arguments: PNGImage.PixelFormat.allCases, [PNGCompression.default, .fast])
    func fileRoundTripIsExact(_ format: PNGImage.PixelFormat, _ compression: PNGCompression) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let image = try Self.randomImage(width: 13, height: 7, format: format, seed: 99)
        let path = folder.file("out.png")
        try image.write(toFile: path, compression: compression)
        #expect(try PNGImage(contentsOfFile: path, format: format) == image)
        #expect(try readBytes(path) == image.pngData(compression: compression))
        #expect(folder.temporaryFiles().isEmpty)
    }

    /// Every gray level survives as gray+alpha, and as RGBA decoded to gray+alpha (a neutral
    /// pixel keeps its value); every alpha level survives.
    @Test func allLevelsSurvive() throws {
        let levels = (0...255).map { UInt8($0) }
        let gray = try PNGImage(
            width: 256, height: 1, format: .grayAlpha, pixels: levels.flatMap { [$0, 255 - $0] })
        #expect(try PNGImage(pngData: gray.pngData(), format: .grayAlpha) == gray)
        let neutral = try PNGImage(
            width: 256, height: 1, format: .rgba, pixels: levels.flatMap { [$0, $0, $0, 255 - $0] })
        #expect(try PNGImage(pngData: neutral.pngData(), format: .grayAlpha) == gray)
        // And gray+alpha data decoded as RGBA copies gray to all three channels.
        #expect(try PNGImage(pngData: gray.pngData(), format: .rgba) == neutral)
    }

    /// Coloured pixels decoded as gray+alpha follow the documented luminance formula exactly,
    /// over a sweep of every red, green and blue level mixed with others.
    @Test func colourToGrayFollowsTheFormula() throws {
        var generator = SplitMix64(seed: 5)
        var pixels: [UInt8] = []
        for level in 0...255 {
            for channel in 0..<3 {
                var rgb = (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
                rgb[channel] = UInt8(level)
                pixels += rgb + [UInt8(level)]
            }
        }
        let image = try PNGImage(width: 256 * 3, height: 1, format: .rgba, pixels: pixels)
        let gray = try PNGImage(pngData: image.pngData(), format: .grayAlpha)
        for p in 0..<(256 * 3) {
            let expected = ReferenceLuminance.gray(pixels[4 * p], pixels[4 * p + 1], pixels[4 * p + 2])
            #expect(gray.pixels[2 * p] == expected, "pixel \(p) \(pixels[(4 * p)..<(4 * p + 3)])")
            #expect(gray.pixels[2 * p + 1] == pixels[4 * p + 3])
        }
    }
}
