/// A cursor over UTF-8 bytes that reads SVG numbers and the separators between them.
///
/// Shared by every micro-syntax in SVG attributes (path data, points, transforms, viewBox,
/// lengths). Numbers follow SVG 1.1's grammar:
/// `sign? (digits ('.' digits?)? | '.' digits) (('e' | 'E') sign? digits)?`.
struct NumberScanner {
    /// Why a number could not be read; each case carries the byte offset at fault.
    enum Failure: Error, Equatable {
        /// No number starts here.
        case expectedNumber(at: Int)
        /// A sign or a lone '.' is not followed by a digit.
        case expectedDigit(at: Int)
        /// An exponent marker is not followed by digits.
        case expectedExponentDigit(at: Int)
        /// The number is too large for a Double.
        case outOfRange(at: Int)
    }

    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    init(_ text: String) {
        self.init(Array(text.utf8))
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte at the cursor, or nil at the end.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// SVG's whitespace: space, tab, line feed, carriage return and form feed.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// True when a number could start with this byte (digit, sign or '.').
    static func startsNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Skips `wsp* ','? wsp*`; returns whether a comma was consumed.
    @discardableResult
    mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard current == UInt8(ascii: ",") else { return false }
        position += 1
        skipWhitespace()
        return true
    }

    /// Reads one number at the cursor.
    ///
    /// - Parameter greedyExponent: when true (path data, where 'e' is never a command), an
    ///   'e' after the mantissa always starts an exponent and must be followed by digits;
    ///   when false (lengths such as `2em`), the 'e' belongs to the number only if a digit (or
    ///   a sign and a digit) follows it.
    mutating func scanNumber(greedyExponent: Bool = true) throws(Failure) -> Double {
        let start = position
        var index = position
        let count = bytes.count
        if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        var mantissaDigits = 0
        while index < count, Self.isDigit(bytes[index]) { index += 1; mantissaDigits += 1 }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            let dot = index
            index += 1
            var fractionDigits = 0
            while index < count, Self.isDigit(bytes[index]) { index += 1; fractionDigits += 1 }
            if mantissaDigits == 0 && fractionDigits == 0 {
                // A lone '.' (or sign then '.'): the problem is right after the dot, unless
                // nothing number-like came before it at all.
                if dot == start { throw .expectedNumber(at: start) }
                throw .expectedDigit(at: dot + 1)
            }
            mantissaDigits += fractionDigits
        }
        if mantissaDigits == 0 {
            if index == start { throw .expectedNumber(at: start) }
            throw .expectedDigit(at: index)
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var probe = index + 1
            if probe < count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") { probe += 1 }
            if probe < count, Self.isDigit(bytes[probe]) {
                index = probe
                while index < count, Self.isDigit(bytes[index]) { index += 1 }
            } else if greedyExponent {
                throw .expectedExponentDigit(at: probe)
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw .outOfRange(at: start) }
        position = index
        return value
    }
}
