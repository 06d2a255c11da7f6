#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors this process may run on, the default number of row bands of a frame.
enum ActiveProcessors {
    /// On Linux the processors in the affinity mask (as `taskset` or a container's cpuset sets
    /// it), otherwise, or when the mask cannot be read, the processors online; at least 1.
    ///
    /// Foundation's `ProcessInfo.activeProcessorCount` also honours the affinity mask (and on
    /// Linux a cgroup CPU quota, which this does not read), but linking Foundation would add
    /// loading and initialising it to every start of the command-line tool (its start-up:
    /// `Benchmarks/results/startup.md`).
    static var count: Int {
        #if os(Linux)
        if let inMask = affinityCount() { return inMask }
        #endif
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    #if os(Linux)
    private typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

    /// The number of bits set in `sched_getaffinity(0, …)`, or nil when it fails (more than 1024
    /// processors, or a static binary without `dlsym`). The C library does not declare the
    /// function to Swift (it is behind `_GNU_SOURCE`), so it is looked up by name.
    private static func affinityCount() -> Int? {
        guard let symbol = dlsym(nil, "sched_getaffinity") else { return nil }
        let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
        var set = cpu_set_t()
        let status = withUnsafeMutableBytes(of: &set) { getAffinity(0, $0.count, $0.baseAddress!) }
        guard status == 0 else { return nil }
        let count = withUnsafeBytes(of: &set) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
        return count > 0 ? count : nil
    }
    #endif
}
