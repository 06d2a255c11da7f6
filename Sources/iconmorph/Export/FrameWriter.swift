import VectorDocuments
import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PNGCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one path from a command's frames to its output, for `render` and `animate` alike.
///
/// `init(output:sparing:)` settles the output files against the file system and checks them
/// before any frame is rendered: none of them is one of the inputs, a file written only at
/// the end (sheet, strip, manifest) can be created, and no frame file would be refused. `write(_:delays:renderer:)` then
/// renders the frames on every core (`FrameExporter`) into the sink of the output's format and
/// returns the line that says what was written.
struct FrameWriter {
    let output: FrameOutput
    /// One path per file: a frame file each for PNG frames, the one file of an animated PNG or
    /// sheet, none for the raw stream.
    let plan: OutputPlan
    /// The manifest's path, when a sheet or strip has one.
    let manifest: String?
    /// The input files, as given: no earlier frame is removed that is one of them.
    let inputs: [String]

    /// Settles and checks the output files of `output`.
    ///
    /// - Parameter inputs: each input (an icon, a timeline file) with the option that named
    ///   it, as given; no output may replace one.
    /// - Throws: `OutputError`, `CommandLineError` or `PNGError.cannotCreate` from the checks.
    init(output: FrameOutput, sparing inputs: [(option: String, text: String)]) throws {
        let format = output.format
        let plan = try output.target.plan(
            frameCount: format == .png || format == .svg ? output.frameCount : 1, option: output.targetSpelling,
            defaultName: format.defaultFile, fileExtension: format.frameExtension)
        let manifestOption = OptionKey.manifest.longName
        let manifest = try output.manifest.map {
            try OutputTarget.file($0).plan(
                frameCount: 1, option: manifestOption, defaultName: SheetManifest.defaultFile(for: format)).paths[0]
        }
        try OutputSafety.checkInputsSpared(
            inputs: inputs, outputs: [(output.targetSpelling, plan.paths), (manifestOption, manifest.map { [$0] } ?? [])])
        if format.isSheet {
            for path in plan.paths + (manifest.map { [$0] } ?? []) { try OutputSafety.probeCreatable(path) }
        } else if plan.paths.count > 1 {
            // A file per frame: a frame name that would be refused (a folder there, a file
            // read-only to the user) is refused before frame 0 is written, not when its turn
            // comes.
            for path in plan.paths { try AtomicFileWriter.checkReplaceable(path) }
        }
        self.output = output
        self.plan = plan
        self.manifest = manifest
        self.inputs = inputs.map(\.text).filter { $0 != "-" }
    }

