import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PathMorph

/// `--format lottie` for path morphs (`render` or `animate` with `--style path`): the outline
/// itself, moving.
///
/// Instead of a drawing per frame, each run of frames drawn by one morph (`OutlineSegment`:
/// a `render`'s whole sequence; each transition of an `animate` timeline, whose retargets
/// match new outlines) is one shape layer whose paths (a path per contour, the same nodes in
/// every keyframe) are keyframed where the motion changes (`OutlineKeyframes`), shown by its
/// opacity while its frames are, and the player draws every frame between, at any frame
/// rate. At every output frame the paths are the frame's own outline, to the rounding of the
/// units (`PathUnits`); a 61-frame morph of two built-in symbols is 2–3 KB where a drawing
/// per frame was 70–115 KB. The tint and a `--color-to` ramp (mixed in Oklab, which Lottie
/// cannot do) are hold keyframes at each output frame where they change, the tint's alpha
/// the layer's opacity.
extension LottieDocument {
    /// The composition of `sequence`, eased by `easing`, shown for `delays`.
    package static func keyframedText(
        _ sequence: OutlineSequence, easing: MorphEasing, delays: [Rational], fps: Rational, loops: Int, canvas: VectorCanvas
    ) -> String {
        let clock = Clock(delays: delays, fps: fps, loops: loops)
        // Nothing is traced, so a coarse tolerance coarsens nothing: the units are at most
        // the default tolerance's (a fortieth of a pixel), as the SVG formats' coordinates
        // keep at least two decimals. (At --tolerance 10 they were 2.5 px, and rlottie drew
        // heart → star at a soft IoU of 0.955 against its PNG frames.)
        let units = PathUnits(tolerance: min(canvas.tolerance, MaskTracer.defaultTolerance), composition: Composition(canvas))
        let frames = sequence.frames
        let plays = clock.times.count / frames.count
        var layers = sequence.segments.enumerated().map { index, segment -> String in
            // The segment's output frames in every play: their times and when each shows.
            var times: [Int] = [], shows: [Show] = []
            for play in 0..<plays {
                for k in segment.frames {
                    let j = play * frames.count + k
                    times.append(clock.times[j])
                    // The tint's alpha is in the fill (`tintKeys`): rlottie drew a layer's
                    // opacity of 50 % as 126 of 255 where the fill's gives 128.
                    shows.append(Show(from: clock.times[j], to: j + 1 < clock.times.count ? clock.times[j + 1] : clock.end, alpha: "100"))
                }
            }
            let own = Array(frames[segment.frames])
            let keys = OutlineKeyframes(own, times: times, easing: easing).keys
            let contours = keys.map { segment.morph.contours(at: $0.eased) }
            let paths = segment.morph.source.indices.map { c -> String in
                let keyframes = keys.indices.map { k -> String in
                    let value = "\"t\":\(keys[k].time),\"s\":[\(path(contours[k][c], units: units))]"
                    guard k + 1 < keys.count else { return "{" + value + "}" }
                    guard let curve = keys[k].curve else { return "{" + value + ",\"h\":1}" }
                    return "{" + value + ",\"o\":{\"x\":\(number(1.0 / 3)),\"y\":\(number(curve.out))},"
                        + "\"i\":{\"x\":\(number(2.0 / 3)),\"y\":\(number(curve.in))}}"
                }
                let animated = keyframes.count > 1
                return "{\"ty\":\"sh\",\"ks\":{\"a\":\(animated ? 1 : 0),\"k\":"
                    + (animated ? "[" + keyframes.joined(separator: ",") + "]" : path(contours[0][c], units: units)) + "}}"
            }
            let color = tintKeys(own, times: times, scalar: false) { colorValue($0) }
            let alpha = tintKeys(own, times: times, scalar: true) { VectorCanvas.opacity(Double($0.alpha) / 255 * 100) }
            return shapeLayer(
                filled(paths, color: color, opacityProperty: alpha).joined(separator: ","), shows: shows, index: index + 1,
                end: clock.end, units: units)
        }
        if let background = canvas.background {
            layers.append(backgroundLayer(background, index: layers.count + 1, end: clock.end, canvas: canvas))
        }
        return document(layers, clock: clock, canvas: canvas)
    }

    /// An easing handle's value, to six decimals.
    private static func number(_ value: Double) -> String { PathContour.formatNumber(value, decimals: 6) }

    /// A fill property of `frames` shown at `times` (a frame each, in every play in turn):
    /// `value` of each frame's tint (its colour, or its alpha in percent) from the frame's
    /// start, as hold keyframes where it changes, or static when it never does; `scalar` for
    /// a one-number property.
    private static func tintKeys(
        _ frames: [OutlineFrame], times: [Int], scalar: Bool, _ value: (TintColor) -> String
    ) -> String {
        var keys = HoldKeys()
        for (k, time) in times.enumerated() { keys.add(value(frames[k % frames.count].tint), at: time) }
        return keys.property(scalar: scalar)
    }
}
