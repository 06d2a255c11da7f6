#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts `malloc` calls when the process runs with a counting allocator preloaded, one
/// that exports `long alloc_count(void)` (the running total of malloc, calloc, realloc,
/// posix_memalign, aligned_alloc and memalign calls); otherwise unavailable.
///
/// The benchmark package has no C target to build such a library, so it is looked up at run
/// time (`Tools/count-allocations.c`; see the README for the commands).
struct AllocationCounter {
    private let count: @convention(c) () -> Int

    init?() {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "alloc_count") else { return nil }
        count = unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
    }

    /// Allocations per call of `body`, over `calls` calls after two warm-up calls.
    func allocationsPerCall(_ calls: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        try body()
        let before = count()
        for _ in 0..<calls { try body() }
        return Double(count() - before) / Double(calls)
    }
}
