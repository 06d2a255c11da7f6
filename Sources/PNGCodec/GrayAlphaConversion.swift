#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns decoded RGBA into gray+alpha by luminance in linear light.
///
/// `gray = round(255 · Y^(1/2.2))` with `Y = 0.2126·r^2.2 + 0.7152·g^2.2 + 0.0722·b^2.2`, the
/// samples `r, g, b` in `0...1`: BT.709 (sRGB) luminance weights, and the same 2.2 power that
/// libpng uses for its "sRGB" output, so that a neutral pixel keeps its value exactly.
/// Alpha is copied. Why not libpng's own `rgb_to_gray`: for 8-bit files it passes through 8-bit
/// linear values, which loses up to 18 levels in dark colours (measured on PngSuite).
enum GrayAlphaConversion {
    /// `(c / 255)^2.2` for every 8-bit code `c`.
    private static let linear: [Double] = (0..<256).map { pow(Double($0) / 255, 2.2) }

    /// `boundaries[k - 1] = ((k - 0.5) / 255)^2.2`: the smallest linear luminance whose encoded
    /// gray rounds to `k` (k = 1...255), so the gray of `Y` is the number of boundaries `<= Y`.
    private static let boundaries: [Double] = (1..<256).map { pow((Double($0) - 0.5) / 255, 2.2) }

    /// The gray at the bottom of each of 65536 equal steps of `Y`; a pixel's gray is at most a
    /// few boundaries above it (they crowd together only near black), which saves a `pow` or a
    /// binary search per pixel.
    private static let startingGray: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 65536)
        var gray = 0
        for step in 0..<65536 {
            while gray < 255 && boundaries[gray] <= Double(step) / 65535 { gray += 1 }
            table[step] = UInt8(gray)
        }
        return table
    }()

    /// Gray+alpha bytes (`2 · count`) for `count` RGBA pixels.
    static func grayAlpha(fromRGBA rgba: [UInt8], pixelCount count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count * 2)
        linear.withUnsafeBufferPointer { lin in
            boundaries.withUnsafeBufferPointer { bounds in
                startingGray.withUnsafeBufferPointer { start in
                    rgba.withUnsafeBufferPointer { src in
                        out.withUnsafeMutableBufferPointer { dst in
                            for i in 0..<count {
                                let r = src[4 &* i], g = src[4 &* i &+ 1], b = src[4 &* i &+ 2]
                                var gray = Int(r)
                                if r != g || g != b {
                                    let y = 0.2126 * lin[Int(r)] + 0.7152 * lin[Int(g)] + 0.0722 * lin[Int(b)]
                                    gray = Int(start[min(Int(y * 65535), 65535)])
                                    while gray < 255 && bounds[gray] <= y { gray &+= 1 }
                                    // Only a rounding of y * 65535 upwards could overshoot.
                                    while gray > 0 && bounds[gray &- 1] > y { gray &-= 1 }
                                }
                                dst[2 &* i] = UInt8(truncatingIfNeeded: gray)
                                dst[2 &* i &+ 1] = src[4 &* i &+ 3]
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
