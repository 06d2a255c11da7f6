/// A small, non-validating XML 1.0 reader with namespaces, made for SVG files.
///
/// Handles the XML declaration (UTF-8, US-ASCII and ISO-8859-1 input), comments, CDATA
/// sections, processing instructions, a DOCTYPE (skipped, except that internal general
/// entities with plain-text values are remembered; external entities are never loaded), the
/// five predefined entities, numeric character references and namespace prefixes.
///
/// It never recurses: nesting is tracked with an explicit stack capped at `maximumDepth`, and
/// entity expansion is capped at the input's size, so no input can exhaust the stack or
/// memory. Every error names the line and column where the problem is.
struct XMLReader {
    private var bytes: [UInt8]
    private let name: String
    private let maximumDepth: Int
    /// The most elements the document may have; checked as each one starts, before it is stored.
    private let maximumElements: Int
    /// Local names of SVG elements whose character data is kept (`style`).
    private let keepTextOf: Set<String>
    private var position = 0
    private var elements: [MarkupElement] = []
    /// Open elements: index into `elements` and the namespace bindings the element declared.
    private var stack: [(element: Int, bindings: [String: String])] = []
    private var entities: [String: EntityDefinition] = [:]
    /// Bytes still allowed to come from entity expansion.
    private var expansionBudget: Int
    private var locatorCache: SourceLocator?

    private enum EntityDefinition {
        case text(String)
        case external
        case markup
    }

    init(
        bytes: [UInt8], name: String, maximumDepth: Int, maximumElements: Int = .max, keepTextOf: Set<String> = ["style"]
    ) {
        self.bytes = bytes
        self.name = name
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
        self.keepTextOf = keepTextOf
        self.expansionBudget = max(bytes.count, 4096)
    }

    /// Parses the whole input.
    ///
    /// - Throws: `SVGError.malformedXML` with the line and column of the first problem.
    static func parse(
        _ bytes: [UInt8], name: String, maximumDepth: Int, maximumElements: Int = .max,
        keepTextOf: Set<String> = ["style"]
    ) throws(SVGError) -> MarkupDocument {
        var reader = XMLReader(
            bytes: bytes, name: name, maximumDepth: maximumDepth, maximumElements: maximumElements, keepTextOf: keepTextOf)
        return try reader.run()
    }

    // MARK: - Errors and small helpers

    private mutating func fail(_ reason: String, at offset: Int? = nil) -> SVGError {
        let (line, column) = location(of: offset ?? position)
        return .malformedXML(file: name, line: line, column: column, reason: reason)
    }

