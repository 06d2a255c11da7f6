/// A parsed XML document: elements in document order (the root is element 0).
struct MarkupDocument {
    var elements: [MarkupElement]
    var locator: SourceLocator
}
