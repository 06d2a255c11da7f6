import AlphaRaster
import MorphKernel

/// A `render` command line, parsed and checked: everything needed to render, nothing read yet.
struct RenderOptions: Equatable {
    /// One frame or an evenly spaced sequence.
    enum Frames: Equatable {
        /// One frame at `progress` in [0, 1].
        case single(progress: Double)
        /// `count` ≥ 2 frames (the morph's steps) at progress i / (count − 1),
        /// i = 0 … count − 1; `FrameOutput.timing` says how they play.
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
    /// Both masks are built in this validated box, so they have one pixel size.
    var layout: IconLayout
    var maskSource: MaskSource
    /// How each frame's shape is made (`--style`).
    var fieldStyle: FieldStyle = .metaball
    /// The look, colours included; `maxBlurRadius` is in pixels (`--blur` × `--scale`).
    var style: MorphStyle
    /// What is written and where, and how the sequence plays.
    var output: FrameOutput
    /// Print the ffmpeg command lines instead of rendering.
    var printFFmpeg = false
    /// The options as given, for `--print-ffmpeg`.
    var given: [GivenOption] = []
}
