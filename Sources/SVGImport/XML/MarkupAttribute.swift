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
