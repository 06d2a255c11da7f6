#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The finite numbers an option accepts, with the phrase that describes them in messages and help.
struct NumberRange: Equatable, Sendable {
    var lower: Double
    var lowerInclusive: Bool
    /// `nil` for no upper bound (still finite).
    var upper: Double?
    var upperInclusive: Bool

    /// [a, b].
    static func closed(_ a: Double, _ b: Double) -> NumberRange {
        NumberRange(lower: a, lowerInclusive: true, upper: b, upperInclusive: true)
    }

    /// (a, b].
    static func aboveUpTo(_ a: Double, _ b: Double) -> NumberRange {
        NumberRange(lower: a, lowerInclusive: false, upper: b, upperInclusive: true)
    }

    /// (0, ∞), finite.
    static let positive = NumberRange(lower: 0, lowerInclusive: false, upper: nil, upperInclusive: false)

    /// [0, ∞), finite.
    static let nonNegative = NumberRange(lower: 0, lowerInclusive: true, upper: nil, upperInclusive: false)

    /// Whether `x` is finite and inside the range.
    func contains(_ x: Double) -> Bool {
        guard x.isFinite else { return false }
        if lowerInclusive ? x < lower : x <= lower { return false }
        if let upper, upperInclusive ? x > upper : x >= upper { return false }
        return true
    }

    /// The range as a noun phrase: "a number from 0 to 1", "a number greater than 0".
    var phrase: String {
        let low = formatNumber(lower)
        switch (lowerInclusive, upper) {
        case (true, nil): return "a number of \(low) or more"
        case (false, nil): return "a number greater than \(low)"
        case (true, let upper?) where upperInclusive: return "a number from \(low) to \(formatNumber(upper))"
        case (true, let upper?): return "a number of at least \(low) and less than \(formatNumber(upper))"
        case (false, let upper?) where upperInclusive:
            return "a number greater than \(low) and at most \(formatNumber(upper))"
        case (false, let upper?): return "a number between \(low) and \(formatNumber(upper)), exclusive"
        }
    }
}

/// A number the way a person writes it: `1`, `0.25`, `1e-06`; integers without a decimal point.
func formatNumber(_ x: Double) -> String {
    if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    return String(x)
}

/// A computed number for a message, to 6 significant digits (C's `%.6g`) as `formatNumber`
/// writes it: 333.4 × 3 is `1000.2`, not the `1000.1999999999999` of its binary product.
func formatComputed(_ x: Double) -> String {
    guard x.isFinite else { return formatNumber(x) }
    var buffer = [CChar](repeating: 0, count: 32)
    _ = withVaList([x]) { vsnprintf(&buffer, buffer.count, "%.6g", $0) }
    let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return formatNumber(Double(text) ?? x)
}

/// Parses a plain decimal number: optional sign, digits with an optional fraction, an optional
/// exponent. `Double(_:)` alone would also take `nan`, `inf` and hexadecimal forms, which no
/// option here means to accept; a result that overflows to infinity is refused too.
func parseDecimal(_ text: String) -> Double? {
    var bytes = Substring(text).utf8[...]
    if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    let integerDigits = bytes.prefix(while: isDigit).count
    bytes = bytes.dropFirst(integerDigits)
    var fractionDigits = 0
    if bytes.first == UInt8(ascii: ".") {
        bytes = bytes.dropFirst()
        fractionDigits = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(fractionDigits)
    }
    guard integerDigits + fractionDigits > 0 else { return nil }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let exponentDigits = bytes.prefix(while: isDigit).count
        guard exponentDigits > 0 else { return nil }
        bytes = bytes.dropFirst(exponentDigits)
    }
    guard bytes.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
}

/// Parses a plain decimal integer with an optional sign; `nil` for anything else or overflow.
func parseInteger(_ text: String) -> Int? {
    var digits = Substring(text)
    if let sign = digits.first, sign == "+" || sign == "-" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
        return nil
    }
    return Int(text)
}
