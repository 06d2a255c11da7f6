import AlphaRaster
import Dispatch
import MorphKernel
import PNGCodec

/// Renders the frames of a `render` command and writes each to its file, on as many
/// workers as pay.
///
/// A frame is rendered as alpha only (`MorphRenderer.renderAlpha`) and encoded with the
/// tint's colour (`PNGEncoder.withPNGData(alpha:…)`): the file decodes to exactly the RGBA
/// that `renderRGBA` gives, stored in one byte a pixel (or gray+alpha, see `PNGEncoder`).
/// Each file is written atomically (`AtomicFileWriter`), in frame order (`FrameSequencer`).
///
/// Workers: one per processor the process may run on (`MorphConcurrency.activeProcessorCount`,
/// which honours `taskset`), up to one per frame, each with its own renderer (one thread
/// each), alpha buffer and encoder, all reused from frame to frame, so rendering, encoding
/// and writing of different frames overlap. A single frame, a single processor, or frames
/// too large to hold several at once in `memoryBudget` get one worker, whose renderer may
/// then split each frame over the processors itself.
struct FrameExporter {
    /// The memory the extra workers may take, in bytes: 256 MiB.
    static let memoryBudget = 256 << 20
    /// A worker's memory per frame pixel, roughly: the renderer's scratch (4 bytes a pixel
    /// plus the blur's margins), the alpha buffer (1) and the encoder's buffers (about 3).
    static let bytesPerPixelPerWorker = 16

    let source: AlphaMask
    let target: AlphaMask
    let frames: RenderOptions.Frames
    /// One path per frame.
    let paths: [String]
    let compression: PNGCompression
    private let renderers: [MorphRenderer]

    /// Sets up the workers' renderers; `renderer` (already validated against the style and
    /// the size) is the first worker's. `workers` overrides `workerCount(frameCount:pixelCount:)`
    /// (tests compare worker counts).
    init(
        source: AlphaMask, target: AlphaMask, renderer: MorphRenderer, frames: RenderOptions.Frames,
        paths: [String], compression: PNGCompression = .default, workers: Int? = nil
    ) throws {
        self.source = source
        self.target = target
        self.frames = frames
        self.paths = paths
        self.compression = compression
        let workers = workers ?? Self.workerCount(frameCount: paths.count, pixelCount: renderer.width * renderer.height)
        var renderers = [renderer]
        if workers > 1 {
            renderer.concurrency = .serial
            for _ in 1..<workers {
                let extra = try MorphRenderer(width: renderer.width, height: renderer.height, style: renderer.style)
                extra.concurrency = .serial
                renderers.append(extra)
            }
        }
        self.renderers = renderers
    }

    /// How many workers `frameCount` frames of `pixelCount` pixels get.
    static func workerCount(
        frameCount: Int, pixelCount: Int, processors: Int = MorphConcurrency.activeProcessorCount
    ) -> Int {
        let affordable = memoryBudget / max(1, bytesPerPixelPerWorker * pixelCount)
        return max(1, min(processors, frameCount, affordable))
    }

    /// How many workers this export uses.
    var workerCount: Int { renderers.count }

    /// Renders and writes every frame.
    ///
    /// - Throws: the error of the earliest frame that failed (`PNGError` from writing,
    ///   unchanged); every frame before it is written, none after it.
    func run() throws {
        let sequencer = FrameSequencer(count: paths.count)
        if renderers.count == 1 {
            work(renderer: renderers[0], sequencer: sequencer)
        } else {
            DispatchQueue.concurrentPerform(iterations: renderers.count) { worker in
                work(renderer: renderers[worker], sequencer: sequencer)
            }
        }
        try sequencer.finish()
    }

    /// One worker: claims frames until none are left or one has failed.
    private func work(renderer: MorphRenderer, sequencer: FrameSequencer) {
        let encoder = PNGEncoder(compression: compression)
        let tint = renderer.style.tint
        var alpha = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        while let index = sequencer.claim() {
            do {
                let wrote = try alpha.withUnsafeMutableBytes { plane in
                    try renderer.renderAlpha(
                        source: source, target: target, progress: frames.progress(ofFrame: index), into: plane)
                    return try encoder.withPNGData(
                        alpha: UnsafeRawBufferPointer(plane), width: renderer.width, height: renderer.height,
                        red: tint.red, green: tint.green, blue: tint.blue
                    ) { png in
                        guard sequencer.waitForTurn(index) else { return false }
                        try AtomicFileWriter.write(png, to: paths[index])
                        return true
                    }
                }
                guard wrote else { return }
                sequencer.written(index)
            } catch {
                sequencer.fail(index, error)
                return
            }
        }
    }
}
