/// A non-negative fraction in lowest terms, for frame rates and frame delays: 30000/1001 fps
/// and a delay of 1001/30000 s stay exact where a `Double` would not.
package struct Rational: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// ≥ 0.
    package let numerator: Int
    /// ≥ 1.
    package let denominator: Int

    /// `numerator / denominator` reduced; `denominator` must be positive and both small
    /// enough that the arithmetic here does not overflow (the options keep them below 2³²).
    package init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator > 0 && numerator >= 0, "Rational(\(numerator), \(denominator))")
        let divisor = Rational.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// The fraction nearest `x` (≥ 0, finite) with a denominator of at most `maxDenominator`,
    /// found by continued fractions (convergents, then the best semiconvergent). A decimal as
    /// typed (`29.97`, `0.5`) comes back exactly (2997/100, 1/2) when its denominator fits.
    package static func approximating(_ x: Double, maxDenominator: Int = 1_000_000) -> Rational {
        approximating(x, maxNumerator: Int(Int32.max), maxDenominator: maxDenominator)
    }

    /// The fraction nearest `x` whose numerator and denominator are both within the limits:
    /// what a field of fixed width (an APNG delay's two UInt16) can hold.
    package static func approximating(_ x: Double, maxNumerator: Int, maxDenominator: Int) -> Rational {
        precondition(x.isFinite && x >= 0)
        if x >= Double(maxNumerator) { return Rational(maxNumerator, 1) }
        // Convergents h/k of the continued fraction of x.
        var (h0, h1) = (0, 1)
        var (k0, k1) = (1, 0)
        var value = x
        var best = Rational(Int(x.rounded()).clamped(0, maxNumerator), 1)
        for _ in 0..<64 {
            let a = value.rounded(.down)
            guard a < Double(Int32.max) else { break }
            let term = Int(a)
            let h2 = term * h1 + h0, k2 = term * k1 + k0
            if h2 > maxNumerator || k2 > maxDenominator {
                // The largest semiconvergent that fits may beat the last convergent.
                let byNumerator = h1 > 0 ? (maxNumerator - h0) / h1 : term
                let byDenominator = k1 > 0 ? (maxDenominator - k0) / k1 : term
                let step = min(byNumerator, byDenominator, term)
                if step > 0 {
                    let candidate = Rational(step * h1 + h0, step * k1 + k0)
                    if abs(candidate.doubleValue - x) < abs(best.doubleValue - x) { best = candidate }
                }
                break
            }
            (h0, h1) = (h1, h2)
            (k0, k1) = (k1, k2)
            let candidate = Rational(h1, k1)
            if abs(candidate.doubleValue - x) <= abs(best.doubleValue - x) { best = candidate }
            let fraction = value - a
            // A decimal as typed is within a few ulps of its fraction; stop there.
            if fraction < 1e-9 || abs(candidate.doubleValue - x) <= x.ulp * 4 { break }
            value = 1 / fraction
        }
        return best
    }

    package var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// The nearest whole number, a half rounded up: exact, where `doubleValue.rounded()` can
    /// land a tie such as 3.5 either side.
    package var rounded: Int { Self.roundedQuotient(numerator, denominator) }

    /// self × `factor` (≥ 0), rounded to the nearest whole number (a half up): in integers
    /// where the product fits, else from doubles. For a count of small units of a long time,
    /// which `*` would approximate by a fraction of at most 2³¹.
    package func rounded(times factor: Int) -> Int {
        let (high, low) = numerator.multipliedFullWidth(by: factor)
        guard high == 0, low <= UInt(Int.max) else { return Int((doubleValue * Double(factor)).rounded()) }
        return Self.roundedQuotient(Int(low), denominator)
    }

    /// `a` / `b` rounded to the nearest whole number, a half up (a ≥ 0, b ≥ 1), without
    /// overflowing.
    private static func roundedQuotient(_ a: Int, _ b: Int) -> Int {
        let (whole, remainder) = a.quotientAndRemainder(dividingBy: b)
        return whole + (remainder >= b - remainder ? 1 : 0)
    }

    /// 1 / self; self must not be zero.
    package var reciprocal: Rational { Rational(denominator, numerator) }

    /// The exact sum, or when its terms would overflow, the nearest fraction with a
    /// denominator of at most a million (within 5·10⁻⁷ of the sum).
    package static func + (a: Rational, b: Rational) -> Rational {
        let (ad, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
        let (bd, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
        let (sum, o3) = ad.addingReportingOverflow(bd)
        let (denominator, o4) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        guard !(o1 || o2 || o3 || o4) else { return approximating(a.doubleValue + b.doubleValue) }
        return Rational(sum, denominator)
    }

    /// The exact product, or when its terms would overflow, the nearest fraction with a
    /// denominator of at most a million.
    package static func * (a: Rational, b: Rational) -> Rational {
        let (numerator, o1) = a.numerator.multipliedReportingOverflow(by: b.numerator)
        let (denominator, o2) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        guard !(o1 || o2) else { return approximating(a.doubleValue * b.doubleValue) }
        return Rational(numerator, denominator)
    }

    /// `7/2`, or `3` when whole: the form ffmpeg's `-r` takes.
    package var description: String { denominator == 1 ? String(numerator) : "\(numerator)/\(denominator)" }

    /// The greatest common divisor of `a` and `b` (≥ 0), at least 1.
    package static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }
}

extension Int {
    /// The value limited to `low ... high`.
    package func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
