import BenchSupport

/// The median thread CPU time, in nanoseconds, of `runs` calls of `body` after `warmup`
/// untimed calls.
func medianThreadCPUNanoseconds(runs: Int, warmup: Int = 1, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = threadCPUNanoseconds()
        try body()
        samples.append(Double(threadCPUNanoseconds() - start))
    }
    return median(samples)
}

/// The median of `values` (the mean of the middle two for an even count); 0 for none.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
