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
