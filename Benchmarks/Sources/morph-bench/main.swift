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
/// its figures are rougher.
let quick = CommandLine.arguments.dropFirst().contains("--quick")
func runs(_ full: Int) -> Int { quick ? max(3, full / 10) | 1 : full }

/// Folds every byte of a frame into a number that is printed, so no render can be skipped.
func checksum(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
}

/// Everything runs in a function so the buffers are locals: top-level globals would add
/// exclusivity checks (and actor isolation) that the library's users do not pay.
func runBenchmarks() throws {
    print("morph-bench — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores")

    // 1. One icon frame: 44 pt at 3× = 132 × 132 px, blur 4 pt = 12 px, p = 0.5, default style.
    let size = 132
    let style = MorphStyle()
    let source = try BenchShapes.disc(size: size)
    let target = try BenchShapes.roundedSquare(size: size)
    let renderer = try MorphRenderer(width: size, height: size, style: style)
    var frame = [UInt8](repeating: 0, count: renderer.rgbaByteCount)
    var sink: UInt64 = 0

    let kernelTime = try medianNanoseconds(runs: runs(2001), warmup: 50) {
        try frame.withUnsafeMutableBytes {
            try renderer.renderRGBA(source: source, target: target, progress: 0.5, into: $0)
        }
        sink &+= UInt64(frame[(size / 2 * size + size / 2) * 4 + 3])
    }
    let kernelFrame = frame

    var scalar = ScalarMorph(width: size, height: size, style: style)
    var scalarFrame = [UInt8](repeating: 0, count: size * size * 4)
    let scalarTime = medianNanoseconds(runs: runs(101), warmup: 3) {
        scalar.render(source: source.pixels, target: target.pixels, progress: 0.5, into: &scalarFrame)
        sink &+= UInt64(scalarFrame[(size / 2 * size + size / 2) * 4 + 3])
    }
    let largestDifference = zip(kernelFrame, scalarFrame).map { abs(Int($0) - Int($1)) }.max() ?? 0

    print("")
    print("132×132 RGBA frame, Rmax 12 px (n = 12), p = 0.5, default style:")
    print("  MorphRenderer            \(formatted(kernelTime))  (median of \(runs(2001)))")
    print("  scalar Swift baseline    \(formatted(scalarTime))  (median of \(runs(101)))")
    print(String(format: "  speed-up                 %.1f×", scalarTime / kernelTime))
    print("  largest byte difference  \(largestDifference)  (checksums \(checksum(kernelFrame)), \(checksum(scalarFrame)))")

    // Other points of the same morph: the unblurred end frame and a quarter-way frame.
    for progress in [0.0, 0.25] {
        var out = [UInt8](repeating: 0, count: renderer.alphaByteCount)
        let time = try medianNanoseconds(runs: runs(2001), warmup: 50) {
            try out.withUnsafeMutableBytes { try renderer.renderAlpha(source: source, target: target, progress: progress, into: $0) }
            sink &+= UInt64(out[size / 2 * size + size / 2])
        }
        let level = MorphFrameMath.levelIndex(
            blurAmount: MorphFrameMath.blurAmount(progress: progress, easing: style.easing), blurLevels: style.blurLevels)
        let radius = MorphFrameMath.levelRadius(level: level, blurLevels: style.blurLevels, maxBlurRadius: style.maxBlurRadius)
        print("  alpha only, p = \(progress) (R = \(radius) px)   \(formatted(time))")
    }

    // 2. A large frame: 1024 × 1024, Rmax 48 px (n = 48), p = 0.5, one thread against all.
    let large = 1024
    let largeStyle = MorphStyle(maxBlurRadius: 48)
    let largeSource = try BenchShapes.disc(size: large)
    let largeTarget = try BenchShapes.roundedSquare(size: large)
    let largeRenderer = try MorphRenderer(width: large, height: large, style: largeStyle)
    var largeFrame = [UInt8](repeating: 0, count: largeRenderer.rgbaByteCount)
    func timeLarge(_ concurrency: MorphConcurrency) throws -> (Double, UInt64) {
        largeRenderer.concurrency = concurrency
        let time = try medianNanoseconds(runs: runs(21), warmup: 2) {
            try largeFrame.withUnsafeMutableBytes {
                try largeRenderer.renderRGBA(source: largeSource, target: largeTarget, progress: 0.5, into: $0)
            }
            sink &+= UInt64(largeFrame[(large / 2 * large + large / 2) * 4 + 3])
        }
        return (time, checksum(largeFrame))
    }
    let (serialTime, serialSum) = try timeLarge(.serial)
    let (automaticTime, automaticSum) = try timeLarge(.automatic)
    print("")
    print("1024×1024 RGBA frame, Rmax 48 px (n = 48), p = 0.5:")
    print("  serial                   \(formatted(serialTime))  (median of \(runs(21)))")
    print("  automatic                \(formatted(automaticTime))  (median of \(runs(21)))")
    print(String(format: "  speed-up                 %.2f×", serialTime / automaticTime))
    print("  identical bytes          \(serialSum == automaticSum)")
    print("")
    print("(sink \(sink))")
}

try runBenchmarks()
