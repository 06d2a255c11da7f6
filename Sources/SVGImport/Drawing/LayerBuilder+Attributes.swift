import AlphaRaster

extension LayerBuilder {
    /// The root's canvas: `width` × `height` when both are absolute lengths; a missing,
    /// `auto` or percentage side comes from the viewBox (its size, or its aspect ratio when
    /// the other side is given). Without a viewBox both sides must be given.
    func canvasGeometry(_ root: MarkupElement) throws(SVGError) -> CanvasGeometry {
        let viewBox = try viewBox(root)
        func absolute(_ name: String) throws(SVGError) -> Double? {
            guard let value = try optionalLength(root, name) else { return nil }
            if case .userUnits(let number) = value {
                guard number > 0, number.isFinite else {
                    throw invalid("<svg> \(name) must be greater than 0, got \(root.attribute(name)!.value)", at: root.attribute(name)!.offset)
                }
                return number
            }
            return nil
        }
        let givenWidth = try absolute("width")
        let givenHeight = try absolute("height")
        let width: Double
        let height: Double
        switch (givenWidth, givenHeight, viewBox) {
        case (let w?, let h?, _):
            (width, height) = (w, h)
        case (let w?, nil, let box?):
            (width, height) = (w, w * box.height / box.width)
        case (nil, let h?, let box?):
            (width, height) = (h * box.width / box.height, h)
        case (nil, nil, let box?):
            (width, height) = (box.width, box.height)
        default:
            throw invalid("<svg> needs a viewBox, or both width and height in absolute units, to size the icon", at: root.offset)
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw invalid("<svg> describes a \(width)×\(height) canvas, which cannot be drawn", at: root.offset)
        }
        var transform = VectorTransform.identity
        var content = ViewRect(x: 0, y: 0, width: width, height: height)
        if let viewBox {
            transform = try aspectRatio(root).transform(viewBox: viewBox, viewport: content)
            content = viewBox
        }
        return CanvasGeometry(width: width, height: height, viewBoxTransform: transform, contentViewport: content)
    }

    /// The `viewBox` of a root, nested `<svg>` or `<symbol>`; nil when absent.
    ///
    /// - Throws: malformed lists and non-positive sizes (which SVG says disable rendering;
    ///   for an icon that is an error worth reporting).
    func viewBox(_ element: MarkupElement) throws(SVGError) -> ViewRect? {
        guard let attribute = element.attribute("viewBox") else { return nil }
        let numbers: [Double]
        do {
            numbers = try NumberList.parse(attribute.value, context: "number list")
        } catch {
            throw invalid(element, attribute, error)
        }
        guard numbers.count == 4 else {
            throw invalid("<\(element.qualifiedName)> attribute viewBox: expected 4 numbers (min-x min-y width height), found \(numbers.count)", at: attribute.offset)
        }
        guard numbers[2] > 0, numbers[3] > 0 else {
            throw invalid("<\(element.qualifiedName)> attribute viewBox: width and height must be greater than 0, got \(numbers[2]) and \(numbers[3])", at: attribute.offset)
        }
        return ViewRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    func aspectRatio(_ element: MarkupElement) throws(SVGError) -> AspectRatioSetting {
        guard let attribute = element.attribute("preserveAspectRatio") else { return .standard }
        do {
            return try AspectRatioSetting.parse(attribute.value)
        } catch {
            throw invalid(element, attribute, error)
        }
    }

    func parseTransform(_ element: MarkupElement, _ attribute: MarkupAttribute) throws(SVGError) -> VectorTransform {
        do {
            return try TransformListParser.parse(attribute.value)
        } catch {
            throw invalid(element, attribute, error)
        }
    }

    /// A geometry length attribute, or `fallback` when it is absent (or `auto`, where allowed).
    func length(
        _ element: MarkupElement, _ name: String, default fallback: LengthValue, allowAuto: Bool = false
    ) throws(SVGError) -> LengthValue {
        guard let attribute = element.attribute(name) else { return fallback }
        if allowAuto, CSSDeclarations.trim(attribute.value) == "auto" { return fallback }
        do {
            return try LengthValue.parse(attribute.value, context: "length")
        } catch {
            throw invalid(element, attribute, error)
        }
    }

    /// A length attribute that may be absent or `auto` (nil in both cases).
    func optionalLength(_ element: MarkupElement, _ name: String) throws(SVGError) -> LengthValue? {
        guard let attribute = element.attribute(name), CSSDeclarations.trim(attribute.value) != "auto" else { return nil }
        do {
            return try LengthValue.parse(attribute.value, context: "length")
        } catch {
            throw invalid(element, attribute, error)
        }
    }
}
