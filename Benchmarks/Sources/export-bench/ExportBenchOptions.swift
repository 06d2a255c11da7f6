import Foundation

/// The command line of export-bench.
///
/// - `--quick`: few samples and frames (CI): proves the benchmark builds and runs.
/// - `--binary PATH`: the iconmorph executable the whole-process timings run (default: the
///   repository's `.build/release/iconmorph`); it must be a release build.
/// - `--baseline PATH`: a second iconmorph executable, timed alternately with `--binary` on
///   the same commands, so both see the same machine load (for before/after comparisons).
/// - `--skip-encoding`, `--skip-processes`: leave out one of the two reports.
/// - `--settings-grid`: instead, every row filter × zlib setting for each colour type, the
///   figures the presets were chosen from.
/// - `--compare-with PATH`: instead, the presets of this build against export-bench PATH
///   built against an earlier commit (`EncoderComparison`); `--rounds N` (default 5).
/// - `--results DIR`: with `--settings-grid` or `--compare-with`, also write the table to
///   `DIR/png-settings.md` or `DIR/export-bench.md`.
/// - `--encode-frames FILE --preset NAME [--samples N] [--apng]`: one measurement for
///   `--compare-with` (`EncoderDriver`); `--write-frames DIR` writes the frames files it reads
///   (the two benchmark sets, `132-px.frames` and `1024-px.frames`), to run it by hand or
///   under a profiler.
struct ExportBenchOptions {
    enum Mode: Equatable {
        case report
        case settingsGrid
        case compare(other: String)
        case driver(framesFile: String, preset: String, animated: Bool)
        case writeFrames(folder: String)
    }

    var mode = Mode.report
    var quick = false
    var binary: String
    var baseline: String?
    var encoding = true
    var processes = true
    var results: String?
    var rounds = 5
    var samples = 5

    static let usage = """
        usage: export-bench [--quick] [--binary PATH] [--baseline PATH] [--skip-encoding | --skip-processes]
               export-bench --settings-grid [--quick] [--results DIR]
               export-bench --compare-with PATH [--rounds N] [--quick] [--results DIR]
        """

    /// The repository's release binary: this file is Benchmarks/Sources/export-bench/….
    static var defaultBinary: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/release/iconmorph").path
    }

    struct Invalid: Error, CustomStringConvertible {
        let reason: String
        var description: String { "export-bench: \(reason)\n\(ExportBenchOptions.usage)" }
    }

    /// Parses the arguments after the program name.
    ///
    /// - Throws: `Invalid` naming the argument that is unknown or lacks its value.
    init(arguments: [String]) throws {
        binary = Self.defaultBinary
        var rest = arguments[...]
        var framesFile: String?, preset: String?, animated = false
        func value(for argument: String) throws -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw Invalid(reason: "\(argument) needs a value")
            }
            return value
        }
        func count(for argument: String) throws -> Int {
            guard let number = Int(try value(for: argument)), number > 0 else {
                throw Invalid(reason: "\(argument) needs a positive whole number")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--skip-encoding": encoding = false
            case "--skip-processes": processes = false
            case "--binary": binary = try value(for: argument)
            case "--baseline": baseline = try value(for: argument)
            case "--settings-grid": mode = .settingsGrid
            case "--compare-with": mode = .compare(other: try value(for: argument))
            case "--results": results = try value(for: argument)
            case "--rounds": rounds = try count(for: argument)
            case "--encode-frames": framesFile = try value(for: argument)
            case "--preset": preset = try value(for: argument)
            case "--samples": samples = try count(for: argument)
            case "--apng": animated = true
            case "--write-frames": mode = .writeFrames(folder: try value(for: argument))
            default:
                throw Invalid(reason: "unknown argument '\(argument)'")
            }
        }
        if let framesFile {
            guard let preset else { throw Invalid(reason: "--encode-frames needs --preset") }
            mode = .driver(framesFile: framesFile, preset: preset, animated: animated)
        }
        if mode == .report && !encoding && !processes {
            throw Invalid(reason: "--skip-encoding and --skip-processes leave nothing to run")
        }
    }
}
