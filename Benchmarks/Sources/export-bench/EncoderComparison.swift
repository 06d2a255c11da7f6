import Foundation

/// This build's PNG encoder against the encoder of an earlier commit, on the same frames, on
/// the same machine: `export-bench --compare-with OTHER`, where OTHER is export-bench built
/// against the earlier commit (see the README: a git worktree of that commit with this
/// folder copied in, which builds because `EncoderDriver` uses only API both have).
///
/// The frames are rendered once, here, and saved to a file both executables read
/// (`FrameSet`), so a change to the renderer cannot make the two encode different pictures.
/// Each round runs every measurement in both executables, one process each
/// (`EncoderDriver`), alternating which goes first; a process reports its median over
/// `samples` passes of thread CPU time, and the table shows the median over the rounds, so a
/// load that comes and goes hits both sides alike. Sizes are exact. "Same pixels" compares
/// the two sides' hashes of every decoded frame.
enum EncoderComparison {
    struct Measurement {
        let commit: String
        let nanosecondsPerFrame: Double
        let bytesPerFrame: Double
        let digest: String
    }

    struct Case {
        let set: String
        let preset: String
        let animated: Bool
        let samples: Int
    }

    static func run(other: String, rounds: Int, quick: Bool, resultsFolder: String?, command: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("export-bench-compare-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sets = try FrameSet.benchmarkSets(quick: quick)
        var files: [String: String] = [:]
        for set in sets {
            let path = scratch + "/" + set.fileName
            try set.write(to: path)
            files[set.name] = path
        }
        let this = CommandLine.arguments[0].hasPrefix("/")
            ? CommandLine.arguments[0]
            : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]
        var cases: [Case] = []
        for set in sets {
            let large = set.width > 512
            for (preset, _) in EncodingTable.presets {
                cases.append(Case(set: set.name, preset: preset, animated: false, samples: quick ? 1 : (large ? 3 : 7)))
            }
            for (preset, _) in EncodingTable.presets {
                cases.append(Case(set: set.name, preset: preset, animated: true, samples: quick ? 1 : (large ? 3 : 7)))
            }
        }
        let loadBefore = loadAverage()
        var before: [[Measurement]] = Array(repeating: [], count: cases.count)
        var after: [[Measurement]] = Array(repeating: [], count: cases.count)
        for round in 0..<rounds {
            for (index, item) in cases.enumerated() {
                var arguments = ["--encode-frames", files[item.set]!, "--preset", item.preset, "--samples", "\(item.samples)"]
                if item.animated { arguments.append("--apng") }
                // Alternate which side goes first.
                if (round + index) % 2 == 0 {
                    before[index].append(try measure(other, arguments))
                    after[index].append(try measure(this, arguments))
                } else {
                    after[index].append(try measure(this, arguments))
                    before[index].append(try measure(other, arguments))
                }
            }
            FileHandle.standardError.write(Data("export-bench: round \(round + 1) of \(rounds) done\n".utf8))
        }
        let loadAfter = loadAverage()

        var lines: [String] = []
        lines.append("| frames | preset | output | before: bytes/frame | after: bytes/frame | after / before | before: ms/frame | after: ms/frame | after / before | same pixels |")
        lines.append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
        for (index, item) in cases.enumerated() {
            let old = summary(before[index]), new = summary(after[index])
            let same = item.animated ? "(tests)" : (old.digest == new.digest ? "yes" : "**NO**")
            lines.append(String(
                format: "| %@ | .%@ | %@ | %.0f | %.0f | %.2f | %.3f | %.3f | %.2f | %@ |",
                item.set, item.preset, item.animated ? "animated PNG" : "PNG files", old.bytesPerFrame, new.bytesPerFrame,
                new.bytesPerFrame / old.bytesPerFrame, old.nanosecondsPerFrame / 1e6, new.nanosecondsPerFrame / 1e6,
                new.nanosecondsPerFrame / old.nanosecondsPerFrame, same))
        }
        let beforeCommit = before.first?.first?.commit ?? "unknown"
        let afterCommit = after.first?.first?.commit ?? "unknown"
        let mismatched = cases.indices.contains { !cases[$0].animated && summary(before[$0]).digest != summary(after[$0]).digest }
        for line in lines { print(line) }
        let notes = [
            "Before: the library at `\(beforeCommit)`; after: the library at `\(afterCommit)`. The same export-bench source built "
                + "against each (before: `git worktree add /tmp/png-old \(beforeCommit.replacingOccurrences(of: "+dirty", with: ""))`, "
                + "`cp -r Benchmarks/Sources/export-bench /tmp/png-old/Benchmarks/Sources/`, then in /tmp/png-old/Benchmarks "
                + "`swift build -c release --scratch-path /tmp/png-old-bench --product export-bench`); the same frames, rendered "
                + "once and read by both from a file.",
            "Input: the alpha planes with the opaque black tint, as the CLI hands them over (`PNGEncoder.withPNGData(alpha:…)` "
                + "for PNG files, one encoder reused over the set; `AnimatedPNGWriter.addFrame(alpha:…)` at 1/30 s a frame, "
                + "written to a temporary file, for animated PNG). Sets: \(sets.map { "\($0.name) (\($0.alpha.count) frames, \($0.width)² px)" }.joined(separator: ", ")), "
                + "the default play → pause morph (132 px: 44 pt at 3×, blur 4 pt, every frame of 60; 1024 px: blur 48 px, every 4th of 60).",
            "Times: thread CPU time per frame; each of \(rounds) round(s) runs every row in both builds, one process each, alternating "
                + "which goes first; a process reports the median of 7 passes over the set (3 at 1024 px) after one untimed pass, "
                + "and the table shows the median over the rounds. Bytes are exact (mean file size per frame). "
                + "\"Same pixels\": both sides' files decode (libpng) to the same RGBA, hashed over every frame, and each to its "
                + "frame exactly; animated PNGs are checked by the test suite and `Scripts/output-hashes` (ffmpeg).",
        ]
        for note in notes { print("\n" + note) }
        if let resultsFolder {
            let path = resultsFolder + "/export-bench.md"
            try ResultsFile.write(
                to: path, generator: "Benchmarks export-bench --compare-with",
                title: "PNG encoder: libpng against the encoder it replaced",
                commits: "Before: library `\(beforeCommit)`; after: library `\(afterCommit)`",
                command: command, loadBefore: loadBefore, loadAfter: loadAfter, body: lines + notes.flatMap { ["", $0] })
            print("\nwrote \(path)")
        }
        if mismatched {
            FileHandle.standardError.write(Data("export-bench: the two encoders' files do not show the same pixels\n".utf8))
            exit(1)
        }
    }

    private static func measure(_ executable: String, _ arguments: [String]) throws -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard process.terminationStatus == 0, let commit = fields["commit"], let time = fields["ns_per_frame"].flatMap(Double.init),
              let bytes = fields["bytes_per_frame"].flatMap(Double.init), let digest = fields["digest"]
        else {
            throw ExportBenchOptions.Invalid(
                reason: "\(executable) \(arguments.joined(separator: " ")) failed (status \(process.terminationStatus)): \(text)")
        }
        return Measurement(commit: commit, nanosecondsPerFrame: time, bytesPerFrame: bytes, digest: digest)
    }

    /// The median time over the rounds; bytes and digest of the first round (every round
    /// writes the same files).
    private static func summary(_ rounds: [Measurement]) -> Measurement {
        Measurement(
            commit: rounds[0].commit, nanosecondsPerFrame: median(rounds.map(\.nanosecondsPerFrame)),
            bytesPerFrame: rounds[0].bytesPerFrame, digest: rounds[0].digest)
    }
}
