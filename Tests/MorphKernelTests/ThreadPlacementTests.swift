import CThreads
import Synchronization
import Testing
import _IconMorphSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
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
        let size = max(1, im_affinity_mask_size())
        let mask = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let elsewhere = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer {
            mask.deallocate()
            elsewhere.deallocate()
        }
        for _ in 0..<10 {
            // The worker waits for the go, then reports where it runs, and its mask before
            // and after it widens it again.
            let ready = Mutex(false), go = Mutex<Bool?>(nil)
            let seen = Mutex<(processor: Int32, kept: Int32, widened: Int32)>((-1, 0, 0))
            let thread = try #require(JoinableThread {
                // Started, and so past taking its whole mask back (`im_thread_start`).
                ready.withLock { $0 = true }
                var kept: Bool?
                while kept == nil {
                    usleep(200)
                    kept = go.withLock { $0 }
                }
                let count = im_affinity_count(), processor = im_current_processor()
                if kept == true { #expect(JoinableThread.restrictCurrentThread(to: mask)) }
                seen.withLock { $0 = (processor, count, im_affinity_count()) }
            })
            while !ready.withLock({ $0 }) { usleep(200) }
            // The processor this thread runs on as it reads its mask, left out of the worker's.
            let excluded = im_processors_elsewhere(mask, elsewhere)
            let kept = excluded >= 0 && thread.restrict(to: elsewhere)
            go.withLock { $0 = kept }
            thread.join()
            let result = seen.withLock { $0 }
            #expect(kept == (allowed >= 2))
            if kept {
                // Off that processor, whatever this thread does later, and free to go anywhere
                // again once widened.
                #expect(result.processor != excluded)
                #expect(Int(result.kept) == allowed - 1)
            }
            #expect(Int(result.widened) == allowed)
        }
    }
}
