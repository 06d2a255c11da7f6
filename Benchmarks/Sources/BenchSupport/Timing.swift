import Foundation
import Dispatch

/// Median wall time, in nanoseconds, of `runs` calls of `body` after `warmup` untimed calls.
/// Each call is timed on its own so a stray preemption moves one sample, not the median.
public func medianNanoseconds(runs: Int, warmup: Int = 3, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var samples = [UInt64]()
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(DispatchTime.now().uptimeNanoseconds - start)
    }
    samples.sort()
    let mid = runs / 2
    return runs % 2 == 1 ? Double(samples[mid]) : Double(samples[mid - 1] + samples[mid]) / 2
}

/// A time in the most readable unit.
public func formatted(_ nanoseconds: Double) -> String {
    if nanoseconds < 1_000 { return "\(Int(nanoseconds.rounded())) ns" }
    if nanoseconds < 1_000_000 { return String(format: "%.1f µs", nanoseconds / 1_000) }
    return String(format: "%.2f ms", nanoseconds / 1_000_000)
}
