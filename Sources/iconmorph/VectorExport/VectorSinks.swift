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
final class VectorAnimationSink: FrameSink, @unchecked Sendable {
    let path: String
    let tracer: MaskTracer
    let tints: [TintColor]
    /// Makes the document from every frame.
    let document: @Sendable ([VectorFrame]) -> String
    private let lock = MutexLock()
    private var frames: [VectorFrame] = []

    init(path: String, tracer: MaskTracer, tints: [TintColor], document: @escaping @Sendable ([VectorFrame]) -> String) {
        self.path = path
        self.tracer = tracer
        self.tints = tints
        self.document = document
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
            let vector = VectorFrame(layers: try VectorSinks.layers(of: frame, tracer: sink.tracer), tint: sink.tints[index])
            let sink = self.sink
            return .deferred(InOrderStep(perform: { sink.lock.withLock { sink.frames.append(vector) } }, discard: {}))
        }
    }
}
