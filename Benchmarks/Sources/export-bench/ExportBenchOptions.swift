import Foundation

/// The command line of export-bench.
///
/// - `--quick`: few samples and frames (CI): proves the benchmark builds and runs.
/// - `--binary PATH`: the iconmorph executable the whole-process timings run (default: the
///   repository's `.build/release/iconmorph`); it must be a release build.
/// - `--baseline PATH`: a second iconmorph executable, timed alternately with `--binary` on
///   the same commands, so both see the same machine load (for before/after comparisons).
/// - `--skip-encoding`, `--skip-processes`: leave out one of the two reports.
struct ExportBenchOptions {
    var quick = false
    var binary: String
    var baseline: String?
    var encoding = true
    var processes = true

    static let usage = "usage: export-bench [--quick] [--binary PATH] [--baseline PATH] [--skip-encoding | --skip-processes]"

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
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--skip-encoding": encoding = false
            case "--skip-processes": processes = false
            case "--binary", "--baseline":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw Invalid(reason: "\(argument) needs the path of an iconmorph executable")
                }
                if argument == "--binary" { binary = value } else { baseline = value }
            default:
                throw Invalid(reason: "unknown argument '\(argument)'")
            }
        }
        if !encoding && !processes { throw Invalid(reason: "--skip-encoding and --skip-processes leave nothing to run") }
    }
}
