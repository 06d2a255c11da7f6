import BenchSupport
import Foundation
import MorphKernel

/// `morph-bench --paced`: frames drawn as a live view draws them, one at a time with the
/// thread idle in between, on one thread (`.serial`) and split over every core
/// (`.automatic`), against the same frames drawn back to back.
///
/// A split frame's helper threads sleep when no frame comes for a while (they poll for
/// `WorkerPool.spinNanoseconds` first), and a sleeping thread takes a while to run again, so
/// a frame that follows a pause can gain less from its helpers than the back-to-back
/// benchmarks say, or lose. Each row plays a 61-frame morph (p = k / 60) of the real icon
/// pairs from 512 px up and workloads b–d (`--filter TEXT`: only the rows whose names contain
/// TEXT): every frame drawn by each renderer in turn, each after `gap` milliseconds of sleep
/// (a 60 Hz view leaves about 16 ms less its frame), wall time of the render call alone,
/// medians over the frames and rounds; then the two renderers' morphs in turn, each morph
/// back to back, in more rounds: medians over the frames, and the whole morph's time (a
/// round's sum, the median round). Every paced `.automatic` frame is checked against the `.serial` one.
enum PacedFrames {
    static func run(options: BenchOptions, filter: String?, gap: Double) throws -> SelfChecks {
        var checks = SelfChecks()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let rounds = options.quick ? 1 : 3
        // Back to back, the two renderers' morphs in turn, more rounds: a round is a few
        // milliseconds, and this machine's speed drifts from one to the next.
        let morphRounds = options.quick ? 1 : 15
        let progress = (0...60).map { Double($0) / 60 }.enumerated().filter { !options.quick || $0.offset % 6 == 0 }.map(\.element)
        print("morph-bench --paced — commit \(measuredCommit()), \(cores) cores")
        print("")
        print("\(progress.count)-frame morphs, each frame drawn by a one-thread and an every-core renderer in turn")
        print("after \(formatGap(gap)) ms of sleep (paced, \(rounds) round(s)), then the two renderers' morphs in turn, each back to back (\(morphRounds) round(s)).")
        print("Wall time of the render call, medians; the whole morph: the sum of a round's back-to-back frames, the median round.")
        print("")
        print("| workload | paced: 1 thread | paced: \(cores) threads | speed-up | back to back: 1 thread | \(cores) threads | speed-up "
              + "| whole morph: 1 thread | \(cores) threads | speed-up |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        var sink: UInt64 = 0
        for subject in BenchSubject.splitSubjects(filter: filter) {
            let (source, target) = try subject.masks()
            let size = source.width
            let serial = try subject.renderer(size: size, .serial), split = try subject.renderer(size: size)
            var frames = [[UInt8]](repeating: [UInt8](repeating: 0, count: size * size * 4), count: 2)
            /// Draws frame `p` with `renderer` into `frames[index]`: the call's wall time.
            func render(_ renderer: MorphRenderer, _ index: Int, _ p: Double) throws -> Double {
                let start = DispatchTime.now().uptimeNanoseconds
                try frames[index].withUnsafeMutableBytes {
                    try renderer.render(source: source, target: target, progress: p, into: $0, format: .rgba8)
                }
                let end = DispatchTime.now().uptimeNanoseconds
                sink &+= UInt64(frames[index][(size / 2 * size + size / 2) * 4 + 3])
                return Double(end - start)
            }
            // A first frame each (the renderers' first-use work), untimed.
            _ = try render(serial, 0, 0.5)
            _ = try render(split, 1, 0.5)
            var medians: [Double] = []
            // Paced: the two renderers in turn, each frame after the gap.
            var times: [[Double]] = [[], []]
            for _ in 0..<rounds {
                for p in progress {
                    for (index, renderer) in [serial, split].enumerated() {
                        Thread.sleep(forTimeInterval: gap / 1000)
                        times[index].append(try render(renderer, index, p))
                    }
                    checks.expect(frames[1] == frames[0], "\(subject.label) p = \(p): the split frame differs from the one-thread frame")
                }
            }
            medians += times.map { $0.sorted()[$0.count / 2] }
            // Back to back: the renderers' whole morphs in turn, each morph a run of its own, so
            // the split one's helpers never idle between its frames.
            times = [[], []]
            for _ in 0..<morphRounds {
                for (index, renderer) in [serial, split].enumerated() {
                    for p in progress { times[index].append(try render(renderer, index, p)) }
                }
            }
            medians += times.map { $0.sorted()[$0.count / 2] }
            // The whole morph back to back: each round's sum over its frames, the median round.
            let wholes = times.map { frameTimes in
                (0..<morphRounds).map { round in frameTimes[(round * progress.count)..<((round + 1) * progress.count)].reduce(0, +) }
                    .sorted()[morphRounds / 2]
            }
            let (ms, ratio) = (CBaselineComparison.ms, CBaselineComparison.ratio)
            print("| \(subject.label) | \(ms(medians[0])) | \(ms(medians[1])) | \(ratio(medians[0], medians[1])) | "
                  + "\(ms(medians[2])) | \(ms(medians[3])) | \(ratio(medians[2], medians[3])) | "
                  + "\(ms(wholes[0])) | \(ms(wholes[1])) | \(ratio(wholes[0], wholes[1])) |")
        }
        print("")
        print("(sink \(sink))")
        return checks
    }

    private static func formatGap(_ gap: Double) -> String {
        gap == gap.rounded() ? String(Int(gap)) : String(gap)
    }
}
