import AlphaRaster
import MorphKernel

/// A `render` command line, parsed and checked: everything needed to render, nothing read yet.
struct RenderOptions: Equatable {
    /// One frame or an evenly spaced sequence.
    enum Frames: Equatable {
        /// One frame at `progress` in [0, 1].
        case single(progress: Double)
        /// `count` ≥ 2 frames at progress i / (count − 1), i = 0 … count − 1.
        case sequence(count: Int)

        /// How many frames are written.
        var count: Int {
            switch self {
            case .single: 1
            case .sequence(let count): count
            }
        }

        /// The progress of frame `index`: i / (count − 1), so the first frame is exactly 0 and
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
    /// Both masks are built in this box, so they have one pixel size.
    var box: IconBox
    var maskSource: MaskSource
    /// The look; `maxBlurRadius` is in pixels (`--blur` × `--scale`).
    var style: MorphStyle
    /// Print nothing on success.
    var quiet: Bool
}
