/// Eight bytes at a time: the bytes of a `UInt64` tested or summed together without a loop
/// over them (the carries of each byte's sum stay within the byte).
enum ByteBits {
    /// Bit k (of the low eight): byte k of `v` is over `threshold`.
    @inline(__always)
    static func over(_ v: UInt64, _ threshold: UInt8) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, ones: UInt64 = 0x0101_0101_0101_0101
        let t = UInt64(threshold)
        // Added to a byte's low seven bits, the bias carries into its high bit exactly when
        // they exceed the threshold's low seven bits; with the byte's own high bit that
        // decides: b > t is b ≥ 128 or that carry when t < 128, and both when t ≥ 128.
        let sum = (v & low) &+ ones &* (127 - (t & 127))
        let flags = (t < 128 ? sum | v : sum & v) & high
        // A multiplication gathers the eight high bits into the top byte.
        return ((flags >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    /// The sum of the eight bytes of `v`.
    @inline(__always)
    static func sum(_ v: UInt64) -> Int {
        let pairs = (v & 0x00FF_00FF_00FF_00FF) &+ (v >> 8 & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}
