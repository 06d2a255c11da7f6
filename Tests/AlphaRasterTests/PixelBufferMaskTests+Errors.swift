@testable import AlphaRaster
import IconMorphPNG
import PNGCodec
import Testing

extension PixelBufferMaskTests {
    // MARK: Errors

    /// Calls all three buffer initializers (own size, layout, box) and returns their errors.
    static func errors(
        count: Int, width: Int, height: Int, bytesPerRow: Int?, format: PixelFormat,
        box: IconBox = IconBox(width: 10, height: 10, scale: 1)
    ) -> [AlphaRasterError] {
        let bytes = [UInt8](repeating: 0x80, count: count)
        let calls: [(UnsafeRawBufferPointer) throws -> AlphaMask] = [
            { try AlphaMask(pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format) },
            { try AlphaMask(pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format, box: box) },
            {
                try AlphaMask(
                    pixels: $0, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                    layout: IconBox(width: 10, height: 10, scale: 1).layout())
            },
        ]
        var errors: [AlphaRasterError] = []
        for call in calls {
            do {
                _ = try bytes.withUnsafeBytes { try call($0) }
                Issue.record("no error: \(count) bytes, \(width)×\(height), \(String(describing: bytesPerRow)), \(format)")
            } catch let error as AlphaRasterError {
                errors.append(error)
            } catch {
                Issue.record("not an AlphaRasterError: \(error)")
            }
        }
        return errors
    }

    @Test(arguments: PixelFormat.allCases)
    func badDescriptionsThrowTypedErrors(_ format: PixelFormat) throws {
        let bpp = format.bytesPerPixel, w = 7, h = 5
        func three(_ error: AlphaRasterError) -> [AlphaRasterError] { [error, error, error] }
        for (width, height) in [(0, 5), (5, 0), (-1, 5), (5, -3), (0, 0), (Int.min, 1)] {
            #expect(Self.errors(count: 400, width: width, height: height, bytesPerRow: nil, format: format)
                    == three(.invalidImageSize(width: width, height: height)), "\(width)×\(height)")
        }
        if bpp > 1 {
            // width × bytesPerPixel overflows.
            let width = Int.max / 2 + 1
            #expect(Self.errors(count: 400, width: width, height: 1, bytesPerRow: nil, format: format)
                    == three(.invalidImageSize(width: width, height: 1)))
        }
        // The rows' extent overflows: refused as a stride the rows cannot span, never a trap.
        let span = Self.errors(count: 400, width: 1, height: Int.max / 2, bytesPerRow: 4 * bpp, format: format)
        #expect(span == three(.invalidBytesPerRow(4 * bpp, width: 1, format: format)), "\(span)")
        #expect("\(span[0])".contains("more bytes than memory can address"))
        for stride in [w * bpp - 1, 0, -1, -w * bpp] {
            #expect(Self.errors(count: 400, width: w, height: h, bytesPerRow: stride, format: format)
                    == three(.invalidBytesPerRow(stride, width: w, format: format)), "stride \(stride)")
        }
        for padding in [0, 5] {
            let stride = w * bpp + padding, needed = (h - 1) * stride + w * bpp
            for count in [needed - 1, needed - stride, 0] {
                #expect(Self.errors(count: count, width: w, height: h, bytesPerRow: stride, format: format)
                        == three(.imageBufferTooSmall(byteCount: count, needed: needed)), "+\(padding), \(count) bytes")
                if padding == 0 {
                    #expect(Self.errors(count: count, width: w, height: h, bytesPerRow: nil, format: format)
                            == three(.imageBufferTooSmall(byteCount: count, needed: needed)), "tight, \(count) bytes")
                }
            }
            // Exactly enough: the last row needs no padding.
            let bytes = [UInt8](repeating: 0x80, count: needed)
            let mask = try Self.mask(bytes, format: format, bytesPerRow: stride, box: nil, source: .auto, width: w, height: h)
            #expect(mask.width == w && mask.height == h)
        }
        // The box overload validates the box first, so a bad box is reported even with a bad
        // image description.
        for (box, field) in [(IconBox(width: 0, height: 10, scale: 1), IconBox.Field.width),
                             (IconBox(width: 10, height: .nan, scale: 1), .height),
                             (IconBox(width: 10, height: 10, scale: -2), .scale),
                             (IconBox(width: 10, height: 10, scale: 1, padding: .infinity), .padding)] {
            for (count, stride) in [(400, nil), (400, 0), (1, nil)] as [(Int, Int?)] {
                let error = #expect(throws: AlphaRasterError.self) {
                    try [UInt8](repeating: 0, count: count).withUnsafeBytes {
                        try AlphaMask(pixels: $0, width: w, height: h, bytesPerRow: stride, format: format, box: box)
                    }
                }
                guard case .invalidBox(let named, let reason)? = error else {
                    Issue.record("\(String(describing: error)) for \(box)")
                    continue
                }
                #expect(named == field && !reason.isEmpty, "\(box)")
            }
        }
    }
}
