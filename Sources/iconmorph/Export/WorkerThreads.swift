import _IconMorphSupport

/// Runs the export's workers on threads of their own, started at once (`JoinableThread`).
///
/// Why not `DispatchQueue.concurrentPerform`: on Linux its pool adds threads only after a
/// delay, so for a short export the calling thread rendered the first dozen frames alone (a
/// 60-frame 132 px export took 2–3 ms before the second worker wrote its first frame), and
/// linking Dispatch cost every command its start-up work.
enum WorkerThreads {
    /// Runs `body(0)` on the calling thread and `body(1)` … `body(count − 1)` each on a new
    /// thread, and returns when all have returned. An index whose thread the system refuses
    /// is left out: the export's workers claim frames until none is left, so the others do
    /// its share.
    static func run(count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            // `body` outlives the threads: every one is joined before `run` returns.
            let threads = (1..<max(1, count)).compactMap { index in JoinableThread { body(index) } }
            body(0)
            for thread in threads { thread.join() }
        }
    }
}
