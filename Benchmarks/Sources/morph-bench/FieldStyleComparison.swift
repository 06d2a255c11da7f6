import AlphaRaster
import BenchSupport
import Foundation
import IconMorph
@_spi(Testing) import MorphKernel

/// The distance field stage against the metaball one (issue 18: a distance frame costs no
/// more than a metaball frame): the same masks, size and blur, both at the library's defaults
/// otherwise (the metaball style with its automatic edge), one thread each, timed alternately
/// as thread CPU time; then the frame at p = 0.5 with both renderers `.automatic` (every core
/// where the frame is large enough), timed alternately in wall time. The distance renderer's
/// icon fields are computed before timing (once per icon, kept by the renderer); their cost
/// is reported on its own.
enum FieldStyleComparison {
    /// A pair of masks to morph between.
    struct Pair {
        let name: String
        let masks: () throws -> (AlphaMask, AlphaMask)
        let maxBlurRadius: Double
        let samples: Int
        /// The fixed edge softness of `--c-baseline`'s rows, or nil for the automatic edge.
        var fixedSoftness: Double? = nil
    }

    /// Workloads a–d, then real icons at the command-line tool's default size (132 px, 12 px
    /// blur): the four pairs of issue 18.
    static func pairs() -> [Pair] {
        let workloads = Workload.all.map { workload in
            Pair(name: "\(workload.name): \(workload.size)², R \(Int(workload.maxBlurRadius))",
                 masks: { try workload.masks() }, maxBlurRadius: workload.maxBlurRadius, samples: workload.samples)
        }
        let adwaita = "/usr/share/icons/Adwaita/scalable/"
        let box = IconBox(width: 44, height: 44, scale: 3)
        func icon(_ name: String) throws -> AlphaMask {
            if name.contains("/") {
                return try AlphaMask(icon: SVGImporter.load(contentsOfFile: adwaita + name + ".svg").icon, box: box)
            }
            return try AlphaMask(icon: BuiltInSymbol(named: name)!.icon, box: box)
        }
        let icons = [
            ("actions/go-next-symbolic", "play"), ("heart", "star"), ("status/weather-clear-symbolic", "heart"),
            ("status/dialog-warning-symbolic", "status/dialog-information-symbolic"),
        ]
        return workloads + icons.map { source, target in
            Pair(name: "\(source.split(separator: "/").last!) → \(target.split(separator: "/").last!)",
                 masks: { (try icon(source), try icon(target)) }, maxBlurRadius: 12, samples: 1001)
        }
    }

    /// What `--repeat` picks from: the pairs, then `--c-baseline`'s real icon rows (issue 19)
    /// at their fixed softness, then `--layers`' pairs (icons with translucent layers).
    static func repeatPairs() -> [Pair] {
        pairs() + RealIconWorkload.all.map { workload in
            Pair(name: workload.label, masks: { try workload.masks() }, maxBlurRadius: workload.maxBlurRadius,
                 samples: workload.samples, fixedSoftness: RealIconWorkload.softness)
        } + LayerOpacityComparison.pairs().map { pair in
            Pair(name: pair.name, masks: {
                (try LayerOpacityComparison.mask(pair.source, pair.box), try LayerOpacityComparison.mask(pair.target, pair.box))
            }, maxBlurRadius: pair.maxBlurRadius, samples: pair.samples)
        }
    }

    /// The frames at `progress` (one, or a whole morph's) of the first pair of `repeatPairs()`
    /// whose name contains `filter`, in the distance style or the metaball one as `run` draws
    /// them, on one thread: once first (the distance style's fields), then `count` times more;
    /// prints `| pair | style | count |`. For an instruction counter, which tells the two
    /// styles' costs apart where the machine's load moves their times
    /// (`Scripts/frame-instructions.py`).
    static func repeatFrames(count: Int, filter: String, distance: Bool, progress: [Double]) throws {
        // (BenchOptions checked that some pair's name contains `filter`.)
        let pair = repeatPairs().first { $0.name.contains(filter) }!
        let (source, target) = try pair.masks()
        let drawer = try renderer(pair, size: source.width, height: source.height, distance: distance, concurrency: .serial)
        var frame = [UInt8](repeating: 0, count: drawer.rgbaByteCount)
        var sink: UInt64 = 0
        for _ in 0...count {
            for p in progress {
                try frame.withUnsafeMutableBytes { try drawer.render(source: source, target: target, progress: p, into: $0, format: .rgba8) }
                sink &+= UInt64(frame[frame.count / 2 + 3])
            }
        }
        print("| \(pair.name) | \(distance ? "distance" : "metaball") | \(count) |")
        print("(sink \(sink))")
    }

