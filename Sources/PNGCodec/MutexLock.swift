#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive lock over a `pthread_mutex_t`.
///
/// Foundation's `NSLock` would do the same, but linking Foundation costs the command-line tool
/// about 4.5 ms of start-up; `Synchronization.Mutex` needs macOS 15.
final class MutexLock: @unchecked Sendable {
    // Heap-allocated: a pthread mutex must not move once initialised.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
