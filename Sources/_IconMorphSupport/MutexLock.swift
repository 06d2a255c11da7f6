#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive lock over a `pthread_mutex_t`.
///
/// Foundation's `NSLock` would do the same, but linking Foundation would add loading and
/// initialising it to every start of the command-line tool (`Benchmarks/results/startup.md`);
/// `Synchronization.Mutex` needs macOS 15. Shared with the other
/// modules of the package (`package` access), not part of the public API.
package final class MutexLock: @unchecked Sendable {
    // Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
