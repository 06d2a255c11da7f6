/// The rules of an SVG document's `<style>` elements, limited to the selectors icon sets
/// use: type (`path`), universal (`*`), class (`.a`), id (`#b`), compounds of those
/// (`path.a.b`), and the descendant (` `) and child (`>`) combinators, in comma-separated
/// lists. Rules with other selectors (attributes, pseudo-classes, sibling combinators) and
/// at-rules are skipped and reported as unsupported.
struct StyleSheet {
    struct Compound: Equatable {
        /// Element local name; nil for `*` or no type selector.
        var type: String?
        var ids: [String] = []
        var classes: [String] = []
    }

    enum Combinator: Equatable {
        case descendant
        case child
    }

    struct Selector: Equatable {
        /// Left to right; `combinators[k]` joins `compounds[k]` and `compounds[k + 1]`.
        var compounds: [Compound]
        var combinators: [Combinator]

        /// CSS specificity folded into one comparable number: ids, classes, types.
        var specificity: Int {
            compounds.reduce(0) { sum, compound in
                sum + compound.ids.count * 1_000_000 + compound.classes.count * 1_000 + (compound.type == nil ? 0 : 1)
            }
        }
    }

    struct Rule {
        var selector: Selector
        var declarations: [(name: String, value: String, important: Bool)]
        /// Position in the document's rules, to break specificity ties (later wins).
        var order: Int
    }

    private(set) var rules: [Rule] = []
    /// What the selectors test of each element of the document matched against, gathered
    /// once (`gatherFacts`): looked up from the element at every test, the class attribute
    /// split again each time and the element copied, matching took 1.7–2.0 s of the budget
    /// in a debug build.
    private var facts: [ElementFacts] = []
    /// Compounds tested against elements so far (`matches`), against `testBudget`: a sheet
    /// of thousands of descendant rules over deeply nested elements tests rules × elements ×
    /// depth of them (a 28 KB file took 73 s).
    private(set) var tests = 0
    /// The most compound tests matching may make; past it, no more rules match
    /// (`isOverBudget`) and the document is refused.
    var testBudget = Int.max
    var isOverBudget: Bool { tests > testBudget }

    /// Adds the rules of one `<style>` element's text, noting what is skipped.
    mutating func add(css: String, unsupported: inout UnsupportedFeatures) {
        var text = Array(CSSDeclarations.stripComments(css).utf8)
        // HTML comment delimiters are allowed (and meaningless) in style sheets.
        for marker in [Array("<!--".utf8), Array("-->".utf8)] {
            var index = 0
            while index + marker.count <= text.count {
                if text[index..<(index + marker.count)].elementsEqual(marker) {
                    for k in index..<(index + marker.count) { text[k] = 0x20 }
                    index += marker.count
                } else {
                    index += 1
                }
            }
        }
        var index = 0
        while index < text.count {
            if NumberScanner.isWhitespace(text[index]) { index += 1; continue }
            if text[index] == UInt8(ascii: "@") {
                let nameStart = index + 1
                var nameEnd = nameStart
                while nameEnd < text.count, Self.isIdentifierByte(text[nameEnd]) { nameEnd += 1 }
                let name = String(decoding: text[nameStart..<nameEnd], as: UTF8.self).lowercased()
                index = Self.skipAtRule(text, from: nameEnd)
                if name != "charset" && name != "font-face" {
                    unsupported.note("CSS @\(name) rules")
                }
                continue
            }
            guard let open = text[index...].firstIndex(of: UInt8(ascii: "{")) else { break }
            let prelude = String(decoding: text[index..<open], as: UTF8.self)
            let close = Self.matchingBrace(text, open: open)
            let body = String(decoding: text[(open + 1)..<min(close, text.count)], as: UTF8.self)
            index = close + 1
            let declarations = CSSDeclarations.parseMarked(body)
            for part in prelude.split(separator: ",") {
                switch Self.parseSelector(String(part)) {
                case .success(let selector):
                    rules.append(Rule(selector: selector, declarations: declarations, order: rules.count))
                case .failure(let problem):
                    unsupported.note(problem.feature)
                }
            }
        }
    }

    struct UnsupportedSelector: Error {
        var feature: String
    }

