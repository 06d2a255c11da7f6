import Foundation
import Testing
@testable import PNGCodec

/// Image data that inflates to far more than the header's rows need is refused before libpng
/// inflates it all (libpng reads to the end of the stream to discard the excess): the time is
/// bounded by the image's own size. A little excess, as encoders may leave, is still accepted.
@Suite struct ImageDataBudgetTests {
    /// Gray 8-bit `width × height` whose IDAT inflates to the rows (all zero) plus `extra` zeros.
    static func png(width: Int, height: Int, extra: Int, interlaced: Bool = false) throws -> [UInt8] {
        let rows = interlaced ? adam7Bytes(width: width, height: height) : height * (1 + width)
        let raw = [UInt8](repeating: 0, count: rows + extra)
        let compressed = TestZlib.deflate(raw)
        let ihdr = HandMadePNG.bigEndian(UInt32(width)) + HandMadePNG.bigEndian(UInt32(height)) + [8, 0, 0, 0, interlaced ? 1 : 0]
        return HandMadePNG.signature + HandMadePNG.chunk("IHDR", ihdr) + HandMadePNG.chunk("IDAT", compressed)
            + HandMadePNG.chunk("IEND", [])
    }

    /// Filtered bytes of the seven Adam7 passes of a gray 8-bit image, counted pixel by pixel.
    static func adam7Bytes(width: Int, height: Int) -> Int {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var total = 0
        for (x0, y0, dx, dy) in passes {
            let columns = Array(stride(from: x0, to: width, by: dx)).count
            let rows = Array(stride(from: y0, to: height, by: dy)).count
            if columns > 0 && rows > 0 { total += rows * (1 + columns) }
        }
        return total
    }

    @Test func bombAfterTheRowsIsRefusedQuickly() throws {
        let bomb = try Self.png(width: 1, height: 1, extra: 64 << 20)
        #expect(bomb.count < 100_000)
        let start = Date()
        #expect {
            _ = try PNGImage(pngData: bomb, name: "bomb.png")
        } throws: { error in
            "\(error)" == "bomb.png: not a valid PNG image: IDAT: the image data inflates to more than the 2 bytes "
                + "a 1×1 image needs (plus \(PNGImageDataBudget.slack) spare)"
        }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(bomb, to: "bomb.png")
        #expect(throws: PNGError.self) { _ = try PNGImage(contentsOfFile: path) }
        // Both refusals inflate at most 4 MiB and a little; the whole 64 MiB took libpng 0.15 s.
        #expect(Date().timeIntervalSince(start) < 2)
    }

    /// Short streams are not inflated by the check (the small images below take that way)
    /// because of deflate's limit: zlib's best on zeros comes within a few per cent of 1032
    /// bytes out per byte in, and never past it.
    @Test func inflationLimitHoldsForZlibsBest() {
        let zeros = [UInt8](repeating: 0, count: 16 << 20)
        let ratio = Double(zeros.count) / Double(TestZlib.deflate(zeros).count)
        #expect(ratio <= Double(PNGImageDataBudget.maximumInflation))
        #expect(ratio > 1000)
    }

    @Test(arguments: [false, true])
    func excessWithinTheSlackIsAccepted(_ interlaced: Bool) throws {
        for extra in [0, 7, PNGImageDataBudget.slack - 16] {
            let image = try PNGImage(pngData: Self.png(width: 37, height: 23, extra: extra, interlaced: interlaced), name: "ok")
            #expect(image.width == 37 && image.height == 23)
            #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 ? $0.element == 255 : $0.element == 0 })
        }
        #expect(throws: PNGError.self) {
            _ = try PNGImage(pngData: Self.png(width: 37, height: 23, extra: PNGImageDataBudget.slack + 1, interlaced: interlaced), name: "x")
        }
    }
}
