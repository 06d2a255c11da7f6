import PNGCodec
import Testing

/// The declared size is checked against the pixel limit from the header alone, before any
/// pixel memory is allocated.
@Suite struct PixelLimitTests {
    @Test func pngSuiteFileOverTheLimitIsRefused() throws {
        let path = TestPaths.pngSuite + "/basn6a08.png"  // 32×32
        #expect(throws: PNGError.tooLarge(path: path, width: 32, height: 32, limit: 1023)) {
            try PNGImage(contentsOfFile: path, pixelLimit: 1023)
        }
        #expect(throws: PNGError.tooLarge(path: "basn6a08", width: 32, height: 32, limit: 1023)) {
            try PNGImage(pngData: readBytes(path), name: "basn6a08", format: .grayAlpha, pixelLimit: 1023)
        }
        #expect(try PNGImage(contentsOfFile: path, pixelLimit: 1024).width == 32)
    }

    /// A limit below 1 fits no image: it is refused as the argument it is, before the file is
    /// read, not reported as an image over a limit of −1.
    @Test(arguments: [0, -1, Int.min])
    func limitBelowOneIsRefused(_ limit: Int) throws {
        let path = TestPaths.pngSuite + "/basn6a08.png"
        #expect(throws: PNGError.invalidPixelLimit(limit)) { try PNGImage(contentsOfFile: path, pixelLimit: limit) }
        #expect(throws: PNGError.invalidPixelLimit(limit)) { try PNGImage(contentsOfFile: "/no/such/file.png", pixelLimit: limit) }
        #expect(throws: PNGError.invalidPixelLimit(limit)) {
            try PNGImage(pngData: readBytes(path), name: "basn6a08", pixelLimit: limit)
        }
        #expect(PNGError.invalidPixelLimit(limit).description == "pixel limit \(limit): must be at least 1 pixel")
    }

    /// The interlaced 16-bit route (which inflates the data itself) checks the limit first too.
    @Test func interlacedSixteenBitFileOverTheLimitIsRefused() throws {
        let path = TestPaths.pngSuite + "/basi6a16.png"
        #expect(throws: PNGError.tooLarge(path: path, width: 32, height: 32, limit: 1000)) {
            try PNGImage(contentsOfFile: path, pixelLimit: 1000)
        }
    }

    /// A 100000 × 100000 header (40 GB as RGBA) is refused at once with the default limit; if
    /// the decoder allocated first, this test would exhaust memory instead.
    @Test(arguments: [(UInt8(8), UInt8(6), UInt8(0)), (16, 6, 1), (16, 0, 1), (1, 0, 0)])
    func hugeHeaderIsRefusedBeforeAllocating(_ bitDepth: UInt8, _ colourType: UInt8, _ interlace: UInt8) throws {
        let png = HandMadePNG.headerOnly(
            width: 100_000, height: 100_000, bitDepth: bitDepth, colourType: colourType, interlace: interlace)
        let limit = PNGImage.defaultPixelLimit
        #expect(throws: PNGError.tooLarge(path: "huge", width: 100_000, height: 100_000, limit: limit)) {
            try PNGImage(pngData: png, name: "huge")
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(png, to: "huge.png")
        let error = #expect(throws: PNGError.self) { try PNGImage(contentsOfFile: path, format: .grayAlpha) }
        #expect(error == .tooLarge(path: path, width: 100_000, height: 100_000, limit: limit))
        #expect(error?.description.contains("100000×100000") == true)
        #expect(error?.description.contains(path) == true)
    }

    /// Whatever the caller's limit, a 32768 × 32768 image (2³⁰ pixels, 4 GiB of RGBA) is
    /// refused by its header: libpng's simplified reader takes under 2³² bytes, and the image
    /// was refused only after the 4 GiB had been allocated.
    @Test func theCeilingIsUnderFourGibibytes() throws {
        let png = HandMadePNG.headerOnly(width: 32768, height: 32768)
        #expect(throws: PNGError.tooLarge(path: "big", width: 32768, height: 32768, limit: (1 << 30) - 1)) {
            try PNGImage(pngData: png, name: "big", pixelLimit: Int.max)
        }
    }

    /// The same hand-made header with a small size decodes (its IDAT is empty, so the decoder
    /// reports missing data): the header builder itself is sound, so the refusal above is about
    /// the size.
    @Test func handMadeHeaderIsReadable() throws {
        let png = HandMadePNG.headerOnly(width: 2, height: 2)
        let error = #expect(throws: PNGError.self) { try PNGImage(pngData: png, name: "small") }
        guard case .invalidPNG(_, let reason)? = error else {
            Issue.record("expected invalidPNG, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    /// A side past libpng's reading limit is refused by name and size, not as libpng's
    /// "Invalid IHDR data", however few pixels the image has; a side at the limit is read.
    /// (The encoder writes either: it lifts libpng's limits.)
    @Test func sideLongerThanLibpngReadsIsNamedAsSuch() throws {
        let longest = PNGImage.longestSide
        for (width, height) in [(longest + 1, 1), (1, longest + 1)] {
            let data = try PNGImage(width: width, height: height, format: .grayAlpha, pixels: [UInt8](repeating: 255, count: 2 * width * height))
                .pngData()
            #expect(throws: PNGError.sideTooLong(path: "wide", width: width, height: height, limit: longest)) {
                try PNGImage(pngData: data, name: "wide")
            }
        }
        let data = try PNGImage(width: longest, height: 1, format: .grayAlpha, pixels: [UInt8](repeating: 255, count: 2 * longest)).pngData()
        #expect(try PNGImage(pngData: data, name: "wide").width == longest)
        #expect(PNGError.sideTooLong(path: "w.png", width: 1_000_001, height: 1, limit: longest).description
            == "w.png: image is 1000001×1 pixels; sides longer than 1000000 pixels are not read")
    }
}
