import CThreads
import Synchronization
import Testing
import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#endif

/// The worker threads (`JoinableThread`, started by `im_thread_start`) begin on another
/// processor than the thread that starts them, where the affinity mask holds one, and then
/// may run on every processor of the mask: the scheduler had left new workers queued behind
/// their creator for milliseconds. A sleeping worker can likewise be kept off its waker's
/// processor while it is woken, and then widen its mask again (`WorkerPool.perform`).
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

    @Test func aWorkerKeptOffItsWakersProcessorWakesElsewhereThenWidens() throws {
        let allowed = Int(im_affinity_count())
        try #require(allowed >= 1, "the affinity mask cannot be read here")
        let mask = UnsafeMutableRawPointer.allocate(byteCount: max(1, im_affinity_mask_size()), alignment: 16)
        defer { mask.deallocate() }
        // (An empty mask, where none is saved: setting it fails and changes nothing.)
        mask.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, im_affinity_mask_size()))
        for _ in 0..<10 {
            // The worker waits for the go, then reports where it runs, and its mask before
            // and after it widens it.
            let go = Mutex(false), seen = Mutex<(processor: Int32, kept: Int32, widened: Int32)>((-1, 0, 0))
            let thread = try #require(JoinableThread {
                while !go.withLock({ $0 }) { usleep(200) }
                let kept = im_affinity_count()
                let processor = im_current_processor()
                JoinableThread.allowEveryProcessor(in: mask)
                seen.withLock { $0 = (processor, kept, im_affinity_count()) }
            })
            usleep(2_000)
            let waker = im_current_processor()
            let kept = thread.keepOffCallersProcessor(savingMaskIn: mask)
            go.withLock { $0 = true }
            thread.join()
            let result = seen.withLock { $0 }
            #expect(kept == (allowed >= 2))
            if kept {
                // Off the processor the waker ran on when it kept the worker off it, whatever
                // either does later, and free to go anywhere again once widened.
                #expect(result.processor != waker)
                #expect(Int(result.kept) == allowed - 1)
                #expect(Int(result.widened) == allowed)
            } else {
                #expect(Int(result.widened) == allowed)
            }
        }
    }
}
