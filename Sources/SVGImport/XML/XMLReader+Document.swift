/// The document: its encoding and XML declaration, then markup at the top level and in
/// content, checked to form one well-nested tree under one root.
extension XMLReader {
    mutating func run() throws(SVGError) -> MarkupDocument {
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
        // XML allows no control character but tab, line feed and carriage return, written as
        // itself or as a reference (`XMLReader+References.swift`).
        if let bad = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            let code = String(bytes[bad], radix: 16, uppercase: true)
            throw fail("the control character U+\(String(repeating: "0", count: 4 - code.count) + code) is not a character XML allows", at: bad)
        }
        // Nor U+FFFE or U+FFFF (EF BF BE, EF BF BF in UTF-8, which is valid by now).
        if let bad = bytes.indices.dropLast(2).first(where: { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBF && bytes[$0 + 2] >= 0xBE }) {
            throw fail("the noncharacter U+FFF\(bytes[bad + 2] == 0xBE ? "E" : "F") is not a character XML allows", at: bad)
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

    mutating func comment() throws(SVGError) {
        let start = position
        position += 4
        try skip(past: "-->", from: start, reason: "a comment is not closed (missing '-->')")
    }

    mutating func processingInstruction() throws(SVGError) {
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
}
