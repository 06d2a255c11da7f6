/// When to present the next frame of a running morph: at the display's rate.
///
/// With working vsync, `SDL_RenderPresent` itself waits for the next refresh, so frames go
/// out back to back. Where vsync is asked for but does not wait (Xvfb, some drivers), or is
/// not offered, the pacer keeps its own grid of deadlines one refresh period apart and the
/// loop waits for them in `SDL_WaitEventTimeout`, so events still arrive. Whether presents
/// wait is measured, not assumed: vsync counts as working when at least half of the last
/// eight presents blocked for a quarter of a period or more.
struct FramePacer {
    /// Seconds between refreshes.
    let period: Double
    /// Whether the renderer reports `SDL_RENDERER_PRESENTVSYNC`.
    let vsyncReported: Bool
    /// When the next frame is due, on the grid.
    private(set) var nextDeadline = 0.0
    private var blocked: [Bool] = []

    init(refreshRate: Double, vsyncReported: Bool) {
        period = 1 / refreshRate
        self.vsyncReported = vsyncReported
    }

    /// Whether presents are seen to wait for the display.
    var vsyncWorks: Bool { vsyncReported && blocked.count(where: { $0 }) >= 4 }

    /// A morph starts at `now` after rest: its first frame is due a period later (the frame
    /// at `now` is the one already shown), or at once when presenting waits for the display.
    mutating func morphStarted(at now: Double) {
        nextDeadline = vsyncWorks ? now : now + period
    }

    /// Seconds to wait before the next frame, 0 when it is due.
    func delay(at now: Double) -> Double {
        vsyncWorks ? 0 : max(0, nextDeadline - now)
    }

    /// A present that began at `start` and returned at `end`.
    mutating func presented(start: Double, end: Double) {
        blocked.append(end - start >= period / 4)
        if blocked.count > 8 { blocked.removeFirst() }
        nextDeadline += period
        // More than a period behind (a stall): start a new grid rather than catch up in a burst.
        if nextDeadline < end { nextDeadline = end + period }
    }
}
