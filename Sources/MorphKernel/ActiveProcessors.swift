import CThreads

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
    /// The number of processors in the affinity mask, or nil when it cannot be read (more than
    /// 1024 processors). Through `CThreads`: the C library declares `sched_getaffinity` only
    /// behind `_GNU_SOURCE`, which Swift's Glibc module leaves out (and a lookup by name with
    /// `dlsym` finds nothing in a statically linked program).
    private static func affinityCount() -> Int? {
        let count = Int(im_affinity_count())
        return count > 0 ? count : nil
    }
    #endif
}
