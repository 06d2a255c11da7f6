/// Where an export's frames go: PNG files, the raw stream, a sheet or an animated PNG.
///
/// `FrameExporter`'s workers render frames in parallel and hand each to their own
/// `FrameSinkWorker`, which does the parallel part of the output (encoding a PNG) and then,
/// after `waitForTurn()` returns true, the part that must happen in frame order (writing the
/// file, the stream bytes, the next APNG frame). After every frame, `finish()` completes the
/// output; after a failure or an interrupt, `cancel()` leaves nothing partial behind.
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
    /// Takes frame `index`. Calls `waitForTurn` before anything that must happen in frame
    /// order; returns false (having done nothing in order) when it returns false, which means
    /// an earlier frame failed.
    mutating func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> Bool
}

/// A frame as the renderer and the colouring left it; the bytes are valid only during
/// `deliver`.
enum RenderedFrame {
    /// One colour at varying alpha: `alpha` holds width × height bytes.
    case oneColor(alpha: UnsafeRawBufferPointer, red: UInt8, green: UInt8, blue: UInt8, width: Int, height: Int)
    /// Straight-alpha RGBA8, width × height × 4 bytes.
    case rgba(UnsafeRawBufferPointer, width: Int, height: Int)
}
