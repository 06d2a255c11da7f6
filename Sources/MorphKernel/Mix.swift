/// The mix stage: M = (1 − e) · S + e · T for one row, with S and T the mask bytes / 255, and
/// with a captured field C of weight w, M = (1 − w) · ((1 − e) · S + e · T) + w · C
/// (`MorphFrame`).
///
/// The weights arrive already divided by 255, so a pixel is `Float(s) · wS + Float(t) · wT`:
/// two products and one sum, whichever pixel of the row it is, so a pixel's value never
/// depends on where it falls in a row or which part of a row is mixed. Because the sum is
/// commutative, swapping the masks and the weights gives bit-identical values.
enum Mix {
    /// Writes the `count` mixed values of one row to `destination[0 ..< count]`; nothing
    /// else is touched, so the zero padding around a padded row stays zero.
    ///
    /// A plain loop on purpose: the compiler vectorises it with packed byte-to-float
    /// conversions, while the SIMD16 integer conversions (`SIMD16<Int32>(truncatingIfNeeded:)`
    /// from bytes) stay generic calls, about twice the instructions in the compiled loop.
    @inline(__always)
    static func row(
        source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, count: Int,
        sourceWeight: Float, targetWeight: Float, into destination: UnsafeMutablePointer<Float>
    ) {
        var x = 0
        while x < count {
            destination[x] = Float(source[x]) * sourceWeight + Float(target[x]) * targetWeight
            x &+= 1
        }
    }

    /// `row` with the captured field's term, when there is one: `Float(s) · wS + Float(t) · wT
    /// + c · wC`, the mask weights already multiplied by 1 − w.
    @inline(__always)
    static func row(
        source: UnsafePointer<UInt8>, target: UnsafePointer<UInt8>, captured: UnsafePointer<Float>?, count: Int,
        sourceWeight: Float, targetWeight: Float, capturedWeight: Float, into destination: UnsafeMutablePointer<Float>
    ) {
        guard let captured else {
            return row(
                source: source, target: target, count: count, sourceWeight: sourceWeight, targetWeight: targetWeight,
                into: destination)
        }
        var x = 0
        while x < count {
            destination[x] = Float(source[x]) * sourceWeight + Float(target[x]) * targetWeight + captured[x] * capturedWeight
            x &+= 1
        }
    }
}
