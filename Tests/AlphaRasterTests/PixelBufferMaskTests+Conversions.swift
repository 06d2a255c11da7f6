@testable import AlphaRaster
import IconMorphPNG
import PNGCodec
import Testing

extension PixelBufferMaskTests {
    // MARK: Conversions, written out in the test

    /// round(c · a / 255) in float64 (never a tie: 255 is odd).
    static func premultiplied(_ c: UInt8, _ a: UInt8) -> UInt8 { UInt8((Double(c) * Double(a) / 255).rounded()) }

    /// Straight RGBA pixels in `format`. Gray formats take the red byte (the images given
    /// them are gray), `.gray8` drops alpha (the images are opaque), `.alpha8` keeps only
    /// alpha (the images are black).
    static func convert(_ rgba: [UInt8], to format: PixelFormat) -> [UInt8] {
        var out: [UInt8] = []
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let (r, g, b, a) = (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
            switch format {
            case .rgba8: out += [r, g, b, a]
            case .bgra8: out += [b, g, r, a]
            case .rgba8Premultiplied: out += [premultiplied(r, a), premultiplied(g, a), premultiplied(b, a), a]
            case .bgra8Premultiplied: out += [premultiplied(b, a), premultiplied(g, a), premultiplied(r, a), a]
            case .grayAlpha8: out += [r, a]
            case .gray8: out += [r]
            case .alpha8: out += [a]
            }
        }
        return out
    }

    /// Garbage for the bytes between rows.
    enum Garbage: CaseIterable {
        case zeros, ones, random

        func byte(_ i: Int) -> UInt8 {
            switch self {
            case .zeros: 0x00
            case .ones: 0xFF
            case .random: UInt8(truncatingIfNeeded: (i &* 0x9E37_79B9) >> 7)
            }
        }
    }

    /// Tight pixels laid out `padding` bytes apart between rows, the padding filled with
    /// `garbage`; the last row ends the buffer.
    static func padded(
        _ tight: [UInt8], format: PixelFormat, padding: Int, garbage: Garbage = .random, width: Int = width, height: Int = height
    ) -> (bytes: [UInt8], bytesPerRow: Int) {
        let rowBytes = width * format.bytesPerPixel, stride = rowBytes + padding
        var bytes: [UInt8] = []
        bytes.reserveCapacity((height - 1) * stride + rowBytes)
        for y in 0..<height {
            bytes += tight[(y * rowBytes)..<((y + 1) * rowBytes)]
            if y < height - 1 { bytes += (0..<padding).map { garbage.byte(y * 131 + $0) } }
        }
        return (bytes, stride)
    }

    /// The mask of `bytes` at own size (`box` nil) or fitted into `box`.
    static func mask(
        _ bytes: [UInt8], format: PixelFormat, bytesPerRow: Int? = nil, box: IconBox?, source: MaskSource,
        width: Int = width, height: Int = height
    ) throws -> AlphaMask {
        try bytes.withUnsafeBytes { buffer in
            if let box {
                try AlphaMask(
                    pixels: buffer, width: width, height: height, bytesPerRow: bytesPerRow, format: format, box: box,
                    source: source)
            } else {
                try AlphaMask(
                    pixels: buffer, width: width, height: height, bytesPerRow: bytesPerRow, format: format, source: source)
            }
        }
    }

    /// Whether `box` resamples a `width × height` image (own size and a box of the image's
    /// own pixel size do not).
    static func resamples(_ box: IconBox?) throws -> Bool {
        guard let box else { return false }
        let layout = try box.layout()
        return layout.boxWidth != width || layout.boxHeight != height
    }

    /// The largest |a − b| over two masks of one size.
    static func largestDifference(_ a: AlphaMask, _ b: AlphaMask) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}
