import BenchSupport
import Foundation
import IconMorph

/// `path-bench --repeat N`: one kind of work on the frames of some pairs, repeated, for
/// counting what it costs (see `main.swift`).
enum RepeatedWork {
    /// Renders the frames of each pair (61, or the one at `progress`) with `renderer`, then
    /// traces them all with `tracer` (`tracing`) or renders them all again, `rounds` times;
    /// prints per pair the least thread CPU time a frame took in a round.
    static func run(
        pairs: [Pair], layout: IconLayout, tracer: MaskTracer, rasterizer: VectorRasterizer, renderer: MorphRenderer,
        rounds: Int, tracing: Bool, progress: Double?
    ) throws {
        let progressValues = progress.map { [$0] } ?? (0...60).map { Double($0) / 60 }
        var sink = 0
        for pair in pairs {
            let source = try rasterizer.mask(for: pair.from, in: layout), target = try rasterizer.mask(for: pair.to, in: layout)
            var frame = [UInt8](repeating: 0, count: layout.width * layout.height)
            func render(_ p: Double) throws {
                try frame.withUnsafeMutableBytes { try renderer.render(source: source, target: target, progress: p, into: $0, format: .alpha8) }
            }
            var frames: [[UInt8]] = []
            for p in progressValues {
                try render(p)
                frames.append(frame)
            }
            var least = Double.infinity
            for _ in 0..<rounds {
                let start = threadCPUNanoseconds()
                if tracing {
                    for frame in frames {
                        sink &+= try frame.withUnsafeBufferPointer { try tracer.layers(of: $0, width: layout.width, height: layout.height) }.count
                    }
                } else {
                    for p in progressValues {
                        try render(p)
                        sink &+= Int(frame[frame.count / 2])
                    }
                }
                least = min(least, Double(threadCPUNanoseconds() - start) / Double(frames.count))
            }
            print("| \(pair.name) | \(tracing ? "tracing" : "rendering") | \(frames.count) | \(rounds) | \(formatted(least)) |")
        }
        print("(sink \(sink))")
    }
}
