import AlphaRaster
import Dispatch
import MorphKernel
import PNGCodec

/// Renders the frames of a `render` command and hands them, in frame order, to a
/// `FrameSink` (PNG files, the raw stream, a sheet, an animated PNG), on as many workers as
/// pay.
///
/// A frame is rendered as alpha only (`MorphRenderer.renderAlpha`). A one-colour frame (no
/// `--background`) goes to the sink as that alpha plane and the frame's tint, which a PNG
/// encoder stores in one byte a pixel and which decodes to exactly the RGBA that
/// `renderRGBA` gives; otherwise, or when the sink wants RGBA, each alpha byte is looked up
/// in a 256-entry table of output pixels (`FrameColoring.fillPixelTable`), so compositing
/// costs one load and one store a pixel whatever the formula.
///
/// Workers: one per processor the process may run on (`MorphConcurrency.activeProcessorCount`,
/// which honours `taskset`), up to one per frame, each with its own renderer (one thread
/// each), buffers and sink worker (encoder), all reused from frame to frame, so rendering,
/// encoding and writing of different frames overlap. A single frame, a single processor, or
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
    let frames: [MorphFrame]
    let coloring: FrameColoring
    let sink: any FrameSink
    let reporter: ProgressReporter?
    private let renderers: [MorphRenderer]

    /// PNG files: frame i of `frames` to `paths[i]`, in the renderer's tint (tests use this).
    init(
        source: AlphaMask, target: AlphaMask, renderer: MorphRenderer, frames: RenderOptions.Frames,
        paths: [String], compression: PNGCompression = .default, workers: Int? = nil
    ) throws {
        try self.init(
            frames: (0..<paths.count).map {
                MorphFrame(source: source, target: target, progress: frames.progress(ofFrame: $0))
            },
            renderer: renderer, coloring: FrameColoring(start: renderer.style.tint, easing: renderer.style.easing),
            sink: PNGFileSink(paths: paths, compression: compression), workers: workers)
    }

    /// Sets up the workers' renderers; `renderer` (already validated against the style and
    /// the size, its tint `coloring.rendererTint`) is the first worker's. `workers` overrides
    /// `workerCount(frameCount:pixelCount:)` (tests compare worker counts).
    init(
        frames: [MorphFrame], renderer: MorphRenderer, coloring: FrameColoring, sink: any FrameSink,
        reporter: ProgressReporter? = nil, workers: Int? = nil
    ) throws {
        self.frames = frames
        self.coloring = coloring
        self.sink = sink
        self.reporter = reporter
        let workers = workers ?? Self.workerCount(frameCount: frames.count, pixelCount: renderer.width * renderer.height)
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
            DispatchQueue.concurrentPerform(iterations: renderers.count) { worker in
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
        let plane = UnsafeMutableRawBufferPointer.allocate(byteCount: pixelCount, alignment: 16)
        let rgba = sink.needsRGBA || !coloring.isOneColor
            ? UnsafeMutableRawBufferPointer.allocate(byteCount: pixelCount * 4, alignment: 16) : nil
        let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 256)
        let alphaMap = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
        defer {
            plane.deallocate()
            rgba?.deallocate()
            table.deallocate()
            alphaMap.deallocate()
        }
        // What `table` and `alphaMap` were last filled for: without `--color-to` every frame
        // has one tint, so they are filled once, not per frame.
        var tableTint: TintColor?
        var mapAlpha: UInt8?
        while let index = sequencer.claim() {
            do {
                try renderer.renderAlpha(frames[index], into: plane)
                let tint = coloring.tint(atProgress: frames[index].progress)
                let frame: RenderedFrame
                if let rgba {
                    if tint != tableTint {
                        coloring.fillPixelTable(table, tint: tint)
                        tableTint = tint
                    }
                    Self.expand(plane, through: table, into: rgba)
                    frame = .rgba(UnsafeRawBufferPointer(rgba), width: width, height: height)
                } else {
                    if coloring.needsAlphaMap(for: tint) {
                        if tint.alpha != mapAlpha {
                            FrameColoring.fillAlphaMap(alphaMap, alpha: tint.alpha)
                            mapAlpha = tint.alpha
                        }
                        for i in 0..<pixelCount { plane[i] = alphaMap[Int(plane[i])] }
                    }
                    frame = .oneColor(
                        alpha: UnsafeRawBufferPointer(plane), red: tint.red, green: tint.green, blue: tint.blue,
                        width: width, height: height)
                }
                guard try worker.deliver(frame, index: index, waitForTurn: { sequencer.waitForTurn(index) }) else {
                    return
                }
                sequencer.written(index)
            } catch {
                sequencer.fail(index, error)
                return
            }
        }
    }

    /// rgba[i] = table[alpha[i]], four bytes a pixel.
    private static func expand(
        _ alpha: UnsafeMutableRawBufferPointer, through table: UnsafeMutableBufferPointer<UInt32>,
        into rgba: UnsafeMutableRawBufferPointer
    ) {
        let pixels = rgba.bindMemory(to: UInt32.self)
        let bytes = alpha.bindMemory(to: UInt8.self)
        for i in 0..<bytes.count { pixels[i] = table[Int(bytes[i])] }
    }
}
