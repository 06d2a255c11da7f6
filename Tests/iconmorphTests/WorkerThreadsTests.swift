import Synchronization
import Testing
@testable import iconmorph

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `WorkerThreads.run` runs every index once, index 0 on the calling thread and the others on
/// threads of their own that all run at the same time, and returns only when all have
/// returned.
struct WorkerThreadsTests {
    @Test(arguments: [1, 2, 3, 8])
    func everyIndexOnceAndAllFinishedOnReturn(count: Int) {
        let runs = Mutex([Int](repeating: 0, count: count))
        let caller = pthread_self()
        let onCaller = Mutex([Bool](repeating: false, count: count))
        WorkerThreads.run(count: count) { index in
            // Long enough that a `run` returning early would be seen.
            usleep(2000)
            let same = pthread_equal(pthread_self(), caller) != 0
            onCaller.withLock { $0[index] = same }
            runs.withLock { $0[index] += 1 }
        }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
        #expect(onCaller.withLock { $0 } == [true] + [Bool](repeating: false, count: count - 1))
    }

    /// The workers run at once, not one after another: each waits until all have started.
    @Test func workersRunConcurrently() {
        let count = 4
        let started = Atomic<Int>(0)
        let timedOut = Atomic<Bool>(false)
        WorkerThreads.run(count: count) { _ in
            started.add(1, ordering: .sequentiallyConsistent)
            var waited = 0
            while started.load(ordering: .sequentiallyConsistent) < count {
                usleep(100)
                waited += 1
                if waited > 20_000 {  // 2 s: they are not running at once
                    timedOut.store(true, ordering: .sequentiallyConsistent)
                    return
                }
            }
        }
        let late = timedOut.load(ordering: .sequentiallyConsistent)
        #expect(!late)
    }
}
