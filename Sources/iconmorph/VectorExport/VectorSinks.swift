import VectorDocuments
import _IconMorphSupport
import MorphKernel
import OutlineTrace
import PNGCodec

/// The vector formats' sinks: each frame's coverage (its alpha plane, rendered without the
/// tint's alpha or a background) is traced on the worker that rendered it (`MaskTracer`);
/// `tints` gives each output frame its colour, the background goes in the document. (A path
/// morph's frames are outlines already and written as they are, without rendering:
/// `OutlineSequence`.)
enum VectorSinks {
    /// Traces frame `index`, delivered as its alpha plane.
    ///
    /// - Throws: `CommandFailure` (a data error) naming the frame when it is too detailed to
    ///   trace (`MaskTracer.TooDetailed`); `MaskTracer.InvalidPlane` for a plane smaller than
    ///   its size, which the renderer never delivers.
    static func layers(of frame: RenderedFrame, index: Int, tracer: MaskTracer) throws -> [MaskTracer.Layer] {
        do {
            return try withAlpha(of: frame) { try tracer.layers(of: $0, width: $1, height: $2) }
        } catch let error as MaskTracer.TooDetailed {
            throw CommandFailure(
                message: "frame \(index): \(error); give a smaller --size or --scale, or icons without pixel-fine detail",
                exitCode: .dataError)
        }
    }

    /// `body` of a frame's alpha plane (width × height bytes, valid during the call only),
    /// its width and its height.
    static func withAlpha<Result>(
        of frame: RenderedFrame, _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Result
    ) rethrows -> Result {
        switch frame {
        case .oneColor(let alpha, _, _, _, let width, let height):
            return try body(UnsafeBufferPointer(rebasing: alpha.bindMemory(to: UInt8.self).prefix(width * height)), width, height)
        case .rgba:
            // Vector sinks ask for coverage (`wantsCoverage`), so frames never come as RGBA.
            preconditionFailure("a vector sink got an RGBA frame")
        }
    }
}

/// `--format svg`: each frame's SVG document written to its own file, as `PNGFileSink` writes
/// PNG files: tracing and writing each file happen on the workers in parallel, and the files
/// go into place together after the export (staged into a `StagedSequence`), or one by one
/// in frame order.
struct SVGFileSink: FrameSink {
    let paths: [String]
    let tracer: MaskTracer
    let canvas: VectorCanvas
    let tints: [TintColor]
    /// Where the files are staged to be put in place together, or nil for one at a time.
    let sequence: StagedSequence?

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker { Worker(sink: self) }

    private struct Worker: FrameSinkWorker {
        let sink: SVGFileSink

        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            let vector = VectorFrame(layers: try VectorSinks.layers(of: frame, index: index, tracer: sink.tracer), tint: sink.tints[index])
            let bytes = Array(SVGFrameDocument.text(vector, canvas: sink.canvas).utf8)
            return .deferred(try bytes.withUnsafeBytes {
                try InOrderStep.frameFile($0, index: index, path: sink.paths[index], sequence: sink.sequence)
            })
        }
    }
}

