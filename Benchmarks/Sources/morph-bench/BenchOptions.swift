import Foundation

/// The command line of morph-bench: which report to produce and how many samples to take.
///
/// - no mode: the standard report (baseline, workloads a–d, allocations);
/// - `--export DIR`: workloads a–d as files and JSON for `Scripts/compare-opencv.py`;
/// - `--scaling`: time against frame size and blur radius and fit the exponents
///   (`--json FILE` also writes the figures as JSON);
/// - `--edge-modes`: only the edge-mode comparison (item 5 of the standard report);
/// - `--field-styles`: only the distance against the metaball field stage.
///
/// `--quick` takes a tenth of the samples in every mode.
struct BenchOptions {
    enum Mode: Equatable {
        case standard
        case export(directory: String)
        case scaling(json: String?)
        case edgeModes
        case fieldStyles
    }

    var mode: Mode = .standard
    var quick = false

    static let usage = """
        usage: morph-bench [--quick]
               morph-bench --export DIR [--quick]
               morph-bench --scaling [--json FILE] [--quick]
               morph-bench --edge-modes [--quick]
               morph-bench --field-styles [--quick]
        """

    /// Parses the arguments after the program name.
    ///
    /// - Throws: `BenchOptions.Invalid` naming the argument that is unknown, lacks its value
    ///   or combines modes.
    init(arguments: [String]) throws {
        var export: String?
        var scaling = false
        var edgeModes = false
        var fieldStyles = false
        var json: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--export":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw Invalid(reason: "--export needs a directory to write the frames to")
                }
                export = value
            case "--scaling":
                scaling = true
            case "--edge-modes":
                edgeModes = true
            case "--field-styles":
                fieldStyles = true
            case "--json":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw Invalid(reason: "--json needs a file to write the figures to")
                }
                json = value
            default:
                throw Invalid(reason: "unknown argument \(argument)")
            }
        }
        if [export != nil, scaling, edgeModes, fieldStyles].filter({ $0 }).count > 1 {
            throw Invalid(reason: "--export, --scaling, --edge-modes and --field-styles are separate runs; pass one of them")
        }
        if json != nil && !scaling {
            throw Invalid(reason: "--json goes with --scaling (--export writes its own JSON)")
        }
        if let export {
            mode = .export(directory: export)
        } else if scaling {
            mode = .scaling(json: json)
        } else if edgeModes {
            mode = .edgeModes
        } else if fieldStyles {
            mode = .fieldStyles
        }
    }

    /// A command line morph-bench cannot run; `reason` is one sentence.
    struct Invalid: Error, CustomStringConvertible {
        let reason: String
        var description: String { "morph-bench: \(reason).\n\(BenchOptions.usage)" }
    }

    /// The sample count for a full run of `full` samples: a tenth (odd, at least 3) with
    /// `--quick`.
    func runs(_ full: Int) -> Int { quick ? max(3, full / 10) | 1 : full }
}
