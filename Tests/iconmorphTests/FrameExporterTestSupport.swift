import AlphaRaster
import MorphKernel
import PNGCodec
@testable import iconmorph

/// What the exporter tests ask of an exporter that the commands never do: an export of one
/// morph's evenly spaced frames straight to PNG files, with the worker count chosen by the
/// test, and that count read back.
extension FrameExporter {
    /// PNG files: frame i of `frames` to `paths[i]`, in the renderer's tint; `workers` nil
    /// takes the count the commands take (`workerCount(frameCount:pixelCount:)`).
    init(
        source: AlphaMask, target: AlphaMask, renderer: MorphRenderer, frames: RenderOptions.Frames,
        paths: [String], compression: PNGCompression = .default, workers: Int? = nil
    ) throws {
        try self.init(
            frames: (0..<paths.count).map {
                .masks(MorphFrame(source: source, target: target, progress: frames.progress(ofFrame: $0)))
            },
            renderer: renderer, sink: PNGFileSink(paths: paths, compression: compression, sequence: nil), reporter: nil,
            workers: workers ?? Self.workerCount(frameCount: paths.count, pixelCount: renderer.width * renderer.height))
    }

    /// How many workers this export uses.
    var workerCount: Int { renderers.count }
}
