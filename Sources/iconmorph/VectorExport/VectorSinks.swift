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
    /// Traces a frame delivered as its alpha plane.
    ///
    /// - Throws: `MaskTracer.InvalidPlane` for a plane smaller than its size, which the
    ///   renderer never delivers.
    static func layers(of frame: RenderedFrame, tracer: MaskTracer) throws -> [MaskTracer.Layer] {
        switch frame {
        case .oneColor(let alpha, _, _, _, let width, let height):
            return try tracer.layers(of: alpha.bindMemory(to: UInt8.self), width: width, height: height)
        case .rgba:
            // Vector sinks ask for coverage (`wantsCoverage`), so frames never come as RGBA.
            preconditionFailure("a vector sink got an RGBA frame")
        }
    }

    /// A copy of a frame's alpha plane, which outlives the delivery.
    static func plane(of frame: RenderedFrame) -> [UInt8] {
        switch frame {
        case .oneColor(let alpha, _, _, _, let width, let height): Array(alpha.bindMemory(to: UInt8.self).prefix(width * height))
        case .rgba: preconditionFailure("a vector sink got an RGBA frame")
        }
    }
}

/// `--format svg`: each frame's SVG document written to its own file, atomically, in frame
/// order; tracing and writing each file to its temporary sibling happen on the workers in
/// parallel, the renames into place in frame order.
struct SVGFileSink: FrameSink {
    let paths: [String]
    let tracer: MaskTracer
    let canvas: VectorCanvas
    let tints: [TintColor]

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker { Worker(sink: self) }

    private struct Worker: FrameSinkWorker {
        let sink: SVGFileSink

        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            let vector = VectorFrame(layers: try VectorSinks.layers(of: frame, tracer: sink.tracer), tint: sink.tints[index])
            let bytes = Array(SVGFrameDocument.text(vector, canvas: sink.canvas).utf8)
            let staged = try bytes.withUnsafeBytes { try AtomicFileWriter.stage($0, for: sink.paths[index]) }
            return .deferred(InOrderStep(moving: staged))
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
/// 59 different ones.
final class VectorAnimationSink: FrameSink, @unchecked Sendable {
    let path: String
    let tracer: MaskTracer
    let tints: [TintColor]
    /// Makes the document from every frame.
    let document: @Sendable ([VectorFrame]) -> String
    /// The largest difference, in levels of 255, at which a frame is drawn with another's
    /// outline: a sixth of the tolerance's worth (0 below 6/255 px: only frames alike).
    let sharedLevels: Int
    private let lock = MutexLock()
    private var frames: [VectorFrame] = []
    /// A frame's coverage and its outline layers.
    private struct Drawn {
        let plane: [UInt8]
        let layers: [MaskTracer.Layer]
    }
    /// The first frame and the last frame traced anew, in frame order.
    private var first: Drawn?, last: Drawn?

    init(path: String, tracer: MaskTracer, tints: [TintColor], document: @escaping @Sendable ([VectorFrame]) -> String) {
        self.path = path
        self.tracer = tracer
        self.tints = tints
        self.document = document
        sharedLevels = Int((255 * tracer.tolerance / 6).rounded(.down))
    }

    /// Frame `index`, traced as `layers` from `plane` (empty when `sharedLevels` is 0), in
    /// frame order.
    private func append(_ layers: [MaskTracer.Layer], plane: [UInt8], index: Int) {
        lock.withLock {
            var drawn = layers
            if sharedLevels > 0 {
                if let match = [first, last].lazy.compactMap({ $0 }).first(where: { Self.differ($0.plane, plane, byAtMost: sharedLevels) }) {
                    drawn = match.layers
                } else {
                    last = Drawn(plane: plane, layers: layers)
                    if first == nil { first = last }
                }
            }
            frames.append(VectorFrame(layers: drawn, tint: tints[index]))
        }
    }

    /// Whether the planes `a` and `b` (the same size) differ by at most `levels` at every byte.
    static func differ(_ a: [UInt8], _ b: [UInt8], byAtMost levels: Int) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var largest: UInt8 = 0
                for i in 0..<a.count { largest = max(largest, a[i] > b[i] ? a[i] &- b[i] : b[i] &- a[i]) }
                return Int(largest) <= levels
            }
        }
    }

    var needsRGBA: Bool { false }

    func makeWorker() -> any FrameSinkWorker { Worker(sink: self) }

    func finish() throws {
        let bytes = Array(document(lock.withLock { frames }).utf8)
        try bytes.withUnsafeBytes { try AtomicFileWriter.write($0, to: path) }
    }

    private struct Worker: FrameSinkWorker {
        let sink: VectorAnimationSink

        func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
            let layers = try VectorSinks.layers(of: frame, tracer: sink.tracer)
            let plane = sink.sharedLevels > 0 ? VectorSinks.plane(of: frame) : []
            let sink = self.sink
            return .deferred(InOrderStep(perform: { sink.append(layers, plane: plane, index: index) }, discard: {}))
        }
    }
}
