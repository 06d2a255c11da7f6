import Foundation

/// The command line of morph-bench: which report to produce and how many samples to take.
///
/// - no mode: the standard report (baseline, workloads a–d, allocations);
/// - `--export DIR`: the real icon pairs at 132 and 512 px, then workloads a–d, as files and
///   JSON for `Scripts/compare-opencv.py`;
/// - `--scaling`: time against frame size and blur radius and fit the exponents
///   (`--json FILE` also writes the figures as JSON);
/// - `--edge-modes`: only the edge-mode comparison (item 5 of the standard report);
/// - `--field-styles`: only the distance against the metaball field stage;
/// - `--c-baseline`: the library against the C baseline on real icons and workloads a–d
///   (`--json FILE` also writes the figures, `--filter TEXT` runs only the workloads whose
///   names contain TEXT);
/// - `--horizontal-bands`: a split frame's horizontal pass in one band a thread against the
///   default bands, from 512 px up (`--filter TEXT` as for `--c-baseline`);
/// - `--icons DIR`: no benchmark, the real pairs' 132 px icons as PNG files, for timing whole
///   processes on them (`Scripts/startup-bench.py --c-baseline DIR`).
///
/// `--quick` takes a tenth of the samples in every mode.
struct BenchOptions {
    enum Mode: Equatable {
        case standard
        case export(directory: String)
        case scaling(json: String?)
        case edgeModes
        case fieldStyles
        case cBaseline(json: String?, filter: String?)
        case horizontalBands(filter: String?)
        case icons(directory: String)
    }

    var mode: Mode = .standard
    var quick = false

    static let usage = """
        usage: morph-bench [--quick]
               morph-bench --export DIR [--quick]
               morph-bench --scaling [--json FILE] [--quick]
               morph-bench --edge-modes [--quick]
               morph-bench --field-styles [--quick]
               morph-bench --c-baseline [--json FILE] [--filter TEXT] [--quick]
               morph-bench --horizontal-bands [--filter TEXT] [--quick]
               morph-bench --icons DIR
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
        var cBaseline = false
        var horizontalBands = false
        var icons: String?
        var filter: String?
        var json: String?
        var rest = arguments[...]
        /// The value after an option; `needs` finishes the sentence "OPTION needs …".
        func value(of option: String, needs: String) throws -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw Invalid(reason: "\(option) needs \(needs)")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--export":
                export = try value(of: argument, needs: "a directory to write the frames to")
            case "--scaling":
                scaling = true
            case "--edge-modes":
                edgeModes = true
            case "--field-styles":
                fieldStyles = true
            case "--c-baseline":
                cBaseline = true
            case "--horizontal-bands":
                horizontalBands = true
            case "--icons":
                icons = try value(of: argument, needs: "a directory to write the 132 px icons to")
            case "--filter":
                filter = try value(of: argument, needs: "the text that the workloads to run have in their names")
            case "--json":
                json = try value(of: argument, needs: "a file to write the figures to")
            default:
                throw Invalid(reason: "unknown argument \(argument)")
            }
        }
        if [export != nil, scaling, edgeModes, fieldStyles, cBaseline, horizontalBands, icons != nil].filter({ $0 }).count > 1 {
            throw Invalid(reason: "--export, --scaling, --edge-modes, --field-styles, --c-baseline, --horizontal-bands and --icons are separate runs; pass one of them")
        }
        if json != nil && !scaling && !cBaseline {
            throw Invalid(reason: "--json goes with --scaling or --c-baseline (--export writes its own JSON)")
        }
        if filter != nil && !cBaseline && !horizontalBands {
            throw Invalid(reason: "--filter goes with --c-baseline or --horizontal-bands")
        }
        if let export {
            mode = .export(directory: export)
        } else if scaling {
            mode = .scaling(json: json)
        } else if edgeModes {
            mode = .edgeModes
        } else if fieldStyles {
            mode = .fieldStyles
        } else if cBaseline {
            mode = .cBaseline(json: json, filter: filter)
        } else if horizontalBands {
            mode = .horizontalBands(filter: filter)
        } else if let icons {
            mode = .icons(directory: icons)
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
