import BenchSupport
import Foundation

// export-bench: what writing frames costs.
//
// 1. Encoding table: libpng's simplified writer on RGBA (what the product used before it had
//    an encoder of its own), then the presets (.fast, .default, .best) on the inputs that
//    lead to each colour type — the alpha planes as the CLI hands them over (indexed, or
//    gray+alpha where smaller), indexed only, gray+alpha and RGBA — on frames of the default
//    play → pause morph at 132 px (44 pt at 3×, blur 4 pt; all 60 frames of a 60-frame
//    sequence) and at 1024 px (blur 48 px; every 4th frame of 60): median thread CPU ms per
//    frame and mean bytes per frame. Every file is checked to decode to its frame exactly.
//    Then the allocations per frame of a reused encoder (and of encoding plus the atomic
//    write), when a counting allocator is preloaded:
//      gcc -O2 -shared -fPIC Tools/count-allocations.c -o /tmp/libcount-allocations.so
//      LD_PRELOAD=/tmp/libcount-allocations.so .build/release/export-bench --skip-processes
// 2. Whole process: the release iconmorph binary spawned as a user runs it — one frame from
//    two 132 px PNG files, and the two 60-frame sequence exports of issue 4 — median and
//    minimum wall time of 31 runs (11 for 1024 px), and bytes per frame written. With
//    `--baseline PATH` another binary is timed alternately on the same commands.
// `--settings-grid` prints instead every filter × zlib setting per colour type (the figures
// the presets were chosen from), and `--compare-with PATH` this build's presets against
// export-bench PATH built against an earlier commit (README: "Against an earlier encoder");
// with `--results DIR` both also write their table to a generated file there.
//
// Run from Benchmarks/ after building the tool:
//   (cd .. && swift build -c release --product iconmorph)
//   swift run -c release export-bench [--quick] [--binary PATH] [--baseline PATH]

// Figures from an unoptimised build mean nothing; refuse rather than mislead.
#if DEBUG
FileHandle.standardError.write(Data("export-bench: this is a debug build; run `swift run -c release export-bench`.\n".utf8))
exit(2)
#endif

func loadAverages() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
}

/// The command line as typed, for the results files.
func commandLine() -> String {
    "cd Benchmarks && swift run -c release export-bench " + CommandLine.arguments.dropFirst().joined(separator: " ")
}

func runExportBench() throws {
    let options: ExportBenchOptions
    do {
        options = try ExportBenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
    switch options.mode {
    case .driver(let framesFile, let preset, let animated):
        try EncoderDriver.run(framesFile: framesFile, preset: preset, samples: options.samples, animated: animated)
        return
    case .writeFrames(let folder):
        for set in try FrameSet.benchmarkSets(quick: options.quick) {
            let path = folder + "/" + set.fileName
            try set.write(to: path)
            print("wrote \(path)")
        }
        return
    case .compare(let other):
        print("export-bench — library \(libraryCommit()) against \(other), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
              + "load average \(loadAverages())\(options.quick ? ", --quick" : "")\n")
        try EncoderComparison.run(
            other: other, rounds: options.quick ? 1 : options.rounds, quick: options.quick, resultsFolder: options.results,
            command: commandLine())
        return
    case .settingsGrid:
        print("export-bench — library \(libraryCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
              + "load average \(loadAverages())\(options.quick ? ", --quick" : "")\n")
        try SettingsGrid.run(quick: options.quick, resultsFolder: options.results, command: commandLine())
        return
    case .report:
        break
    }
    print("export-bench — commit \(measuredCommit()), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
          + "load average \(loadAverages())\(options.quick ? ", --quick" : "")")
    if options.encoding {
        let sets = try FrameSet.benchmarkSets(quick: options.quick)
        print("\nPNG encoding per frame (median thread CPU time of \(options.quick ? 3 : 15) samples at 132 px, "
              + "\(options.quick ? 1 : 5) at 1024 px)\n")
        try EncodingTable.run(EncodingTable.presetRows(), sets: [(sets[0], options.quick ? 3 : 15), (sets[1], options.quick ? 1 : 5)])
        print("")
        try EncoderAllocations.report(sets: sets)
    }
    if options.processes {
        for path in [options.binary] + (options.baseline.map { [$0] } ?? []) {
            try checkReleaseBinary(path)
        }
        print("\nWhole process (\(options.binary)\(options.baseline.map { " against baseline " + $0 } ?? ""))\n")
        try ProcessTimings.run(binary: options.binary, baseline: options.baseline, quick: options.quick)
    }
    print("\nload average at the end: \(loadAverages())")
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
