import AlphaRaster
import BenchSupport
import MorphKernel

/// The cost of the library's default automatic edge (issue 5) against the fixed smoothstep
/// edge of the other rows: workloads a–d at p = 0.5, one thread, timed alternately, and the
/// whole 61-frame morph of workload a (frames near rest cost relatively more). Both run on
/// the calling thread alone, so the samples are its CPU time (`interleavedMedianThreadCPUNanoseconds`).
enum EdgeModeComparison {
    static func run(sink: inout UInt64) throws {
        print("")
        print("Edge modes, one thread, p = 0.5, thread CPU time: automatic (the default) against fixed s = \(Workload.softness):")
        for workload in Workload.all {
            let (source, target) = try workload.masks()
            let fixed = try renderer(workload, softness: .fixed(Workload.softness))
            let automatic = try renderer(workload, softness: .automatic)
            var frame = [UInt8](repeating: 0, count: fixed.rgbaByteCount)
            let centre = (workload.size / 2 * workload.size + workload.size / 2) * 4 + 3
            func render(_ renderer: MorphRenderer, _ progress: Double) throws {
                try frame.withUnsafeMutableBytes {
                    try renderer.render(source: source, target: target, progress: progress, into: $0, format: .rgba8)
                }
                sink &+= UInt64(frame[centre])
            }
            let samples = runs(workload.samples)
            let (fixedTime, automaticTime) = try interleavedMedianThreadCPUNanoseconds(
                runs: samples, { try render(fixed, 0.5) }, { try render(automatic, 0.5) })
            print("  \(workload.name)  fixed \(formatted(fixedTime)), automatic \(formatted(automaticTime)): "
                  + String(format: "%.2f×", automaticTime / fixedTime) + "  (median of \(samples))")
            if workload.name == "a" {
                let progressValues = (0...60).map { Double($0) / 60 }
                let (fixedMorph, automaticMorph) = try interleavedMedianThreadCPUNanoseconds(
                    runs: runs(201),
                    { for p in progressValues { try render(fixed, p) } },
                    { for p in progressValues { try render(automatic, p) } })
                print("     whole 61-frame morph: fixed \(formatted(fixedMorph)), automatic \(formatted(automaticMorph)): "
                      + String(format: "%.2f×", automaticMorph / fixedMorph))
            }
        }
    }

    private static func renderer(_ workload: Workload, softness: MorphSoftness) throws -> MorphRenderer {
        let renderer = try MorphRenderer(
            width: workload.size, height: workload.size,
            style: MorphStyle(maxBlurRadius: workload.maxBlurRadius, softness: softness))
        renderer.concurrency = .serial
        return renderer
    }
}
