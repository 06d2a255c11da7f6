/// Shapes: the path of each basic shape or `<path>`, and its fill and stroke as layers with
/// the opacity their paint, style and `opacity` give them.
import AlphaRaster

extension LayerBuilder {
    /// Adds the fill and stroke layers of shape element `index` (nothing for a shape SVG does
    /// not render, or an invisible one), noting what of it cannot be drawn.
    mutating func addShape(
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
        let fillPaintAlpha = style.fillOpacity * fillAlpha
        let fillOpacity = style.opacity * fillPaintAlpha
        if fillOpacity > 0 {
            var layer = VectorIcon.Layer(path: path, paint: .fill(style.fillRule), transform: transform, opacity: fillOpacity)
            layer.opacityGroup = opacityGroup(style, paintAlpha: fillPaintAlpha)
            try append(layer, element)
        }
        let strokePaintAlpha = style.strokeOpacity * paintAlpha(style.stroke, style: style)
        let strokeOpacity = style.opacity * strokePaintAlpha
        let diagonal = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
        let width = style.strokeWidth.resolved(against: diagonal)
        if strokeOpacity > 0, width > 0 {
            if style.dashed { unsupported.note("stroke-dasharray (drawn solid)") }
            if style.nonScalingStroke { unsupported.note("vector-effect: non-scaling-stroke") }
            let stroke = StrokeStyle(width: width, lineCap: style.lineCap, lineJoin: style.lineJoin, miterLimit: style.miterLimit)
            var layer = VectorIcon.Layer(path: path, paint: .stroke(stroke), transform: transform, opacity: strokeOpacity)
            layer.opacityGroup = opacityGroup(style, paintAlpha: strokePaintAlpha)
            try append(layer, element)
        }
    }

    /// The opacity group of a layer painted at `paintAlpha` in `style`: the innermost element
    /// with an `opacity` under 1 among its own and its ancestors (`ComputedStyle.opacityGroup`),
    /// when the paint itself is opaque. Such layers are drawn as one shape, as SVG composites
    /// the group; a layer whose paint is translucent too stays a layer of its own (then
    /// overlaps within the group come out denser than a browser draws them).
    private func opacityGroup(_ style: ComputedStyle, paintAlpha: Double) -> Int? {
        style.opacity < 1 && paintAlpha == 1 ? style.opacityGroup : nil
    }

    private mutating func append(_ layer: VectorIcon.Layer, _ element: MarkupElement) throws(SVGError) {
        segmentCount += layer.path.segments.count
        guard segmentCount <= limits.maximumSegments else {
            throw invalid("the document draws more than \(limits.maximumSegments) path segments (counting <use> copies)", at: element.offset)
        }
        layers.append(layer)
    }

    /// The alpha a paint contributes: 0 for none, the colour's alpha, a gradient's stops'
    /// (`gradientAlpha`), or 1 for a pattern. A reference to nothing uses its fallback, or
    /// paints nothing.
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
                switch document.elements[target].localName {
                case "pattern":
                    unsupported.note("pattern paint (drawn solid)")
                    return 1
                case "linearGradient", "radialGradient":
                    // A cycle of references is no paint server: the fallback applies.
                    if let alpha = gradientAlpha(target) { return alpha }
                default:
                    return 1
                }
            }
            switch fallback {
            case nil, .none?: return 0
            case .color(let alpha)?: return alpha
            case .currentColor?: return style.colorAlpha
            }
        }
    }

    /// The alpha a gradient paints with: its stops' (`stop-opacity` times `stop-color`'s
    /// alpha), taken from the gradient or, when it has none, from the gradients its `href`
    /// chain names, as SVG does. No stops paint nothing. Stops of one alpha paint it exactly;
    /// stops of several are drawn at the greatest, and the warning says so (a coverage mask
    /// has one alpha a layer). Nil for a chain that comes back on itself, which is no paint
    /// server at all (the paint's fallback then applies, as rsvg-convert does).
    private mutating func gradientAlpha(_ gradient: Int) -> Double? {
        var current = gradient
        var visited: Set<Int> = []
        while true {
            guard visited.insert(current).inserted else { return nil }
            let element = document.elements[current]
            let stops = element.children.filter { document.elements[$0].isSVG && document.elements[$0].localName == "stop" }
            if !stops.isEmpty {
                var alphas: [Double] = []
                for stop in stops { alphas.append(stopAlpha(stop)) }
                let greatest = alphas.max()!
                if alphas.contains(where: { $0 != greatest }) {
                    unsupported.note("gradient stops of different opacities (drawn at the most opaque)")
                }
                return greatest
            }
            guard let href = element.attribute("href") ?? element.attribute("href", namespace: Namespace.xlink) else { break }
            let reference = CSSDeclarations.trim(href.value)
            guard reference.hasPrefix("#"), let next = ids[String(reference.dropFirst())],
                  ["linearGradient", "radialGradient"].contains(document.elements[next].localName)
            else { break }
            current = next
        }
        return 0
    }

    /// A gradient stop's alpha: `stop-opacity` times the alpha of `stop-color`, each as the
    /// cascade declares it (`declared`), 1 where it does not.
    private mutating func stopAlpha(_ index: Int) -> Double {
        let style = declared(index)
        var alpha = 1.0
        if case .value(let opacity)? = style.stopOpacity { alpha *= opacity }
        if case .value(let colorAlpha)? = style.stopColorAlpha { alpha *= colorAlpha }
        return alpha
    }

    /// The path of a basic shape or `<path>` in its user units; nil when SVG says the shape
    /// is not rendered (a zero or negative size).
    private mutating func shapePath(_ element: MarkupElement, viewport: ViewRect) throws(SVGError) -> VectorPath? {
        let w = viewport.width
        let h = viewport.height
        let diagonal = ((w * w + h * h) / 2).squareRoot()
        switch element.localName {
        case "path":
            guard let attribute = element.attribute("d") else { return nil }
            // Path data in error is drawn up to the command in error, as SVG 2 says and
            // browsers and librsvg do (one Breeze icon of 980 surveyed ends in a bare `h`).
            let (path, error) = PathDataParser.parsePrefix(attribute.value)
            if let error {
                warnAboutElement(Self.problem(element, attribute, error) + "; drawn up to the command in error", at: attribute.offset)
            }
            return path
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
