// 16-lane loads and stores for the kernel stages. Kept concrete (no generics) so release
// builds emit packed moves; see TOOLCHAIN.md on unspecialised SIMD code.

extension UnsafePointer where Pointee == Float {
    /// The 16 floats starting `offset` elements from here; any alignment.
    @inline(__always)
    func vector16(at offset: Int) -> SIMD16<Float> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD16<Float>.self)
    }

    /// The 4 floats starting `offset` elements from here; any alignment.
    @inline(__always)
    func vector4(at offset: Int) -> SIMD4<Float> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD4<Float>.self)
    }

    /// The 16 floats starting `offset` elements from here, which must be 16-byte aligned;
    /// the compiler may then fold the load into the arithmetic that uses it.
    @inline(__always)
    func alignedVector16(at offset: Int) -> SIMD16<Float> {
        UnsafeRawPointer(self + offset).load(as: SIMD16<Float>.self)
    }
}

extension UnsafeMutablePointer where Pointee == Float {
    /// Writes 16 floats starting `offset` elements from here; any alignment.
    @inline(__always)
    func storeVector16(_ value: SIMD16<Float>, at offset: Int) {
        UnsafeMutableRawPointer(self + offset).storeBytes(of: value, as: SIMD16<Float>.self)
    }

    /// Writes the first `count` (1…16) of 16 floats starting `offset` elements from here;
    /// nothing beyond them is touched.
    @inline(__always)
    func storeVector16(_ value: SIMD16<Float>, at offset: Int, count: Int) {
        if count == 16 {
            storeVector16(value, at: offset)
        } else {
            for lane in 0..<count { self[offset &+ lane] = value[lane] }
        }
    }
}

extension UnsafePointer where Pointee == UInt8 {
    /// The 16 bytes starting `offset` bytes from here.
    @inline(__always)
    func vector16(at offset: Int) -> SIMD16<UInt8> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// 0 or 255 when the 16 bytes starting `offset` bytes from here are all that, else nil
    /// (two 8-byte loads).
    @inline(__always)
    func uniformByte16(at offset: Int) -> UInt8? {
        let raw = UnsafeRawPointer(self + offset)
        let first = raw.loadUnaligned(as: UInt64.self), second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if first | second == 0 { return 0 }
        return first & second == .max ? 255 : nil
    }
}
