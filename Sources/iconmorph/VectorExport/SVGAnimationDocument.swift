import MorphKernel
import OutlineTrace
import PathMorph

/// `--format svg-animate`: every frame in one SVG that plays by itself with SMIL. Each layer
/// position is one path whose `d` (and fill opacity) switch at the frames' times
/// (`calcMode="discrete"`, `keyTimes` from the delays, so holds last as long as they should);
/// a frame with fewer layers gives the others an empty outline. The group's colour and
/// opacity switch likewise when the tint changes (`--color-to`). `repeatCount` is the loop
/// count or `indefinite`; after the last loop the last frame stays (`fill="freeze"`).
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
        var lines = [SVGFrameDocument.header(canvas)]
        if let background = canvas.background { lines.append(SVGFrameDocument.backgroundRect(background, canvas)) }
        let fills = frames.map { VectorCanvas.hex($0.tint) }
        let opacities = frames.map { VectorCanvas.opacity(Double($0.tint.alpha) / 255) }
        lines.append("  <g fill=\"\(fills[0])\" opacity=\"\(opacities[0])\" fill-rule=\"nonzero\">")
        if Set(fills).count > 1 { lines.append("    " + animate("fill", fills)) }
        if Set(opacities).count > 1 { lines.append("    " + animate("opacity", opacities)) }
        let positions = frames.map(\.layers.count).max() ?? 0
        for position in 0..<positions {
            // A frame with fewer layers fills its top layers first, so its opaque outline
            // stays in the top path.
            func layer(_ frame: VectorFrame) -> MaskTracer.Layer? {
                let index = position - (positions - frame.layers.count)
                return index >= 0 ? frame.layers[index] : nil
            }
            let data = frames.map { frame in
                layer(frame).map { PathContour.svgPathData($0.contours, decimals: canvas.decimals) } ?? "M0 0"
            }
            let fades = frames.map { frame in VectorCanvas.opacity(layer(frame)?.opacity ?? 0) }
            lines.append("    <path fill-opacity=\"\(fades[0])\" d=\"\(data[0])\">")
            lines.append("      " + animate("d", data))
            if Set(fades).count > 1 { lines.append("      " + animate("fill-opacity", fades)) }
            lines.append("    </path>")
        }
        lines.append("  </g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
