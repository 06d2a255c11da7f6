import AlphaRaster
import MorphKernel
import PNGCodec

/// A `render` command line, parsed and checked: everything needed to render, nothing read yet.
struct RenderOptions: Equatable {
    /// One frame or an evenly spaced sequence.
    enum Frames: Equatable {
        /// One frame at `progress` in [0, 1].
        case single(progress: Double)
        /// `count` ≥ 2 frames (the morph's steps) at progress i / (count − 1),
        /// i = 0 … count − 1; `RenderOptions.timing` says how they play.
        case sequence(count: Int)

        /// How many steps the morph has.
        var count: Int {
            switch self {
            case .single: 1
            case .sequence(let count): count
            }
        }

        /// The progress of step `index`: i / (count − 1), so the first step is exactly 0 and
        /// the last exactly 1.
        func progress(ofFrame index: Int) -> Double {
            switch self {
            case .single(let progress): progress
            case .sequence(let count): Double(index) / Double(count - 1)
            }
        }
    }

    /// The icon at progress 0.
    var source: String
    /// The icon at progress 1.
    var target: String
    var frames: Frames
    var output: OutputTarget
    /// How `-o` was spelled, for messages about it.
    var outputSpelling = "-o"
    /// Both masks are built in this validated box, so they have one pixel size.
    var layout: IconLayout
    var maskSource: MaskSource
    /// The look, colours included; `maxBlurRadius` is in pixels (`--blur` × `--scale`).
    var style: MorphStyle
    /// Print nothing on success, and no progress.
    var quiet: Bool
    /// What is written.
    var format: OutputFormat = .png
    /// How a sequence plays (ignored for one frame).
    var timing = FrameTiming(fps: FrameTiming.defaultFPS)
    var compression: PNGCompression = .default
    /// Columns of a sheet; `nil` for the default (⌈√frames⌉, or one row for a strip).
    var columns: Int?
    /// Pixels between the cells of a sheet or strip.
    var spacing = 0
    /// The JSON file to write beside a sheet or strip.
    var manifest: String?
    /// Print the ffmpeg command lines instead of rendering.
    var printFFmpeg = false
    /// The options as given, for `--print-ffmpeg`.
    var given: [GivenOption] = []

    /// The frames the output holds, in order, with their delays: one frame for `--progress`,
    /// else the timing's schedule of the morph's steps.
    var schedule: [FrameTiming.Frame] {
        guard case .sequence(let count) = frames else { return [FrameTiming.Frame(step: 0, delay: timing.fps.reciprocal)] }
        return timing.schedule(steps: count, variableDelays: format == .apng)
    }

    /// The progress of each frame of `schedule`.
    var scheduledProgress: [Double] {
        guard case .sequence = frames else { return [frames.progress(ofFrame: 0)] }
        return schedule.map { frames.progress(ofFrame: $0.step) }
    }

    /// How many frames the output holds.
    var outputFrameCount: Int {
        guard case .sequence(let count) = frames else { return 1 }
        return timing.frameCount(steps: count, variableDelays: format == .apng)
    }
}
