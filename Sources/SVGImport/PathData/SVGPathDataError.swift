import _IconMorphSupport

/// A syntax error in SVG path data (the `d` attribute), or in another attribute micro-syntax:
/// a number list (`points`, `viewBox`), a transform list, a length, `preserveAspectRatio`.
///
/// `offset` counts Unicode scalars (characters) from the start of the attribute value,
/// starting at 0; `description` reads like
/// `path data: expected a number at offset 7, found 'x'`.
public struct SVGPathDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which micro-syntax failed: `"path data"`, `"number list"`, `"transform list"`,
    /// `"length"` or `"preserveAspectRatio"`.
    public let context: String
    /// What the parser needed at `offset`, e.g. `"a number"`, `"a flag (0 or 1)"`.
    public let expected: String
    /// Zero-based character offset of the problem in the parsed text.
    public let offset: Int
    /// What was there instead: a quoted character, or `"end of data"`.
    public let found: String

    /// Creates an error; `found` is usually made by `SVGPathDataError.describe(_:at:)`.
    public init(context: String, expected: String, offset: Int, found: String) {
        self.context = context
        self.expected = expected
        self.offset = offset
        self.found = found
    }

    /// The error as one line: "<context>: expected <what> at offset <n>, found <what>".
    public var description: String {
        "\(context): expected \(expected) at offset \(offset), found \(found)"
    }

    /// Builds an error at byte `byteOffset` of the UTF-8 text `bytes`: converts the offset to
    /// characters and quotes the character found there.
    static func at(_ byteOffset: Int, in bytes: [UInt8], context: String, expected: String) -> SVGPathDataError {
        SVGPathDataError(
            context: context, expected: expected,
            offset: scalarOffset(of: byteOffset, in: bytes), found: describeCharacter(at: byteOffset, in: bytes))
    }

    /// Maps a scanner failure to an error in `context`.
    static func from(_ failure: NumberScanner.Failure, in bytes: [UInt8], context: String) -> SVGPathDataError {
        switch failure {
        case .expectedNumber(let at): .at(at, in: bytes, context: context, expected: "a number")
        case .expectedDigit(let at): .at(at, in: bytes, context: context, expected: "a digit")
        case .expectedExponentDigit(let at): .at(at, in: bytes, context: context, expected: "an exponent digit")
        case .outOfRange(let at):
            .at(at, in: bytes, context: context, expected: "a number within ±1.8e308")
        }
    }

    /// Number of Unicode scalars that start before `byteOffset` (continuation bytes do not
    /// start a scalar).
    static func scalarOffset(of byteOffset: Int, in bytes: [UInt8]) -> Int {
        var count = 0
        for byte in bytes[..<min(byteOffset, bytes.count)] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The character at `byteOffset` in quotes, or "end of data".
    static func describeCharacter(at byteOffset: Int, in bytes: [UInt8]) -> String {
        guard byteOffset < bytes.count else { return "end of data" }
        var end = byteOffset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[byteOffset..<end], as: UTF8.self)
        switch character {
        case " ": return "a space"
        case "\t": return "a tab"
        case "\n", "\r": return "a line break"
        default:
            // Other control and line-separator characters would break the one-line message
            // (a vertical tab or form feed counts as a line break), so they are named by code.
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
               MessageText.breaksLine(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return "'\(character)'"
        }
    }
}
