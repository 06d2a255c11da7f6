/// How long an animated PNG frame is shown: `numerator / denominator` seconds, as fcTL's
/// `delay_num` and `delay_den` store it.
///
/// A denominator of 0 means 100 (the APNG specification's rule), so it is replaced by 100
/// here and never stored. A numerator of 0 asks viewers to show the next frame as soon as
/// they can (most wait a minimum time instead).
struct AnimatedPNGDelay: Equatable {
    var numerator: UInt16
    var denominator: UInt16

    /// The delay `numerator / denominator` seconds, a denominator of 0 read as 100.
    init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = denominator == 0 ? 100 : denominator
    }

    /// The exact sum of two delays in lowest terms, or nil when that fraction does not fit
    /// 16-bit fields (no other pair of 16-bit numbers represents it exactly then either).
    func adding(_ other: AnimatedPNGDelay) -> AnimatedPNGDelay? {
        // Products of 16-bit numbers fit 32 bits, their sum 33: 64-bit arithmetic cannot overflow.
        var sum = UInt64(numerator) * UInt64(other.denominator) + UInt64(other.numerator) * UInt64(denominator)
        var common = UInt64(denominator) * UInt64(other.denominator)
        let divisor = Self.greatestCommonDivisor(sum, common)
        sum /= divisor
        common /= divisor
        guard sum <= UInt64(UInt16.max), common <= UInt64(UInt16.max) else { return nil }
        return AnimatedPNGDelay(numerator: UInt16(sum), denominator: UInt16(common))
    }

    /// gcd(a, b) by Euclid; gcd(0, b) = b, so 0 / b reduces to 0 / 1.
    private static func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
