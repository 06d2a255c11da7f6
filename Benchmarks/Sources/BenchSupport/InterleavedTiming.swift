import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Median wall times, in nanoseconds, of `first` and `second` timed alternately, one call
/// each per round, `runs` rounds after `warmup` untimed rounds. Alternating puts both under
/// the same machine load, so their ratio holds up on a busy machine better than two
/// separate medians.
///
/// With `block` > 1 each side makes `block` calls in a row per turn (each timed on its own,
/// `runs` rounded up to whole blocks), so it runs with its own data in the caches as a program
/// drawing frame after frame does; the first call of a turn, the one that meets the other
/// side's data, is one sample in `block`, which the median passes over.
public func interleavedMedianNanoseconds(
    runs: Int, warmup: Int = 2, block: Int = 1, _ first: () throws -> Void, _ second: () throws -> Void
) throws -> (Double, Double) {
    try interleavedMedians(
        runs: runs, warmup: warmup, block: block, clock: { DispatchTime.now().uptimeNanoseconds }, first, second)
}

/// As `interleavedMedianNanoseconds`, but each sample is the CPU time of the calling thread
/// (`CLOCK_THREAD_CPUTIME_ID`), not wall time: on a machine other jobs share, a slice lost to
/// another process then counts for neither side, so one-thread ratios jitter less (on the
/// 2-core VM while other jobs compiled, three runs of 101 whole-morph rounds gave ratios
/// within 1 % of each other where wall time spread over 15 %). Only for code that runs on
/// the calling thread alone.
public func interleavedMedianThreadCPUNanoseconds(
    runs: Int, warmup: Int = 2, _ first: () throws -> Void, _ second: () throws -> Void
) throws -> (Double, Double) {
    try interleavedMedians(runs: runs, warmup: warmup, block: 1, clock: threadCPUNanoseconds, first, second)
}

/// As `interleavedMedianNanoseconds`, for any number of sides taken in turn, each `block`
/// calls a turn: the medians, in the order of `sides`. Used where two ratios must come from
/// the same moments, such as two programs' speed-ups on every core on a machine whose second
/// core comes and goes.
public func interleavedMedianNanoseconds(
    runs: Int, warmup: Int = 2, block: Int = 1, sides: [() throws -> Void]
) throws -> [Double] {
    try interleavedMedians(runs: runs, warmup: warmup, block: block, clock: { DispatchTime.now().uptimeNanoseconds }, sides)
}

/// The alternating rounds of `block` calls a side, each call timed with `clock` (nanoseconds).
private func interleavedMedians(
    runs: Int, warmup: Int, block: Int, clock: () -> UInt64, _ first: () throws -> Void, _ second: () throws -> Void
) throws -> (Double, Double) {
    let medians = try withoutActuallyEscaping(first) { first in
        try withoutActuallyEscaping(second) { second in
            try interleavedMedians(runs: runs, warmup: warmup, block: block, clock: clock, [first, second])
        }
    }
    return (medians[0], medians[1])
}

/// The rounds of `block` calls of each side in turn, each call timed with `clock`
/// (nanoseconds): the median of each side's samples.
private func interleavedMedians(
    runs: Int, warmup: Int, block: Int, clock: () -> UInt64, _ sides: [() throws -> Void]
) throws -> [Double] {
    for _ in 0..<warmup {
        for side in sides { try side() }
    }
    var samples = [[UInt64]](repeating: [], count: sides.count)
    for index in samples.indices { samples[index].reserveCapacity(runs + block) }
    let block = max(block, 1)
    for _ in 0..<(runs + block - 1) / block {
        for (index, side) in sides.enumerated() {
            for _ in 0..<block {
                let start = clock()
                try side()
                samples[index].append(clock() - start)
            }
        }
    }
    return samples.map(median)
}

/// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): for work that
/// runs on the calling thread alone, its cost, without the slices other processes took.
public func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

private func median(_ samples: [UInt64]) -> Double {
    let sorted = samples.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[mid]) : Double(sorted[mid - 1] + sorted[mid]) / 2
}