/// `--format svg-animate` and `--format lottie`: the traced frames, collected in order, become
/// one document written atomically at `finish()`.
///
/// A frame whose coverage differs from the first frame's or from the last frame traced anew
/// by at most `sharedLevels` at every pixel is drawn with that frame's outline, so the
/// documents write the drawing once (`DistinctDrawings`): the frames about an eased morph's
/// ends, where the progress hardly moves, and their returns in a ping-pong or a loop. At the
/// default tolerance that is 4 levels of 255, which moves an anti-aliased edge by at most
/// 4/255 px, a sixth of how far the fitted curves may stray; over the thirteen pairs of
/// `Benchmarks/Scripts/vector-fidelity.py` it leaves 53 or 54 drawings of a 61-frame morph's
/// 59 different ones. Larger tolerances share no more than that (`maximumSharedLevels`).
final class VectorAnimationSink: FrameSink, @unchecked Sendable {
    let path: String
    let tracer: MaskTracer
    let tints: [TintColor]
    /// Makes the document from every frame.
    let document: @Sendable ([VectorFrame]) -> String
    /// The largest difference, in levels of 255, at which a frame is drawn with another's
    /// outline: a sixth of the tolerance's worth (0 below 6/255 px: only frames alike), at
    /// most `maximumSharedLevels`.
    let sharedLevels: Int
    /// The most levels frames may differ by and share a drawing: the default tolerance's 4.
    /// A difference in levels is an edge's shift in pixels only while it is a few levels
    /// (a frame's coverage changes by up to 255 where its shape does): uncapped, from
    /// 6 px on every frame came within the tolerance's worth of the first and the whole
    /// morph showed the first frame's drawing, and at 2 px (85 levels) play → pause's frames
    /// 0 … 9 drew frame 0's, 62 levels apart.
    static let maximumSharedLevels = 4
    private let lock = MutexLock()
    private var frames: [VectorFrame] = []
    /// A frame's coverage, kept for the frames after it, and its outline layers.
    private struct Reference {
        var plane: [UInt8]
        var layers: [MaskTracer.Layer]
    }
    /// The first frame and the last frame traced anew since, in frame order (nil: the first
    /// itself). The last's plane is written over by the next frame traced anew: two planes
    /// for the whole export.
    private var first: Reference?, last: Reference?

    init(path: String, tracer: MaskTracer, tints: [TintColor], document: @escaping @Sendable ([VectorFrame]) -> String) {
        self.path = path
        self.tracer = tracer
        self.tints = tints
        self.document = document
        sharedLevels = min(Int((255 * tracer.tolerance / 6).rounded(.down)), Self.maximumSharedLevels)
    }

    /// Frame `index`, traced as `layers`, in frame order; `plane`, its coverage (nil when
    /// `sharedLevels` is 0), is read only during the call.
    private func append(_ layers: [MaskTracer.Layer], plane: UnsafeBufferPointer<UInt8>?, index: Int) {
        lock.withLock {
            var drawn = layers
            if let plane {
                if let match = [first, last].lazy.compactMap({ $0 }).first(where: { Self.differ($0.plane, plane, byAtMost: sharedLevels) }) {
                    drawn = match.layers
                } else if first == nil {
                    first = Reference(plane: Array(plane), layers: layers)
                } else if last == nil {
                    last = Reference(plane: Array(plane), layers: layers)
                } else {
                    last!.plane.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: plane.baseAddress!, count: plane.count) }
                    last!.layers = layers
                }
            }
            frames.append(VectorFrame(layers: drawn, tint: tints[index]))
        }
    }

    /// Whether the planes `a` and `b` (the same size) differ by at most `levels` at every byte.
    /// Read in blocks, so that two frames apart (most pairs: every frame is compared with two)
    /// part at the first block where their outlines do.
    static func differ(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>, byAtMost levels: Int) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            var start = 0
            while start < a.count {
                let end = min(a.count, start + 4096)
                var largest: UInt8 = 0
                for i in start..<end { largest = max(largest, a[i] > b[i] ? a[i] &- b[i] : b[i] &- a[i]) }
                if Int(largest) > levels { return false }
                start = end
            }
            return true
        }
    }

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker { Worker(sink: self) }

    func finish() throws {
        try AtomicFileWriter.write(document(lock.withLock { frames }), to: path)
    }

    private struct Worker: FrameSinkWorker {
        let sink: VectorAnimationSink

        /// Traces the frame; then, when frames may share drawings, waits for the frame's turn
        /// and compares its plane while the renderer's buffer still holds it (a copy of every
        /// frame's plane, on fresh pages, to compare at the turn made a 61-frame 6144 px
        /// Lottie export take 9.6–9.9 s against 8.4–8.7 s; at 132 px the two are within 2 %),
        /// else leaves the appending to whichever worker reaches the turn.
        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            let layers = try VectorSinks.layers(of: frame, index: index, tracer: sink.tracer)
            guard sink.sharedLevels > 0 else {
                let sink = self.sink
                return .deferred(InOrderStep(perform: { sink.append(layers, plane: nil, index: index) }, discard: {}))
            }
            guard waitForTurn() else { return .stopped }
            VectorSinks.withAlpha(of: frame) { plane, _, _ in sink.append(layers, plane: plane, index: index) }
            return .written
        }
    }
}
