/// Entity and character references: the five predefined entities, the internal ones the
/// DOCTYPE declared (within the expansion budget) and numeric character references.
extension XMLReader {
    /// Decodes `&name;`, `&#n;` or `&#xh;` at the cursor.
    mutating func reference() throws(SVGError) -> String {
        let start = position
        position += 1
        if byte(at: position) == UInt8(ascii: "#") {
            position += 1
            var radix = 10
            if byte(at: position) == UInt8(ascii: "x") { radix = 16; position += 1 }
            let digitsStart = position
            while let next = byte(at: position), next != UInt8(ascii: ";"), position - digitsStart < 10 {
                let isDigit = NumberScanner.isDigit(next)
                let isHex = isDigit || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "f"))
                guard radix == 16 ? isHex : isDigit else { break }
                position += 1
            }
            guard position > digitsStart, byte(at: position) == UInt8(ascii: ";") else {
                throw fail("a character reference must be '&#' digits ';' or '&#x' hex digits ';'", at: start)
            }
            let digits = String(decoding: bytes[digitsStart..<position], as: UTF8.self)
            position += 1
            guard let code = UInt32(digits, radix: radix), Self.isXMLCharacter(code), let scalar = Unicode.Scalar(code) else {
                throw fail("the character reference \(String(decoding: bytes[start..<position], as: UTF8.self)) is not a character XML allows", at: start)
            }
            return String(Character(scalar))
        }
        let entityName = try scanName(what: "an entity name after '&' (write a literal '&' as &amp;)")
        guard byte(at: position) == UInt8(ascii: ";") else {
            throw fail("expected ';' after the entity name '&\(entityName)', found \(found())")
        }
        position += 1
        switch entityName {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "apos": return "'"
        case "quot": return "\""
        default: break
        }
        switch entities[entityName] {
        case .text(let value):
            expansionBudget -= value.utf8.count
            guard expansionBudget >= 0 else {
                throw fail("entity expansion exceeds the size of the input (an entity-expansion bomb?)", at: start)
            }
            return value
        case .external:
            throw fail("the entity '&\(entityName);' is external; external entities are never loaded", at: start)
        case .markup:
            throw fail("the entity '&\(entityName);' contains markup or references, which this reader does not expand", at: start)
        case nil:
            throw fail("the entity '&\(entityName);' is not defined", at: start)
        }
    }

    private static func isXMLCharacter(_ code: UInt32) -> Bool {
        code == 0x9 || code == 0xA || code == 0xD || (0x20...0xD7FF).contains(code)
            || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code)
    }
}
