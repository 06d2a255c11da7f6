import AlphaRaster
import BenchSupport
import Foundation
import MorphKernel

/// `morph-bench --export DIR`: the frames and timings of the real icon pairs at 132 and 512 px
/// (`RealIconWorkload`, first: the headline rows of the comparison) and of workloads a–d, for
/// a peer to redo independently (`Scripts/compare-opencv.py`).
///
/// For workload `w` it writes `w-source.gray` and `w-target.gray` (the masks, one byte a
/// pixel, rows top to bottom), `w-frame.rgba` (the frame at p = 0.5 from the one-thread
/// renderer, straight-alpha RGBA8) and, for all of them, `manifest.json`: the frame
/// parameters as the library defines them (`MorphFrameMath`, `GaussianKernel`) and the
/// median times of one thread and of `.automatic`, timed alternately (`interleavedMedianNanoseconds`).
/// The peer should derive the frame from the style fields alone; the radius and the weights
/// are exported so it can check its derivation, not to copy them.
enum FrameExport {
    /// A workload to export: what its files and rows are called, its masks, style and softness,
    /// and its sample count in a full run.
    /// One workload's entry in `manifest.json`.
    struct Entry: Encodable {
        /// The prefix of the workload's files.
        let name: String
        /// The workload for a reader (`BenchSubject.label`).
        let label: String
        let width: Int
        let height: Int
        let progress: Double
        let easing: String
        let maxBlurRadius: Double
        let blurLevels: Int
        /// k = round(sin(π e) · (L − 1)).
        let level: Int
        /// R_k = Rmax · k / (L − 1), pixels.
        let radius: Double
        /// n = ⌈R_k⌉.
        let halfWidth: Int
        /// σ = R_k / 2.
        let sigma: Double
        /// The kernel as the library stores it, `Float` bit patterns of w_−n … w_n.
        let weightBits: [UInt32]
        let threshold: Double
        /// s of the fixed-softness edge, α = smoothstep(t − s, t, V): `RealIconWorkload.softness`
        /// for the icons, `Workload.softness` for a–d.
        let softness: Double
        /// R, G, B, A of the tint, 0…255.
        let tint: [UInt8]
        let sourceFile: String
        let targetFile: String
        let frameFile: String
        let samples: Int
        /// Median wall time of one `renderRGBA` call with `concurrency = .serial`.
        let serialMedianNanoseconds: Double
        /// The same with `.automatic` (frames large enough are split over the cores).
        let automaticMedianNanoseconds: Double
        /// Whether `.automatic` gave the same bytes as `.serial`.
        let automaticIdentical: Bool
    }

    /// `manifest.json`: where and how the frames were made, the conventions, the workloads.
    struct Manifest: Encodable {
        let tool = "morph-bench --export"
        let commit: String
        let cores: Int
        let quick: Bool
        let conventions = """
            M = (1 - e) * S/255 + e * T/255 in float32, with e = easing(p) and the weights (1 - e)/255, e/255 \
            rounded to float32; V = horizontal then vertical 1-D correlation of M with the weights, zero outside \
            the canvas, float32; n = ceil(R), sigma = R / 2, w_i = exp(-i^2 / (2 sigma^2)) / sum_j exp(-j^2 / (2 sigma^2)) \
            in float64, stored as float32; u = clamp((V - float32(t - s)) * float32(1 / s), 0, 1); \
            A = round-half-even(u * u * (3 - 2u) * tintAlpha) in float32; pixel = tint R, G, B, A
            """
        let workloads: [Entry]
    }

