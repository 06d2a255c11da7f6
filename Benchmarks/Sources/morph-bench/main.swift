import AlphaRaster
import BenchSupport
import Foundation
import MorphKernel

// Figures from an unoptimised build mean nothing; refuse rather than mislead.
#if DEBUG
let stderr = FileHandle.standardError
stderr.write(Data("morph-bench: this is a debug build; run `swift run -c release morph-bench`.\n".utf8))
exit(2)
#endif

/// `--quick` (for CI) takes a tenth of the samples: it proves the benchmark builds and runs,
/// its figures are rougher. `--export`, `--scaling` and `--edge-modes` select the other
/// reports (`BenchOptions`).
let options: BenchOptions
do {
    options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
let quick = options.quick
func runs(_ full: Int) -> Int { options.runs(full) }

/// The largest byte difference allowed between `MorphRenderer` and the scalar baseline: both
/// compute the same single-precision formula in different orders, so a value on a rounding
/// boundary may land one byte apart.
let scalarTolerance = 1

/// Folds every byte of a frame into a number that is printed, so no render can be skipped.
func checksum(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
}

/// Everything runs in a function so the buffers are locals: top-level globals would add
/// exclusivity checks (and actor isolation) that the library's users do not pay. Returns the
/// self-checks made along the way (baseline within `scalarTolerance`, `.automatic` giving
/// the one-thread bytes).
func runBenchmarks() throws -> SelfChecks {
    var checks = SelfChecks()
    print("morph-bench — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores")

    // 1. One icon frame: 44 pt at 3× = 132 × 132 px, blur 4 pt = 12 px, p = 0.5, the
    //    benchmark style (fixed softness, defaults otherwise).
    let size = 132
    let style = Workload.style(maxBlurRadius: 12)
    let source = try BenchShapes.disc(size: size)
    let target = try BenchShapes.roundedSquare(size: size)
    let renderer = try MorphRenderer(width: size, height: size, style: style)
    var frame = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
    var sink: UInt64 = 0

    let kernelTime = try medianNanoseconds(runs: runs(2001), warmup: 50) {
        try frame.withUnsafeMutableBytes {
            try renderer.render(source: source, target: target, progress: 0.5, into: $0, format: .rgba8)
        }
        sink &+= UInt64(frame[(size / 2 * size + size / 2) * 4 + 3])
    }
    let kernelFrame = frame

    var scalar = ScalarMorph(width: size, height: size, style: style, softness: Workload.softness)
    var scalarFrame = [UInt8](repeating: 0, count: size * size * 4)
    let scalarTime = medianNanoseconds(runs: runs(101), warmup: 3) {
        scalar.render(source: source.pixels, target: target.pixels, progress: 0.5, into: &scalarFrame)
        sink &+= UInt64(scalarFrame[(size / 2 * size + size / 2) * 4 + 3])
    }
    let largestDifference = zip(kernelFrame, scalarFrame).map { abs(Int($0) - Int($1)) }.max() ?? 0

    print("")
    print("132×132 RGBA frame, Rmax 12 px (n = 12), p = 0.5, softness \(Workload.softness) (workload a):")
    print("  MorphRenderer            \(formatted(kernelTime))  (median of \(runs(2001)))")
    print("  scalar Swift baseline    \(formatted(scalarTime))  (median of \(runs(101)))")
    print(String(format: "  speed-up                 %.1f×", scalarTime / kernelTime))
    print("  largest byte difference  \(largestDifference)  (allowed \(scalarTolerance); checksums \(checksum(kernelFrame)), \(checksum(scalarFrame)))")
    checks.expect(largestDifference <= scalarTolerance,
                  "workload a: MorphRenderer and the scalar baseline differ by \(largestDifference) (allowed \(scalarTolerance))")

    // Other points of the same morph: the unblurred end frame and a quarter-way frame.
    for progress in [0.0, 0.25] {
        var out = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        let time = try medianNanoseconds(runs: runs(2001), warmup: 50) {
            try out.withUnsafeMutableBytes { try renderer.render(source: source, target: target, progress: progress, into: $0, format: .alpha8) }
            sink &+= UInt64(out[size / 2 * size + size / 2])
        }
        let level = MorphFrameMath.levelIndex(
            blurAmount: MorphFrameMath.blurAmount(progress: progress, easing: style.easing), blurLevels: style.blurLevels)
        let radius = MorphFrameMath.levelRadius(level: level, blurLevels: style.blurLevels, maxBlurRadius: style.maxBlurRadius)
        print("  alpha only, p = \(progress) (R = \(radius) px)   \(formatted(time))")
    }

    // 2. The workloads of issue 4 at p = 0.5: one thread, and one thread against all on the
    //    large ones, timed alternately; throughput counts the taps of both passes in full,
    //    W · H · (2n + 1) · 2, whatever the renderer could skip.
    print("")
    print("Workloads, p = 0.5, disc → rounded square, RGBA, one thread (\(ProcessInfo.processInfo.activeProcessorCount) cores for automatic):")
    let counter = AllocationCounter()
    var allocationLines = [String]()
    for workload in Workload.all {
        let (workSource, workTarget) = try workload.masks()
        let serialRenderer = try MorphRenderer(width: workload.size, height: workload.size, style: workload.style)
        serialRenderer.concurrency = .serial
        let automaticRenderer = try MorphRenderer(width: workload.size, height: workload.size, style: workload.style)
        var serialFrame = [UInt8](repeating: 0, count: serialRenderer.rgbaByteCount)
        var automaticFrame = serialFrame
        let centre = (workload.size / 2 * workload.size + workload.size / 2) * 4 + 3
        func renderSerial() throws {
            try serialFrame.withUnsafeMutableBytes {
                try serialRenderer.render(source: workSource, target: workTarget, progress: 0.5, into: $0, format: .rgba8)
            }
            sink &+= UInt64(serialFrame[centre])
        }
        func renderAutomatic() throws {
            try automaticFrame.withUnsafeMutableBytes {
                try automaticRenderer.render(source: workSource, target: workTarget, progress: 0.5, into: $0, format: .rgba8)
            }
            sink &+= UInt64(automaticFrame[centre])
        }
        let samples = runs(workload.samples)
        let label = "  \(workload.name)  \(workload.size)×\(workload.size), n = \(workload.halfWidth)"
            .padding(toLength: 27, withPad: " ", startingAt: 0)
        if workload.comparesThreads {
            let (serialTime, automaticTime) = try interleavedMedianNanoseconds(runs: samples, renderSerial, renderAutomatic)
            print(label + String(format: "%9.3f ms  %8.0f Mpx·taps/s  (median of %d)",
                                 serialTime / 1e6, workload.tapPixels / serialTime * 1e3, samples))
            print("     automatic".padding(toLength: 27, withPad: " ", startingAt: 0)
                  + String(format: "%9.3f ms  %8.0f Mpx·taps/s  %.2f× one thread, identical bytes: %@",
                           automaticTime / 1e6, workload.tapPixels / automaticTime * 1e3,
                           serialTime / automaticTime, serialFrame == automaticFrame ? "yes" : "NO"))
            checks.expect(serialFrame == automaticFrame, "workload \(workload.name): .automatic gave other bytes than one thread")
        } else {
            let time = try medianNanoseconds(runs: samples, warmup: 10, renderSerial)
            print(label + String(format: "%9.3f ms  %8.0f Mpx·taps/s  (median of %d)",
                                 time / 1e6, workload.tapPixels / time * 1e3, samples))
        }
        if let counter {
            let calls = quick ? 5 : 20
            let serial = try counter.allocationsPerCall(calls, renderSerial)
            let automatic = try counter.allocationsPerCall(calls, renderAutomatic)
            // The library's default automatic edge too, on one thread and split over threads.
            let edgeStyle = MorphStyle(maxBlurRadius: workload.maxBlurRadius, softness: .automatic)
            let edgeSerial = try MorphRenderer(width: workload.size, height: workload.size, style: edgeStyle)
            edgeSerial.concurrency = .serial
            let edgeThreads = try MorphRenderer(width: workload.size, height: workload.size, style: edgeStyle)
            func renderEdge(_ renderer: MorphRenderer) throws {
                try automaticFrame.withUnsafeMutableBytes {
                    try renderer.render(source: workSource, target: workTarget, progress: 0.5, into: $0, format: .rgba8)
                }
                sink &+= UInt64(automaticFrame[centre])
            }
            let edgeOne = try counter.allocationsPerCall(calls) { try renderEdge(edgeSerial) }
            let edgeAll = try counter.allocationsPerCall(calls) { try renderEdge(edgeThreads) }
            // A host's buffer: premultiplied BGRA in padded rows, with a tint ramp over a
            // background, so every frame has a new tint and refills the finishing table.
            let hostStyle = MorphStyle(
                maxBlurRadius: workload.maxBlurRadius, tint: TintColor(red: 0x34, green: 0x78, blue: 0xF6, alpha: 200),
                targetTint: TintColor(red: 0xFF, green: 0x3B, blue: 0x30), background: TintColor(red: 255, green: 255, blue: 255, alpha: 128))
            let hostRenderer = try MorphRenderer(width: workload.size, height: workload.size, style: hostStyle)
            let pitch = workload.size * 4 + 64
            var host = [UInt8](repeating: 0, count: pitch * workload.size)
            var hostProgress = 0.4
            let hostFrame = try counter.allocationsPerCall(calls) {
                hostProgress = hostProgress == 0.4 ? 0.6 : 0.4
                try host.withUnsafeMutableBytes {
                    try hostRenderer.render(source: workSource, target: workTarget, progress: hostProgress, into: $0,
                                            bytesPerRow: pitch, format: .bgra8Premultiplied)
                }
                sink &+= UInt64(host[centre])
            }
            // The distance field: a whole 61-frame morph after two passes of it (the icons'
            // fields computed on the first).
            let distanceRenderer = try MorphRenderer(
                width: workload.size, height: workload.size, style: MorphStyle(field: .distance, maxBlurRadius: workload.maxBlurRadius))
            let distanceMorph = try counter.allocationsPerCall(quick ? 1 : 2) {
                for step in 0...60 {
                    try automaticFrame.withUnsafeMutableBytes {
                        try distanceRenderer.render(
                            source: workSource, target: workTarget, progress: Double(step) / 60, into: $0, format: .rgba8)
                    }
                    sink &+= UInt64(automaticFrame[centre])
                }
            } / 61
            allocationLines.append(String(
                format: "  %@  one thread %.1f, automatic %.1f; automatic edge: one thread %.1f, automatic %.1f; "
                    + "padded premultiplied BGRA, tint ramp over a background: %.1f; distance field, 61-frame morph: %.1f",
                workload.name, serial, automatic, edgeOne, edgeAll, hostFrame, distanceMorph))
        }
    }
    try EdgeModeComparison.run(sink: &sink)
    try PixelFormatComparison.run(sink: &sink)

    print("")
    if counter == nil {
        print("Allocations per frame: not measured (run with LD_PRELOAD of a malloc-counting library")
        print("  that exports `long alloc_count(void)`; see Benchmarks/README.md).")
    } else {
        print("Allocations per frame, steady state (counting malloc preloaded):")
        allocationLines.forEach { print($0) }
    }
    print("")
    print("(sink \(sink))")
    return checks
}

/// One report of the standard run on its own (`flag`), headed with the commit and cores.
func runAlone(_ flag: String, _ report: (inout UInt64) throws -> Void) throws {
    print("morph-bench \(flag) — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    var sink: UInt64 = 0
    try report(&sink)
    print("")
    print("(sink \(sink))")
}

// A failed self-check exits with status 1 after the whole report (`SelfChecks.finish`).
switch options.mode {
case .standard: try runBenchmarks().finish(tool: "morph-bench")
case .export(let directory): try FrameExport.run(directory: directory, options: options).finish(tool: "morph-bench")
case .scaling(let json): try ScalingFit.run(json: json, options: options)
case .edgeModes: try runAlone("--edge-modes", EdgeModeComparison.run)
case .fieldStyles: try runAlone("--field-styles", FieldStyleComparison.run)
case .layers:
    var checks = SelfChecks()
    try runAlone("--layers") { checks = try LayerOpacityComparison.run(sink: &$0) }
    checks.finish(tool: "morph-bench")
case .cBaseline(let json, let filter):
    try CBaselineComparison.run(options: options, json: json, filter: filter).finish(tool: "morph-bench")
case .horizontalBands(let filter): try SplitComparison.run(.horizontalBands, options: options, filter: filter).finish(tool: "morph-bench")
case .rowAffinity(let filter): try SplitComparison.run(.rowAffinity, options: options, filter: filter).finish(tool: "morph-bench")
case .parts(let filter): try SplitComparison.run(.parts, options: options, filter: filter).finish(tool: "morph-bench")
case .paced(let filter, let gap): try PacedFrames.run(options: options, filter: filter, gap: gap).finish(tool: "morph-bench")
case .icons(let directory): try CBaselineComparison.writeIcons(to: directory)
case .repeatFrames(let count, let filter, let distance, let progress):
    try FieldStyleComparison.repeatFrames(count: count, filter: filter, distance: distance, progress: progress)
}
