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
        // Two threads claim from the two ends of the same phases at once, 2 000 phases of up to
        // 64 bands; each band is counted by whoever claimed it, and must be counted once.
        let word = Word()
        let phases = 2_000, bands = 64
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: phases * bands)
        counts.initialize(repeating: 0, count: phases * bands)
        defer { counts.deallocate() }
        let posted = Word(), done = Word()
        let countsAddress = Int(bitPattern: counts)
        let helper = Thread {
            let counts = UnsafeMutablePointer<Int>(bitPattern: countsAddress)!
            for phase in 0..<phases {
                while im_atomic_load(posted.pointer) <= phase { im_cpu_relax() }
                while let band = WorkerPool.ClaimWord.claim(word.pointer, helper: true) {
                    _ = im_atomic_add(counts + phase * bands + band, 1)
                }
                _ = im_atomic_add(done.pointer, 1)
            }
        }
        helper.start()
        var generator = SplitMix64(seed: 0x9001)
        for phase in 0..<phases {
            let count = 1 + Int(generator.next() % UInt64(bands - 1))
            im_atomic_store(word.pointer, WorkerPool.ClaimWord.word(next: 0, end: count, helpersFromBack: phase % 3 != 0))
            im_atomic_store(posted.pointer, phase + 1)
            while let band = WorkerPool.ClaimWord.claim(word.pointer, helper: false) {
                _ = im_atomic_add(counts + phase * bands + band, 1)
            }
            // The next phase only once the helper has stopped claiming from this one.
            while im_atomic_load(done.pointer) <= phase { im_cpu_relax() }
            for band in 0..<bands {
                #expect(im_atomic_load(counts + phase * bands + band) == (band < count ? 1 : 0), "phase \(phase) band \(band)")
            }
        }
    }
}
