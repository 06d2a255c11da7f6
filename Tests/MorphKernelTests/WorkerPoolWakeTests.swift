import CThreads
import Foundation
import Testing
@_spi(Testing) @testable import MorphKernel
import AlphaRaster
import _TestSupport

/// `WorkerPool.wake()`: sleeping helpers woken without a phase poll for a while and sleep
/// again; a split frame wakes them before the work it does alone, and frames drawn apart in
/// time, each meeting sleeping helpers, keep the bytes of one thread.
struct WorkerPoolWakeTests {
    /// Waits up to `seconds` for `condition`, looking every 100 µs, or with `busy`
    /// continuously (for a state that lasts only microseconds); whether it held.
    private func eventually(within seconds: Double = 2, busy: Bool = false, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            if !busy { usleep(100) }
        }
        return condition()
    }

    @Test func wokenHelpersPollThenSleepAgain() throws {
        let pool = WorkerPool(bandCount: 3)
        let helpers = pool.threads.count
        try #require(helpers >= 1, "the system started no helper thread")
        let state = pool.state
        for _ in 0..<3 {
            // Left without phases, every helper sleeps after its poll.
            #expect(eventually { im_atomic_load(state.sleepers) == helpers })
            let nudges = im_atomic_load(state.nudges)
            pool.wake()
            #expect(im_atomic_load(state.nudges) == nudges + 1)
            // Each leaves its sleep (for the `spinNanoseconds` of its poll), then sleeps again.
            #expect(eventually(busy: true) { im_atomic_load(state.sleepers) < helpers })
            #expect(eventually { im_atomic_load(state.sleepers) == helpers })
        }
    }

    @Test func framesDrawnApartInTimeKeepTheBytesOfOneThread() throws {
        let size = 96
        let (disc, square) = try TestMasks.discAndSquare(size: size)
        let style = MorphStyle(maxBlurRadius: 12)
        let serial = try MorphRenderer(width: size, height: size, style: style, bandCount: 1)
        serial.concurrency = .serial
        let split = try MorphRenderer(width: size, height: size, style: style, bandCount: 2)
        split.concurrentWorkThreshold = 0
        var expected = [UInt8](), actual = [UInt8]()
        for step in 0...8 {
            let progress = Double(step) / 8
            try serial.renderRGBA(source: disc, target: square, progress: progress, into: &expected)
            // Long enough for the helpers to stop polling and sleep (`spinNanoseconds`).
            usleep(2_000)
            try split.renderRGBA(source: disc, target: square, progress: progress, into: &actual)
            #expect(actual == expected, "p = \(progress)")
        }
        let pool = try #require(split.pool)
        #expect(pool.threads.count >= 1)
    }
}
