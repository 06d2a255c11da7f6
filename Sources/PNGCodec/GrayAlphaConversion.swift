/// Turns decoded RGBA into gray+alpha.
///
/// `gray = round(0.2126 R + 0.7152 G + 0.0722 B)` on the sRGB-encoded bytes (BT.709 weights),
/// computed exactly in integers as `(2126 R + 7152 G + 722 B + 5000) / 10000`. It is the same
/// luminance that `AlphaRaster` uses for luminance masks, so a mask comes out the same whether
/// an image was decoded as RGBA or as gray+alpha. A neutral pixel keeps its value. Alpha is
/// copied. Why not libpng's own `rgb_to_gray`: for 8-bit files it passes through 8-bit linear
/// values, which loses up to 18 levels in dark colours (measured on PngSuite).
enum GrayAlphaConversion {
    /// Gray+alpha bytes (`2 · count`) for `count` RGBA pixels.
    static func grayAlpha(fromRGBA rgba: [UInt8], pixelCount count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count * 2) { dst, initialized in
            rgba.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    let r = UInt32(src[4 &* i]), g = UInt32(src[4 &* i &+ 1]), b = UInt32(src[4 &* i &+ 2])
                    let gray = (2126 &* r &+ 7152 &* g &+ 722 &* b &+ 5000) / 10000
                    dst[2 &* i] = UInt8(truncatingIfNeeded: gray)
                    dst[2 &* i &+ 1] = src[4 &* i &+ 3]
                }
            }
            initialized = count * 2
        }
    }
}
