import AlphaRaster

/// Walks a parsed SVG document and turns what it draws into `VectorIcon` layers.
///
/// One layer per painted fill and per painted stroke of each shape, in document order. The
/// style of every element is cascaded once on the original tree (so `<style>` selectors see
/// the document's structure) and inherited along the drawing path (so a `<use>`d element
/// inherits from the `<use>`, as SVG requires).
struct LayerBuilder {
    let document: MarkupDocument
    let name: String
    let limits: SVGImportLimits

    var layers: [VectorIcon.Layer] = []
    var unsupported = UnsupportedFeatures()
    /// Warnings about single elements, each naming its line and column: a `<use>` of an id
    /// that does not exist, path data drawn up to an error.
    var elementWarnings: [String] = []

    var ids: [String: Int] = [:]
    var styleSheet = StyleSheet()
    var declaredCache: [Int: DeclaredStyle] = [:]
    var pathCache: [Int: VectorPath] = [:]
    /// Elements on the current drawing path (ancestors and `<use>` targets), for cycles.
    var active = Set<Int>()
    var drawnElements = 0
    /// Opacity groups numbered so far (`ComputedStyle.opacityGroup`).
    var opacityGroups = 0
    var segmentCount = 0

    /// Elements that never draw by themselves (definitions, metadata, resources).
    static let nonRendering: Set<String> = [
        "defs", "symbol", "title", "desc", "metadata", "style", "script", "linearGradient", "radialGradient",
        "stop", "clipPath", "mask", "pattern", "marker", "filter", "font", "font-face", "glyph", "missing-glyph",
        "cursor", "view", "color-profile", "solidcolor", "solidColor",
    ]
    /// Elements that draw something this importer cannot; reported by name and left out.
    static let unsupportedGraphics: Set<String> = [
        "text", "image", "foreignObject", "video", "audio", "iframe", "canvas", "mesh", "hatch",
        "feImage", "tref", "altGlyph",
    ]
    static let animations: Set<String> = ["animate", "set", "animateTransform", "animateMotion", "animateColor", "discard"]
    static let paintServers: Set<String> = ["linearGradient", "radialGradient", "pattern", "solidcolor", "solidColor"]

    init(document: MarkupDocument, name: String, limits: SVGImportLimits) {
        self.document = document
        self.name = name
        self.limits = limits
    }

    // MARK: - Errors

    func location(_ offset: Int) -> (line: Int, column: Int) {
        document.locator.location(of: offset)
    }

    func invalid(_ reason: String, at offset: Int) -> SVGError {
        let (line, column) = location(offset)
        return .invalidDocument(file: name, line: line, column: column, reason: reason)
    }

    func invalid(_ element: MarkupElement, _ attribute: MarkupAttribute, _ error: SVGPathDataError) -> SVGError {
        invalid(Self.problem(element, attribute, error), at: attribute.offset)
    }

    /// What is wrong with an attribute's value: `<path> attribute d: path data: …`.
    static func problem(_ element: MarkupElement, _ attribute: MarkupAttribute, _ error: SVGPathDataError) -> String {
        "<\(element.qualifiedName)> attribute \(attribute.qualifiedName): \(error)"
    }

    /// Adds a warning about one element, `reason` after the file, line and column of `offset`.
    mutating func warnAboutElement(_ reason: String, at offset: Int) {
        let (line, column) = location(offset)
        elementWarnings.append("\(name):\(line):\(column): \(reason)")
    }

    // MARK: - Document

    /// The layers of the whole document, as an icon with the warnings about what it could not
    /// draw.
    ///
    /// - Throws: `SVGError.invalidDocument` for a root that is not `<svg>`, malformed
    ///   geometry attributes, a `<use>` cycle, or a document beyond `limits`.
    mutating func build() throws(SVGError) -> SVGIcon {
        let root = document.elements[0]
        guard root.localName == "svg" else {
            throw invalid("the root element is <\(root.qualifiedName)>, not <svg>", at: root.offset)
        }
        guard root.isSVG else {
            throw invalid("the root <\(root.qualifiedName)> is in the namespace '\(root.namespace ?? "")', not the SVG namespace", at: root.offset)
        }
        for (index, element) in document.elements.enumerated() where element.isSVG {
            let id = element.attribute("id")?.value ?? element.attribute("id", namespace: Namespace.xml)?.value
            if let id, ids[id] == nil { ids[id] = index }
            if element.localName == "style" {
                let type = element.attribute("type")?.value.lowercased() ?? "text/css"
                if type.isEmpty || type == "text/css" {
                    styleSheet.add(css: element.text, unsupported: &unsupported)
                }
            }
        }
        styleSheet.testBudget = limits.maximumStyleTests
        let canvas = try canvasGeometry(root)
        let style = ComputedStyle.initial.child(declaring: declared(0))
        if style.displayed {
            noteEffects(style)
            var transform = canvas.viewBoxTransform
            if let attribute = root.attribute("transform") {
                transform = transform.followed(by: try parseTransform(root, attribute))
            }
            try walk(root: style, transform: transform, viewport: canvas.contentViewport)
        }
        // (The walk refuses the document at the first element past the budget; the root's own
        // style, or a `<use>` target's, may have passed it too.)
        try checkStyleBudget(at: root.offset)
        var warnings: [String] = []
        if let summary = unsupported.warning(file: name) { warnings.append(summary) }
        warnings += elementWarnings
        // Warnings quote element names and references from the file: one line each, like errors.
        return SVGIcon(
            icon: VectorIcon(width: canvas.width, height: canvas.height, layers: layers),
            warnings: warnings.map(SVGError.oneLine))
    }

    /// Refuses the document, at `offset`, once matching its `<style>` rules has gone past
    /// `limits.maximumStyleTests` (`StyleSheet.isOverBudget`).
    func checkStyleBudget(at offset: Int) throws(SVGError) {
        guard styleSheet.isOverBudget else { return }
        throw invalid(
            "its <style> rules would take more than \(limits.maximumStyleTests) selector tests to match against its elements",
            at: offset)
    }

    /// The cascaded declarations of element `index` (memoised).
    mutating func declared(_ index: Int) -> DeclaredStyle {
        if let cached = declaredCache[index] { return cached }
        let element = document.elements[index]
        var style = DeclaredStyle()
        for attribute in element.attributes where attribute.namespace == nil && DeclaredStyle.propertyNames.contains(attribute.localName) {
            style.apply(attribute.localName, attribute.value)
        }
        // The cascade: presentation attributes, the sheet's rules by specificity, the style
        // attribute, then the `!important` declarations of the sheet and of the attribute.
        let sheet = styleSheet.declarations(for: index, in: document)
        let inline = element.attribute("style").map { CSSDeclarations.parseMarked($0.value) } ?? []
        for declaration in sheet where !declaration.important { style.apply(declaration.name, declaration.value) }
        for declaration in inline where !declaration.important { style.apply(declaration.name, declaration.value) }
        for declaration in sheet where declaration.important { style.apply(declaration.name, declaration.value) }
        for declaration in inline where declaration.important { style.apply(declaration.name, declaration.value) }
        declaredCache[index] = style
        return style
    }

    /// The walk's stack (`Step`).
    var steps: [Step] = []
}