    static func parseSelector(_ text: String) -> Result<Selector, UnsupportedSelector> {
        let bytes = Array(text.utf8)
        var compounds: [Compound] = []
        var combinators: [Combinator] = []
        var current = Compound()
        var inCompound = false
        var pending: Combinator?
        var index = 0
        func begin() {
            guard !inCompound else { return }
            if !compounds.isEmpty { combinators.append(pending ?? .descendant) }
            pending = nil
            current = Compound()
            inCompound = true
        }
        func end() {
            guard inCompound else { return }
            compounds.append(current)
            inCompound = false
        }
        func identifier() -> String {
            let start = index
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case _ where NumberScanner.isWhitespace(byte):
                end()
                if pending == nil, !compounds.isEmpty { pending = .descendant }
                index += 1
            case UInt8(ascii: ">"):
                end()
                guard !compounds.isEmpty else { return .failure(.init(feature: "CSS selectors starting with a combinator")) }
                pending = .child
                index += 1
            case UInt8(ascii: "*"):
                guard !inCompound else { return .failure(.init(feature: "CSS selectors with '*' inside a compound")) }
                begin()
                index += 1
            case UInt8(ascii: "."), UInt8(ascii: "#"):
                begin()
                index += 1
                let name = identifier()
                guard !name.isEmpty else { return .failure(.init(feature: "malformed CSS selectors")) }
                if byte == UInt8(ascii: ".") { current.classes.append(name) } else { current.ids.append(name) }
            case _ where isIdentifierByte(byte) && !NumberScanner.isDigit(byte) && byte != UInt8(ascii: "-"):
                guard !inCompound else { return .failure(.init(feature: "malformed CSS selectors")) }
                begin()
                current.type = identifier()
            case UInt8(ascii: "["):
                return .failure(.init(feature: "CSS attribute selectors"))
            case UInt8(ascii: ":"):
                return .failure(.init(feature: "CSS pseudo-classes"))
            case UInt8(ascii: "+"), UInt8(ascii: "~"):
                return .failure(.init(feature: "CSS sibling combinators"))
            default:
                return .failure(.init(feature: "malformed CSS selectors"))
            }
        }
        end()
        guard !compounds.isEmpty, pending != .child else { return .failure(.init(feature: "malformed CSS selectors")) }
        return .success(Selector(compounds: compounds, combinators: combinators))
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || NumberScanner.isDigit(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Index just past an at-rule: its ';' or its balanced `{…}` block.
    private static func skipAtRule(_ text: [UInt8], from start: Int) -> Int {
        var index = start
        while index < text.count {
            if text[index] == UInt8(ascii: ";") { return index + 1 }
            if text[index] == UInt8(ascii: "{") { return matchingBrace(text, open: index) + 1 }
            index += 1
        }
        return index
    }

    /// Index of the '}' that closes the '{' at `open` (quotes honoured), or the end.
    private static func matchingBrace(_ text: [UInt8], open: Int) -> Int {
        var depth = 0
        var quote: UInt8?
        var index = open
        while index < text.count {
            let byte = text[index]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return text.count
    }

    // MARK: - Matching

    /// The declarations of every rule that matches element `index`, ordered by specificity
    /// and then document order (so applying them in sequence gives the cascade's winner).
    /// Once over the budget, none. Each keeps its `!important` mark, which the cascade
    /// applies after the style attribute's normal declarations (`LayerBuilder.declared`).
    mutating func declarations(for index: Int, in document: MarkupDocument) -> [(name: String, value: String, important: Bool)] {
        guard !rules.isEmpty else { return [] }
        gatherFacts(document)
        var matching: [Rule] = []
        for rule in rules where matches(rule.selector, element: index, in: document) { matching.append(rule) }
        if isOverBudget { return [] }
        return matching.sorted { ($0.selector.specificity, $0.order) < ($1.selector.specificity, $1.order) }
            .flatMap(\.declarations)
    }

    /// Whether `selector` matches element `element`; false without testing once over the
    /// budget.
    mutating func matches(_ selector: Selector, element: Int, in document: MarkupDocument) -> Bool {
        guard !isOverBudget else { return false }
        gatherFacts(document)
        // Memoised on (compound, element) so that descendant combinators over deep trees stay
        // polynomial.
        var failed = Set<Int>()
        let count = facts.count
        var tests = self.tests
        defer { self.tests = tests }
        let budget = testBudget
        return facts.withUnsafeBufferPointer { facts in
            func match(_ k: Int, _ index: Int) -> Bool {
                let key = k * count + index
                if failed.contains(key) { return false }
                tests += 1
                if tests > budget { return false }
                var result = false
                if Self.compound(selector.compounds[k], matches: facts[index]) {
                    if k == 0 {
                        result = true
                    } else {
                        var ancestor = facts[index].parent
                        switch selector.combinators[k - 1] {
                        case .child:
                            result = ancestor.map { match(k - 1, $0) } ?? false
                        case .descendant:
                            while let candidate = ancestor, !result {
                                result = match(k - 1, candidate)
                                ancestor = facts[candidate].parent
                            }
                        }
                    }
                }
                if !result { failed.insert(key) }
                return result
            }
            return match(selector.compounds.count - 1, element)
        }
    }

    /// What a compound selector tests of one element: its name (nil outside the SVG
    /// namespace, where nothing matches), its id, its classes, and its parent.
    struct ElementFacts {
        var name: String?
        var id: String?
        var classes: [Substring]
        var parent: Int?

        init(_ element: MarkupElement) {
            name = element.isSVG ? element.localName : nil
            id = element.attribute("id")?.value
            classes = element.attribute("class")?.value
                .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ?? []
            parent = element.parent
        }
    }

    /// Gathers `facts` for `document`'s elements, unless they are gathered already (a sheet
    /// belongs to one document).
    private mutating func gatherFacts(_ document: MarkupDocument) {
        guard facts.count != document.elements.count else { return }
        facts = document.elements.map(ElementFacts.init)
    }

    static func compound(_ compound: Compound, matches element: ElementFacts) -> Bool {
        guard let name = element.name else { return false }
        if let type = compound.type, type != name { return false }
        if !compound.ids.isEmpty {
            guard compound.ids.allSatisfy({ $0 == element.id }) else { return false }
        }
        if !compound.classes.isEmpty {
            guard compound.classes.allSatisfy({ name in element.classes.contains { $0 == name } }) else { return false }
        }
        return true
    }
}
