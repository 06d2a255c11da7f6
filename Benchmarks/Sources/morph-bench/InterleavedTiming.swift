import Dispatch

/// Median wall times, in nanoseconds, of `first` and `second` timed alternately, one call
/// each per round, `runs` rounds after `warmup` untimed rounds. Alternating puts both under
/// the same machine load, so their ratio holds up on a busy machine better than two
/// separate medians.
func interleavedMedianNanoseconds(
    runs: Int, warmup: Int = 2, _ first: () throws -> Void, _ second: () throws -> Void
) rethrows -> (Double, Double) {
    for _ in 0..<warmup {
        try first()
        try second()
    }
    var firstSamples = [UInt64](), secondSamples = [UInt64]()
    firstSamples.reserveCapacity(runs)
    secondSamples.reserveCapacity(runs)
    for _ in 0..<runs {
        var start = DispatchTime.now().uptimeNanoseconds
        try first()
        firstSamples.append(DispatchTime.now().uptimeNanoseconds - start)
        start = DispatchTime.now().uptimeNanoseconds
        try second()
        secondSamples.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    return (median(firstSamples), median(secondSamples))
}

private func median(_ samples: [UInt64]) -> Double {
    let sorted = samples.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[mid]) : Double(sorted[mid - 1] + sorted[mid]) / 2
}
