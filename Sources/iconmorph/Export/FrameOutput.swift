import OutlineTrace
import PNGCodec

/// What a command's frames become, settled for a known number of morph steps
/// (`ExportOptions.output(steps:timing:frameSize:)`): the format and where it goes, how PNG
/// data and sheets are laid out, and how the frames play.
///
/// The output's frames are the morph's steps laid out by `schedule`: one frame for a single
/// step, else the timing's order of the steps with holds and ping-pong (`FrameTiming`).
struct FrameOutput: Equatable {
    var format: OutputFormat
    var target: OutputTarget
    /// How `-o` was spelled, for messages about it.
    var targetSpelling: String
    var compression: PNGCompression
    /// Frames per row of a sheet (a strip: all of them); `nil` for ⌈√frames⌉.
    var columns: Int?
    /// Pixels between the cells of a sheet or strip.
    var spacing: Int
    /// The JSON file to write beside a sheet or strip.
    var manifest: String?
    /// Print nothing on success, and no progress.
    var quiet: Bool
    /// The morph's distinct frames: 1 for a single frame, or a sequence of ≥ 2 steps.
    var steps: Int
    /// How a sequence plays (a single frame's delay is one period).
    var timing: FrameTiming
    /// How closely vector outlines follow the frames, in pixels.
    var tolerance: Double = MaskTracer.defaultTolerance
    /// Pixels per point: vector documents are sized in points.
    var scale: Double = 1

    /// Refuses to write binary data to a terminal: the raw stream, or a PNG, APNG, sheet,
    /// strip or video file named for standard output (`-o -`, `/dev/stdout`). The vector
    /// formats are text, and may be read there.
    ///
    /// - Throws: `StandardOutputError.isTerminal` or `.binaryToTerminal`.
    func checkNotBinaryToTerminal() throws {
        guard StandardStreams.isTerminal else { return }
        if format == .rgba { throw StandardOutputError.isTerminal }
        if !format.isVector, case .file(let path) = target, StandardStreams.isStandardOutput(path) {
            throw StandardOutputError.binaryToTerminal(what: "--format \(format.rawValue)")
        }
    }

    /// The frames the output holds, in order, each with its step and delay.
    var schedule: [FrameTiming.Frame] {
        guard steps >= 2 else { return [FrameTiming.Frame(step: 0, delay: timing.fps.reciprocal)] }
        return timing.schedule(steps: steps, variableDelays: holdsAsDelays, repeats: format.loops)
    }

    /// Whether a hold is one frame shown longer rather than its frame repeated: in the
    /// formats that store delays (`OutputFormat.holdsAsDelays`), and in a GIF whose holds fit
    /// its delays (`OutputFormat.longestGIFDelay` a frame; a longer hold is repeated frames).
    var holdsAsDelays: Bool {
        if format.holdsAsDelays { return true }
        guard format == .gif else { return false }
        let period = timing.fps.reciprocal.doubleValue
        return max(timing.holdStart, timing.holdEnd) + period <= OutputFormat.longestGIFDelay
    }

    /// How many frames the output holds, without scheduling them.
    var frameCount: Int {
        guard steps >= 2 else { return 1 }
        return timing.frameCount(steps: steps, variableDelays: holdsAsDelays, repeats: format.loops)
    }

    /// The grid of a sheet or strip of the output's frames, each `frameSize` pixels.
    func sheetLayout(frameSize: (width: Int, height: Int)) -> SheetLayout {
        let count = frameCount
        return SheetLayout(
            frameWidth: frameSize.width, frameHeight: frameSize.height, count: count,
            columns: columns ?? SheetLayout.defaultColumns(count: count), spacing: spacing)
    }
}
