// Per-lane larger / smaller of two 16-lane vectors, for the edge ramps' clamps and maxima
// (`EdgeRamp`, `Threshold`).
//
// `a.replace(with: b, where: b .> a)` on a SIMD16 (or SIMD8) of floats compiles, at the
// default x86-64 target, to a compare, a sign test of the mask and an and/andnot/or blend:
// 6–7 instructions per SSE register. The same select on SIMD4, the legal vector type, becomes
// one `maxps` / `minps` (as the assembly of Swift 6.3.1 shows). So the 16 lanes are taken as
// four SIMD4 quarters. The result of each lane is the select's, bit for bit (`maxps` returns
// its second operand unless the first is greater, exactly `b > a ? b : a`), NaNs and signed
// zeros included.

extension SIMD16 where Scalar == Float {
    /// Per lane `other > self ? other : self`: `replace(with: other, where: other .> self)`.
    @inline(__always)
    func larger(_ other: SIMD16<Float>) -> SIMD16<Float> {
        var a0 = lowHalf.lowHalf, a1 = lowHalf.highHalf, a2 = highHalf.lowHalf, a3 = highHalf.highHalf
        let b0 = other.lowHalf.lowHalf, b1 = other.lowHalf.highHalf
        let b2 = other.highHalf.lowHalf, b3 = other.highHalf.highHalf
        a0.replace(with: b0, where: b0 .> a0)
        a1.replace(with: b1, where: b1 .> a1)
        a2.replace(with: b2, where: b2 .> a2)
        a3.replace(with: b3, where: b3 .> a3)
        return SIMD16(lowHalf: SIMD8(lowHalf: a0, highHalf: a1), highHalf: SIMD8(lowHalf: a2, highHalf: a3))
    }

    /// Per lane `other < self ? other : self`: `replace(with: other, where: other .< self)`.
    @inline(__always)
    func smaller(_ other: SIMD16<Float>) -> SIMD16<Float> {
        var a0 = lowHalf.lowHalf, a1 = lowHalf.highHalf, a2 = highHalf.lowHalf, a3 = highHalf.highHalf
        let b0 = other.lowHalf.lowHalf, b1 = other.lowHalf.highHalf
        let b2 = other.highHalf.lowHalf, b3 = other.highHalf.highHalf
        a0.replace(with: b0, where: b0 .< a0)
        a1.replace(with: b1, where: b1 .< a1)
        a2.replace(with: b2, where: b2 .< a2)
        a3.replace(with: b3, where: b3 .< a3)
        return SIMD16(lowHalf: SIMD8(lowHalf: a0, highHalf: a1), highHalf: SIMD8(lowHalf: a2, highHalf: a3))
    }

    /// Per lane clamped to [0, 1] in the order `replace(with: 0, where: x .< 0)`, then
    /// `replace(with: 1, where: x .> 1)`.
    @inline(__always)
    func clampedToUnit() -> SIMD16<Float> {
        larger(SIMD16()).smaller(SIMD16(repeating: 1))
    }
}
