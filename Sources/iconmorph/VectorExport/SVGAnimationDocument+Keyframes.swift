import MorphKernel
import PathMorph

/// `--format svg-animate` for one path morph (`render --style path`): the outline itself,
/// moving, with SMIL's `<animate>` on `d` between keyframes where the motion changes
/// (`OutlineKeyframes`), each segment's easing a `keySplines` curve, instead of a drawing per
/// frame. The path data of every keyframe has the same commands (absolute, as
/// `iconmorph paths` writes them), so the browser interpolates every number; at every output
/// frame's time the path is the frame's own outline, to the data's rounding. A jump is held
/// until a ten-thousandth of the play before the next key. One play is written and
/// `repeatCount` repeats it; a changing tint or alpha switches at the frames' times, as in
/// the animated SVG of traced frames.
extension SVGAnimationDocument {
    static func keyframedText(
        _ morph: PathMorph, frames: [OutlineFrame], easing: MorphEasing, delays: [Rational], fps: Rational, loops: Int,
        canvas: VectorCanvas
    ) -> String {
        let clock = LottieDocument.Clock(delays: delays, fps: fps, loops: 1)
        let keys = OutlineKeyframes(frames, times: clock.times, easing: easing).keys
        let end = Double(clock.end)
        func share(_ time: Double) -> String { PathContour.formatNumber(time / end, decimals: 6) }
        func number(_ value: Double) -> String { PathContour.formatNumber(value, decimals: 6) }
        // Values, key times and the splines between them; the last key stays to the end.
        var values: [String] = [], times: [String] = [], splines: [String] = []
        for (k, key) in keys.enumerated() {
            let data = PathContour.svgPathData(morph.contours(at: key.eased), decimals: canvas.decimals)
            values.append(data)
            times.append(share(Double(key.time)))
            let next = k + 1 < keys.count ? Double(keys[k + 1].time) : end
            if let curve = key.curve {
                splines.append("\(number(1.0 / 3)) \(number(curve.out)) \(number(2.0 / 3)) \(number(curve.in))")
            } else {
                // Held: to the end, or until a ten-thousandth of the play before the next key,
                // then a jump to it.
                splines.append("0 0 1 1")
                values.append(data)
                if k + 1 < keys.count {
                    times.append(share(max(Double(key.time), next - end / 10_000)))
                    splines.append("0 0 1 1")
                } else {
                    times.append("1")
                }
            }
        }
        let duration = PathContour.formatNumber(end / clock.rate, decimals: 6)
        let repeats = loops == 0 ? "indefinite" : String(loops)
        var lines = [SVGFrameDocument.header(canvas)]
        if let background = canvas.background { lines.append(SVGFrameDocument.backgroundRect(background, canvas)) }
        let fills = frames.map { VectorCanvas.hex($0.tint) }
        let opacities = frames.map { VectorCanvas.opacity(Double($0.tint.alpha) / 255) }
        lines.append("  <path fill=\"\(fills[0])\" opacity=\"\(opacities[0])\" fill-rule=\"nonzero\" d=\"\(values[0])\">")
        lines.append("    <animate attributeName=\"d\" dur=\"\(duration)s\" repeatCount=\"\(repeats)\" fill=\"freeze\" "
            + "calcMode=\"spline\" keyTimes=\"\(times.joined(separator: ";"))\" keySplines=\"\(splines.joined(separator: ";"))\" "
            + "values=\"\(values.joined(separator: ";"))\"/>")
        // The colour and alpha switch at the frames' times when they change.
        let frameTimes = clock.times.map { share(Double($0)) }.joined(separator: ";")
        func switching(_ attribute: String, _ values: [String]) -> String {
            "    <animate attributeName=\"\(attribute)\" dur=\"\(duration)s\" repeatCount=\"\(repeats)\" fill=\"freeze\" "
                + "calcMode=\"discrete\" keyTimes=\"\(frameTimes)\" values=\"\(values.joined(separator: ";"))\"/>"
        }
        if Set(fills).count > 1 { lines.append(switching("fill", fills)) }
        if Set(opacities).count > 1 { lines.append(switching("opacity", opacities)) }
        lines.append("  </path>")
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
