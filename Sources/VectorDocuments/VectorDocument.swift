import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PathMorph

/// SVG and Lottie documents of a morph drawn as outlines: the documents that
/// `iconmorph render --format svg`, `svg-animate` and `lottie` write, for hosts that make
/// them themselves (a server answering with a Lottie file, an app exporting an animation).
/// The same frames give the tool's documents byte for byte, but that at tolerances from
/// 6/255 px (the default 0.1 among them) the tool also draws frames within a few levels of
/// the first frame, or of the last one traced anew, with that frame's outline; these
/// functions write every frame's own.
///
/// A metaball or distance morph's frames become outlines by tracing: render each frame's
/// coverage (`MorphRenderer.renderAlpha(source:target:progress:into:)`, or `render` with
/// `.alpha8`; the tint opaque and no background) and trace it with
/// `MaskTracer.layers(of:width:height:)`; the tint goes in the `VectorFrame`. A path morph's
/// frames are outlines already (`PathMorph`), and its animated documents keyframe the outline
/// itself, so the player draws every frame between at any rate.
///
/// The documents are text (UTF-8 when written out). Frames drawn alike are written once and
/// shown at each of their times.
public enum VectorDocument {
    /// One frame as an SVG document: `canvas.width / canvas.scale` points wide with a
    /// viewBox in pixels, the background (if any) as a rectangle, then the frame's layers
    /// filled in its tint.
    ///
    /// - Throws: `VectorDocument.InvalidFrame` for a layer whose opacity is not over 0 and at
    ///   most 1, or a contour point that is not finite or lies beyond `coordinateLimit`.
    public static func svg(_ frame: VectorFrame, canvas: VectorCanvas) throws -> String {
        try checkLayers([frame])
        return SVGFrameDocument.text(frame, canvas: canvas)
    }

    /// The frames as one SVG that plays them by itself (SMIL, which current browsers play;
    /// a program that does not shows the first frame), frame k for `frameDurations[k]`
    /// seconds, played `loops` times (0: for ever), the last frame staying after the last.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` when there are no frames or more than
    ///   `mostFramesWritten`, the durations do not match them one for one, a duration is not
    ///   from 0.001 to 86,400 s, or `loops` is negative; `VectorDocument.InvalidFrame` for a
    ///   layer whose opacity is not over 0 and at most 1, or a contour point that is not
    ///   finite or lies beyond `coordinateLimit`.
    public static func animatedSVG(
        _ frames: [VectorFrame], frameDurations: [Double], loops: Int = 0, canvas: VectorCanvas
    ) throws -> String {
        let delays = try checkedDelays(frameDurations, frames: frames.count, loops: loops, writesEveryPlay: false)
        try checkLayers(frames)
        return SVGAnimationDocument.text(frames, delays: delays, loops: loops, canvas: canvas)
    }

    /// The frames as one Lottie (Bodymovin JSON) animation at `framesPerSecond`, as the
    /// common players read it (lottie-web, lottie-ios, lottie-android, rlottie): frame k
    /// shows for `frameDurations[k]` seconds rounded to whole frames of the rate (at least
    /// one), and the `loops` plays are written one after another (Lottie has no loop count;
    /// players loop by their own setting; 0 writes one play). Frames traced with
    /// `MaskTracer.nestsLayers` are drawn as rings that overlap nowhere, the tint's alpha in
    /// their fills, which players that multiply each fill by a layer's opacity draw as the
    /// others do; other frames of several layers keep the tint's alpha in the layer's
    /// opacity. The composition is the canvas in points, each side rounded to whole points.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` and `VectorDocument.InvalidFrame` as for
    ///   `animatedSVG`, also when the plays written hold more than `mostFramesWritten`
    ///   frames, or for a rate that is not from 0.001 to 1000 frames a second.
    public static func lottie(
        _ frames: [VectorFrame], frameDurations: [Double], framesPerSecond: Double, loops: Int = 1, canvas: VectorCanvas
    ) throws -> String {
        let delays = try checkedDelays(frameDurations, frames: frames.count, loops: loops, writesEveryPlay: true)
        try checkLayers(frames)
        let fps = try checkedRate(framesPerSecond)
        return LottieDocument.text(frames, delays: delays, fps: fps, loops: loops, canvas: canvas)
    }

