import MorphKernel
import OutlineTrace
import PathMorph

/// `--format svg`: one frame as an SVG document, `width / scale` × `height / scale` points
/// with a viewBox in pixels; the background (if any) as a rectangle, then the frame's layers
/// in a group that carries the tint's colour and alpha, each layer a path filled at its
/// opacity under the non-zero rule, its data short and relative
/// (`PathContour.compactSVGPathData`).
package enum SVGFrameDocument {
    package static func text(_ frame: VectorFrame, canvas: VectorCanvas) -> String {
        var lines = [header(canvas)]
        if let background = canvas.background { lines.append(backgroundRect(background, canvas)) }
        let opacity = frame.tint.alpha == 255 ? "" : " opacity=\"\(VectorCanvas.opacity(Double(frame.tint.alpha) / 255))\""
        lines.append("  <g fill=\"\(VectorCanvas.hex(frame.tint))\"\(opacity) fill-rule=\"nonzero\">")
        for layer in frame.layers { lines.append("    <path" + pathAttributes(layer, canvas) + "/>") }
        lines.append("  </g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A layer's path attributes: its fill opacity when under 1, and its data, short and
    /// relative (`PathContour.compactSVGPathData`).
    static func pathAttributes(_ layer: MaskTracer.Layer, _ canvas: VectorCanvas) -> String {
        let fade = layer.opacity == 1 ? "" : " fill-opacity=\"\(VectorCanvas.opacity(layer.opacity))\""
        return fade + " d=\"\(PathContour.compactSVGPathData(layer.contours, decimals: canvas.decimals))\""
    }

    /// The opening tag: the size in points, the viewBox in pixels; with `xlink`, the XLink
    /// namespace too.
    static func header(_ canvas: VectorCanvas, xlink: Bool = false) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\"" + (xlink ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : "")
            + " width=\"\(points(canvas.width, canvas))\" "
            + "height=\"\(points(canvas.height, canvas))\" viewBox=\"0 0 \(canvas.width) \(canvas.height)\">"
    }

    static func backgroundRect(_ color: TintColor, _ canvas: VectorCanvas) -> String {
        "  <rect width=\"\(canvas.width)\" height=\"\(canvas.height)\" fill=\"\(VectorCanvas.hex(color))\"\(VectorCanvas.fillOpacity(color))/>"
    }

    private static func points(_ pixels: Int, _ canvas: VectorCanvas) -> String {
        PathContour.formatNumber(Double(pixels) / canvas.scale, decimals: 3)
    }
}
