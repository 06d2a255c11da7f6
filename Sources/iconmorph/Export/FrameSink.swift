import PNGCodec

/// Where an export's frames go: PNG files, the raw stream, a sheet or an animated PNG.
///
/// `FrameExporter`'s workers render frames in parallel and hand each to their own
/// `FrameSinkWorker`, which does the parallel part of the output (encoding a PNG, writing it
/// to a temporary file) and then the part that must happen in frame order (renaming the file
/// into place, writing the stream bytes, the next APNG frame): itself, after `waitForTurn()`
/// returns true, or, when that part owns all it needs, by returning it (`FrameDelivery`) for
/// whichever worker reaches the frame's turn, so that the worker goes on to the next frame
/// instead of waiting. After every frame, `finish()` completes the output; after a failure
/// or an interrupt, `cancel()` leaves nothing partial behind.
protocol FrameSink: Sendable {
    /// Whether frames must arrive as RGBA even when they are one colour.
    var needsRGBA: Bool { get }
    /// A worker's state (encoder, buffers), made on the worker's thread.
    func makeWorker() -> any FrameSinkWorker
    /// Completes the output after every frame was delivered.
    func finish() throws
    /// Removes whatever a failed export left (a temporary file).
    func cancel()
}

extension FrameSink {
    /// Nothing to complete: each frame was written whole as it came.
    func finish() throws {}
    /// Nothing to remove: frames already written stay, as they would after a failure.
    func cancel() {}
}

/// One worker's side of a `FrameSink`.
protocol FrameSinkWorker {
    /// Takes frame `index`: does what may happen in any order, then either calls
    /// `waitForTurn` and does the in-order part itself (`.written`, or `.stopped` when
    /// `waitForTurn` returns false, which means an earlier frame failed), or returns that part
    /// (`.deferred`) without waiting.
    mutating func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery
}

/// What is left of a frame's output after its worker's `deliver`.
enum FrameDelivery {
    /// Nothing: the worker waited for the frame's turn and did its in-order part.
    case written
    /// Nothing to do: an earlier frame failed, so the in-order part was not done.
    case stopped
    /// The in-order part, to run at the frame's turn by whichever worker gets there
    /// (`FrameSequencer.commit`); it must own everything it needs, since the worker reuses
    /// its buffers for the next frame meanwhile.
    case deferred(InOrderStep)
}

/// The in-order part of a frame's output, kept until the frame's turn: `perform` then, or
/// `discard` instead when an earlier frame failed; exactly one of the two runs.
struct InOrderStep {
    let perform: () throws -> Void
    let discard: () -> Void
}

extension InOrderStep {
    /// A file staged whole beside its destination (`AtomicFileWriter.stage`): renamed into
    /// place, or removed.
    init(moving file: AtomicFileWriter.StagedFile) {
        self.init(perform: file.moveIntoPlace, discard: file.discard)
    }

    /// Frame `index`'s file of `bytes`, for `path`: staged into `sequence`, which the writer
    /// puts in place with the others after the export (`FrameWriter.inPlannedFolder`), so
    /// nothing is left for the frame's turn; or, without one, staged beside `path` and renamed
    /// into place at its turn.
    static func frameFile(
        _ bytes: UnsafeRawBufferPointer, index: Int, path: String, sequence: StagedSequence?
    ) throws -> InOrderStep {
        guard let sequence else { return InOrderStep(moving: try AtomicFileWriter.stage(bytes, for: path)) }
        try sequence.stage(bytes, index: index)
        return InOrderStep(perform: {}, discard: {})
    }
}

/// A frame as the renderer and the colouring left it; the bytes are valid only during
/// `deliver`.
enum RenderedFrame {
    /// One colour at varying alpha: `alpha` holds width × height bytes.
    case oneColor(alpha: UnsafeRawBufferPointer, red: UInt8, green: UInt8, blue: UInt8, width: Int, height: Int)
    /// Straight-alpha RGBA8, width × height × 4 bytes.
    case rgba(UnsafeRawBufferPointer, width: Int, height: Int)
}
