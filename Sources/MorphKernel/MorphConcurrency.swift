/// Whether a renderer may spread one frame over several threads.
///
/// The choice never changes the output: every pixel is computed by the same operations in
/// the same order on any thread, so `.serial` and `.automatic` give identical bytes.
public enum MorphConcurrency: Sendable, Equatable {
    /// One thread, always.
    case serial
    /// Several threads (the renderer's own helper threads, each taking a band of rows) when
    /// the frame is large enough to pay for them; see `MorphRenderer.concurrentWorkThreshold`.
    case automatic
}
