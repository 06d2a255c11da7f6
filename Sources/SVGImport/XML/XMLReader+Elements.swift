/// Elements: start and end tags, attributes with their namespaces, and the character data
/// kept for `keepTextOf`.
extension XMLReader {
    mutating func startTag() throws(SVGError) {
        let start = position
        position += 1
        let qualifiedName = try scanName(what: "an element name after '<'")
        var rawAttributes: [(name: String, value: String, offset: Int)] = []
        // A set, not a scan of `rawAttributes`: an element with n attributes would cost n²
        // comparisons (2 · 10⁸ for a 250 KB tag of 20 000 attributes).
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
        // Each stored element costs a few hundred bytes, so a 16 MiB file of `<g/>` (4 · 10⁶
        // elements) would take over a gigabyte before the importer's drawn-element limit is
        // reached (Scripts/mutate-inputs).
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

    mutating func endTag() throws(SVGError) {
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

    mutating func characterData() throws(SVGError) {
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

    mutating func appendText(_ text: String) {
        guard keepsText, let open = stack.last else { return }
        elements[open.element].text += text
    }
}
