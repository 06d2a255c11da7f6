import BenchSupport
import Foundation
@_spi(Testing) import MorphKernel

/// `morph-bench --horizontal-bands`: a frame split over every core with the horizontal pass
/// in one band of tile rows a thread against `FramePlan.horizontalBandsPerThread` (the
/// default), and one thread beside them, the three timed in turn in the same turns of ten
/// frames (one at 2048²), wall time, medians: the real icon pairs from 512 px up and workloads
/// b–d at p = 0.5 (`--filter TEXT`: only the workloads whose names contain TEXT). Every
/// frame is checked against the one-thread frame.
enum HorizontalBandsComparison {
    static func run(options: BenchOptions, filter: String?) throws -> SelfChecks {
        var checks = SelfChecks()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("morph-bench --horizontal-bands — commit \(measuredCommit()), \(cores) cores")
        print("")
        print("Frames at p = 0.5 on \(cores) threads, the horizontal pass in 1 band of tile rows a thread or in")
        print("several (the default), and on one thread, the three timed in turn, wall time, medians.")
        print("")
        print("| workload | 1 thread | \(cores) threads, 1 band a thread | speed-up | \(cores) threads, default bands | speed-up | 1 band / default | samples |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        var sink: UInt64 = 0
        for subject in BenchSubject.splitSubjects(filter: filter) {
            let (source, target) = try subject.masks()
            let size = source.width
            let serial = try subject.renderer(size: size, .serial)
            let oneBand = try subject.renderer(size: size)
            oneBand.horizontalBandsPerThread = 1
            let defaultBands = try subject.renderer(size: size)
            var frames = [[UInt8]](repeating: [UInt8](repeating: 0, count: size * size * 4), count: 3)
            func render(_ renderer: MorphRenderer, _ index: Int) throws {
                try frames[index].withUnsafeMutableBytes {
                    try renderer.render(source: source, target: target, progress: 0.5, into: $0, format: .rgba8)
                }
                sink &+= UInt64(frames[index][(size / 2 * size + size / 2) * 4 + 3])
            }
            let samples = options.runs(subject.samples)
            let times = try interleavedMedianNanoseconds(
                runs: samples, warmup: 3, block: size <= 1024 ? 10 : 1,
                sides: [{ try render(serial, 0) }, { try render(oneBand, 1) }, { try render(defaultBands, 2) }])
            checks.expect(frames[1] == frames[0] && frames[2] == frames[0], "\(subject.label): a split frame differs from the one-thread frame")
            let (ms, ratio) = (CBaselineComparison.ms, CBaselineComparison.ratio)
            print("| \(subject.label) | \(ms(times[0])) | \(ms(times[1])) | \(ratio(times[0], times[1])) | \(ms(times[2])) | "
                  + "\(ratio(times[0], times[2])) | \(ratio(times[1], times[2])) | \(samples) |")
        }
        print("")
        print("(sink \(sink))")
        return checks
    }
}
