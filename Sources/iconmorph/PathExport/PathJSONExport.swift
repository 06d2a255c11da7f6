import PathMorph

/// `--format json`: the matched outlines for any other tool.
///
/// `{"generator", "from", "to", "width", "height", "fillRule": "nonzero", "contours": [{"from":
/// {"start": [x, y], "curves": [[c1x, c1y, c2x, c2y, x, y], …]}, "to": {…}}, …]}`: contour i of
/// `from` pairs with contour i of `to` and has as many curves; each curve is a cubic Bézier
/// from the previous point, the last one ending at the start. Coordinates are pixels of the
/// `width` × `height` box, y down.
enum PathJSONExport {
    static func document(input: PathExportInput) -> String {
        func contour(_ c: PathContour) -> String {
            let curves = c.curves.map { curve in
                "[" + [curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y, curve.end.x, curve.end.y]
                    .map(input.number).joined(separator: ", ") + "]"
            }
            return "{\"start\": [\(input.number(c.start.x)), \(input.number(c.start.y))], \"curves\": [" + curves.joined(separator: ", ") + "]}"
        }
        let pairs = zip(input.source, input.target).map { "    {\"from\": \(contour($0)),\n     \"to\": \(contour($1))}" }
        return """
            {
              "generator": \(JSONText.string(input.generator)),
              "from": \(JSONText.string(input.sourceName)),
              "to": \(JSONText.string(input.targetName)),
              "width": \(input.width),
              "height": \(input.height),
              "fillRule": "nonzero",
              "contours": [
            \(pairs.joined(separator: ",\n"))
              ]
            }

            """
    }
}
