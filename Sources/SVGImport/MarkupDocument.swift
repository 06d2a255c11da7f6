/// Well-known namespace names.
enum Namespace {
    static let svg = "http://www.w3.org/2000/svg"
    static let xlink = "http://www.w3.org/1999/xlink"
    static let xml = "http://www.w3.org/XML/1998/namespace"
}

/// One attribute of an element, with its namespace resolved.
struct MarkupAttribute {
    /// Namespace name; nil for an unprefixed attribute.
    var namespace: String?
    var localName: String
    var qualifiedName: String
    /// The value with entities expanded and whitespace normalised as XML requires.
    var value: String
    /// Byte offset of the attribute's name in the document.
    var offset: Int
}

/// One element of a parsed document; elements live in a flat array and refer to each other
/// by index, so that no later pass needs a recursive value type.
struct MarkupElement {
    /// Namespace name; nil when the element is in no namespace.
    var namespace: String?
    var localName: String
    var qualifiedName: String
    var attributes: [MarkupAttribute]
    var parent: Int?
    var children: [Int] = []
    /// Character data directly inside the element; kept only for elements that need it
    /// (`<style>`), empty otherwise.
    var text: String = ""
    /// Byte offset of the element's `<`.
    var offset: Int

    /// The value of the attribute `localName` in `namespace` (nil: no namespace).
    func attribute(_ localName: String, namespace: String? = nil) -> MarkupAttribute? {
        attributes.first { $0.localName == localName && $0.namespace == namespace }
    }

    /// True for an element in the SVG namespace, or in no namespace (hand-written files often
    /// omit `xmlns`).
    var isSVG: Bool { namespace == nil || namespace == Namespace.svg }
}

/// A parsed XML document: elements in document order (the root is element 0).
struct MarkupDocument {
    var elements: [MarkupElement]
    var locator: SourceLocator
}
