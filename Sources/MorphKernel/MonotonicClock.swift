#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`), read without a system call where the
/// C library reads it in user space (Linux's vDSO, Darwin): the worker pool's polls and the
/// timing of a split frame's parts (`PartBalance`).
enum MonotonicClock {
    /// Nanoseconds since an unspecified start, never decreasing.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
