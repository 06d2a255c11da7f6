import AlphaRaster
import BenchSupport
import Foundation
import IconSymbols
import PNGCodec

/// Whole-process timings: the built iconmorph binary run as a user runs it, from spawn to
/// exit, for one frame from two PNG files and for the 60-frame sequences of issue 4.
enum ProcessTimings {
    struct Command {
        let name: String
        /// Arguments after the program name; `{dir}` is replaced by a scratch folder.
        let arguments: [String]
        /// The folder (under the scratch folder) the frames go to, emptied before each run.
        let outputFolder: String?
    }

    /// The environment for the timed processes: this one's without `LD_PRELOAD`, so a
    /// counting allocator preloaded for the encoder report does not slow the binaries.
    static let environment: [String] = ProcessInfo.processInfo.environment
        .filter { $0.key != "LD_PRELOAD" }.map { "\($0.key)=\($0.value)" }

    /// Runs `binary` with `arguments` and returns the wall time in nanoseconds.
    static func time(_ binary: String, _ arguments: [String]) -> UInt64 {
        var pid: pid_t = 0
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        precondition(spawned == 0, "cannot start \(binary): \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        precondition(status == 0, "\(binary) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        return elapsed
    }

    static func median(_ samples: [UInt64]) -> Double {
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[mid]) : Double(sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Bytes in the regular files of `folder`, and how many.
    static func folderSize(_ folder: String) -> (bytes: Int, files: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var bytes = 0
        for name in names {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            bytes += (attributes?[.size] as? Int) ?? 0
        }
        return (bytes, names.count)
    }

    static func emptyFolder(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    /// Two 132 px icons as RGBA PNG files (black shapes in alpha), written by the library.
    static func writeInputs(in scratch: String) throws -> (String, String) {
        let box = IconBox(width: 132, height: 132, scale: 1)
        var paths: [String] = []
        for (name, symbol) in [("play.png", BuiltInSymbol.play), ("pause.png", BuiltInSymbol.pause)] {
            let mask = try AlphaMask(icon: symbol.icon, box: box)
            var pixels = [UInt8](repeating: 0, count: mask.pixels.count * 4)
            for (i, alpha) in mask.pixels.enumerated() { pixels[4 * i + 3] = alpha }
            let path = scratch + "/" + name
            try PNGImage(width: mask.width, height: mask.height, format: .rgba, pixels: pixels).write(toFile: path)
            paths.append(path)
        }
        return (paths[0], paths[1])
    }

    static func run(binary: String, baseline: String?, quick: Bool) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("export-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let (play, pause) = try writeInputs(in: scratch)
        let out = scratch + "/out"
        let commands = [
            Command(name: "one frame, two 132 px PNGs in, one PNG out",
                    arguments: ["render", "--from", play, "--to", pause, "--progress", "0.5", "-o", out + "/morph.png", "-q"],
                    outputFolder: out),
            Command(name: "60 frames of 132 px (44 pt at 3×, blur 12 px)",
                    arguments: ["render", "--frames", "60", "--size", "44", "--scale", "3", "-o", out, "-q"],
                    outputFolder: out),
            Command(name: "60 frames of 1024 px, blur 48 px",
                    arguments: ["render", "--frames", "60", "--size", "1024", "--scale", "1", "--blur", "48", "-o", out, "-q"],
                    outputFolder: out),
        ]
        let binaries = [("this", binary)] + (baseline.map { [("baseline", $0)] } ?? [])
        print("| command | binary | median ms | min ms | runs | bytes/frame |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for (index, command) in commands.enumerated() {
            let runs = quick ? 3 : (index == 2 ? 11 : 31)
            var samples = Array(repeating: [UInt64](), count: binaries.count)
            var sizes = Array(repeating: (bytes: 0, files: 0), count: binaries.count)
            // Warm the page cache and the binaries once, untimed.
            for (_, path) in binaries {
                emptyFolder(out)
                _ = time(path, command.arguments)
            }
            for _ in 0..<runs {
                // Alternate the binaries, so both see the same machine load.
                for (b, (_, path)) in binaries.enumerated() {
                    emptyFolder(out)
                    samples[b].append(time(path, command.arguments))
                    sizes[b] = folderSize(out)
                }
            }
            for (b, (label, _)) in binaries.enumerated() {
                let perFrame = sizes[b].files > 0 ? sizes[b].bytes / sizes[b].files : 0
                print(String(format: "| %@ | %@ | %.1f | %.1f | %d | %d |", command.name, label,
                             median(samples[b]) / 1e6, Double(samples[b].min() ?? 0) / 1e6, runs, perFrame))
            }
            fflush(nil)
        }
        print("commands (scratch folder /tmp/…): " + commands.map { "iconmorph " + $0.arguments.joined(separator: " ") }.joined(separator: "; "))
    }
}
