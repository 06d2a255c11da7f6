// Four-byte pixels are packed as UInt32 lanes with the first byte in memory in the low byte,
// which holds on little-endian machines only (every platform Swift ships for today).
#if _endian(big)
#error("MorphKernel packs four-byte pixels as little-endian UInt32 lanes")
#endif

/// The output stage shared by both edge ramps: a coverage α in [0, 1] becomes an alpha byte
/// A = round(α · alphaScale), and A becomes the output pixel in the frame's format
/// (`FrameFinish` chooses how).
///
/// A is rounded to the nearest integer (ties to even) by adding 1.5 · 2²³: for
/// 0 ≤ A < 2²², the low mantissa bits of the sum are round(A).
struct PixelWriter {
    enum Format {
        /// One byte a pixel: A.
        case alpha
        /// One byte a pixel: the alpha byte of `table[A]`.
        case alphaFromTable(UnsafePointer<UInt32>)
        /// Four bytes a pixel: `color | A << 24`, the colour's three bytes in memory order
        /// (straight alpha, RGBA or BGRA).
        case straight(color: UInt32)
        /// Four bytes a pixel: each of the three colour bytes c (in memory order) becomes
        /// round(c · A / 255), then A.
        case premultiplied(UInt32, UInt32, UInt32)
        /// Four bytes a pixel: `table[A]` (a background, or an alpha to rescale).
        case table(UnsafePointer<UInt32>)
    }

    let alphaScale: Float
    let format: Format

    init(alphaScale: UInt8, format: Format) {
        self.alphaScale = Float(alphaScale)
        self.format = format
    }

    /// Bytes per output pixel.
    var bytesPerPixel: Int {
        switch format {
        case .alpha, .alphaFromTable: 1
        case .straight, .premultiplied, .table: 4
        }
    }

    /// 1.5 · 2²³: added to a value in [0, 255], it leaves the value rounded to the nearest
    /// integer (ties to even) in the low bits.
    static let roundingBias: Float = 12_582_912

    /// 16 output alphas in the low byte of each lane (the upper bits are the rounding bias)
    /// for coverages in [0, 1].
    @inline(__always)
    func bits(coverage: SIMD16<Float>) -> SIMD16<UInt32> {
        unsafeBitCast(coverage * alphaScale + PixelWriter.roundingBias, to: SIMD16<UInt32>.self)
    }

