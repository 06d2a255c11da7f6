import MorphKernel
import PathMorph

/// `--format lottie` for one path morph (`render --style path`): the outline itself, moving.
///
/// Instead of a drawing per frame, the file holds one shape layer whose paths (a path per
/// contour, the same nodes in every keyframe) are keyframed where the motion changes
/// (`OutlineKeyframes`), and the player draws every frame between, at any frame rate. At
/// every output frame the paths are the frame's own outline, to the rounding of the units
/// (`PathUnits`); a 61-frame morph of two built-in symbols is about 2 KB where a drawing per
/// frame was 70–100 KB. The tint, a `--color-to` ramp (mixed in Oklab, which Lottie cannot
/// do) and the tint's alpha are hold keyframes at each output frame where they change.
extension LottieDocument {
    /// The composition of `frames` of `morph` (eased by `easing`) shown for `delays`.
    static func keyframedText(
        _ morph: PathMorph, frames: [OutlineFrame], easing: MorphEasing, delays: [Rational], fps: Rational, loops: Int,
        canvas: VectorCanvas
    ) -> String {
        let clock = Clock(delays: delays, fps: fps, loops: loops)
        let keys = OutlineKeyframes(frames, times: clock.times, easing: easing)
        let units = PathUnits(tolerance: canvas.tolerance)
        // The shapes of every keyframe, each contour its own path.
        let contours = keys.keys.map { morph.contours(at: $0.eased) }
        let paths = morph.source.indices.map { index -> String in
            let keyframes = keys.keys.indices.map { k -> String in
                let key = keys.keys[k]
                let value = "\"t\":\(key.time),\"s\":[\(path(contours[k][index], units: units))]"
                guard k + 1 < keys.keys.count else { return "{" + value + "}" }
                guard let curve = key.curve else { return "{" + value + ",\"h\":1}" }
                return "{" + value + ",\"o\":{\"x\":\(number(1.0 / 3)),\"y\":\(number(curve.out))},"
                    + "\"i\":{\"x\":\(number(2.0 / 3)),\"y\":\(number(curve.in))}}"
            }
            let animated = keyframes.count > 1
            return "{\"ty\":\"sh\",\"ks\":{\"a\":\(animated ? 1 : 0),\"k\":"
                + (animated ? "[" + keyframes.joined(separator: ",") + "]" : path(contours[0][index], units: units)) + "}}"
        }
        let color = heldKeys(frames, times: clock.times) { tint in
            "[" + [tint.red, tint.green, tint.blue].map { VectorCanvas.opacity(Double($0) / 255) }.joined(separator: ",") + ",1]"
        }
        let alpha = heldKeys(frames, times: clock.times) { VectorCanvas.opacity(Double($0.alpha) / 255 * 100) }
        let fill = "{\"ty\":\"fl\",\"c\":\(color),\"o\":{\"a\":0,\"k\":100},\"r\":1}"
        let tr = "{\"ty\":\"tr\",\"o\":{\"a\":0,\"k\":100},\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0]},"
            + "\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[\(units.scale),\(units.scale)]}}"
        let group = "{\"ty\":\"gr\",\"it\":[" + (paths + [fill, tr]).joined(separator: ",") + "]}"
        var layers = [
            "{\"ddd\":0,\"ind\":1,\"ty\":4,\"nm\":\"morph\",\"sr\":1,\"ip\":0,\"op\":\(clock.end),\"st\":0,"
                + "\"ks\":{\"o\":\(alpha),\(staticTransform)},\"ao\":0,\"bm\":0,\"shapes\":[" + group + "]}",
        ]
        if let background = canvas.background {
            layers.append(backgroundLayer(background, index: 2, end: clock.end, canvas: canvas))
        }
        return document(layers, clock: clock, canvas: canvas)
    }

    /// An easing handle's value, to six decimals.
    private static func number(_ value: Double) -> String { PathContour.formatNumber(value, decimals: 6) }

    /// A property that takes each output frame's `value(tint)` from its start (hold keyframes
    /// where it changes), or a static one when it never does.
    private static func heldKeys(_ frames: [OutlineFrame], times: [Int], value: (TintColor) -> String) -> String {
        var keys: [(time: Int, value: String)] = []
        for (k, time) in times.enumerated() {
            let shown = value(frames[k % frames.count].tint)
            if keys.last?.value == shown { continue }
            if keys.last?.time == time { keys.removeLast() }
            keys.append((time, shown))
        }
        guard keys.count > 1 else { return "{\"a\":0,\"k\":\(keys.first?.value ?? "0")}" }
        return "{\"a\":1,\"k\":[" + keys.map { "{\"t\":\($0.time),\"s\":\(wrapped($0.value)),\"h\":1}" }.joined(separator: ",") + "]}"
    }

    /// A keyframe's value as Lottie writes it: an array (a colour is one already).
    private static func wrapped(_ value: String) -> String { value.hasPrefix("[") ? value : "[" + value + "]" }
}