    /// Returns its self-check: `.automatic` gave the one-thread bytes on every workload (the
    /// files and the manifest are written either way, so the peer sees the frames).
    static func run(directory: String, options: BenchOptions) throws -> SelfChecks {
        var checks = SelfChecks()
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("morph-bench --export — commit \(measuredCommit()), \(cores) cores, into \(folder.path)")
        var entries = [Entry]()
        var sink: UInt64 = 0
        // The real icon pairs stop at 512 px: at 1024 and 2048 px the peer's five timings per
        // workload (OpenCV frames of up to 0.3 s each) would make its run about three times as
        // long (`compare-opencv.py --quick` on 2 cores: 59 s against 17 s), and a–d cover those sizes.
        for workload in BenchSubject.all(iconsUpTo: 512) {
            let progress = 0.5
            let style = workload.style
            let (source, target) = try workload.masks()
            let serial = try MorphRenderer(width: workload.size, height: workload.size, style: style)
            serial.concurrency = .serial
            let automatic = try MorphRenderer(width: workload.size, height: workload.size, style: style)
            var serialFrame = [UInt8](repeating: 0, count: serial.rgbaByteCount)
            var automaticFrame = serialFrame
            let centre = (workload.size / 2 * workload.size + workload.size / 2) * 4 + 3
            func renderSerial() throws {
                try serialFrame.withUnsafeMutableBytes {
                    try serial.render(source: source, target: target, progress: progress, into: $0, format: .rgba8)
                }
                sink &+= UInt64(serialFrame[centre])
            }
            func renderAutomatic() throws {
                try automaticFrame.withUnsafeMutableBytes {
                    try automatic.render(source: source, target: target, progress: progress, into: $0, format: .rgba8)
                }
                sink &+= UInt64(automaticFrame[centre])
            }
            let samples = options.runs(workload.samples)
            let (serialTime, automaticTime) = try interleavedMedianNanoseconds(
                runs: samples, warmup: 5, renderSerial, renderAutomatic)

            let level = MorphFrameMath.levelIndex(
                blurAmount: MorphFrameMath.blurAmount(progress: progress, easing: style.easing),
                blurLevels: style.blurLevels)
            let radius = MorphFrameMath.levelRadius(
                level: level, blurLevels: style.blurLevels, maxBlurRadius: style.maxBlurRadius)
            let kernel = try GaussianKernel(radius: radius)
            let entry = Entry(
                name: workload.name, label: workload.label, width: workload.size, height: workload.size,
                progress: progress, easing: style.easing.rawValue, maxBlurRadius: style.maxBlurRadius,
                blurLevels: style.blurLevels, level: level, radius: radius, halfWidth: kernel.halfWidth,
                sigma: radius / 2, weightBits: kernel.weights.map(\.bitPattern), threshold: style.threshold,
                softness: workload.softness,
                tint: [style.tint.red, style.tint.green, style.tint.blue, style.tint.alpha],
                sourceFile: "\(workload.name)-source.gray", targetFile: "\(workload.name)-target.gray",
                frameFile: "\(workload.name)-frame.rgba", samples: samples,
                serialMedianNanoseconds: serialTime, automaticMedianNanoseconds: automaticTime,
                automaticIdentical: serialFrame == automaticFrame)
            try Data(source.pixels).write(to: folder.appendingPathComponent(entry.sourceFile))
            try Data(target.pixels).write(to: folder.appendingPathComponent(entry.targetFile))
            try Data(serialFrame).write(to: folder.appendingPathComponent(entry.frameFile))
            entries.append(entry)
            checks.expect(entry.automaticIdentical, "workload \(workload.name): .automatic gave other bytes than one thread")
            print("  \(workload.name)  \(workload.size)×\(workload.size), R = \(radius) px (n = \(kernel.halfWidth))"
                  + String(format: "  one thread %.3f ms, automatic %.3f ms (median of %d)%@",
                           serialTime / 1e6, automaticTime / 1e6, samples,
                           entry.automaticIdentical ? "" : "  AUTOMATIC BYTES DIFFER"))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let manifest = Manifest(commit: measuredCommit(), cores: cores, quick: options.quick, workloads: entries)
        try encoder.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"))
        print("  wrote manifest.json (sink \(sink))")
        return checks
    }
}