    /// round(x / 255) for 0 ≤ x ≤ 255², exactly: with t = x + 128, ⌊(t + ⌊t / 256⌋) / 256⌋.
    /// (x / 255 is never a half, 255 being odd.)
    @inline(__always)
    static func divideBy255(_ x: SIMD16<UInt32>) -> SIMD16<UInt32> {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Pixels of alpha bytes `a` with the colour bytes c0, c1, c2 premultiplied.
    ///
    /// Bytes 0 and 2 share one multiply: a · (c0 + c2 · 2¹⁶) holds both products, each below
    /// 2¹⁶, in its two halves, and `divideBy255`'s steps run on both halves at once, masked
    /// so that nothing carries from one into the other (each half stays below 2¹⁶ throughout).
    @inline(__always)
    static func premultiplied(_ a: SIMD16<UInt32>, _ c0: UInt32, _ c1: UInt32, _ c2: UInt32) -> SIMD16<UInt32> {
        let halves = SIMD16<UInt32>(repeating: 0x00FF_00FF)
        let t02 = a &* (c0 | c2 &<< 16) &+ 0x0080_0080
        let bytes02 = ((t02 &+ ((t02 &>> 8) & halves)) &>> 8) & halves
        return bytes02 | divideBy255(a &* c1) &<< 8 | a &<< 24
    }

    /// Writes the pixels of 16 alphas from `bits(coverage:)` to `row` starting at pixel `x`,
    /// the first `count` (1…16) of them; nothing beyond pixel x + count is touched.
    @inline(__always)
    func store(_ bits: SIMD16<UInt32>, to row: UnsafeMutableRawPointer, x: Int, count: Int) {
        switch format {
        case .alpha:
            let alphas = SIMD16<UInt8>(truncatingIfNeeded: bits)
            if count == 16 {
                row.storeBytes(of: alphas, toByteOffset: x, as: SIMD16<UInt8>.self)
            } else {
                for lane in 0..<count {
                    row.storeBytes(of: alphas[lane], toByteOffset: x &+ lane, as: UInt8.self)
                }
            }
        case .alphaFromTable(let table):
            for lane in 0..<count {
                let pixel = table[Int(bits[lane] & 0xFF)]
                row.storeBytes(of: UInt8(truncatingIfNeeded: pixel &>> 24), toByteOffset: x &+ lane, as: UInt8.self)
            }
        case .straight(let color):
            // The shift drops the bias above the low byte.
            storePixels(bits &<< 24 | SIMD16<UInt32>(repeating: color), to: row, x: x, count: count)
        case .premultiplied(let c0, let c1, let c2):
            storePixels(Self.premultiplied(bits & 0xFF, c0, c1, c2), to: row, x: x, count: count)
        case .table(let table):
            for lane in 0..<count {
                row.storeBytes(of: table[Int(bits[lane] & 0xFF)], toByteOffset: (x &+ lane) &* 4, as: UInt32.self)
            }
        }
    }

    @inline(__always)
    private func storePixels(_ pixels: SIMD16<UInt32>, to row: UnsafeMutableRawPointer, x: Int, count: Int) {
        if count == 16 {
            row.storeBytes(of: pixels, toByteOffset: x &* 4, as: SIMD16<UInt32>.self)
        } else {
            for lane in 0..<count {
                row.storeBytes(of: pixels[lane], toByteOffset: (x &+ lane) &* 4, as: UInt32.self)
            }
        }
    }

    /// The output pixel of coverage `alpha`, as the low `bytesPerPixel` bytes (the value
    /// `store` writes there).
    func pixel(coverage alpha: Float) -> UInt32 {
        let bits = bits(coverage: SIMD16(repeating: alpha))
        switch format {
        case .alpha: return bits[0] & 0xFF
        case .alphaFromTable(let table): return table[Int(bits[0] & 0xFF)] &>> 24
        case .straight(let color): return (bits[0] & 0xFF) << 24 | color
        case .premultiplied(let c0, let c1, let c2):
            return Self.premultiplied(bits & 0xFF, c0, c1, c2)[0]
        case .table(let table): return table[Int(bits[0] & 0xFF)]
        }
    }

    /// The output where α = 0.
    var emptyPixel: UInt32 { pixel(coverage: 0) }

    /// The output where α = 1.
    var fullPixel: UInt32 { pixel(coverage: 1) }

    /// Writes `pixel` (from `pixel(coverage:)`) to pixels `columns` of `row`.
    ///
    /// Byte stores through the raw pointer, like `store`, so the caller's buffer keeps
    /// whatever type it is bound to.
    @inline(__always)
    func fill(_ pixel: UInt32, columns: Range<Int>, of row: UnsafeMutableRawPointer) {
        if bytesPerPixel == 4 {
            let pixels = SIMD16<UInt32>(repeating: pixel)
            var x = columns.lowerBound
            while x &+ 16 <= columns.upperBound {
                row.storeBytes(of: pixels, toByteOffset: x &* 4, as: SIMD16<UInt32>.self)
                x &+= 16
            }
            while x < columns.upperBound {
                row.storeBytes(of: pixel, toByteOffset: x &* 4, as: UInt32.self)
                x &+= 1
            }
        } else {
            let alphas = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: pixel))
            var x = columns.lowerBound
            while x &+ 16 <= columns.upperBound {
                row.storeBytes(of: alphas, toByteOffset: x, as: SIMD16<UInt8>.self)
                x &+= 16
            }
            while x < columns.upperBound {
                row.storeBytes(of: UInt8(truncatingIfNeeded: pixel), toByteOffset: x, as: UInt8.self)
                x &+= 1
            }
        }
    }
}
