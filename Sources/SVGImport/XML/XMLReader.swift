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
    var bytes: [UInt8]
    let name: String
    let maximumDepth: Int
    /// The most elements the document may have; checked as each one starts, before it is stored.
    let maximumElements: Int
    /// Local names of SVG elements whose character data is kept (`style`).
    let keepTextOf: Set<String>
    var position = 0
    var elements: [MarkupElement] = []
    /// Open elements: index into `elements` and the namespace bindings the element declared.
    var stack: [(element: Int, bindings: [String: String])] = []
    var entities: [String: EntityDefinition] = [:]
    /// Bytes still allowed to come from entity expansion.
    var expansionBudget: Int
    var locatorCache: SourceLocator?

    enum EntityDefinition {
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

    mutating func fail(_ reason: String, at offset: Int? = nil) -> SVGError {
        let (line, column) = location(of: offset ?? position)
        return .malformedXML(file: name, line: line, column: column, reason: reason)
    }

    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let locator = locatorCache ?? SourceLocator(bytes)
        locatorCache = locator
        return locator.location(of: offset)
    }

    var isAtEnd: Bool { position >= bytes.count }

    func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func starts(with literal: StaticString, at index: Int? = nil) -> Bool {
        let start = index ?? position
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for k in 0..<count where bytes[start + k] != pointer[k] { return false }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    /// A quoted description of the character at the cursor for messages.
    func found(at offset: Int? = nil) -> String {
        SVGPathDataError.describeCharacter(at: offset ?? position, in: bytes)
    }

    mutating func scanName(what: String) throws(SVGError) -> String {
        let start = position
        guard let first = byte(at: position), Self.isNameStart(first) else {
            throw fail("expected \(what), found \(found())")
        }
        position += 1
        while let next = byte(at: position), Self.isNameByte(next) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Moves past the next occurrence of `terminator`; throws `reason` at `start` if none.
    mutating func skip(past terminator: StaticString, from start: Int, reason: String) throws(SVGError) {
        while position < bytes.count {
            if starts(with: terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw fail(reason, at: start)
    }
}
