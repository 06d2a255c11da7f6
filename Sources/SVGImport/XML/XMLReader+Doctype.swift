/// The DOCTYPE: skipped, except that internal general entities with plain-text values are
/// remembered (external ones are never loaded).
extension XMLReader {
    mutating func doctype() throws(SVGError) {
        let start = position
        position += 9
        guard skipSpace() else { throw fail("expected a space after '<!DOCTYPE', found \(found())") }
        _ = try scanName(what: "the document type name")
        while true {
            skipSpace()
            guard let next = byte(at: position) else {
                throw fail("the DOCTYPE is not closed (missing '>')", at: start)
            }
            switch next {
            case UInt8(ascii: ">"):
                position += 1
                return
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                _ = try quotedLiteral(startingAt: start, what: "DOCTYPE")
            case UInt8(ascii: "["):
                position += 1
                try internalSubset(doctypeStart: start)
            default:
                if Self.isNameStart(next) {
                    _ = try scanName(what: "SYSTEM or PUBLIC")
                } else {
                    throw fail("unexpected \(found()) in the DOCTYPE")
                }
            }
        }
    }

    /// Reads a quoted literal at the cursor and returns its raw bytes as a string.
    private mutating func quotedLiteral(startingAt start: Int, what: String) throws(SVGError) -> String {
        let quote = bytes[position]
        position += 1
        let valueStart = position
        while let next = byte(at: position), next != quote { position += 1 }
        guard !isAtEnd else { throw fail("a quoted string in the \(what) is not closed", at: valueStart - 1) }
        position += 1
        return String(decoding: bytes[valueStart..<(position - 1)], as: UTF8.self)
    }

    private mutating func internalSubset(doctypeStart: Int) throws(SVGError) {
        while true {
            skipSpace()
            guard let next = byte(at: position) else {
                throw fail("the DOCTYPE's internal subset is not closed (missing ']')", at: doctypeStart)
            }
            if next == UInt8(ascii: "]") {
                position += 1
                return
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!ENTITY") {
                try entityDeclaration()
            } else if starts(with: "<!") {
                try skipDeclaration()
            } else if next == UInt8(ascii: "%") {
                // A parameter-entity reference: external subsets are never loaded, so skip it.
                let start = position
                try skip(past: ";", from: start, reason: "a parameter entity reference is not closed (missing ';')")
            } else {
                throw fail("unexpected \(found()) in the DOCTYPE's internal subset")
            }
        }
    }

    /// Skips `<!ELEMENT …>`, `<!ATTLIST …>` or `<!NOTATION …>`, honouring quoted strings.
    private mutating func skipDeclaration() throws(SVGError) {
        let start = position
        position += 2
        while let next = byte(at: position) {
            if next == UInt8(ascii: ">") { position += 1; return }
            if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
                _ = try quotedLiteral(startingAt: start, what: "declaration")
            } else {
                position += 1
            }
        }
        throw fail("a markup declaration in the DOCTYPE is not closed (missing '>')", at: start)
    }

    private mutating func entityDeclaration() throws(SVGError) {
        let start = position
        position += 8
        guard skipSpace() else { throw fail("expected a space after '<!ENTITY', found \(found())") }
        if byte(at: position) == UInt8(ascii: "%") {
            position = start
            try skipDeclaration()
            return
        }
        let entityName = try scanName(what: "an entity name")
        skipSpace()
        var definition = EntityDefinition.external
        if let quote = byte(at: position), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let value = try quotedLiteral(startingAt: start, what: "entity declaration")
            definition = value.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "%") })
                ? .markup : .text(value)
        }
        while let next = byte(at: position), next != UInt8(ascii: ">") {
            if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
                _ = try quotedLiteral(startingAt: start, what: "entity declaration")
            } else {
                position += 1
            }
        }
        guard !isAtEnd else { throw fail("an entity declaration is not closed (missing '>')", at: start) }
        position += 1
        // XML: the first declaration of an entity is binding.
        if entities[entityName] == nil { entities[entityName] = definition }
    }
}
