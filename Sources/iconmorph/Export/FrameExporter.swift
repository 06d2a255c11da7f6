import AlphaRaster
import MorphKernel

/// Renders the frames of a command and hands them, in frame order, to a
/// `FrameSink` (PNG files, the raw stream, a sheet, an animated PNG), on as many workers as
/// pay.
///
/// The renderer's style carries the colours (tint, `--color-to`, `--background`), so its
/// frames are finished pixels. A one-colour frame (no `--background`) goes to the sink as
/// its alpha plane (`.alpha8`) and the frame's tint (`MorphStyle.tint(atProgress:)`), which
/// a PNG encoder stores in one byte a pixel and which decodes to exactly the frame's RGBA;
/// otherwise, or when the sink wants RGBA, the frame is rendered as `.rgba8`.
///
/// Workers: one per processor the process may run on (`MorphConcurrency.activeProcessorCount`,
/// which honours `taskset`), up to one per frame, each on a thread of its own
/// (`WorkerThreads`) with its own renderer (one thread each), buffers and sink worker
/// (encoder), all reused from frame to frame, so rendering, encoding and writing of
/// different frames overlap. A single frame, a single processor, or
/// frames too large to hold several at once in `memoryBudget` get one worker, whose renderer
/// may then split each frame over the processors itself. Whatever the worker count, the
/// sink sees the same frames in the same order, so the output bytes are the same
/// (`FrameSequencer`).
struct FrameExporter {
    /// The memory the extra workers may take, in bytes: 256 MiB.
    static let memoryBudget = 256 << 20
    /// A worker's memory per frame pixel, roughly: the renderer's scratch (4 bytes a pixel
    /// plus the blur's margins), the alpha buffer (1) and the encoder's or the RGBA
    /// buffers (about 4).
    static let bytesPerPixelPerWorker = 16

    /// The frames, in output order: frames of one pair for `render`, an animator's frames
    /// (captured fields included) for `animate`.
    let frames: [FrameSource]
    let sink: any FrameSink
    let reporter: ProgressReporter?
    /// One renderer per worker; the first is the one the caller gave.
    let renderers: [MorphRenderer]
    /// Notes frames that come out nearly empty, for a warning after the run.
    let watch: EmptyFrameWatch?

    /// Sets up `workers` workers' renderers (`workerCount(frameCount:pixelCount:)` says how
    /// many pay); `renderer` (already validated against the style and the size) is the first
    /// worker's.
    init(
        frames: [FrameSource], renderer: MorphRenderer, sink: any FrameSink, reporter: ProgressReporter?, workers: Int,
        watch: EmptyFrameWatch? = nil
    ) throws {
        self.frames = frames
        self.sink = sink
        self.reporter = reporter
        self.watch = watch
        var renderers = [renderer]
        if workers > 1 {
            renderer.concurrency = .serial
            for _ in 1..<workers {
                // Sharing the first one's icon fields: a distance style's fields are computed once.
                let extra = MorphRenderer(sharingIconsWith: renderer)
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

    /// Renders every frame, hands each to the sink and completes the sink's output.
    ///
    /// - Throws: the error of the earliest frame that failed (`PNGError` from writing,
    ///   `StandardOutputError` from the stream, unchanged), after which the sink is
    ///   cancelled; every frame before it reached the sink, none after it.
    func run() throws {
        let sequencer = FrameSequencer(count: frames.count, progress: reporter)
        if renderers.count == 1 {
            work(renderer: renderers[0], sequencer: sequencer)
        } else {
            WorkerThreads.run(count: renderers.count) { worker in
                work(renderer: renderers[worker], sequencer: sequencer)
            }
        }
        do {
            try sequencer.finish()
            try sink.finish()
        } catch {
            reporter?.abandon()
            sink.cancel()
            throw error
        }
    }

    /// One worker: claims frames until none are left or one has failed.
    private func work(renderer: MorphRenderer, sequencer: FrameSequencer) {
        var worker = sink.makeWorker()
        let width = renderer.width, height = renderer.height, pixelCount = width * height
        let style = renderer.style
        let oneColor = !sink.needsRGBA && style.background == nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pixelCount * (oneColor ? 1 : 4), alignment: 16)
        defer { buffer.deallocate() }
        let rasterizer = VectorRasterizer()
        // Over a background every pixel is opaque: there is no shape to judge.
        var watcher = style.background == nil ? watch.map { EmptyFrameWatch.Worker(watch: $0, threshold: style.threshold) } : nil
        while let index = sequencer.claim() {
            do {
                let frame: RenderedFrame
                if oneColor {
                    try frames[index].render(with: renderer, rasterizer: rasterizer, into: buffer, format: .alpha8)
                    let tint = style.tint(atProgress: frames[index].progress)
                    frame = .oneColor(
                        alpha: UnsafeRawBufferPointer(buffer), red: tint.red, green: tint.green, blue: tint.blue,
                        width: width, height: height)
                    watcher?.check(frames[index], index: index, pixels: UnsafeRawBufferPointer(buffer), width: width,
                                   bytesPerPixel: 1, tintAlpha: tint.alpha)
                } else {
                    try frames[index].render(with: renderer, rasterizer: rasterizer, into: buffer, format: .rgba8)
                    frame = .rgba(UnsafeRawBufferPointer(buffer), width: width, height: height)
                    watcher?.check(frames[index], index: index, pixels: UnsafeRawBufferPointer(buffer), width: width,
                                   bytesPerPixel: 4, tintAlpha: style.tint(atProgress: frames[index].progress).alpha)
                }
                switch try worker.deliver(frame, index: index, waitForTurn: { sequencer.waitForTurn(index) }) {
                case .written: sequencer.written(index)
                case .stopped: return
                case .deferred(let step): guard sequencer.commit(index, step) else { return }
                }
            } catch {
                sequencer.fail(index, error)
                return
            }
        }
    }
}
