import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PathMorph

/// `--format svg-animate`: every frame in one SVG that plays by itself with SMIL. Each
/// different drawing is written once, in `<defs>`: a path, or for a frame with several
/// layers a group of paths at their fill opacities (the data short and relative, as in the
/// SVG frames). One `<use>` shows them in turn: its
/// `href` switches at the frames' times (`calcMode="discrete"`, `keyTimes` from the delays,
/// so holds last as long as they should), so frames drawn alike — a ping-pong's way back,
/// the frames about either end of an eased morph (within a few levels of each other:
/// `VectorAnimationSink`) — cost a reference, not an outline. A
/// program that does not play SMIL shows the first frame. The group around the `<use>`
/// carries the colour and opacity, which switch likewise when the tint changes
/// (`--color-to`). `repeatCount` is the loop count or `indefinite`; after the last loop the
/// last frame stays (`fill="freeze"`). The `<use>` names its first drawing in `xlink:href`
/// as well, for programs older than SVG 2's plain `href`.
///
/// The drawings' ids begin with a hash of the drawings, so that two animations put inline in
/// one HTML page do not take each other's.
package enum SVGAnimationDocument {
    package static func text(_ frames: [VectorFrame], delays: [Rational], loops: Int, canvas: VectorCanvas) -> String {
        let total = delays.reduce(0.0) { $0 + $1.doubleValue }
        let shortest = delays.map(\.doubleValue).min() ?? total
        let decimals = keyTimeDecimals(smallestStep: shortest / total)
        var start = 0.0
        var keyTimes: [String] = []
        for delay in delays {
            keyTimes.append(PathContour.formatNumber(start / total, decimals: decimals))
            start += delay.doubleValue
        }
        let timing = "dur=\"\(PathContour.formatNumber(total, decimals: 6))s\" "
            + "repeatCount=\"\(loops == 0 ? "indefinite" : String(loops))\" fill=\"freeze\" calcMode=\"discrete\" "
            + "keyTimes=\"\(keyTimes.joined(separator: ";"))\""
        func animate(_ attribute: String, _ values: [String]) -> String {
            "<animate attributeName=\"\(attribute)\" \(timing) values=\"\(values.joined(separator: ";"))\"/>"
        }
        // Each different drawing once, as the element `<defs>` holds it.
        let distinct = DistinctDrawings(frames) { Element($0.layers, canvas: canvas) }
        let prefix = "m" + idHash(distinct.drawings) + "-"
        var lines = [SVGFrameDocument.header(canvas, xlink: true), "  <defs>"]
        for (index, element) in distinct.drawings.enumerated() {
            lines.append("    " + element.opening + " id=\"\(prefix)\(index)\"" + element.rest)
        }
        lines.append("  </defs>")
        if let background = canvas.background { lines.append(SVGFrameDocument.backgroundRect(background, canvas)) }
        let fills = frames.map { VectorCanvas.hex($0.tint) }
        let opacities = frames.map { VectorCanvas.opacity(Double($0.tint.alpha) / 255) }
        lines.append("  <g fill=\"\(fills[0])\" opacity=\"\(opacities[0])\" fill-rule=\"nonzero\">")
        if Set(fills).count > 1 { lines.append("    " + animate("fill", fills)) }
        if Set(opacities).count > 1 { lines.append("    " + animate("opacity", opacities)) }
        let references = distinct.drawingOfFrame.map { "#\(prefix)\($0)" }
        lines.append("    <use href=\"\(references[0])\" xlink:href=\"\(references[0])\">")
        if distinct.drawings.count > 1 { lines.append("      " + animate("href", references)) }
        lines.append("    </use>")
        lines.append("  </g>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The decimals of `keyTimes` (shares of a play) whose steps may be as small as
    /// `smallestStep`: 6, or as many more as keep such steps apart (a millisecond frame in an
    /// hour's hold is a 3.6-millionth of the play: at 6 decimals most of such frames fell on
    /// their neighbours' times and never showed).
    /// (Counted by tens, not with `log10`, which would bring Foundation into the tool.)
    static func keyTimeDecimals(smallestStep: Double) -> Int {
        guard smallestStep > 0, smallestStep < 1 else { return 6 }
        // The fewest from 6 that give the step at least two significant digits.
        var decimals = 6, scaled = smallestStep * 1e6
        while scaled < 100, decimals < 12 {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    /// A frame's layers as one element, its id left out (it goes between `opening` and
    /// `rest`): the opaque outline's path alone, or a group of the layers' paths in order,
    /// each at its fill opacity.
    struct Element: Hashable {
        /// `<path` or `<g`.
        let opening: String
        let rest: String

        init(_ layers: [MaskTracer.Layer], canvas: VectorCanvas) {
            let attributes = layers.map { SVGFrameDocument.pathAttributes($0, canvas) }
            if attributes.count == 1, layers[0].opacity == 1 {
                (opening, rest) = ("<path", attributes[0] + "/>")
            } else {
                (opening, rest) = ("<g", ">" + attributes.map { "<path" + $0 + "/>" }.joined() + "</g>")
            }
        }
    }

    /// Eight hex digits of a 32-bit FNV-1a hash of the drawings: the same animation gets the
    /// same ids, different ones almost surely different ids.
    private static func idHash(_ drawings: [Element]) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for drawing in drawings {
            for byte in (drawing.opening + drawing.rest).utf8 {
                hash = (hash ^ UInt32(byte)) &* 0x0100_0193
            }
            hash = (hash ^ 0x0a) &* 0x0100_0193
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