    private mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let locator = locatorCache ?? SourceLocator(bytes)
        locatorCache = locator
        return locator.location(of: offset)
    }

    private var isAtEnd: Bool { position >= bytes.count }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func starts(with literal: StaticString, at index: Int? = nil) -> Bool {
        let start = index ?? position
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for k in 0..<count where bytes[start + k] != pointer[k] { return false }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    /// A quoted description of the character at the cursor for messages.
    private func found(at offset: Int? = nil) -> String {
        SVGPathDataError.describeCharacter(at: offset ?? position, in: bytes)
    }

    private mutating func scanName(what: String) throws(SVGError) -> String {
        let start = position
        guard let first = byte(at: position), Self.isNameStart(first) else {
            throw fail("expected \(what), found \(found())")
        }
        position += 1
        while let next = byte(at: position), Self.isNameByte(next) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Moves past the next occurrence of `terminator`; throws `reason` at `start` if none.
    private mutating func skip(past terminator: StaticString, from start: Int, reason: String) throws(SVGError) {
        while position < bytes.count {
            if starts(with: terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw fail(reason, at: start)
    }

    // MARK: - Document

    private mutating func run() throws(SVGError) -> MarkupDocument {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw fail("the file is UTF-16 text; only UTF-8 is supported", at: 0)
        }
        if starts(with: "\u{FEFF}") { position = 3 }
        if starts(with: "<?xml"), let next = byte(at: position + 5), Self.isSpace(next) {
            try xmlDeclaration()
        }
        if let bad = Self.firstInvalidUTF8(in: bytes) {
            throw fail("the text is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))", at: bad)
        }
        var sawDoctype = false
        var sawRoot = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<?") {
                    try processingInstruction()
                } else if starts(with: "<![CDATA[") {
                    guard !stack.isEmpty else { throw fail("a CDATA section is only allowed inside the root element") }
                    try cdata()
                } else if starts(with: "<!DOCTYPE") {
                    guard !sawDoctype, !sawRoot else {
                        throw fail("a DOCTYPE is only allowed once, before the root element")
                    }
                    sawDoctype = true
                    try doctype()
                } else if starts(with: "</") {
                    try endTag()
                } else if starts(with: "<!") {
                    throw fail("expected a comment, CDATA section or DOCTYPE after '<!'")
                } else {
                    if stack.isEmpty {
                        guard !sawRoot else { throw fail("found a second root element; an XML file has exactly one") }
                        sawRoot = true
                    }
                    try startTag()
                }
            } else if stack.isEmpty {
                guard Self.isSpace(byte) else {
                    throw fail(sawRoot ? "text after the end of the root element" : "text before the root element, found \(found())")
                }
                position += 1
            } else {
                try characterData()
            }
        }
        if let open = stack.last {
            let element = elements[open.element]
            let (line, column) = location(of: element.offset)
            throw fail("the file ends inside <\(element.qualifiedName)> opened at \(line):\(column)", at: bytes.count)
        }
        guard sawRoot else { throw fail("the file has no root element", at: bytes.count) }
        return MarkupDocument(elements: elements, locator: locatorCache ?? SourceLocator(bytes))
    }

    /// Index of the first byte that breaks UTF-8 (overlong forms, surrogates and code points
    /// above U+10FFFF included), or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
            default: return index
            }
            guard index + length <= count else { return index }
            for k in 1..<length {
                let next = bytes[index + k]
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            if (length == 3 && (scalar < 0x800 || (0xD800...0xDFFF).contains(scalar)))
                || (length == 4 && (scalar < 0x10000 || scalar > 0x10FFFF)) {
                return index
            }
            index += length
        }
        return nil
    }

    private mutating func xmlDeclaration() throws(SVGError) {
        let start = position
        position += 5
        var encoding: String?
        while true {
            skipSpace()
            if starts(with: "?>") { position += 2; break }
            guard !isAtEnd else { throw fail("the XML declaration is not closed (missing '?>')", at: start) }
            let key = try scanName(what: "a pseudo-attribute name in the XML declaration")
            skipSpace()
            guard byte(at: position) == UInt8(ascii: "=") else {
                throw fail("expected '=' after '\(key)' in the XML declaration, found \(found())")
            }
            position += 1
            skipSpace()
            guard let quote = byte(at: position), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for '\(key)' in the XML declaration, found \(found())")
            }
            position += 1
            let valueStart = position
            while let next = byte(at: position), next != quote { position += 1 }
            guard !isAtEnd else { throw fail("the XML declaration is not closed (missing '?>')", at: start) }
            let value = String(decoding: bytes[valueStart..<position], as: UTF8.self)
            position += 1
            if key == "encoding" { encoding = value }
        }
        guard let encoding else { return }
        switch encoding.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii":
            break
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1", "windows-1252", "cp1252":
            // Every Latin-1 byte is the code point of the same value; re-encode as UTF-8 so the
            // rest of the reader sees one encoding. (windows-1252's 0x80–0x9F differ, but
            // those never occur in SVG markup that matters to a mask.)
            var converted: [UInt8] = []
            converted.reserveCapacity(bytes.count + bytes.count / 8)
            for byte in bytes {
                if byte < 0x80 {
                    converted.append(byte)
                } else {
                    converted.append(0xC0 | (byte >> 6))
                    converted.append(0x80 | (byte & 0x3F))
                }
            }
            let consumed = position
            var prefixLength = 0
            for byte in bytes[..<consumed] { prefixLength += byte < 0x80 ? 1 : 2 }
            bytes = converted
            locatorCache = nil
            position = prefixLength
        default:
            throw fail("the encoding '\(encoding)' is not supported; save the file as UTF-8", at: start)
        }
    }

    private mutating func comment() throws(SVGError) {
        let start = position
        position += 4
        try skip(past: "-->", from: start, reason: "a comment is not closed (missing '-->')")
    }

    private mutating func processingInstruction() throws(SVGError) {
        let start = position
        position += 2
        let target = try scanName(what: "a processing instruction target")
        if target.lowercased() == "xml" {
            throw fail("the XML declaration is only allowed at the very start of the file", at: start)
        }
        try skip(past: "?>", from: start, reason: "a processing instruction is not closed (missing '?>')")
    }

    private mutating func cdata() throws(SVGError) {
        let start = position
        position += 9
        let contentStart = position
        try skip(past: "]]>", from: start, reason: "a CDATA section is not closed (missing ']]>')")
        appendText(String(decoding: bytes[contentStart..<(position - 3)], as: UTF8.self))
    }

    // MARK: - DOCTYPE

    private mutating func doctype() throws(SVGError) {
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

    // MARK: - Elements

    private mutating func startTag() throws(SVGError) {
        let start = position
        position += 1
        let qualifiedName = try scanName(what: "an element name after '<'")
        var rawAttributes: [(name: String, value: String, offset: Int)] = []
        // A set, not a scan of `rawAttributes`: an element with n attributes would cost n²
        // comparisons (20 000 attributes, a 250 KB file, took 48 s).
        var attributeNames: Set<String> = []
        var selfClosing = false
        while true {
            let spaced = skipSpace()
            guard let next = byte(at: position) else {
                throw fail("the start tag <\(qualifiedName)> is not closed (missing '>')", at: start)
            }
            if next == UInt8(ascii: ">") { position += 1; break }
            if next == UInt8(ascii: "/") {
                guard byte(at: position + 1) == UInt8(ascii: ">") else {
                    throw fail("expected '>' after '/' in <\(qualifiedName)>, found \(found(at: position + 1))", at: position + 1)
                }
                position += 2
                selfClosing = true
                break
            }
            guard spaced else {
                throw fail("expected a space, '>' or '/>' after \(rawAttributes.isEmpty ? "the element name" : "an attribute value") in <\(qualifiedName)>, found \(found())")
            }
            let attributeOffset = position
            let attributeName = try scanName(what: "an attribute name or '>' in <\(qualifiedName)>")
            skipSpace()
            guard byte(at: position) == UInt8(ascii: "=") else {
                throw fail("expected '=' after attribute name '\(attributeName)', found \(found())")
            }
            position += 1
            skipSpace()
            let value = try attributeValue(attributeName)
            if !attributeNames.insert(attributeName).inserted {
                throw fail("the attribute '\(attributeName)' appears twice in <\(qualifiedName)>", at: attributeOffset)
            }
            rawAttributes.append((attributeName, value, attributeOffset))
        }
        guard stack.count < maximumDepth else {
            throw fail("elements are nested more than \(maximumDepth) levels deep", at: start)
        }
        // Each stored element costs a few hundred bytes, so a 16 MiB file of `<g/>` would take
        // 1.5 GB before the importer's drawn-element limit is reached (Scripts/mutate-inputs).
        guard elements.count < maximumElements else {
            throw fail("the document has more than \(maximumElements) elements", at: start)
        }

        var bindings: [String: String] = [:]
        for attribute in rawAttributes {
            if attribute.name == "xmlns" {
                bindings[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                bindings[String(attribute.name.dropFirst(6))] = attribute.value
            }
        }
        stack.append((elements.count, bindings))
        let (elementPrefix, localName) = Self.split(qualifiedName)
        let namespace = resolve(prefix: elementPrefix ?? "")
        var attributes: [MarkupAttribute] = []
        attributes.reserveCapacity(rawAttributes.count)
        for attribute in rawAttributes where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
            let (prefix, local) = Self.split(attribute.name)
            let attributeNamespace = prefix.flatMap { resolve(prefix: $0) }
            attributes.append(MarkupAttribute(
                namespace: attributeNamespace, localName: local, qualifiedName: attribute.name,
                value: attribute.value, offset: attribute.offset))
        }
        let parent = stack.count >= 2 ? stack[stack.count - 2].element : nil
        let index = elements.count
        elements.append(MarkupElement(
            namespace: namespace, localName: localName, qualifiedName: qualifiedName,
            attributes: attributes, parent: parent, offset: start))
        if let parent { elements[parent].children.append(index) }
        if selfClosing { stack.removeLast() }
    }

    private static func split(_ qualifiedName: String) -> (prefix: String?, local: String) {
        guard let colon = qualifiedName.firstIndex(of: ":"), colon != qualifiedName.startIndex,
              qualifiedName.index(after: colon) != qualifiedName.endIndex
        else { return (nil, qualifiedName) }
        return (String(qualifiedName[..<colon]), String(qualifiedName[qualifiedName.index(after: colon)...]))
    }

    /// The namespace bound to `prefix` ("" is the default namespace; callers never ask it for
    /// unprefixed attributes, which are in no namespace). An undeclared prefix gets a private name so that its elements are treated
    /// as foreign; `xlink`, which sloppy files use without declaring, is the XLink namespace.
    private func resolve(prefix: String) -> String? {
        if prefix == "xml" { return Namespace.xml }
        for entry in stack.reversed() {
            if let bound = entry.bindings[prefix] { return bound.isEmpty ? nil : bound }
        }
        if prefix.isEmpty { return nil }
        if prefix == "xlink" { return Namespace.xlink }
        return "urn:undeclared-prefix:\(prefix)"
    }

    private mutating func attributeValue(_ attributeName: String) throws(SVGError) -> String {
        guard let quote = byte(at: position), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fail("expected a quoted value for attribute '\(attributeName)', found \(found())")
        }
        let open = position
        position += 1
        var value: [UInt8] = []
        while true {
            guard let next = byte(at: position) else {
                throw fail("the value of attribute '\(attributeName)' is not closed (missing \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\""))", at: open)
            }
            if next == quote { position += 1; break }
            switch next {
            case UInt8(ascii: "<"):
                throw fail("'<' is not allowed in the value of attribute '\(attributeName)'; write &lt;")
            case UInt8(ascii: "&"):
                value.append(contentsOf: try reference().utf8)
            case 0x0D:
                // CR LF and a lone CR are one line end, and a line end becomes a space.
                value.append(0x20)
                position += byte(at: position + 1) == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                value.append(0x20)
                position += 1
            default:
                value.append(next)
                position += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Decodes `&name;`, `&#n;` or `&#xh;` at the cursor.
    private mutating func reference() throws(SVGError) -> String {
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

    private mutating func endTag() throws(SVGError) {
        let start = position
        position += 2
        let qualifiedName = try scanName(what: "an element name after '</'")
        skipSpace()
        guard byte(at: position) == UInt8(ascii: ">") else {
            throw fail("expected '>' to close the end tag </\(qualifiedName)>, found \(found())")
        }
        position += 1
        guard let open = stack.last else {
            throw fail("the end tag </\(qualifiedName)> has no matching start tag", at: start)
        }
        let element = elements[open.element]
        guard element.qualifiedName == qualifiedName else {
            let (line, column) = location(of: element.offset)
            throw fail("the end tag </\(qualifiedName)> does not match <\(element.qualifiedName)> opened at \(line):\(column)", at: start)
        }
        stack.removeLast()
    }

    private mutating func characterData() throws(SVGError) {
        var chunkStart = position
        let keep = keepsText
        while let next = byte(at: position), next != UInt8(ascii: "<") {
            if next == UInt8(ascii: "&") {
                if keep { appendText(String(decoding: bytes[chunkStart..<position], as: UTF8.self)) }
                let decoded = try reference()
                if keep { appendText(decoded) }
                chunkStart = position
            } else {
                position += 1
            }
        }
        if keep, position > chunkStart { appendText(String(decoding: bytes[chunkStart..<position], as: UTF8.self)) }
    }

    private var keepsText: Bool {
        guard let open = stack.last else { return false }
        let element = elements[open.element]
        return element.isSVG && keepTextOf.contains(element.localName)
    }

    private mutating func appendText(_ text: String) {
        guard keepsText, let open = stack.last else { return }
        elements[open.element].text += text
    }
}
