import Foundation
import PNGCodec
import Testing

/// Every valid PngSuite image (and the script's extra fixtures) against pypng's golden pixels.
@Suite struct PngSuiteDecodingTests {
    @Test func manifestCoversPngSuite() {
        let valid = TestPaths.pngSuiteFiles().filter { !$0.hasPrefix("x") }
        #expect(valid.count >= 150, "PngSuite not found at \(TestPaths.pngSuite)")
        let listed = GoldenManifest.entries.filter { $0.source == "pngsuite" }.map(\.input)
        #expect(listed == valid, "regenerate the golden data: Scripts/make-pngsuite-golden.py")
        #expect(GoldenManifest.entries.filter { $0.source == "fixture" }.count == 8)
    }

    @Test(arguments: GoldenManifest.entries)
    func rgbaMatchesGolden(_ entry: GoldenEntry) throws {
        let golden = try entry.loadGolden()
        #expect(golden.width == entry.width && golden.height == entry.height)

        let fromFile = try PNGImage(contentsOfFile: entry.inputPath, format: .rgba)
        let fromMemory = try PNGImage(pngData: readBytes(entry.inputPath), name: entry.input, format: .rgba)
        #expect(fromFile == fromMemory)
        #expect(fromFile.width == golden.width && fromFile.height == golden.height && fromFile.format == .rgba)
        #expect(fromFile.pixels.count == golden.rgba.count)
        guard fromFile.pixels.count == golden.rgba.count else { return }

        var alphaMismatches: [String] = []
        var colourMismatches: [String] = []
        for i in 0..<golden.rgba.count {
            let got = Int(fromFile.pixels[i]), expected = Int(golden.rgba[i])
            let pixel = "pixel \(i / 4) (x \(i / 4 % golden.width), y \(i / 4 / golden.width)) channel \(i % 4)"
            if i % 4 == 3 {
                if got != expected { alphaMismatches.append("\(pixel): \(got), expected \(expected)") }
            } else if abs(got - expected) > entry.colourTolerance(expected: golden.rgba[i]) {
                colourMismatches.append(
                    "\(pixel): \(got), expected \(expected) ± \(entry.colourTolerance(expected: golden.rgba[i]))")
            }
        }
        #expect(alphaMismatches.isEmpty, "\(alphaMismatches.count) alpha mismatches: \(alphaMismatches.prefix(5))")
        #expect(colourMismatches.isEmpty, "\(colourMismatches.count) colour mismatches: \(colourMismatches.prefix(5))")
    }

    /// Gray+alpha: alpha is the golden alpha exactly, and gray is the float64 luminance of the
    /// RGBA decoding (so, for gray files, the gray sample itself).
    @Test(arguments: GoldenManifest.entries)
    func grayAlphaIsLuminanceOfRGBA(_ entry: GoldenEntry) throws {
        let golden = try entry.loadGolden()
        let rgba = try PNGImage(contentsOfFile: entry.inputPath, format: .rgba)
        let fromFile = try PNGImage(contentsOfFile: entry.inputPath, format: .grayAlpha)
        let fromMemory = try PNGImage(pngData: readBytes(entry.inputPath), name: entry.input, format: .grayAlpha)
        #expect(fromFile == fromMemory)
        #expect(fromFile.width == entry.width && fromFile.height == entry.height && fromFile.format == .grayAlpha)
        #expect(fromFile.pixels.count == entry.width * entry.height * 2)
        guard fromFile.pixels.count == entry.width * entry.height * 2 else { return }

        var mismatches: [String] = []
        for p in 0..<(entry.width * entry.height) {
            let r = rgba.pixels[4 * p], g = rgba.pixels[4 * p + 1], b = rgba.pixels[4 * p + 2]
            let expectedGray = ReferenceLuminance.gray(r, g, b)
            if fromFile.pixels[2 * p] != expectedGray {
                mismatches.append(
                    "pixel \(p): gray \(fromFile.pixels[2 * p]), expected \(expectedGray) from \((r, g, b))")
            }
            if fromFile.pixels[2 * p + 1] != golden.rgba[4 * p + 3] {
                mismatches.append("pixel \(p): alpha \(fromFile.pixels[2 * p + 1]), expected \(golden.rgba[4 * p + 3])")
            }
            if entry.colourType == 0 || entry.colourType == 4 {
                // A gray file decodes to R = G = B, and gray must be that value.
                if !(r == g && g == b && fromFile.pixels[2 * p] == r) {
                    mismatches.append("pixel \(p): gray file decoded to \((r, g, b)) / \(fromFile.pixels[2 * p])")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(5))")
    }

    /// Interlacing changes only the storage order: each interlaced PngSuite image decodes to
    /// exactly the pixels of its non-interlaced twin (this covers libpng#853's 16-bit files).
    @Test(arguments: GoldenManifest.entries.filter { $0.source == "pngsuite" && $0.interlaced })
    func interlacedMatchesItsTwin(_ entry: GoldenEntry) throws {
        var twinName = entry.input
        let third = twinName.index(twinName.startIndex, offsetBy: 3)
        twinName.replaceSubrange(third...third, with: "n")
        if twinName.hasPrefix("bgan") && !FileManager.default.fileExists(atPath: TestPaths.pngSuite + "/" + twinName) {
            twinName = "basn" + twinName.dropFirst(4)  // bgai4a16's twin is basn4a16
        }
        let twin = TestPaths.pngSuite + "/" + twinName
        for format in PNGImage.PixelFormat.allCases {
            let interlaced = try PNGImage(contentsOfFile: entry.inputPath, format: format)
            let progressive = try PNGImage(contentsOfFile: twin, format: format)
            #expect(interlaced == progressive, "\(entry.input) vs \(twinName), \(format)")
        }
    }

    /// The fixture written without gAMA decodes as sRGB (samples rounded to 8 bits), not as
    /// linear light, which libpng's default for 16-bit files would brighten.
    @Test func sixteenBitWithoutGammaIsTakenAsSRGB() throws {
        let path = TestPaths.golden + "/fixtures/rgba16-nogamma.png"
        let image = try PNGImage(contentsOfFile: path)
        let interlaced = try PNGImage(contentsOfFile: TestPaths.golden + "/fixtures/rgba16-nogamma-interlaced.png")
        #expect(image == interlaced)
        let entry = try #require(GoldenManifest.entries.first { $0.input == "rgba16-nogamma.png" })
        #expect(!entry.corrected)
        #expect(image.pixels == (try entry.loadGolden().rgba))
    }
}

/// The documented gray conversion, evaluated plainly in float64 with a `pow` per pixel.
enum ReferenceLuminance {
    /// BT.709 luma of the encoded bytes, rounded half up; the weights are scaled to integers
    /// so that halfway cases are decided exactly.
    static func gray(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let y = (0.2126 * 10000).rounded() * Double(r) + (0.7152 * 10000).rounded() * Double(g)
            + (0.0722 * 10000).rounded() * Double(b)
        return UInt8((y / 10000 + 0.5).rounded(.down))
    }
}
