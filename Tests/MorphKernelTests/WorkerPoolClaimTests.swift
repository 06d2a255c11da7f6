import CThreads
import Foundation
import Testing
import _TestSupport
@testable import MorphKernel

/// The pool's lock-free claiming of bands (`WorkerPool.ClaimWord`): every band goes to
/// exactly one thread, the caller's from the start and the helpers' from the start or the end.
struct WorkerPoolClaimTests {
    /// A fresh `claims` word on a line of its own, as the pool keeps it.
    final class Word: @unchecked Sendable {
        let pointer = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        init() { pointer.initialize(repeating: 0, count: 16) }
        deinit { pointer.deallocate() }
    }

    @Test func oneThreadClaimsEveryBandOnceInOrder() {
        let word = Word()
        for bands in [1, 2, 3, 17] {
            for fromBack in [false, true] {
                // The caller runs band 0 unclaimed, as `perform` does.
                im_atomic_store(word.pointer, WorkerPool.ClaimWord.word(next: 1, end: bands, helpersFromBack: fromBack))
                var helper: [Int] = [], caller: [Int] = []
                // Alternating claims: the helper's from its end, the caller's from the start.
                while true {
                    let h = WorkerPool.ClaimWord.claim(word.pointer, helper: true)
                    if let h { helper.append(h) }
                    let c = WorkerPool.ClaimWord.claim(word.pointer, helper: false)
                    if let c { caller.append(c) }
                    if h == nil && c == nil { break }
                }
                #expect((helper + caller).sorted() == Array(1..<bands), "\(bands) bands, from back \(fromBack)")
                #expect(caller == caller.sorted())
                #expect(helper == (fromBack ? helper.sorted(by: >) : helper.sorted()))
                if fromBack, bands > 2 { #expect(helper.first == bands - 1) }
                // Once none is left, claims keep failing and leave the word as it was.
                let spent = im_atomic_load(word.pointer)
                #expect(WorkerPool.ClaimWord.claim(word.pointer, helper: true) == nil)
                #expect(WorkerPool.ClaimWord.claim(word.pointer, helper: false) == nil)
                #expect(im_atomic_load(word.pointer) == spent)
            }
        }
    }

    @Test func racingThreadsNeverClaimABandTwice() {
        // The pool's protocol with trivial bands: the caller posts 3 000 phases of up to 64
        // bands (the phase's number where the job's address goes, then `completed`, then the
        // claims), claims from the start, and waits for the helper's bands to be counted
        // before it checks the phase and posts the next. The helper claims from the end (or
        // the start) without waiting to see each phase posted, so it often carries a word
        // from one phase into the next; it counts each band it claims under the phase it reads
        // after its claim. Every band must be counted once, under its own phase.
        let phases = 3_000, bands = 64
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: phases * bands)
        counts.initialize(repeating: 0, count: phases * bands)
        defer { counts.deallocate() }
        let claims = Word(), job = Word(), completed = Word(), stop = Word()
        let countsAddress = Int(bitPattern: counts)
        let helper = Thread {
            let counts = UnsafeMutablePointer<Int>(bitPattern: countsAddress)!
            while im_atomic_load(stop.pointer) == 0 {
                guard let band = WorkerPool.ClaimWord.claim(claims.pointer, helper: true) else {
                    im_cpu_relax()
                    continue
                }
                let phase = im_atomic_load(job.pointer)
                _ = im_atomic_add(counts + phase * bands + band, 1)
                _ = im_atomic_add(completed.pointer, 1)
            }
            _ = im_atomic_add(stop.pointer, 1)
        }
        helper.start()
        var generator = SplitMix64(seed: 0x9001)
        for phase in 0..<phases {
            let count = 1 + Int(generator.next() % UInt64(bands - 1))
            im_atomic_store(job.pointer, phase)
            im_atomic_store(completed.pointer, 0)
            im_atomic_store(claims.pointer, WorkerPool.ClaimWord.word(next: 0, end: count, helpersFromBack: phase % 3 != 0))
            var ran = 0
            while let band = WorkerPool.ClaimWord.claim(claims.pointer, helper: false) {
                _ = im_atomic_add(counts + phase * bands + band, 1)
                ran += 1
            }
            // (Bounded, so that a broken claim fails the test instead of hanging it.)
            let deadline = Date().addingTimeInterval(5)
            while im_atomic_load(completed.pointer) < count - ran && Date() < deadline { im_cpu_relax() }
            guard im_atomic_load(completed.pointer) >= count - ran else {
                Issue.record("phase \(phase): the helper's bands were never all counted")
                break
            }
            for band in 0..<bands {
                #expect(im_atomic_load(counts + phase * bands + band) == (band < count ? 1 : 0), "phase \(phase) band \(band)")
            }
        }
        im_atomic_store(stop.pointer, 1)
        let deadline = Date().addingTimeInterval(5)
        while im_atomic_load(stop.pointer) == 1 && Date() < deadline { im_cpu_relax() }
    }
}
