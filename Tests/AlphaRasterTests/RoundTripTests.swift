import Testing
import IconMorphPNG
import PNGCodec
@testable import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct RoundTripTests {
    static func temporaryPath(_ name: String) -> String {
        "/tmp/alpharaster-test-\(getpid())-\(name)"
    }

    @Test func maskSurvivesAPNGRoundTrip() throws {
        var rng = SplitMix64(seed: 42)
        let mask = try AlphaMask(width: 29, height: 17, pixels: (0..<(29 * 17)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        let image = mask.pngImage()
        #expect(image.format == .grayAlpha && image.width == 29 && image.height == 17)
        #expect(stride(from: 0, to: image.pixels.count, by: 2).allSatisfy { image.pixels[$0] == 0 })
        let decoded = try PNGImage(pngData: try image.pngData(), format: .grayAlpha)
        #expect(try AlphaMask(image: decoded, source: .alpha) == mask)
        #expect(try AlphaMask(image: decoded, box: IconBox(width: 29, height: 17, scale: 1), source: .alpha) == mask)
        // Gray 0 ink: the luminance view of the same image is the same mask.
        #expect(try AlphaMask(image: decoded, source: .luminance) == mask)
    }

    @Test func aFileBuildsTheSameMaskAsItsImage() throws {
        let image = randomImage(width: 48, height: 36, seed: 77)
        let path = Self.temporaryPath("file.png")
        defer { unlink(path) }
        try image.write(toFile: path)
        let box = IconBox(width: 20, height: 20, scale: 1, padding: 2)
        let fromFile = try AlphaMask(contentsOfPNGFile: path, box: box)
        #expect(fromFile == (try AlphaMask(image: image, box: box)))
        #expect(fromFile.width == 24)
    }

    @Test func fileErrorsPassThroughUnchanged() throws {
        let box = IconBox(width: 10, height: 10, scale: 1)
        let missing = Self.temporaryPath("missing.png")
        #expect(throws: PNGError.fileNotFound(path: missing)) {
            _ = try AlphaMask(contentsOfPNGFile: missing, box: box)
        }
        let big = Self.temporaryPath("big.png")
        defer { unlink(big) }
        try randomImage(width: 20, height: 10, seed: 1).write(toFile: big)
        #expect(throws: PNGError.tooLarge(path: big, width: 20, height: 10, limit: 100)) {
            _ = try AlphaMask(contentsOfPNGFile: big, box: box, pixelLimit: 100)
        }
        // The box is checked before the file is touched.
        #expect(throws: AlphaRasterError.self) {
            _ = try AlphaMask(contentsOfPNGFile: missing, box: IconBox(width: 0, height: 10, scale: 1))
        }
    }
}
