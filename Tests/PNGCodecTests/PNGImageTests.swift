import PNGCodec
import Testing

/// `PNGImage`'s own contract: the initializer validates, `hasTransparency` looks at alpha only.
@Suite struct PNGImageTests {
    @Test(arguments: [(0, 1), (1, 0), (-1, 5), (5, -1), (0, 0)])
    func nonPositiveSizeIsInvalid(_ width: Int, _ height: Int) {
        let error = #expect(throws: PNGError.self) {
            try PNGImage(width: width, height: height, format: .rgba, pixels: [])
        }
        guard case .invalidImage(let reason)? = error else {
            Issue.record("expected invalidImage, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("\(width)×\(height)"))
    }

    @Test(arguments: PNGImage.PixelFormat.allCases)
    func wrongByteCountIsInvalid(_ format: PNGImage.PixelFormat) throws {
        let exact = 3 * 2 * format.channels
        for count in [0, exact - 1, exact + 1, exact * 2] {
            #expect(throws: PNGError.self) {
                try PNGImage(width: 3, height: 2, format: format, pixels: [UInt8](repeating: 0, count: count))
            }
        }
        let image = try PNGImage(width: 3, height: 2, format: format, pixels: [UInt8](repeating: 7, count: exact))
        #expect(image.width == 3 && image.height == 2 && image.format == format && image.pixels.count == exact)
    }

    @Test func overflowingSizeIsInvalid() {
        #expect(throws: PNGError.self) { try PNGImage(width: Int.max, height: 2, format: .rgba, pixels: []) }
        #expect(throws: PNGError.self) { try PNGImage(width: 1 << 31, height: 1 << 31, format: .rgba, pixels: []) }
    }

    @Test func hasTransparencyReadsAlphaOnly() throws {
        let opaque = try PNGImage(width: 2, height: 1, format: .rgba, pixels: [0, 0, 0, 255, 10, 20, 30, 255])
        #expect(!opaque.hasTransparency)
        let seeThrough = try PNGImage(width: 2, height: 1, format: .rgba, pixels: [255, 255, 255, 255, 0, 0, 0, 254])
        #expect(seeThrough.hasTransparency)
        let grayOpaque = try PNGImage(width: 2, height: 1, format: .grayAlpha, pixels: [0, 255, 3, 255])
        #expect(!grayOpaque.hasTransparency)
        let grayClear = try PNGImage(width: 2, height: 1, format: .grayAlpha, pixels: [255, 0, 255, 255])
        #expect(grayClear.hasTransparency)
    }

    @Test func channelCounts() {
        #expect(PNGImage.PixelFormat.rgba.channels == 4)
        #expect(PNGImage.PixelFormat.grayAlpha.channels == 2)
    }
}
