import _IconMorphSupport
import MorphKernel
import PathMorph

/// `--format svg-animate` for path morphs (`render` or `animate` with `--style path`): the
/// outline itself, moving. Each run of frames drawn by one morph (`OutlineSegment`) is a path
/// with SMIL's `<animate>` on `d` between keyframes where the motion changes
/// (`OutlineKeyframes`), each segment's easing a `keySplines` curve, instead of a drawing per
/// frame, and shown by its opacity while its frames are. The path data of every keyframe has
/// the same commands (absolute, as `iconmorph paths` writes them), so the browser
/// interpolates every number; at every output frame's time the path is the frame's own
/// outline, to the data's rounding. A jump is held until just before
/// the next key. One play is written and `repeatCount` repeats it; a changing tint or alpha
/// switches at the frames' times, as in the animated SVG of traced frames.
extension SVGAnimationDocument {
    package static func keyframedText(
        _ sequence: OutlineSequence, easing: MorphEasing, delays: [Rational], fps: Rational, loops: Int, canvas: VectorCanvas
    ) -> String {
        let frames = sequence.frames
        // In units fine enough that every delay is whole, so holds are exact.
        let units = LottieDocument.Clock.unitsPerFrame(exactFor: delays, fps: fps)
        let clock = LottieDocument.Clock(delays: delays, fps: fps, loops: 1, unitsPerFrame: units)
        let end = Double(clock.end)
        // Times are whole units of the clock but for a held key's end (`motion`).
        let decimals = keyTimeDecimals(smallestStep: heldKeyLead(end: end) / end)
        func share(_ time: Double) -> String { PathContour.formatNumber(time / end, decimals: decimals) }
        let duration = PathContour.formatNumber(end / clock.rate, decimals: 6)
        let repeats = loops == 0 ? "indefinite" : String(loops)
        let timing = "dur=\"\(duration)s\" repeatCount=\"\(repeats)\" fill=\"freeze\""
        // The colour and alpha switch at the frames' times when they change.
        let frameStarts = clock.times.map { share(Double($0)) }
        var lines = [SVGFrameDocument.header(canvas)]
        if let background = canvas.background { lines.append(SVGFrameDocument.backgroundRect(background, canvas)) }
        let fills = frames.map { VectorCanvas.hex($0.tint) }
        for segment in sequence.segments {
            let times = segment.frames.map { clock.times[$0] }
            let keys = OutlineKeyframes(Array(frames[segment.frames]), times: times, easing: easing, unitsPerFrame: units).keys
            let (values, keyTimes, splines) = motion(keys, morph: segment.morph, end: end, decimals: canvas.decimals)
            let opacities = frames.indices.map {
                segment.frames.contains($0) ? VectorCanvas.opacity(Double(frames[$0].tint.alpha) / 255) : "0"
            }
            lines.append("  <path fill=\"\(fills[segment.frames.lowerBound])\" opacity=\"\(opacities[0])\" fill-rule=\"nonzero\" "
                + "d=\"\(values[0])\">")
            lines.append("    <animate attributeName=\"d\" \(timing) calcMode=\"spline\" keyTimes=\"\(keyTimes.map(share).joined(separator: ";"))\" "
                + "keySplines=\"\(splines.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\"/>")
            if Set(fills[segment.frames]).count > 1 { lines.append(Self.discrete("fill", fills, at: frameStarts, timing: timing)) }
            if Set(opacities).count > 1 { lines.append(Self.discrete("opacity", opacities, at: frameStarts, timing: timing)) }
            lines.append("  </path>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A discrete animation of `attribute` through `values` (one per output frame) at the
    /// frames' `starts` (shares of the play), a value kept only where it changes.
    private static func discrete(_ attribute: String, _ values: [String], at starts: [String], timing: String) -> String {
        var kept: [(time: String, value: String)] = []
        for (value, start) in zip(values, starts) where kept.last?.value != value { kept.append((start, value)) }
        return "    <animate attributeName=\"\(attribute)\" \(timing) calcMode=\"discrete\" "
            + "keyTimes=\"\(kept.map(\.time).joined(separator: ";"))\" values=\"\(kept.map(\.value).joined(separator: ";"))\"/>"
    }

    /// How long before the next key a held key's outline starts to move to it, in units of the
    /// clock (a frame, or a part of one where a hold is not whole frames), in a play `end`
    /// units long: a ten-thousandth of the play, and never more than half a unit, so that no
    /// output frame's time falls within the move (an hour's hold at 1000 fps would otherwise
    /// have moved over 360 frames).
    static func heldKeyLead(end: Double) -> Double { min(end / 10_000, 0.5) }

    /// The `d` animation of `keys` of `morph` over a play `end` units of the clock long: the
    /// values, their times (units, from 0 to `end`) and the splines between:
    /// the first key's outline until it, the easing curves between keys, a held key until
    /// `heldKeyLead` before the next, the last key's outline to the end.
    private static func motion(
        _ keys: [OutlineKeyframes.Key], morph: PathMorph, end: Double, decimals: Int
    ) -> (values: [String], times: [Double], splines: [String]) {
        func number(_ value: Double) -> String { PathContour.formatNumber(value, decimals: 6) }
        var values: [String] = [], times: [Double] = [], splines: [String] = []
        for (k, key) in keys.enumerated() {
            let data = PathContour.svgPathData(morph.contours(at: key.eased), decimals: decimals)
            if k == 0 && key.time > 0 {
                values.append(data)
                times.append(0)
                splines.append("0 0 1 1")
            }
            values.append(data)
            times.append(Double(key.time))
            let next = k + 1 < keys.count ? Double(keys[k + 1].time) : end
            if let curve = key.curve {
                splines.append("\(number(1.0 / 3)) \(number(curve.out)) \(number(2.0 / 3)) \(number(curve.in))")
            } else {
                splines.append("0 0 1 1")
                values.append(data)
                if k + 1 < keys.count {
                    times.append(max(Double(key.time), next - heldKeyLead(end: end)))
                    splines.append("0 0 1 1")
                } else {
                    times.append(end)
                }
            }
        }
        return (values, times, splines)
    }
}
