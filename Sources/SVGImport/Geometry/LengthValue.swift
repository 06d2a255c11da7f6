/// An SVG length: a number of user units (absolute units already converted at 96 dpi), or a
/// percentage of a viewport dimension that is resolved where it is used.
enum LengthValue: Equatable {
    case userUnits(Double)
    case percent(Double)

    /// User units per unit. Font-relative units assume a 16 px font (em, rem) with an
    /// x-height of half of it (ex): icons rarely use them, and there is no text to size them.
    static let unitScale: [String: Double] = [
        "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72, "pc": 16,
        "em": 16, "rem": 16, "ex": 8,
    ]

    /// Parses `number unit?` (or `number%`) with optional surrounding whitespace.
    ///
    /// - Parameter context: names the attribute or property in an error message.
    /// - Throws: `SVGPathDataError` at the first character that does not fit.
    static func parse(_ text: String, context: String) throws(SVGPathDataError) -> LengthValue {
        var scanner = NumberScanner(text)
        scanner.skipWhitespace()
        let value: Double
        do {
            value = try scanner.scanNumber(greedyExponent: false)
        } catch {
            throw .from(error, in: scanner.bytes, context: context)
        }
        let unitStart = scanner.position
        while let byte = scanner.current, byte == UInt8(ascii: "%") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) {
            scanner.position += 1
        }
        let unit = String(decoding: scanner.bytes[unitStart..<scanner.position], as: UTF8.self).lowercased()
        let result: LengthValue
        if unit.isEmpty {
            result = .userUnits(value)
        } else if unit == "%" {
            result = .percent(value)
        } else if let scale = unitScale[unit] {
            result = .userUnits(value * scale)
        } else {
            throw .at(unitStart, in: scanner.bytes, context: context, expected: "a unit (px, in, cm, mm, pt, pc, em, ex or %) or the end")
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            throw .at(scanner.position, in: scanner.bytes, context: context, expected: "the end of the length")
        }
        return result
    }

    /// The length in user units; a percentage is taken of `reference`.
    func resolved(against reference: Double) -> Double {
        switch self {
        case .userUnits(let value): value
        case .percent(let value): value / 100 * reference
        }
    }
}
