import BenchSupport
import Foundation

// export-bench: what writing frames costs.
//
// 1. Encoding table: every PNG setting worth comparing (libpng's simplified writer as the
//    product used it before, then this package's encoder by colour type, filter, zlib level
//    and strategy, and its presets), on frames of the default play → pause morph at 132 px
//    (44 pt at 3×, blur 12 px; all 60 frames of a 60-frame sequence) and at 1024 px (blur
//    48 px; every 4th frame of 60): median ms per frame and mean bytes per frame. Every file
//    the package's encoder writes is checked to decode to its frame exactly. Then the
//    allocations per frame of a reused encoder (and of encoding plus the atomic write), when
//    a counting allocator is preloaded:
//      gcc -O2 -shared -fPIC Tools/count-allocations.c -o /tmp/libcount-allocations.so
//      LD_PRELOAD=/tmp/libcount-allocations.so .build/release/export-bench --skip-processes
// 2. Whole process: the release iconmorph binary spawned as a user runs it — one frame from
//    two 132 px PNG files, and the two 60-frame sequence exports of issue 4 — median and
//    minimum wall time of 31 runs (11 for 1024 px), and bytes per frame written. With
//    `--baseline PATH` another binary is timed alternately on the same commands.
//
// Run from Benchmarks/ after building the tool:
//   (cd .. && swift build -c release --product iconmorph)
//   swift run -c release export-bench [--quick] [--binary PATH] [--baseline PATH]

// Figures from an unoptimised build mean nothing; refuse rather than mislead.
#if DEBUG
FileHandle.standardError.write(Data("export-bench: this is a debug build; run `swift run -c release export-bench`.\n".utf8))
exit(2)
#endif

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
}

func runExportBench() throws {
    let options: ExportBenchOptions
    do {
        options = try ExportBenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
    print("export-bench — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
          + "load average \(loadAverage())\(options.quick ? ", --quick" : "")")
    if options.encoding {
        let small = try FrameSet.render(name: "132 px", side: 44, scale: 3, blur: 4, count: 60,
                                        indices: options.quick ? [0, 30] : Array(0..<60))
        let large = try FrameSet.render(name: "1024 px", side: 1024, scale: 1, blur: 48, count: 60,
                                        indices: options.quick ? [30] : Array(stride(from: 0, to: 60, by: 4)))
        print("\nPNG encoding per frame (median of \(options.quick ? 3 : 15) samples at 132 px, \(options.quick ? 1 : 5) at 1024 px; 1 thread)\n")
        try EncodingTable.run(sets: [(small, options.quick ? 3 : 15), (large, options.quick ? 1 : 5)])
        print("")
        try EncoderAllocations.report(sets: [small, large])
    }
    if options.processes {
        for path in [options.binary] + (options.baseline.map { [$0] } ?? []) {
            try checkReleaseBinary(path)
        }
        print("\nWhole process (\(options.binary)\(options.baseline.map { " against baseline " + $0 } ?? ""))\n")
        try ProcessTimings.run(binary: options.binary, baseline: options.baseline, quick: options.quick)
    }
    print("\nload average at the end: \(loadAverage())")
}

/// Refuses a binary that is missing or lies in a debug build folder.
func checkReleaseBinary(_ path: String) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else {
        FileHandle.standardError.write(Data(
            "export-bench: no iconmorph executable at \(path); build it with `swift build -c release --product iconmorph` or pass --binary PATH.\n".utf8))
        exit(2)
    }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().pathComponents
    if resolved.contains("debug") {
        FileHandle.standardError.write(Data("export-bench: \(path) is a debug build; time a release build.\n".utf8))
        exit(2)
    }
}

try runExportBench()
