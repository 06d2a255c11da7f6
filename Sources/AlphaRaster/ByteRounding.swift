/// Float values in bytes, rounded to nearest with halves up, without Swift's checked
/// Float → Int conversion (which costs more than the filters that produce the values).
enum ByteRounding {
    /// out[k] = ⌊clamp(src[k], 0, 255) + 0.5⌋ (round half up) for k in 0..<count.
    ///
    /// Swift's checked Float → Int conversion costs more than the whole filter, so eight
    /// values at a time are rounded with the 1.5 · 2²³ trick: adding it leaves the nearest
    /// (ties-to-even) integer in the low mantissa bits; one compare turns that into the floor.
    @inline(__always)
    static func store(_ src: UnsafePointer<Float>, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        let magic = SIMD8<Float>(repeating: 12_582_912)
        let s = UnsafeRawPointer(src), o = UnsafeMutableRawPointer(out)
        var k = 0
        while k &+ 8 <= count {
            var t = s.loadUnaligned(fromByteOffset: k &* 4, as: SIMD8<Float>.self)
            t.replace(with: 0, where: t .< 0)
            t.replace(with: 255, where: t .> 255)
            t += 0.5
            var r = (t + magic) - magic
            r.replace(with: r - 1, where: r .> t)
            let bits = unsafeBitCast(r + magic, to: SIMD8<UInt32>.self)
            o.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: bits), toByteOffset: k, as: SIMD8<UInt8>.self)
            k &+= 8
        }
        while k < count {
            out[k] = UInt8(truncatingIfNeeded: Int32(min(max(src[k], 0), 255) + 0.5))
            k &+= 1
        }
    }
}
