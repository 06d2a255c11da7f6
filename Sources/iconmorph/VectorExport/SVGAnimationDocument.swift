import MorphKernel
import OutlineTrace
import PathMorph

/// `--format svg-animate`: every frame in one SVG that plays by itself with SMIL. Each
/// different drawing is written once, in `<defs>`: a path, or for a frame with several
/// layers a group of paths at their fill opacities (the data short and relative, as in the
/// SVG frames). One `<use>` shows them in turn: its
/// `href` switches at the frames' times (`calcMode="discrete"`, `keyTimes` from the delays,
/// so holds last as long as they should), so frames drawn alike — a ping-pong's way back,
/// the still frames at either end of an eased morph — cost a reference, not an outline. A
/// program that does not play SMIL shows the first frame. The group around the `<use>`
/// carries the colour and opacity, which switch likewise when the tint changes
/// (`--color-to`). `repeatCount` is the loop count or `indefinite`; after the last loop the
/// last frame stays (`fill="freeze"`). The `<use>` names its first drawing in `xlink:href`
/// as well, for programs older than SVG 2's plain `href`.
///
/// The drawings' ids begin with a hash of the drawings, so that two animations put inline in
/// one HTML page do not take each other's.
enum SVGAnimationDocument {
    static func text(_ frames: [VectorFrame], delays: [Rational], loops: Int, canvas: VectorCanvas) -> String {
        let total = delays.reduce(0.0) { $0 + $1.doubleValue }
        var start = 0.0
        var keyTimes: [String] = []
        for delay in delays {
            keyTimes.append(PathContour.formatNumber(start / total, decimals: 6))
            start += delay.doubleValue
        }
        let timing = "dur=\"\(PathContour.formatNumber(total, decimals: 6))s\" "
            + "repeatCount=\"\(loops == 0 ? "indefinite" : String(loops))\" fill=\"freeze\" calcMode=\"discrete\" "
            + "keyTimes=\"\(keyTimes.joined(separator: ";"))\""
        func animate(_ attribute: String, _ values: [String]) -> String {
            "<animate attributeName=\"\(attribute)\" \(timing) values=\"\(values.joined(separator: ";"))\"/>"
        }
        // Each different drawing once, as the element `<defs>` holds it (its id left to add).
        var drawings: [String] = []
        var drawingOfFrame: [Int] = []
        var drawingIndex: [String: Int] = [:]
        for frame in frames {
            let drawing = element(frame.layers, canvas: canvas)
            if let index = drawingIndex[drawing] {
                drawingOfFrame.append(index)
            } else {
                drawingIndex[drawing] = drawings.count
                drawingOfFrame.append(drawings.count)
                drawings.append(drawing)
            }
        }
        let prefix = "m" + idHash(drawings) + "-"
        var lines = [SVGFrameDocument.header(canvas, xlink: true), "  <defs>"]
        for (index, drawing) in drawings.enumerated() {
            // `<path` or `<g` first: the id goes after the element's name.
            let name = drawing.prefix { $0 != " " && $0 != ">" && $0 != "/" }
            lines.append("    " + name + " id=\"\(prefix)\(index)\"" + drawing.dropFirst(name.count))
        }
        lines.append("  </defs>")
        if let background = canvas.background { lines.append(SVGFrameDocument.backgroundRect(background, canvas)) }
        let fills = frames.map { VectorCanvas.hex($0.tint) }
        let opacities = frames.map { VectorCanvas.opacity(Double($0.tint.alpha) / 255) }
        lines.append("  <g fill=\"\(fills[0])\" opacity=\"\(opacities[0])\" fill-rule=\"nonzero\">")
        if Set(fills).count > 1 { lines.append("    " + animate("fill", fills)) }
        if Set(opacities).count > 1 { lines.append("    " + animate("opacity", opacities)) }
        let references = drawingOfFrame.map { "#\(prefix)\($0)" }
        lines.append("    <use href=\"\(references[0])\" xlink:href=\"\(references[0])\">")
        if drawings.count > 1 { lines.append("      " + animate("href", references)) }
        lines.append("    </use>")
        lines.append("  </g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A frame's layers as one element without its id: the opaque outline's path alone, or a
    /// group of the layers' paths in order, each at its fill opacity.
    private static func element(_ layers: [MaskTracer.Layer], canvas: VectorCanvas) -> String {
        let paths = layers.map { layer in
            let fade = layer.opacity == 1 ? "" : " fill-opacity=\"\(VectorCanvas.opacity(layer.opacity))\""
            return "<path\(fade) d=\"\(PathContour.compactSVGPathData(layer.contours, decimals: canvas.decimals))\"/>"
        }
        if paths.count == 1, layers[0].opacity == 1 { return paths[0] }
        return "<g>" + paths.joined() + "</g>"
    }

    /// Eight hex digits of a 32-bit FNV-1a hash of the drawings: the same animation gets the
    /// same ids, different ones almost surely different ids.
    private static func idHash(_ drawings: [String]) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for drawing in drawings {
            for byte in drawing.utf8 {
                hash = (hash ^ UInt32(byte)) &* 0x0100_0193
            }
            hash = (hash ^ 0x0a) &* 0x0100_0193
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
