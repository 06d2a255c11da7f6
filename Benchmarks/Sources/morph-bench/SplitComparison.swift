import BenchSupport
import Foundation
@_spi(Testing) import MorphKernel

/// Two ways of splitting a frame over every core, and one thread beside them, the three
/// timed in turn in the same turns of ten frames (one at 2048²), wall time, medians: the real
/// icon pairs from 512 px up and workloads b–d at p = 0.5 (`--filter TEXT`: only the
/// workloads whose names contain TEXT). Every frame is checked against the one-thread frame.
///
/// - `morph-bench --horizontal-bands`: the horizontal pass in one band of tile rows a thread
///   against `FramePlan.horizontalBandsPerThread` (the default), fixed-ramp frames drawn in
///   bands of both passes rather than in parts.
/// - `morph-bench --row-affinity`: each thread kept to its rows in both passes (the helpers
///   claiming both passes' bands from the end; the fixed ramp's vertical pass in one part of
///   rows a thread, `FramePlan.splitVerticalByRows`) against not (the fixed ramp's vertical
///   pass in column groups over every row, the automatic edge's horizontal bands claimed in
///   turn from the start; `MorphRenderer.keepsRows`), each subject with its fixed ramp,
///   then with the automatic edge; both in bands of both passes rather than in parts.
/// - `morph-bench --parts`: frames drawn in parts, one a thread, each part whole
///   (`FramePlan+Parts.swift`, the default up to `FramePlan.partsWorkLimit`) against in
///   bands of both passes with rows kept (`MorphRenderer.drawsParts` off), each subject with
///   its fixed ramp, then with the automatic edge. A renderer's parts are cut from what its
///   last frames measured (`PartBalance`), so the first turns of each subject are its
///   warm-up.
enum SplitComparison {
    enum Kind {
        case horizontalBands
        case rowAffinity
        case parts
    }

    /// A way of splitting: its column heading and the setting that picks it.
    struct Variant {
        let heading: String
        let configure: (MorphRenderer) -> Void
    }

    static func run(_ kind: Kind, options: BenchOptions, filter: String?) throws -> SelfChecks {
        var checks = SelfChecks()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let first: Variant, second: Variant
        switch kind {
        case .horizontalBands:
            print("morph-bench --horizontal-bands — commit \(measuredCommit()), \(cores) cores")
            print("")
            print("Frames at p = 0.5 on \(cores) threads, the horizontal pass in 1 band of tile rows a thread or in")
            print("several (the default), and on one thread, the three timed in turn, wall time, medians.")
            first = Variant(heading: "1 band a thread") { $0.horizontalBandsPerThread = 1; $0.drawsParts = false }
            second = Variant(heading: "default bands") { $0.drawsParts = false }
        case .rowAffinity:
            print("morph-bench --row-affinity — commit \(measuredCommit()), \(cores) cores")
            print("")
            print("Frames at p = 0.5 on \(cores) threads, each thread kept to its rows in both passes or not, and on one")
            print("thread, the three timed in turn, wall time, medians; each subject with its fixed ramp, then with the")
            print("automatic edge.")
            first = Variant(heading: "rows kept") { $0.keepsRows = true; $0.drawsParts = false }
            second = Variant(heading: "rows not kept") { $0.keepsRows = false }
        case .parts:
            print("morph-bench --parts — commit \(measuredCommit()), \(cores) cores")
            print("")
            print("Frames at p = 0.5 on \(cores) threads, drawn in parts (one a thread, each drawn whole) or in bands of")
            print("both passes with rows kept, and on one thread, the three timed in turn, wall time, medians; each subject")
            print("with its fixed ramp, then with the automatic edge. Frames of more work than FramePlan.partsWorkLimit")
            print("(1024 px and up) take the bands both ways.")
            first = Variant(heading: "parts") { $0.drawsParts = true }
            second = Variant(heading: "bands") { $0.drawsParts = false }
        }
        print("")
        print("| workload | 1 thread | \(cores) threads, \(first.heading) | speed-up | \(cores) threads, \(second.heading) | speed-up | "
              + "\(first.heading) / \(second.heading) | samples |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        var sink: UInt64 = 0
        let subjects = BenchSubject.splitSubjects(filter: filter)
        for subject in kind == .horizontalBands ? subjects : subjects + subjects.map(\.automaticEdge) {
            let (source, target) = try subject.masks()
            let size = source.width
            let serial = try subject.renderer(size: size, .serial)
            let one = try subject.renderer(size: size), two = try subject.renderer(size: size)
            first.configure(one)
            second.configure(two)
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
                sides: [{ try render(serial, 0) }, { try render(one, 1) }, { try render(two, 2) }])
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
