import AlphaRaster
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel

extension PixelFormatOutputTests {
    // MARK: Errors

    /// Each bad output throws its typed error and leaves the buffer as it was, through both
    /// render entry points.
    @Test func badOutputsThrowAndWriteNothing() throws {
        let (a, b, _) = Self.masks()
        let w = Self.width, h = Self.height
        let renderer = try MorphRenderer(
            width: w, height: h, style: MorphStyle(maxBlurRadius: 4, background: TintColor(red: 1, green: 2, blue: 3)))
        let frame = MorphFrame(source: a, target: b, progress: 0.4)
        // Renders into `count` bytes of sentinel and returns the error, checking nothing changed.
        func failure(count: Int, bytesPerRow: Int?, format: PixelFormat, progress: Double = 0.4) -> [MorphError] {
            var errors: [MorphError] = []
            for viaFrame in [true, false] {
                var bytes = [UInt8](repeating: 0xC3, count: count)
                do {
                    try bytes.withUnsafeMutableBytes { output in
                        if viaFrame {
                            try renderer.render(
                                MorphFrame(source: a, target: b, progress: progress), into: output, bytesPerRow: bytesPerRow,
                                format: format)
                        } else {
                            try renderer.render(
                                source: a, target: b, progress: progress, into: output, bytesPerRow: bytesPerRow, format: format)
                        }
                    }
                    Issue.record("no error for \(count) bytes, bytesPerRow \(String(describing: bytesPerRow)), \(format)")
                } catch let error as MorphError {
                    errors.append(error)
                } catch {
                    Issue.record("not a MorphError: \(error)")
                }
                #expect(bytes.allSatisfy { $0 == 0xC3 }, "a failed render wrote to the buffer")
            }
            #expect(errors.count != 2 || errors[0] == errors[1], "the two entry points disagree: \(errors)")
            return errors
        }
        let big = 4 * w * h + 4 * h * 16
        for format in [PixelFormat.gray8, .grayAlpha8] {
            for stride in [nil, 4 * w + 3] as [Int?] {
                #expect(failure(count: big, bytesPerRow: stride, format: format) == twice(.unsupportedPixelFormat(format)))
            }
        }
        for format in Self.frameFormats {
            let rowBytes = w * format.bytesPerPixel
            for stride in [rowBytes - 1, 1, 0, -rowBytes] {
                #expect(failure(count: big, bytesPerRow: stride, format: format)
                    == twice(.invalidBytesPerRow(stride, width: w, format: format)), "\(format) stride \(stride)")
            }
            for padding in [0, 3] {
                let stride = rowBytes + padding
                let needed = (h - 1) * stride + rowBytes
                for count in [needed - 1, needed - rowBytes, 0] {
                    let expected = twice(.bufferTooSmall(byteCount: count, needed: needed))
                    #expect(failure(count: count, bytesPerRow: stride, format: format) == expected, "\(format) +\(padding)")
                    if padding == 0 {
                        #expect(failure(count: count, bytesPerRow: nil, format: format) == expected, "\(format) tight")
                    }
                }
                // Exactly `needed` bytes is enough: the last row needs no padding.
                var exact = [UInt8](repeating: 0xC3, count: needed)
                try exact.withUnsafeMutableBytes { try renderer.render(frame, into: $0, bytesPerRow: stride, format: format) }
                let padded = try Self.render(renderer, frame, format: format, padding: padding, tail: 0, sentinel: 0xC3)
                #expect(exact == padded.bytes)
            }
            // A stride so large the frame's extent overflows is a bad stride, not a trap.
            let errors = failure(count: big, bytesPerRow: Int.max / 2, format: format)
            #expect(errors == twice(.invalidBytesPerRow(Int.max / 2, width: Self.width, format: format)), "\(errors)")
            #expect("\(errors[0])".contains("more bytes than memory can address"))
            // A bad progress with a good buffer writes nothing either.
            let progressErrors = failure(count: big, bytesPerRow: nil, format: format, progress: 1.5)
            #expect(progressErrors.count == 2 && progressErrors.allSatisfy {
                if case .invalidParameter(.progress, _) = $0 { return true }
                return false
            })
        }
    }
}

/// The same error from both entry points.
private func twice(_ error: MorphError) -> [MorphError] { [error, error]
}
