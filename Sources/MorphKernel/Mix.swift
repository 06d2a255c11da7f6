/// The mix stage: M = (1 − e) · S + e · T for one row, with S and T the mask bytes / 255.
///
/// The weights arrive already divided by 255, so a pixel is `Float(s) · wS + Float(t) · wT`:
/// two products and one sum, the same operations in the vector body and the scalar tail,
/// so a pixel's value never depends on where it falls in a row. Because the sum is
/// commutative, swapping the masks and the weights gives bit-identical values.
enum Mix {
    /// Writes the `count` mixed values of one row to `destination[0 ..< count]`; nothing
    /// else is touched, so the zero padding around a padded row stays zero.
    @inline(__always)
    static func row(
        source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, count: Int,
        sourceWeight: Float, targetWeight: Float, into destination: UnsafeMutablePointer<Float>
    ) {
        var x = 0
        while x &+ 16 <= count {
            let s = SIMD16<Float>(SIMD16<Int32>(truncatingIfNeeded: source.vector16(at: x)))
            let t = SIMD16<Float>(SIMD16<Int32>(truncatingIfNeeded: target.vector16(at: x)))
            destination.storeVector16(s * sourceWeight + t * targetWeight, at: x)
            x &+= 16
        }
        while x < count {
            destination[x] = Float(source[x]) * sourceWeight + Float(target[x]) * targetWeight
            x &+= 1
        }
    }
}
