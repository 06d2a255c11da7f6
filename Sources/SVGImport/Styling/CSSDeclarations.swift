/// Splits CSS declaration blocks (`name: value; …`) as found in `style` attributes and in
/// `<style>` rule bodies.
enum CSSDeclarations {
    /// `parseMarked`'s declarations without their `!important` marks.
    static func parse(_ text: String) -> [(name: String, value: String)] {
        parseMarked(text).map { ($0.name, $0.value) }
    }

    /// The declarations in order, names lower-cased, values trimmed, `!important` taken off
    /// the value and kept as `important`. Semicolons inside parentheses or quotes do not
    /// split; a declaration without ':' is skipped, as CSS error recovery does.
    static func parseMarked(_ text: String) -> [(name: String, value: String, important: Bool)] {
        let bytes = Array(stripComments(text).utf8)
        var result: [(String, String, Bool)] = []
        var start = 0
        var depth = 0
        var quote: UInt8?
        var index = 0
        func flush(_ end: Int) {
            let piece = String(decoding: bytes[start..<end], as: UTF8.self)
            guard let colon = piece.firstIndex(of: ":") else { return }
            let name = trim(piece[..<colon]).lowercased()
            var value = trim(piece[piece.index(after: colon)...])
            var important = false
            if let bang = value.lastIndex(of: "!"),
               trim(value[value.index(after: bang)...]).lowercased() == "important" {
                value = trim(value[..<bang])
                important = true
            }
            guard !name.isEmpty else { return }
            result.append((name, value, important))
        }
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ";"), depth == 0 {
                flush(index)
                start = index + 1
            }
            index += 1
        }
        flush(bytes.count)
        return result
    }

    /// The text with `/* … */` comments removed (an unclosed comment runs to the end).
    static func stripComments(_ text: String) -> String {
        guard text.contains("/*") else { return text }
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "/*") {
            output += rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstRange(of: "*/") else { return output }
            output += " "
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    static func trim<S: StringProtocol>(_ text: S) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}
