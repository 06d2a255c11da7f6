import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PathMorph

/// SVG and Lottie documents of a morph drawn as outlines: the same documents that
/// `iconmorph render --format svg`, `svg-animate` and `lottie` write, for hosts that make
/// them themselves (a server answering with a Lottie file, an app exporting an animation).
///
/// A metaball or distance morph's frames become outlines by tracing: render each frame's
/// coverage (`MorphRenderer.render(source:target:progress:into:format:)` with `.alpha8`, the
/// tint opaque and no background) and trace it with `MaskTracer.layers(of:width:height:)`;
/// the tint goes in the `VectorFrame`. A path morph's frames are outlines already
/// (`PathMorph`), and its animated documents keyframe the outline itself, so the player draws
/// every frame between at any rate.
///
/// The documents are text (UTF-8 when written out). Frames drawn alike are written once and
/// shown at each of their times.
public enum VectorDocument {
    /// One frame as an SVG document: `canvas.width / canvas.scale` points wide with a
    /// viewBox in pixels, the background (if any) as a rectangle, then the frame's layers
    /// filled in its tint.
    public static func svg(_ frame: VectorFrame, canvas: VectorCanvas) -> String {
        SVGFrameDocument.text(frame, canvas: canvas)
    }

    /// The frames as one SVG that plays them by itself (SMIL, which current browsers play;
    /// a program that does not shows the first frame), frame k for `frameDurations[k]`
    /// seconds, played `loops` times (0: for ever), the last frame staying after the last.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` when there are no frames, the durations do
    ///   not match them one for one, a duration is not from 0.001 to 86,400 s, or `loops` is
    ///   negative.
    public static func animatedSVG(
        _ frames: [VectorFrame], frameDurations: [Double], loops: Int = 0, canvas: VectorCanvas
    ) throws -> String {
        let delays = try checkedDelays(frameDurations, frames: frames.count, loops: loops)
        return SVGAnimationDocument.text(frames, delays: delays, loops: loops, canvas: canvas)
    }

    /// The frames as one Lottie (Bodymovin JSON) animation at `framesPerSecond`, as the
    /// common players read it (lottie-web, lottie-ios, lottie-android, rlottie): frame k
    /// shows for `frameDurations[k]` seconds rounded to whole frames of the rate (at least
    /// one), and the `loops` plays are written one after another (Lottie has no loop count;
    /// players loop by their own setting; 0 writes one play).
    ///
    /// - Throws: `VectorDocument.InvalidTiming` as for `animatedSVG`, or for a rate that is
    ///   not from 0.001 to 1000 frames a second.
    public static func lottie(
        _ frames: [VectorFrame], frameDurations: [Double], framesPerSecond: Double, loops: Int = 1, canvas: VectorCanvas
    ) throws -> String {
        let delays = try checkedDelays(frameDurations, frames: frames.count, loops: loops)
        let fps = try checkedRate(framesPerSecond)
        return LottieDocument.text(frames, delays: delays, fps: fps, loops: loops, canvas: canvas)
    }

    /// A path morph drawn at `frameCount` steps, step i at progress i / (frameCount − 1)
    /// eased by `easing` (the outline at eased progress e is `morph.contours(at: e)`), each
    /// shown for 1 / `framesPerSecond` s, as one self-playing SVG whose path data is
    /// keyframed: the browser moves every point between the keyframes, and at each step's
    /// time the path is that step's outline.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` for fewer than 2 steps, a rate that is not
    ///   from 0.001 to 1000 frames a second, or negative `loops`.
    public static func animatedSVG(
        _ morph: PathMorph, frameCount: Int, easing: MorphEasing = .smooth, tint: TintColor, framesPerSecond: Double,
        loops: Int = 0, canvas: VectorCanvas
    ) throws -> String {
        let (sequence, delays, fps) = try outlineSequence(morph, frameCount, easing, tint, framesPerSecond, loops)
        return SVGAnimationDocument.keyframedText(sequence, easing: easing, delays: delays, fps: fps, loops: loops, canvas: canvas)
    }

    /// A path morph as `animatedSVG(_:frameCount:easing:tint:framesPerSecond:loops:canvas:)`
    /// draws it, as one Lottie animation whose paths are keyframed.
    ///
    /// - Throws: `VectorDocument.InvalidTiming` as for the animated SVG of a path morph.
    public static func lottie(
        _ morph: PathMorph, frameCount: Int, easing: MorphEasing = .smooth, tint: TintColor, framesPerSecond: Double,
        loops: Int = 1, canvas: VectorCanvas
    ) throws -> String {
        let (sequence, delays, fps) = try outlineSequence(morph, frameCount, easing, tint, framesPerSecond, loops)
        return LottieDocument.keyframedText(sequence, easing: easing, delays: delays, fps: fps, loops: loops, canvas: canvas)
    }

    /// Timing a document cannot use: what was given and the range it must lie in.
    public struct InvalidTiming: Error, Equatable, CustomStringConvertible {
        /// The problem in one line.
        public let description: String
    }

    /// The shortest and longest frame a document shows, in seconds (the `iconmorph` tool's
    /// limits: a frame rate of at most 1000, a day's whole play).
    static let durationRange: ClosedRange<Double> = 0.001...86_400
    /// The frame rates accepted.
    static let rateRange: ClosedRange<Double> = 0.001...1000

    /// `durations` as exact fractions of a second (within a millionth), checked against the
    /// frames and the loop count.
    private static func checkedDelays(_ durations: [Double], frames: Int, loops: Int) throws -> [Rational] {
        guard frames > 0 else { throw InvalidTiming(description: "a vector animation needs at least one frame, got none") }
        guard durations.count == frames else {
            throw InvalidTiming(description: "a vector animation needs one duration a frame: \(frames) frames, \(durations.count) durations")
        }
        guard loops >= 0 else { throw InvalidTiming(description: "the loop count must be 0 (for ever) or more, got \(loops)") }
        return try durations.map { duration in
            guard durationRange.contains(duration) else {
                throw InvalidTiming(description: "a frame's duration must be \(durationRange.lowerBound) to \(Int(durationRange.upperBound)) seconds, got \(duration)")
            }
            return Rational.approximating(duration)
        }
    }

    /// `rate` as an exact fraction (within a millionth), checked.
    private static func checkedRate(_ rate: Double) throws -> Rational {
        guard rateRange.contains(rate) else {
            throw InvalidTiming(description: "the frame rate must be \(rateRange.lowerBound) to \(Int(rateRange.upperBound)) frames a second, got \(rate)")
        }
        return Rational.approximating(rate)
    }

    /// A path morph's steps as the keyframed documents take them: `count` steps in `tint`,
    /// each shown one frame of `rate`.
    private static func outlineSequence(
        _ morph: PathMorph, _ count: Int, _ easing: MorphEasing, _ tint: TintColor, _ rate: Double, _ loops: Int
    ) throws -> (OutlineSequence, [Rational], Rational) {
        guard count >= 2 else { throw InvalidTiming(description: "a path morph's animation needs at least 2 steps, got \(count)") }
        guard loops >= 0 else { throw InvalidTiming(description: "the loop count must be 0 (for ever) or more, got \(loops)") }
        let fps = try checkedRate(rate)
        let frames = (0..<count).map { i -> OutlineFrame in
            let progress = Double(i) / Double(count - 1)
            return OutlineFrame(progress: progress, eased: easing(progress), tint: tint)
        }
        let sequence = OutlineSequence(frames: frames, segments: [OutlineSegment(morph: morph, frames: 0..<count)])
        return (sequence, Array(repeating: fps.reciprocal, count: count), fps)
    }
}
