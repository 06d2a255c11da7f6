import AlphaRaster
import BenchSupport
import MorphKernel

/// The cost of writing frames as a host holds them, against tight straight RGBA (the other
/// rows' output): premultiplied BGRA into padded rows (each pixel's colour scaled by its
/// alpha, sixteen at a time) and straight RGBA over a background (each computed pixel looked
/// up in the 256-entry finishing table). Workloads a–d at p = 0.5, the benchmark style, one
/// thread, timed alternately as thread CPU time, like the edge modes.
enum PixelFormatComparison {
    static func run(sink: inout UInt64) throws {
        print("")
        print("Pixel formats, one thread, p = 0.5, thread CPU time: against tight .rgba8:")
        for workload in Workload.all {
            let (source, target) = try workload.masks()
            let plain = try renderer(workload, background: nil)
            let behind = try renderer(workload, background: TintColor(red: 255, green: 255, blue: 255, alpha: 200))
            let pitch = workload.size * 4 + 64
            var frame = [UInt8](repeating: 0, count: pitch * workload.size)
            let centre = (workload.size / 2 * workload.size + workload.size / 2) * 4 + 3
            func render(_ renderer: MorphRenderer, _ format: PixelFormat, bytesPerRow: Int?) throws {
                try frame.withUnsafeMutableBytes {
                    try renderer.render(
                        source: source, target: target, progress: 0.5, into: $0, bytesPerRow: bytesPerRow, format: format)
                }
                sink &+= UInt64(frame[centre])
            }
            let samples = runs(workload.samples)
            let (tight, premultiplied) = try interleavedMedianThreadCPUNanoseconds(
                runs: samples, { try render(plain, .rgba8, bytesPerRow: nil) },
                { try render(plain, .bgra8Premultiplied, bytesPerRow: pitch) })
            let (tight2, background) = try interleavedMedianThreadCPUNanoseconds(
                runs: samples, { try render(plain, .rgba8, bytesPerRow: nil) }, { try render(behind, .rgba8, bytesPerRow: nil) })
            print("  \(workload.name)  rgba8 \(formatted(tight)); padded bgra8Premultiplied \(formatted(premultiplied)) "
                  + String(format: "%.2f×", premultiplied / tight) + "; rgba8 over a background \(formatted(background)) "
                  + String(format: "%.2f×", background / tight2) + "  (medians of \(samples))")
        }
    }

    private static func renderer(_ workload: Workload, background: TintColor?) throws -> MorphRenderer {
        var style = workload.style
        style.background = background
        let renderer = try MorphRenderer(width: workload.size, height: workload.size, style: style)
        renderer.concurrency = .serial
        return renderer
    }
}
