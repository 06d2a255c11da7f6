/// `<use>`, nested `<svg>` and `<symbol>`: references expanded in place, and the viewports
/// they open with their own viewBox mapping.
import AlphaRaster

extension LayerBuilder {
    /// Schedules what a `<use>` (already on the drawing path) draws: its target, translated
    /// by x and y after the `<use>`'s own transform, inheriting the `<use>`'s style.
    mutating func expandUse(
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
            warnAboutElement("<use> refers to #\(id), which does not exist; nothing is drawn for it", at: element.offset)
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
            // `display` does not apply to a <symbol>: it is drawn through <use> whatever its
            // display says.
            guard targetElement.localName == "symbol" || targetStyle.displayed else { return }
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
    mutating func enterViewport(
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
}