    /// A path morph drawn at `frameCount` steps, step i at progress i / (frameCount − 1)
    /// eased by `easing` (the outline at eased progress e is `morph.contours(at: e)`), each
    /// shown for 1 / `framesPerSecond` s, as one self-playing SVG whose path data is
    /// keyframed: the browser moves every point between the keyframes, and at each step's
    /// time the path is that step's outline.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` for fewer than 2 steps or more than
    ///   `mostFramesWritten`, a rate that is not from 0.001 to 1000 frames a second, or
    ///   negative `loops`.
    public static func animatedSVG(
        _ morph: PathMorph, frameCount: Int, easing: MorphEasing = .smooth, tint: TintColor, framesPerSecond: Double,
        loops: Int = 0, canvas: VectorCanvas
    ) throws -> String {
        let (sequence, delays, fps) = try outlineSequence(morph, frameCount, easing, tint, framesPerSecond, loops, writesEveryPlay: false)
        return SVGAnimationDocument.keyframedText(sequence, easing: easing, delays: delays, fps: fps, loops: loops, canvas: canvas)
    }

    /// A path morph as `animatedSVG(_:frameCount:easing:tint:framesPerSecond:loops:canvas:)`
    /// draws it, as one Lottie animation whose paths are keyframed.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` as for the animated SVG of a path morph, also
    ///   when the plays written hold more than `mostFramesWritten` steps.
    public static func lottie(
        _ morph: PathMorph, frameCount: Int, easing: MorphEasing = .smooth, tint: TintColor, framesPerSecond: Double,
        loops: Int = 1, canvas: VectorCanvas
    ) throws -> String {
        let (sequence, delays, fps) = try outlineSequence(
            morph, frameCount, easing, tint, framesPerSecond, loops, writesEveryPlay: true)
        return LottieDocument.keyframedText(sequence, easing: easing, delays: delays, fps: fps, loops: loops, canvas: canvas)
    }

    /// Timing a document cannot use: what was given and the range it must lie in.
    public struct InvalidTiming: Error, Equatable, CustomStringConvertible {
        /// The problem in one line.
        public let description: String
    }

    /// A frame a document cannot draw: which frame and layer, and why.
    public struct InvalidFrame: Error, Equatable, CustomStringConvertible {
        /// The problem in one line.
        public let description: String
    }

    /// The largest coordinate a contour point may have, either way, in pixels: 10⁹, far past
    /// any canvas (`VectorCanvas` sides are at most 100,000 px), and small enough that every
    /// document writes each number exactly to its precision.
    public static let coordinateLimit = 1e9

    /// The most frames a document writes, counting each play a Lottie file writes (it has no
    /// play count): 300,000, the tool's limit.
    public static let mostFramesWritten = 300_000
    /// The shortest and longest a frame shows, in seconds (the `iconmorph` tool's limits: a
    /// frame rate of at most 1000, and a day).
    static let durationRange: ClosedRange<Double> = 0.001...86_400
    /// The frame rates accepted.
    static let rateRange: ClosedRange<Double> = 0.001...1000

    /// `durations` as exact fractions of a second (within a millionth), checked against the
    /// frames and the loop count (`checkPlays`).
    private static func checkedDelays(_ durations: [Double], frames: Int, loops: Int, writesEveryPlay: Bool) throws -> [Rational] {
        guard frames > 0 else { throw InvalidTiming(description: "a vector animation needs at least one frame, got none") }
        guard durations.count == frames else {
            throw InvalidTiming(description: "a vector animation needs one duration a frame: \(frames) frames, \(durations.count) durations")
        }
        try checkPlays(frames, loops: loops, writesEveryPlay: writesEveryPlay, what: "frames")
        return try durations.map { duration in
            guard durationRange.contains(duration) else {
                throw InvalidTiming(description: "a frame's duration must be \(durationRange.lowerBound) to \(Int(durationRange.upperBound)) seconds, got \(duration)")
            }
            return Rational.approximating(duration)
        }
    }

