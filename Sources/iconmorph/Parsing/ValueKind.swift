import MorphKernel

/// What kind of value an option takes; the parser converts and checks with it, and the help and
/// error texts describe the option with the same `phrase`, so the two cannot disagree.
enum ValueKind: Equatable, Sendable {
    /// An icon: a PNG or SVG file, a built-in symbol name, or `-` for standard input. Not
    /// empty; which of these it is is settled later, by `IconInput.resolve`.
    case icon
    /// A file to read (a timeline), or `-` for standard input. Not empty.
    case inputFile
    /// A file, folder or pattern to write, or `-` for standard output. Not empty.
    case outputPathOrStandardOutput
    /// A finite decimal number in `range`.
    case number(NumberRange)
    /// A decimal integer in `range`.
    case integer(ClosedRange<Int>)
    /// One word of `choices`, exactly.
    case choice([String])
    /// Points as one positive number (a square) or `WxH`.
    case boxSize
    /// A hexadecimal colour `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` may be left out).
    case color
    /// The word `auto` (given as `.choice("auto")`) or a finite decimal number in the range.
    case automaticOrNumber(NumberRange)
    /// A name, as typed. Not empty.
    case name

    /// What the option expects, as a noun phrase for "expected …".
    var phrase: String {
        switch self {
        case .icon: "a PNG or SVG file, a built-in symbol name, or - for standard input"
        case .inputFile: "a file to read, or - for standard input"
        case .outputPathOrStandardOutput: "a file or folder path, or - for standard output"
        case .number(let range): range.phrase
        case .integer(let range) where range.upperBound == .max: "an integer of at least \(range.lowerBound)"
        case .integer(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .choice(let choices): "one of " + choices.joined(separator: ", ")
        case .boxSize: "a size in points greater than 0, as one number or WxH (such as 44 or 60x44)"
        case .color: "a hex color #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case .automaticOrNumber(let range): "auto or " + range.phrase
        case .name: "a name"
        }
    }

    /// Converts the text given for `option` (as spelled by the user).
    ///
    /// - Throws: `CommandLineError.invalidValue` naming the option, the expectation and the text.
    func parse(_ text: String, option: String) throws -> OptionValue {
        let value: OptionValue? = switch self {
        case .icon, .inputFile, .name:
            text.isEmpty ? nil : .text(text)
        case .outputPathOrStandardOutput:
            text.isEmpty ? nil : .text(text)
        case .number(let range):
            parseDecimal(text).flatMap { range.contains($0) ? .number($0) : nil }
        case .integer(let range):
            parseInteger(text).flatMap { range.contains($0) ? .integer($0) : nil }
        case .choice(let choices):
            choices.contains(text) ? .choice(text) : nil
        case .boxSize:
            Self.parseBoxSize(text)
        case .color:
            Self.parseColor(text).map(OptionValue.color)
        case .automaticOrNumber(let range):
            text == "auto" ? .choice(text) : parseDecimal(text).flatMap { range.contains($0) ? .number($0) : nil }
        }
        guard let value else {
            var suggestion: String?
            if case .choice(let choices) = self { suggestion = closestMatch(to: text, in: choices) }
            throw CommandLineError.invalidValue(option: option, expected: phrase, got: text, suggestion: suggestion)
        }
        return value
    }

    private static func parseBoxSize(_ text: String) -> OptionValue? {
        let parts = text.split(maxSplits: 1, omittingEmptySubsequences: false) { "xX×".contains($0) }
        let numbers = parts.compactMap { parseDecimal(String($0)) }
        guard numbers.count == parts.count, numbers.allSatisfy(NumberRange.positive.contains) else { return nil }
        return .size(width: numbers[0], height: numbers.count == 2 ? numbers[1] : numbers[0])
    }

    /// CSS-style hex colours; the short forms repeat each digit (`#f80` is `#ff8800`).
    static func parseColor(_ text: String) -> TintColor? {
        let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        let digits = hex.unicodeScalars.compactMap { scalar -> UInt8? in
            guard scalar.isASCII, let digit = UInt8(String(scalar), radix: 16) else { return nil }
            return digit
        }
        guard digits.count == hex.unicodeScalars.count else { return nil }
        let channels: [UInt8]
        switch digits.count {
        case 3, 4: channels = digits.map { $0 &* 17 }
        case 6, 8: channels = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        default: return nil
        }
        return TintColor(red: channels[0], green: channels[1], blue: channels[2],
                         alpha: channels.count == 4 ? channels[3] : 255)
    }
}

/// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque: the form `--color` reads back.
///
/// Spelled out digit by digit: every command builds its help's defaults at start-up, and the
/// generic `String(_:radix:)` and `joined()` cost it more than the rest of that together.
func hexString(_ color: TintColor) -> String {
    let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "#")]
    let channels = color.alpha == 255 ? [color.red, color.green, color.blue] : [color.red, color.green, color.blue, color.alpha]
    for channel in channels {
        bytes.append(digits[Int(channel >> 4)])
        bytes.append(digits[Int(channel & 15)])
    }
    return String(decoding: bytes, as: UTF8.self)
}
