/// Coverage × opacity rounded to bytes (halves up).
///
/// The same rounding as `ByteRounding.store`, fused into the sweep's per-pixel loop, so each
/// row's coverage is read once while it is in cache instead of again by a separate rounding
/// pass (which was slower on the large masks of raster-bench).
struct ByteSink: CoverageSink {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    /// 255 × opacity.
    let scale: Float

    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<UInt8> { base + row * width }

    /// ⌊c·scale + 0.5⌋ for c·scale in [0, 255]: the nearest integer from adding 2²³ (the
    /// low mantissa bits then hold it), one less when that rounded up. No checked
    /// conversion, so the loop vectorises.
    @inline(__always)
    func put(_ c: Float, _ pixel: UnsafeMutablePointer<UInt8>) {
        let v = c * scale + 0.5
        let shifted = v + 8_388_608
        let nearest = shifted.bitPattern &- 0x4B00_0000
        let floor = shifted - 8_388_608 > v ? nearest &- 1 : nearest
        pixel.pointee = UInt8(truncatingIfNeeded: floor)
    }
}