    /// A renderer of `pair`'s frames in the distance style or the metaball one, each at the
    /// library's defaults but the blur (the metaball style's automatic edge).
    static func renderer(
        _ pair: Pair, size: Int, height: Int, distance: Bool, concurrency: MorphConcurrency
    ) throws -> MorphRenderer {
        var style = distance
            ? MorphStyle(field: .distance, maxBlurRadius: pair.maxBlurRadius) : MorphStyle(maxBlurRadius: pair.maxBlurRadius)
        if let softness = pair.fixedSoftness { style.softness = .fixed(softness) }
        let renderer = try MorphRenderer(width: size, height: height, style: style)
        renderer.concurrency = concurrency
        return renderer
    }

    static func run(sink: inout UInt64) throws {
        print("")
        print("Field styles, distance / metaball (automatic edge), same masks and blur. One thread, thread CPU time:")
        print("frames at p = 0.5, 0.25 and 1/60, each drawn again and again, and a whole 61-frame morph; then p = 0.5")
        print("on every core (.automatic renderers), wall time:")
        print("")
        print("| pair | p = 0.5 | p = 0.25 | p = 1/60 | 61 frames | p = 0.5, every core | first frame |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for pair in pairs() {
            let (source, target) = try pair.masks()
            let size = source.width
            let metaball = try renderer(pair, size: size, height: source.height, distance: false, concurrency: .serial)
            let distance = try renderer(pair, size: size, height: source.height, distance: true, concurrency: .serial)
            var frame = [UInt8](repeating: 0, count: metaball.rgbaByteCount)
            func render(_ renderer: MorphRenderer, _ progress: Double) throws {
                try frame.withUnsafeMutableBytes {
                    try renderer.render(source: source, target: target, progress: progress, into: $0, format: .rgba8)
                }
                sink &+= UInt64(frame[frame.count / 2 + 3])
            }
            // A fresh renderer's first frame: both icons' fields, then the frame (wall time, once).
            let fieldStart = DispatchTime.now().uptimeNanoseconds
            try render(distance, 0.5)
            let fields = Double(DispatchTime.now().uptimeNanoseconds - fieldStart)
            let samples = runs(pair.samples)
            var cells: [String] = []
            func cell(_ m: Double, _ d: Double) -> String {
                "\(formatted(d)) / \(formatted(m)) = " + String(format: "%.2f×", d / m)
            }
            for p in [0.5, 0.25, 1.0 / 60] {
                let (m, d) = try interleavedMedianThreadCPUNanoseconds(
                    runs: samples, { try render(metaball, p) }, { try render(distance, p) })
                cells.append(cell(m, d))
            }
            let progressValues = (0...60).map { Double($0) / 60 }
            let morphs = runs(max(3, pair.samples / 20) | 1)
            let (mm, dm) = try interleavedMedianThreadCPUNanoseconds(
                runs: morphs, { for p in progressValues { try render(metaball, p) } },
                { for p in progressValues { try render(distance, p) } })
            cells.append(cell(mm, dm))
            // As a host draws them by default: `.automatic` renderers, split over every core
            // where a frame reaches the threshold, wall time.
            let metaballAll = try renderer(pair, size: size, height: source.height, distance: false, concurrency: .automatic)
            let distanceAll = try renderer(pair, size: size, height: source.height, distance: true, concurrency: .automatic)
            let (ma, da) = try interleavedMedianNanoseconds(
                runs: samples, { try render(metaballAll, 0.5) }, { try render(distanceAll, 0.5) })
            cells.append(cell(ma, da))
            print("| \(pair.name) | " + cells.joined(separator: " | ") + " | \(formatted(fields)) |")
        }
        print("")
        print("Medians of \(runs(1001)) samples for icons, fewer for the larger workloads (a–d: as in the table above), a twentieth")
        print("of those (at least 3) for the whole morphs; \"every core\": both renderers .automatic, wall time; \"first frame\" is")
        print("a fresh .serial renderer's first frame, both icons' fields and the frame at p = 0.5, wall time, once.")
    }
}