    /// Renders `frames` (the output's frames, in order: `output.schedule`'s) with `renderer`
    /// and writes them; `delays` are their delays, which an animated PNG stores. Returns the
    /// line that says what was written.
    ///
    /// - Throws: `PNGError`, `OutputError`, `MorphError` or `StandardOutputError`, unchanged.
    func write(_ frames: [FrameSource], delays: [Rational], renderer: MorphRenderer) throws -> String {
        // No progress where the output itself goes to the terminal (an SVG or Lottie file
        // named for standard output): the bar would run through the text.
        let reporter = output.quiet || frames.count < 2 || (StandardStreams.isTerminal && output.target.writesStandardOutput)
            ? nil : ProgressReporter(total: frames.count, style: ProgressReporter.styleForStandardError)
        func export(to sink: any FrameSink) throws {
            try Self.export(frames, renderer: renderer, to: sink, reporter: reporter)
        }

        let size = "\(renderer.width)×\(renderer.height)"
        switch output.format {
        case .png:
            let removed = try inPlannedFolder { sequence in
                try export(to: PNGFileSink(paths: plan.paths, compression: output.compression, sequence: sequence))
            }
            return sequenceSummary("frames", details: size, removed: removed)
        case .rgba:
            try export(to: RawStreamSink())
            return "wrote \(frames.count) frame\(frames.count == 1 ? "" : "s") of \(size) RGBA to standard output "
                + "(\(frames.count * renderer.width * renderer.height * 4) bytes)"
        case .apng:
            let loops = output.timing.loops
            let writer = try AnimatedPNGWriter(
                path: plan.paths[0], width: renderer.width, height: renderer.height, loopCount: loops,
                compression: output.compression)
            try export(to: AnimatedPNGSink(writer: writer, delays: delays))
            let plays = switch loops {
            case 0: "loops forever"
            case 1: "plays once"
            case let n: "plays \(n) times"
            }
            return "wrote \(plan.paths[0]) (\(size), \(frames.count) frames at "
                + "\(formatNumber(output.timing.fps.doubleValue)) fps, \(plays))"
        case .svg, .svgAnimate, .lottie:
            return try writeVectors(frames, delays: delays, renderer: renderer, reporter: reporter)
        case .mov, .webm, .mp4, .gif, .webp:
            return try writeVideo(frames, delays: delays, renderer: renderer, reporter: reporter)
        case .sheet, .strip:
            let layout = output.sheetLayout(frameSize: (renderer.width, renderer.height))
            let pixels = try Self.sheet(layout, gap: SheetLayout.gapPixel(style: renderer.style)) {
                try export(to: SheetSink(pixels: $0, layout: layout))
            }
            let image = try PNGImage(width: layout.width, height: layout.height, format: .rgba, pixels: pixels)
            var summary = "wrote \(plan.paths[0]) (\(layout.width)×\(layout.height): \(layout.count) frames of \(size)"
                + (output.format == .sheet ? " in \(layout.columns) columns)" : " in a row)")
            let text = manifest.map {
                SheetManifest.json(
                    image: SheetManifest.imageReference(image: plan.paths[0], manifest: $0, isStream: isStream($0)),
                    layout: layout,
                    fps: output.timing.fps, progress: frames.map(\.progress))
            }
            // The sheet and its manifest land together or not at all (a full disk stops both).
            try PNGEncoder(compression: output.compression).withPNGData(of: image) { png in
                try Array((text ?? "").utf8).withUnsafeBytes { json in
                    try AtomicFileWriter.write([(png, plan.paths[0])] + (manifest.map { [(json, $0)] } ?? []))
                }
            }
            if let manifest { summary += " and \(manifest)" }
            return summary
        }
    }