    /// Throws for a negative `loops`, or when `count` frames (`what`), written once or, for a
    /// document that writes its plays one after another, `loops` times (once for 0), pass
    /// `mostFramesWritten`.
    private static func checkPlays(_ count: Int, loops: Int, writesEveryPlay: Bool, what: String) throws {
        guard loops >= 0 else { throw InvalidTiming(description: "the loop count must be 0 (for ever) or more, got \(loops)") }
        let plays = writesEveryPlay ? max(1, loops) : 1
        let (written, overflows) = count.multipliedReportingOverflow(by: plays)
        guard overflows || written > mostFramesWritten else { return }
        let times = plays > 1 ? " in \(plays) plays written one after another" : ""
        throw InvalidTiming(description: "a vector animation writes at most \(mostFramesWritten) frames, got \(count) \(what)\(times)")
    }

    /// `rate` as an exact fraction (within a millionth), checked.
    private static func checkedRate(_ rate: Double) throws -> Rational {
        guard rateRange.contains(rate) else {
            throw InvalidTiming(description: "the frame rate must be \(rateRange.lowerBound) to \(Int(rateRange.upperBound)) frames a second, got \(rate)")
        }
        return Rational.approximating(rate)
    }

    /// Throws for a layer whose opacity is not over 0 and at most 1 (a NaN one wrote `nan`
    /// into the JSON), or whose contours have a point that is not finite (written as 0) or
    /// lies beyond `coordinateLimit` (from about 10¹⁴ px the SVG's numbers, from about 10¹⁷
    /// px the Lottie file's, were written as 0).
    private static func checkLayers(_ frames: [VectorFrame]) throws {
        for (k, frame) in frames.enumerated() {
            for (j, layer) in frame.layers.enumerated() {
                guard layer.opacity > 0 && layer.opacity <= 1 else {
                    throw InvalidFrame(description: "frame \(k), layer \(j): a layer's opacity must be over 0 and at most 1, got \(layer.opacity)")
                }
                func check(_ point: SIMD2<Double>) throws {
                    guard point.x.isFinite, point.y.isFinite else {
                        throw InvalidFrame(description: "frame \(k), layer \(j): a contour has the point (\(point.x), \(point.y)); points must be finite")
                    }
                    guard abs(point.x) <= coordinateLimit, abs(point.y) <= coordinateLimit else {
                        throw InvalidFrame(description: "frame \(k), layer \(j): a contour has the point (\(point.x), \(point.y)); "
                            + "points must lie within ±1,000,000,000 px (coordinateLimit)")
                    }
                }
                for contour in layer.contours {
                    try check(contour.start)
                    for curve in contour.curves {
                        try check(curve.control1)
                        try check(curve.control2)
                        try check(curve.end)
                    }
                }
            }
        }
    }

    /// A path morph's steps as the keyframed documents take them: `count` steps in `tint`,
    /// each shown one frame of `rate`, the loop count checked (`checkPlays`).
    private static func outlineSequence(
        _ morph: PathMorph, _ count: Int, _ easing: MorphEasing, _ tint: TintColor, _ rate: Double, _ loops: Int, writesEveryPlay: Bool
    ) throws -> (OutlineSequence, [Rational], Rational) {
        guard count >= 2 else { throw InvalidTiming(description: "a path morph's animation needs at least 2 steps, got \(count)") }
        try checkPlays(count, loops: loops, writesEveryPlay: writesEveryPlay, what: "steps")
        let fps = try checkedRate(rate)
        let frames = (0..<count).map { i -> OutlineFrame in
            let progress = Double(i) / Double(count - 1)
            return OutlineFrame(progress: progress, eased: easing(progress), tint: tint)
        }
        let sequence = OutlineSequence(frames: frames, segments: [OutlineSegment(morph: morph, frames: 0..<count)])
        return (sequence, Array(repeating: fps.reciprocal, count: count), fps)
    }
}
