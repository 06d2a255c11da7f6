/// The walk: elements visited in document order on an explicit stack, each container
/// scheduling its children and each shape adding its layers.
import AlphaRaster

extension LayerBuilder {
    /// One unit of work on the explicit walk stack. The walk is iterative so that no
    /// document, however deep (through nesting or `<use>` chains), can exhaust the thread's
    /// stack; `limits.maximumDepth` still bounds the depth.
    enum Step {
        /// Draw element `index` (and its subtree) in its parent's context.
        case visit(Int, parentStyle: ComputedStyle, transform: VectorTransform, viewport: ViewRect, depth: Int)
        /// Draw the children of a viewport element (nested `<svg>`, `<use>`d `<symbol>`),
        /// whose style is already computed; `sizer` supplies width and height.
        case viewport(Int, style: ComputedStyle, transform: VectorTransform, outer: ViewRect, sizer: Int, depth: Int)
        /// The subtree of `index` is done: it leaves the drawing path.
        case leave(Int)
        /// After a viewport's children: report when drawn content overflows its clip.
        case checkOverflow(Int, firstLayer: Int, port: ViewRect, transform: VectorTransform)
    }

    /// Runs the walk from the root's children.
    mutating func walk(root style: ComputedStyle, transform: VectorTransform, viewport: ViewRect) throws(SVGError) {
        active.insert(0)
        pushChildren(of: 0, style: style, transform: transform, viewport: viewport, depth: 1)
        while let step = steps.popLast() {
            switch step {
            case let .visit(index, parentStyle, transform, viewport, depth):
                try visit(index, parentStyle: parentStyle, transform: transform, viewport: viewport, depth: depth)
            case let .viewport(index, style, transform, outer, sizer, depth):
                try enterViewport(index, style: style, transform: transform, outer: outer, sizer: sizer, depth: depth)
            case .leave(let index):
                active.remove(index)
            case let .checkOverflow(index, firstLayer, port, transform):
                if !Self.layers(layers[firstLayer...], fitIn: port, under: transform) {
                    unsupported.note("clipping to a nested <\(document.elements[index].localName)> viewport")
                }
            }
        }
    }

    /// Schedules the children of `index` in document order (the stack pops the last first).
    mutating func pushChildren(
        of index: Int, style: ComputedStyle, transform: VectorTransform, viewport: ViewRect, depth: Int
    ) {
        for child in document.elements[index].children.reversed() {
            steps.append(.visit(child, parentStyle: style, transform: transform, viewport: viewport, depth: depth))
        }
    }

    /// Marks `index` as on the drawing path until its scheduled `.leave`.
    mutating func enter(_ index: Int) {
        active.insert(index)
        steps.append(.leave(index))
    }

    /// Draws element `index`, scheduling its subtree.
    ///
    /// - Parameters:
    ///   - transform: maps the parent's user space to the canvas.
    ///   - viewport: the nearest viewport's size, for percentages.
    ///   - depth: nesting level including `<use>` expansions, capped by `limits.maximumDepth`.
    mutating func visit(
        _ index: Int, parentStyle: ComputedStyle, transform: VectorTransform, viewport: ViewRect, depth: Int
    ) throws(SVGError) {
        let element = document.elements[index]
        // Foreign elements (Inkscape, Sodipodi, RDF metadata) are invisible by definition.
        guard element.isSVG else { return }
        let kind = element.localName
        if Self.nonRendering.contains(kind) { return }
        if Self.unsupportedGraphics.contains(kind) {
            if declared(index).displayed != .value(false) { unsupported.note("<\(kind)>") }
            return
        }
        if Self.animations.contains(kind) {
            unsupported.note("animation (<\(kind)>)")
            return
        }
        guard Self.shapes.contains(kind) || Self.containers.contains(kind) else {
            unsupported.note("<\(kind)>")
            return
        }
        drawnElements += 1
        guard drawnElements <= limits.maximumDrawnElements else {
            throw invalid("the document draws more than \(limits.maximumDrawnElements) elements (counting <use> copies)", at: element.offset)
        }
        guard depth <= limits.maximumDepth else {
            throw invalid("elements are nested more than \(limits.maximumDepth) levels deep (counting <use> references)", at: element.offset)
        }
        var style = parentStyle.child(declaring: declared(index))
        if style.ownOpacity < 1 {
            style.opacityGroup = opacityGroups
            opacityGroups += 1
        }
        try checkStyleBudget(at: element.offset)
        guard style.displayed else { return }
        noteEffects(style)
        var own: VectorTransform?
        if let attribute = element.attribute("transform") { own = try parseTransform(element, attribute) }
        // The CSS property, from a `style` attribute or a `<style>` rule, overrides the attribute.
        if case .value(let property)? = declared(index).transform { own = property }
        var local = transform
        if let own {
            local = own.followed(by: transform)
            if case .value(true)? = declared(index).originMoved { unsupported.note("transform-origin") }
        }
        switch kind {
        case "g", "a":
            enter(index)
            pushChildren(of: index, style: style, transform: local, viewport: viewport, depth: depth + 1)
        case "switch":
            enter(index)
            if let chosen = element.children.first(where: { passesConditions(document.elements[$0]) }) {
                steps.append(.visit(chosen, parentStyle: style, transform: local, viewport: viewport, depth: depth + 1))
            }
        case "svg":
            enter(index)
            steps.append(.viewport(index, style: style, transform: local, outer: viewport, sizer: index, depth: depth))
        case "use":
            enter(index)
            try expandUse(index, style: style, transform: local, viewport: viewport, depth: depth)
        default:
            try addShape(index, style: style, transform: local, viewport: viewport)
        }
    }

    static let containers: Set<String> = ["g", "a", "switch", "svg", "use"]

    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// `<switch>` draws its first child whose conditions hold. No extension is supported, and
    /// features and languages are assumed present.
    private func passesConditions(_ element: MarkupElement) -> Bool {
        guard element.isSVG else { return false }
        if let extensions = element.attribute("requiredExtensions"), !CSSDeclarations.trim(extensions.value).isEmpty {
            return false
        }
        return true
    }

    /// Records the effects this importer ignores on a drawn element.
    mutating func noteEffects(_ style: ComputedStyle) {
        if style.clipped { unsupported.note("clip-path") }
        if style.masked { unsupported.note("mask") }
        if style.filtered { unsupported.note("filter") }
    }
}
