@testable import PNGCodec
import Testing

/// The libpng writer under `PNGEncoder` and `AnimatedPNGWriter`: libpng's errors come back as
/// thrown messages (no longjmp reaches Swift, nothing aborts), and a writer reused on images
/// it has seen asks the system for no more memory.
@Suite struct LibPNGWriterTests {
    static let settings = LibPNGWriter.Settings(filter: .minimumSum, level: 6, strategy: .default, maximumChunkLength: 1 << 20)

    static func image(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, colorType: PNGPixelLayout.ColorType)
        -> LibPNGWriter.Image
    {
        LibPNGWriter.Image(
            width: width, height: height, colorType: colorType, rows: pixels.baseAddress!,
            rowStride: width * colorType.bytesPerPixel)
    }

    /// What libpng refuses is thrown with libpng's own message; the writer stays usable.
    @Test func libpngErrorsAreThrownWithTheirMessage() throws {
        let writer = try LibPNGWriter()
        let pixels = [UInt8](repeating: 7, count: 64)
        try pixels.withUnsafeBufferPointer { pixels in
            // Indexed without a palette.
            let error = #expect(throws: PNGError.self) {
                try writer.encode(Self.image(pixels, width: 4, height: 4, colorType: .indexed), settings: Self.settings)
            }
            #expect(error == .encodingFailed(reason: "libpng: Valid palette required for paletted images"))
            // A bit depth PNG does not have.
            var odd = Self.image(pixels, width: 4, height: 4, colorType: .gray)
            odd.bitDepth = 3
            let depthError = #expect(throws: PNGError.self) { try writer.encode(odd, settings: Self.settings) }
            #expect(depthError == .encodingFailed(reason: "libpng: Invalid IHDR data"))
            // Then a good image.
            let png = try Array(writer.encode(Self.image(pixels, width: 8, height: 8, colorType: .gray), settings: Self.settings))
            let decoded = try PNGImage(pngData: png)
            #expect(decoded.pixels == [UInt8](repeating: 7, count: 64).flatMap { [$0, $0, $0, 255] })
        }
    }

    /// After one pass over a sequence of images (sizes and colour types mixed), a second pass
    /// allocates nothing: libpng's and zlib's blocks and the output are all reused.
    @Test func reuseAllocatesNothing() throws {
        let writer = try LibPNGWriter()
        let sizes: [(Int, Int, PNGPixelLayout.ColorType)] = [(132, 132, .indexed), (40, 23, .rgba), (132, 132, .grayAlpha), (3, 200, .indexed)]
        let pixels = AnimatedPNGSamples.discFrames(size: 132, count: 1, fromRadius: 40, toRadius: 40)[0].rgba
        let palette = [UInt8](repeating: 30, count: 768), alphas = (0..<255).map { UInt8($0) }
        func pass() throws -> [Int] {
            try sizes.map { width, height, colorType in
                try pixels.withUnsafeBufferPointer { pixels in
                    try palette.withUnsafeBytes { palette in
                        try alphas.withUnsafeBytes { alphas in
                            var image = Self.image(pixels, width: width, height: height, colorType: colorType)
                            if colorType == .indexed { (image.palette, image.transparency) = (palette, alphas) }
                            return try writer.encode(image, settings: Self.settings).count
                        }
                    }
                }
            }
        }
        let first = try pass()
        let allocated = writer.systemAllocations
        #expect(allocated > 0)
        let second = try pass()
        #expect(writer.systemAllocations == allocated)
        #expect(first == second)
    }
}
