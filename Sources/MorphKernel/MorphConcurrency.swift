/// Whether a renderer may spread one frame over several threads.
///
/// The choice never changes the output: every pixel is computed by the same operations in
/// the same order on any thread, so `.serial` and `.automatic` give identical bytes.
public enum MorphConcurrency: Sendable, Equatable {
    /// One thread, always.
    case serial
    /// Several threads (the renderer's own helper threads, each taking a band of rows) when
    /// the frame is large enough to pay for them; see `MorphRenderer.concurrentWorkThreshold`.
    /// A distance-style renderer splits its frames likewise, by the work of a metaball frame of
    /// the same blur, and computes two new icons' fields at once on two threads.
    ///
    /// The helper threads poll for a moment after a frame, then sleep, and a sleeping thread
    /// takes a while to run again. Frames drawn back to back gain the most; a view that draws
    /// one frame at each refresh wakes them every time: on a 2-core virtual machine
    /// (`morph-bench --paced`), 512 px frames drawn 3 ms apart were split for 1.1–1.4 times
    /// one thread's speed (1.6–1.9 back to back), 1024 and 2048 px frames for 1.5–1.7 times.
    /// Measure on the machines the host runs on.
    case automatic
}

extension MorphConcurrency {
    /// How many processors this process may run on, at least 1: on Linux those in its
    /// affinity mask (as `taskset` or a container's cpuset sets it; a cgroup CPU quota is not
    /// read), elsewhere, or when the mask cannot be read, the processors online.
    ///
    /// `.automatic` splits a frame over at most this many threads; an app that renders frames
    /// on threads of its own can size its pool by it too.
    public static var activeProcessorCount: Int { ActiveProcessors.count }
}
