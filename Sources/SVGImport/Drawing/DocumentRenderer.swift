import AlphaRaster

/// Walks a parsed SVG document and turns what it draws into `VectorIcon` layers.
///
/// One layer per painted fill and per painted stroke of each shape, in document order. The
/// style of every element is cascaded once on the original tree (so `<style>` selectors see
/// the document's structure) and inherited along the drawing path (so a `<use>`d element
/// inherits from the `<use>`, as SVG requires).
struct DocumentRenderer {
    let document: MarkupDocument
    let name: String
    let limits: SVGImportLimits

    private(set) var layers: [VectorIcon.Layer] = []
    private(set) var unsupported = UnsupportedFeatures()
    private(set) var referenceWarnings: [String] = []

    private var ids: [String: Int] = [:]
    private var styleSheet = StyleSheet()
    private var declaredCache: [Int: DeclaredStyle] = [:]
    private var pathCache: [Int: VectorPath] = [:]
    /// Elements on the current drawing path (ancestors and `<use>` targets), for cycles.
    private var active = Set<Int>()
    private var drawnElements = 0
    private var segmentCount = 0

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
        invalid("<\(element.qualifiedName)> attribute \(attribute.qualifiedName): \(error)", at: attribute.offset)
    }

    // MARK: - Document

    /// Draws the whole document.
    ///
    /// - Throws: `SVGError.invalidDocument` for a root that is not `<svg>`, malformed
    ///   geometry attributes, a `<use>` cycle, or a document beyond `limits`.
    mutating func render() throws(SVGError) -> SVGIcon {
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
        var warnings: [String] = []
        if let summary = unsupported.warning(file: name) { warnings.append(summary) }
        warnings += referenceWarnings
        // Warnings quote element names and references from the file: one line each, like errors.
        return SVGIcon(
            icon: VectorIcon(width: canvas.width, height: canvas.height, layers: layers),
            warnings: warnings.map(SVGError.oneLine))
    }

    /// The cascaded declarations of element `index` (memoised).
    mutating func declared(_ index: Int) -> DeclaredStyle {
        if let cached = declaredCache[index] { return cached }
        let element = document.elements[index]
        var style = DeclaredStyle()
        for attribute in element.attributes where attribute.namespace == nil && DeclaredStyle.propertyNames.contains(attribute.localName) {
            style.apply(attribute.localName, attribute.value)
        }
        for declaration in styleSheet.declarations(for: index, in: document) {
            style.apply(declaration.name, declaration.value)
        }
        if let inline = element.attribute("style") {
            for declaration in CSSDeclarations.parse(inline.value) {
                style.apply(declaration.name, declaration.value)
            }
        }
        declaredCache[index] = style
        return style
    }

    // MARK: - Walking

    /// One unit of work on the explicit walk stack. The walk is iterative so that no
    /// document, however deep (through nesting or `<use>` chains), can exhaust the thread's
    /// stack; `limits.maximumDepth` still bounds the depth.
    private enum Step {
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

    private var steps: [Step] = []

    /// Runs the walk from the root's children.
    private mutating func walk(root style: ComputedStyle, transform: VectorTransform, viewport: ViewRect) throws(SVGError) {
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
    private mutating func pushChildren(
        of index: Int, style: ComputedStyle, transform: VectorTransform, viewport: ViewRect, depth: Int
    ) {
        for child in document.elements[index].children.reversed() {
            steps.append(.visit(child, parentStyle: style, transform: transform, viewport: viewport, depth: depth))
        }
    }

    /// Marks `index` as on the drawing path until its scheduled `.leave`.
    private mutating func enter(_ index: Int) {
        active.insert(index)
        steps.append(.leave(index))
    }

    /// Draws element `index`, scheduling its subtree.
    ///
    /// - Parameters:
    ///   - transform: maps the parent's user space to the canvas.
    ///   - viewport: the nearest viewport's size, for percentages.
    ///   - depth: nesting level including `<use>` expansions, capped by `limits.maximumDepth`.
    private mutating func visit(
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
        let style = parentStyle.child(declaring: declared(index))
        guard style.displayed else { return }
        noteEffects(style)
        var local = transform
        if let attribute = element.attribute("transform") {
            local = try parseTransform(element, attribute).followed(by: transform)
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
            try renderShape(index, style: style, transform: local, viewport: viewport)
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
    private mutating func noteEffects(_ style: ComputedStyle) {
        if style.clipped { unsupported.note("clip-path") }
        if style.masked { unsupported.note("mask") }
        if style.filtered { unsupported.note("filter") }
    }

    // MARK: - <use>, nested <svg>, <symbol>

    /// Schedules what a `<use>` (already on the drawing path) draws: its target, translated
    /// by x and y after the `<use>`'s own transform, inheriting the `<use>`'s style.
    private mutating func expandUse(
        _ index: Int, style: ComputedStyle, transform: VectorTransform, viewport: ViewRect, depth: Int
    ) throws(SVGError) {
        let element = document.elements[index]
        guard let href = element.attribute("href") ?? element.attribute("href", namespace: Namespace.xlink) else { return }
        let reference = CSSDeclarations.trim(href.value)
        guard reference.hasPrefix("#") else {
            unsupported.note("references to other files (<use>)")
            return
        }
        let id = String(reference.dropFirst())
        guard let target = ids[id] else {
            let (line, column) = location(element.offset)
            referenceWarnings.append("\(name):\(line):\(column): <use> refers to #\(id), which does not exist; nothing is drawn for it")
            return
        }
        guard !active.contains(target) else {
            throw invalid("<use> refers to #\(id), which contains this <use> (a reference cycle)", at: element.offset)
        }
        let x = try length(element, "x", default: .userUnits(0)).resolved(against: viewport.width)
        let y = try length(element, "y", default: .userUnits(0)).resolved(against: viewport.height)
        let placed = VectorTransform.translation(x, y).followed(by: transform)
        let targetElement = document.elements[target]
        guard targetElement.isSVG else { return }
        switch targetElement.localName {
        case "symbol", "svg":
            drawnElements += 1
            let targetStyle = style.child(declaring: declared(target))
            guard targetStyle.displayed else { return }
            noteEffects(targetStyle)
            enter(target)
            // The <use>'s width and height, when given, override the referenced viewport's.
            steps.append(.viewport(target, style: targetStyle, transform: placed, outer: viewport, sizer: index, depth: depth + 1))
        default:
            steps.append(.visit(target, parentStyle: style, transform: placed, viewport: viewport, depth: depth + 1))
        }
    }

    /// Schedules the children of a nested `<svg>` or a `<use>`d `<symbol>`: a new viewport at
    /// (x, y) of size width × height (default 100 %), with its own viewBox mapping.
    ///
    /// The viewport's clipping is not modelled; when drawn content reaches outside it, the
    /// unsupported-feature warning says so.
    private mutating func enterViewport(
        _ index: Int, style: ComputedStyle, transform: VectorTransform, outer: ViewRect, sizer sizerIndex: Int, depth: Int
    ) throws(SVGError) {
        let element = document.elements[index]
        let sizer = document.elements[sizerIndex]
        let x = try length(element, "x", default: .userUnits(0)).resolved(against: outer.width)
        let y = try length(element, "y", default: .userUnits(0)).resolved(against: outer.height)
        let widthSource = sizer.attribute("width") != nil ? sizer : element
        let heightSource = sizer.attribute("height") != nil ? sizer : element
        let width = try length(widthSource, "width", default: .percent(100), allowAuto: true).resolved(against: outer.width)
        let height = try length(heightSource, "height", default: .percent(100), allowAuto: true).resolved(against: outer.height)
        guard width > 0, height > 0 else { return }
        let port = ViewRect(x: x, y: y, width: width, height: height)
        var mapping = VectorTransform.translation(x, y)
        var inner = ViewRect(x: 0, y: 0, width: width, height: height)
        if let viewBox = try viewBox(element) {
            let setting = try aspectRatio(element)
            mapping = setting.transform(viewBox: viewBox, viewport: port)
            inner = viewBox
        }
        if clipsOverflow(index) {
            steps.append(.checkOverflow(index, firstLayer: layers.count, port: port, transform: transform))
        }
        pushChildren(of: index, style: style, transform: mapping.followed(by: transform), viewport: inner, depth: depth + 1)
    }

    /// Nested viewports clip unless `overflow` is `visible` or `auto`.
    private func clipsOverflow(_ index: Int) -> Bool {
        let element = document.elements[index]
        var value = element.attribute("overflow")?.value
        if let inline = element.attribute("style") {
            for declaration in CSSDeclarations.parse(inline.value) where declaration.name == "overflow" {
                value = declaration.value
            }
        }
        let keyword = value.map { CSSDeclarations.trim($0).lowercased() } ?? "hidden"
        return keyword != "visible" && keyword != "auto"
    }

    /// True when every layer's control points, widened by half its stroke (times the miter
    /// limit, which bounds any join), stay inside `rect` of the user space that `transform`
    /// maps to the canvas. Conservative: a false result means "may overflow".
    static func layers(_ drawn: ArraySlice<VectorIcon.Layer>, fitIn rect: ViewRect, under transform: VectorTransform) -> Bool {
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard determinant != 0 else { return true }
        // Canvas → the viewport's user space.
        let inverse = VectorTransform(
            a: transform.d / determinant, b: -transform.b / determinant,
            c: -transform.c / determinant, d: transform.a / determinant,
            e: (transform.c * transform.f - transform.d * transform.e) / determinant,
            f: (transform.b * transform.e - transform.a * transform.f) / determinant)
        for layer in drawn {
            let toPort = layer.transform.followed(by: inverse)
            var margin = 0.0
            if case .stroke(let stroke) = layer.paint {
                let scale = (toPort.a * toPort.a + toPort.b * toPort.b + toPort.c * toPort.c + toPort.d * toPort.d).squareRoot()
                margin = stroke.width / 2 * max(stroke.miterLimit, 2.0.squareRoot()) * scale
            }
            for segment in layer.path.segments {
                let points: [SIMD2<Double>]
                switch segment {
                case .move(let p), .line(let p): points = [p]
                case .quad(let c, let p): points = [c, p]
                case .cubic(let c1, let c2, let p): points = [c1, c2, p]
                case .close: points = []
                }
                for point in points {
                    let q = toPort.apply(point)
                    if q.x - margin < rect.x - 1e-9 || q.y - margin < rect.y - 1e-9
                        || q.x + margin > rect.x + rect.width + 1e-9 || q.y + margin > rect.y + rect.height + 1e-9 {
                        return false
                    }
                }
            }
        }
        return true
    }

    // MARK: - Shapes

    private mutating func renderShape(
        _ index: Int, style: ComputedStyle, transform: VectorTransform, viewport: ViewRect
    ) throws(SVGError) {
        let element = document.elements[index]
        let path: VectorPath
        if let cached = pathCache[index] {
            path = cached
        } else {
            guard let made = try shapePath(element, viewport: viewport) else { return }
            path = made
            // Only geometry that does not depend on the viewport may be reused.
            if element.localName == "path" || element.localName == "polyline" || element.localName == "polygon" {
                pathCache[index] = path
            }
        }
        for child in element.children where document.elements[child].isSVG {
            let name = document.elements[child].localName
            if Self.animations.contains(name) { unsupported.note("animation (<\(name)>)") }
        }
        guard style.visible, !path.segments.isEmpty else { return }
        if style.markerStart || style.markerMid || style.markerEnd, element.localName != "rect",
           element.localName != "circle", element.localName != "ellipse" {
            unsupported.note("markers")
        }
        let fillAlpha = element.localName == "line" ? 0 : paintAlpha(style.fill, style: style)
        let fillOpacity = style.opacity * style.fillOpacity * fillAlpha
        if fillOpacity > 0 {
            try append(VectorIcon.Layer(path: path, paint: .fill(style.fillRule), transform: transform, opacity: fillOpacity), element)
        }
        let strokeOpacity = style.opacity * style.strokeOpacity * paintAlpha(style.stroke, style: style)
        let diagonal = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
        let width = style.strokeWidth.resolved(against: diagonal)
        if strokeOpacity > 0, width > 0 {
            if style.dashed { unsupported.note("stroke-dasharray (drawn solid)") }
            if style.nonScalingStroke { unsupported.note("vector-effect: non-scaling-stroke") }
            let stroke = StrokeStyle(width: width, lineCap: style.lineCap, lineJoin: style.lineJoin, miterLimit: style.miterLimit)
            try append(VectorIcon.Layer(path: path, paint: .stroke(stroke), transform: transform, opacity: strokeOpacity), element)
        }
    }

    private mutating func append(_ layer: VectorIcon.Layer, _ element: MarkupElement) throws(SVGError) {
        segmentCount += layer.path.segments.count
        guard segmentCount <= limits.maximumSegments else {
            throw invalid("the document draws more than \(limits.maximumSegments) path segments (counting <use> copies)", at: element.offset)
        }
        layers.append(layer)
    }

    /// The alpha a paint contributes: 0 for none, the colour's alpha, or 1 for a paint server
    /// (gradient stops' opacities are not evaluated). A reference to nothing uses its
    /// fallback, or paints nothing.
    private mutating func paintAlpha(_ paint: PaintValue, style: ComputedStyle) -> Double {
        switch paint {
        case .none:
            return 0
        case .color(let alpha):
            return alpha
        case .currentColor:
            return style.colorAlpha
        case .reference(let id, let fallback):
            if id == nil { unsupported.note("paint from other files") }
            if let id, let target = ids[id], Self.paintServers.contains(document.elements[target].localName) {
                if document.elements[target].localName == "pattern" { unsupported.note("pattern paint (drawn solid)") }
                return 1
            }
            switch fallback {
            case nil, .none?: return 0
            case .color(let alpha)?: return alpha
            case .currentColor?: return style.colorAlpha
            }
        }
    }

    /// The path of a basic shape or `<path>` in its user units; nil when SVG says the shape
    /// is not rendered (a zero or negative size).
    private func shapePath(_ element: MarkupElement, viewport: ViewRect) throws(SVGError) -> VectorPath? {
        let w = viewport.width
        let h = viewport.height
        let diagonal = ((w * w + h * h) / 2).squareRoot()
        switch element.localName {
        case "path":
            guard let attribute = element.attribute("d") else { return nil }
            do {
                return try PathDataParser.parse(attribute.value)
            } catch {
                throw invalid(element, attribute, error)
            }
        case "rect":
            let x = try length(element, "x", default: .userUnits(0)).resolved(against: w)
            let y = try length(element, "y", default: .userUnits(0)).resolved(against: h)
            let width = try length(element, "width", default: .userUnits(0)).resolved(against: w)
            let height = try length(element, "height", default: .userUnits(0)).resolved(against: h)
            guard width > 0, height > 0 else { return nil }
            // SVG: a missing (or negative, or auto) radius takes the other's value; both are
            // then clamped to half the side.
            var rx = try optionalLength(element, "rx")?.resolved(against: w)
            var ry = try optionalLength(element, "ry")?.resolved(against: h)
            if let value = rx, value < 0 { rx = nil }
            if let value = ry, value < 0 { ry = nil }
            let radiusX = min(rx ?? ry ?? 0, width / 2)
            let radiusY = min(ry ?? rx ?? 0, height / 2)
            return ShapeGeometry.rect(x: x, y: y, width: width, height: height, rx: radiusX, ry: radiusY)
        case "circle":
            let cx = try length(element, "cx", default: .userUnits(0)).resolved(against: w)
            let cy = try length(element, "cy", default: .userUnits(0)).resolved(against: h)
            let r = try length(element, "r", default: .userUnits(0)).resolved(against: diagonal)
            guard r > 0 else { return nil }
            return ShapeGeometry.ellipse(cx: cx, cy: cy, rx: r, ry: r)
        case "ellipse":
            let cx = try length(element, "cx", default: .userUnits(0)).resolved(against: w)
            let cy = try length(element, "cy", default: .userUnits(0)).resolved(against: h)
            let rx = try optionalLength(element, "rx")?.resolved(against: w)
            let ry = try optionalLength(element, "ry")?.resolved(against: h)
            let radiusX = rx ?? ry ?? 0
            let radiusY = ry ?? rx ?? 0
            guard radiusX > 0, radiusY > 0 else { return nil }
            return ShapeGeometry.ellipse(cx: cx, cy: cy, rx: radiusX, ry: radiusY)
        case "line":
            let x1 = try length(element, "x1", default: .userUnits(0)).resolved(against: w)
            let y1 = try length(element, "y1", default: .userUnits(0)).resolved(against: h)
            let x2 = try length(element, "x2", default: .userUnits(0)).resolved(against: w)
            let y2 = try length(element, "y2", default: .userUnits(0)).resolved(against: h)
            return ShapeGeometry.line(from: SIMD2(x1, y1), to: SIMD2(x2, y2))
        default:
            guard let attribute = element.attribute("points") else { return nil }
            do {
                let coordinates = try NumberList.parse(attribute.value, context: "number list")
                return ShapeGeometry.poly(coordinates, closed: element.localName == "polygon")
            } catch {
                throw invalid(element, attribute, error)
            }
        }
    }
}