    /// A sheet's pixels, filled with `gap` and then by `fill`, which gets them to write into.
    private static func sheet(
        _ layout: SheetLayout, gap: UInt32, fill: (UnsafeMutableRawBufferPointer) throws -> Void
    ) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            let words = buffer.bindMemory(to: UInt32.self)
            words.initialize(repeating: gap)
            try fill(buffer)
        }
        return pixels
    }

    /// Runs `body`, which writes a file per frame, with the plan's folder created first; a
    /// folder it created is removed again when `body` fails and left it empty.
    ///
    /// `body` gets a `StagedSequence` for the plan's paths to stage every file into, or nil
    /// where one cannot stand for them (then it writes each file atomically itself). Once it
    /// returns, the sequence is put in place whole, and the frames an earlier run left after
    /// this sequence's last are removed from a folder of frames (`OutputPlan.staleFrames`) in
    /// the same step, which an interrupt waits for: a stopped run leaves either the earlier
    /// sequence or this one, never some of each. After a pattern's, those frames are warned
    /// of instead. Returns the frames removed.
    private func inPlannedFolder(_ body: (StagedSequence?) throws -> Void) throws -> [String] {
        try plan.createFolder()
        var sequence: StagedSequence?
        let stale: [String]
        do {
            sequence = try StagedSequence(paths: plan.paths)
            try body(sequence)
            stale = plan.staleFramesToRemove(sparing: inputs)
            if let sequence { try sequence.commit(removing: stale) }
        } catch {
            sequence?.discard()
            plan.removeCreatedFolderIfEmpty()
            throw error
        }
        if !plan.removesStaleFrames, let first = plan.staleFrames.first, let last = plan.staleFrames.last {
            IconMorphTool.warn(
                "\(Self.span(first, last)) follow\(plan.staleFrames.count == 1 ? "s" : "") the last frame under the same "
                    + "pattern and \(plan.staleFrames.count == 1 ? "was" : "were") left in place; a reader of the sequence "
                    + "would take \(plan.staleFrames.count == 1 ? "it" : "them") for more frames")
        }
        return sequence == nil ? stale.filter { unlink($0) == 0 } : stale
    }

    /// `first`, or `first … last` when they differ.
    private static func span(_ first: String, _ last: String) -> String { first == last ? first : "\(first) … \(last)" }

    /// The summary of a sequence of `kind` (`frames`, `SVG frames`) written to the plan's
    /// paths, and of the frames an earlier run left that were `removed`.
    private func sequenceSummary(_ kind: String, details: String, removed: [String]) -> String {
        let paths = plan.paths
        var line = paths.count == 1
            ? "wrote \(paths[0]) (\(details))" : "wrote \(paths.count) \(kind) (\(details)): \(paths[0]) … \(paths[paths.count - 1])"
        if let first = removed.first, let last = removed.last {
            line += "; removed \(removed.count) later frame\(removed.count == 1 ? "" : "s") of an earlier run (\(Self.span(first, last)))"
        }
        return line
    }

    /// Renders `frames` with `renderer` into `sink` on as many workers as pay.
    /// Afterwards, warns on standard error when frames came out nearly empty
    /// (`EmptyFrameWatch`).
    private static func export(
        _ frames: [FrameSource], renderer: MorphRenderer, to sink: any FrameSink, reporter: ProgressReporter?
    ) throws {
        let watch = EmptyFrameWatch()
        try FrameExporter(
            frames: frames, renderer: renderer, sink: sink, reporter: reporter,
            workers: FrameExporter.workerCount(frameCount: frames.count, pixelCount: renderer.width * renderer.height),
            watch: watch
        ).run()
        if let warning = watch.warning(frameCount: frames.count, field: renderer.style.field) { IconMorphTool.warn(warning) }
    }

    /// The video formats, encoded by ffmpeg (`VideoSink`); MP4 has no alpha, so its frames
    /// are rendered over the background made opaque (white when none is given).
    private func writeVideo(
        _ frames: [FrameSource], delays: [Rational], renderer: MorphRenderer, reporter: ProgressReporter?
    ) throws -> String {
        var videoRenderer = renderer
        if output.format == .mp4 {
            var style = renderer.style
            let background = style.background ?? TintColor(red: 255, green: 255, blue: 255, alpha: 255)
            style.background = TintColor(red: background.red, green: background.green, blue: background.blue, alpha: 255)
            videoRenderer = try MorphRenderer(width: renderer.width, height: renderer.height, style: style)
        }
        let timing = output.timing
        // The destination is settled first, so that one that cannot be written is refused
        // before any frame is rendered.
        let destination = try VideoSink.Destination(format: output.format, path: plan.paths[0])
        // A long or large GIF's palette next: the frames rendered once more for it
        // (`GIFPaletteSink`), its progress reported as the palette's.
        var palette: GIFPaletteSink?
        defer { palette?.discard() }
        if output.format == .gif,
           VideoSink.gifNeedsPalettePass(frameCount: frames.count, width: renderer.width, height: renderer.height) {
            do {
                let pass = try GIFPaletteSink(destination: plan.paths[0], width: renderer.width, height: renderer.height, fps: timing.fps)
                palette = pass
                try FrameExporter(
                    frames: frames, renderer: videoRenderer, sink: pass,
                    reporter: reporter.map { ProgressReporter(total: frames.count, style: $0.style, task: "palette") },
                    workers: FrameExporter.workerCount(frameCount: frames.count, pixelCount: renderer.width * renderer.height)
                ).run()
            } catch {
                destination.discard()
                throw error
            }
            // The encoding's rate and time left count from here.
            reporter?.restart()
        }
        let sink = try VideoSink(
            format: output.format, destination: destination, width: renderer.width, height: renderer.height, fps: timing.fps,
            delayPatch: FrameDelayPatch(format: output.format, delays: delays, fps: timing.fps, holdsAsDelays: output.holdsAsDelays),
            loops: timing.loops, background: videoRenderer.style.background, palette: palette?.path)
        try Self.export(frames, renderer: videoRenderer, to: sink, reporter: reporter)
        let seconds = delays.reduce(0) { $0 + $1.doubleValue }
        // H.264 takes even sides: an odd one is padded in the background colour.
        let (width, height) = (renderer.width, renderer.height)
        let padded = output.format == .mp4 && (width % 2 == 1 || height % 2 == 1)
            ? " padded to \(width + width % 2)×\(height + height % 2)" : ""
        // A WebP's frames as the file holds them (its holds merged).
        let count = sink.framesInFile ?? frames.count
        return "wrote \(plan.paths[0]) (\(width)×\(height)\(padded), \(count) frame\(count == 1 ? "" : "s") at "
            + "\(formatNumber(timing.fps.doubleValue)) fps, \(formatNumber((seconds * 100).rounded() / 100)) s)"
    }

    /// The vector formats: written as SVG files, one animated SVG or one Lottie file. A path
    /// morph's frames are outlines already (`OutlineSequence`): written as they are, the
    /// animated formats keyframing their motion, with nothing rendered or traced. Other frames'
    /// coverage is rendered without the tint's alpha or a background (which the documents
    /// carry) and traced on the workers.
    private func writeVectors(
        _ frames: [FrameSource], delays: [Rational], renderer: MorphRenderer, reporter: ProgressReporter?
    ) throws -> String {
        let style = renderer.style
        let tints = frames.map { style.tint(atProgress: $0.progress) }
        let canvas = VectorCanvas(
            pixels: renderer.width, height: renderer.height, scale: output.scale, background: style.background, tolerance: output.tolerance)
        let loops = output.timing.loops, fps = output.timing.fps
        let isLottie = output.format == .lottie
        var removed: [String] = []
        if let outlines = OutlineSequence(frames, tints: tints) {
            if output.format == .svg {
                // In turn here, nothing rendered: 61 frames in 18.1 ms, against 17.6 ms through
                // the workers, which write in parallel but render each frame's pixels for
                // nothing (medians of 31 alternating runs, within this machine's noise).
                removed = try inPlannedFolder { sequence in
                    for (index, (frame, path)) in zip(outlines.vectorFrames, plan.paths).enumerated() {
                        try Array(SVGFrameDocument.text(frame, canvas: canvas).utf8).withUnsafeBytes {
                            try InOrderStep.frameFile($0, index: index, path: path, sequence: sequence).perform()
                        }
                    }
                }
            } else {
                let text = isLottie
                    ? LottieDocument.keyframedText(outlines, easing: style.easing, delays: delays, fps: fps, loops: loops, canvas: canvas)
                    : SVGAnimationDocument.keyframedText(outlines, easing: style.easing, delays: delays, fps: fps, loops: loops, canvas: canvas)
                try AtomicFileWriter.write(text, to: plan.paths[0])
            }
        } else {
            var coverageStyle = style
            coverageStyle.tint = TintColor(red: 0, green: 0, blue: 0, alpha: 255)
            coverageStyle.targetTint = nil
            coverageStyle.background = nil
            let coverage = try MorphRenderer(width: renderer.width, height: renderer.height, style: coverageStyle)
            var tracer = try MaskTracer(tolerance: output.tolerance)
            // A Lottie file in a translucent tint draws its translucent frames as rings, which
            // need nested layers (`LottieDocument.drawsRings`).
            tracer.nestsLayers = isLottie && tints.contains { $0.alpha < 255 }
            func export(to sink: any FrameSink) throws {
                try Self.export(frames, renderer: coverage, to: sink, reporter: reporter)
            }
            switch output.format {
            case .svg:
                removed = try inPlannedFolder { sequence in
                    try export(to: SVGFileSink(paths: plan.paths, tracer: tracer, canvas: canvas, tints: tints, sequence: sequence))
                }
            default:
                try export(to: VectorAnimationSink(path: plan.paths[0], tracer: tracer, tints: tints) { traced in
                    isLottie
                        ? LottieDocument.text(traced, delays: delays, fps: fps, loops: loops, canvas: canvas)
                        : SVGAnimationDocument.text(traced, delays: delays, loops: loops, canvas: canvas)
                })
            }
        }
        let size = "\(renderer.width)×\(renderer.height)"
        if output.format == .svg {
            return sequenceSummary("SVG frames", details: "\(size) px viewBox", removed: removed)
        }
        let plays = switch loops {
        case 0: isLottie ? "one play; players loop it" : "loops forever"
        case 1: "plays once"
        case let n: "plays \(n) times"
        }
        var shownSize = size
        if isLottie {
            // A Lottie composition is in points.
            let composition = LottieDocument.Composition(canvas)
            shownSize = "\(size) px, \(composition.width)×\(composition.height) pt"
        }
        return "wrote \(plan.paths[0]) (\(shownSize), \(frames.count) frames at \(formatNumber(fps.doubleValue)) fps, \(plays))"
    }
}
