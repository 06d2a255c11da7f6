import CThreads
import Synchronization
import Testing
import _IconMorphSupport

/// The worker threads (`JoinableThread`, started by `im_thread_start`) begin on another
/// processor than the thread that starts them, where the affinity mask holds one, and then
/// may run on every processor of the mask: the scheduler had left new workers queued behind
/// their creator for milliseconds.
@Suite struct ThreadPlacementTests {
    @Test func newThreadsStartElsewhereAndKeepTheWholeMask() throws {
        let allowed = Int(im_affinity_count())
        try #require(allowed >= 1, "the affinity mask cannot be read here")
        let tries = 20
        var elsewhere = 0
        for _ in 0..<tries {
            let seen = Mutex<(processor: Int32, mask: Int32)>((-1, 0))
            let creator = im_current_processor()
            let thread = try #require(JoinableThread { seen.withLock { $0 = (im_current_processor(), im_affinity_count()) } })
            thread.join()
            let (processor, mask) = seen.withLock { $0 }
            // Once running, the thread may go anywhere its creator may.
            #expect(Int(mask) == allowed)
            #expect(processor >= 0)
            if processor != creator { elsewhere += 1 }
        }
        if allowed >= 2 {
            // The creator may itself move between reading its processor and starting the
            // thread, rarely; the placement holds for nearly every thread.
            #expect(elsewhere >= tries - 2, "\(elsewhere) of \(tries) threads started away from their creator")
        } else {
            #expect(elsewhere == 0)
        }
    }
}
