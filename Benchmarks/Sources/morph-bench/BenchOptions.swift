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
/// - `--layers`: metaball frames of icons with translucent layers kept at their opacity
///   against the same composite masks alone;
/// - `--c-baseline`: the library against the C baseline on real icons and workloads a–d
///   (`--json FILE` also writes the figures, `--filter TEXT` runs only the workloads whose
///   names contain TEXT);
/// - `--horizontal-bands`: a split frame's horizontal pass in one band a thread against the
///   default bands, from 512 px up (`--filter TEXT` as for `--c-baseline`);
/// - `--row-affinity`: split frames with each thread kept to its rows in both passes against
///   not, from 512 px up (`--filter TEXT` as for `--c-baseline`);
/// - `--parts`: split fixed-ramp frames drawn in parts, one a thread, against in bands of
///   both passes, from 512 px up (`--filter TEXT` as for `--c-baseline`);
/// - `--paced [--gap MS]`: frames drawn apart in time, as a live view draws them (MS
///   milliseconds of sleep before each, 3 unless given), on one thread and on every core,
///   against the same frames back to back, from 512 px up (`--filter TEXT` as for
///   `--c-baseline`);
/// - `--icons DIR`: no benchmark, the real pairs' 132 px icons as PNG files, for timing whole
///   processes on them (`Scripts/startup-bench.py --c-baseline DIR`);
/// - `--repeat N --filter TEXT [--style metaball|distance] [--progress P|morph]`: no timing, the
///   frame at p = P (0.5 unless given; `morph`: the 61 frames of a morph) of the first
///   `--field-styles` pair whose name contains TEXT (then of `--c-baseline`'s real icon
///   rows, then of `--layers`' pairs), drawn N times on one thread after a first time: for an instruction counter
///   (`Scripts/frame-instructions.py`).
///
/// `--quick` takes a tenth of the samples in every mode.
struct BenchOptions {
    enum Mode: Equatable {
        case standard
        case export(directory: String)
        case scaling(json: String?)
        case edgeModes
        case fieldStyles
        case layers
        case cBaseline(json: String?, filter: String?)
        case horizontalBands(filter: String?)
        case rowAffinity(filter: String?)
        case parts(filter: String?)
        case paced(filter: String?, gap: Double)
        case icons(directory: String)
        case repeatFrames(count: Int, filter: String, distance: Bool, progress: [Double])
    }

    var mode: Mode = .standard
    var quick = false

    static let usage = """
        usage: morph-bench [--quick]
               morph-bench --export DIR [--quick]
               morph-bench --scaling [--json FILE] [--quick]
               morph-bench --edge-modes [--quick]
               morph-bench --field-styles [--quick]
               morph-bench --layers [--quick]
               morph-bench --c-baseline [--json FILE] [--filter TEXT] [--quick]
               morph-bench --horizontal-bands [--filter TEXT] [--quick]
               morph-bench --row-affinity [--filter TEXT] [--quick]
               morph-bench --parts [--filter TEXT] [--quick]
               morph-bench --paced [--gap MS] [--filter TEXT] [--quick]
               morph-bench --icons DIR
               morph-bench --repeat N --filter TEXT [--style metaball|distance] [--progress P|morph]
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
        var layers = false
        var cBaseline = false
        var horizontalBands = false
        var rowAffinity = false
        var parts = false
        var paced = false
        var gap: Double?
        var icons: String?
        var repeatCount: Int?
        var style: String?
        var progress: [Double]?
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
            case "--layers":
                layers = true
            case "--c-baseline":
                cBaseline = true
            case "--horizontal-bands":
                horizontalBands = true
            case "--row-affinity":
                rowAffinity = true
            case "--parts":
                parts = true
            case "--paced":
                paced = true
            case "--gap":
                let text = try value(of: argument, needs: "a number of milliseconds")
                guard let number = Double(text), number >= 0, number <= 1000 else {
                    throw Invalid(reason: "--gap needs a number of milliseconds from 0 to 1000, got \(text)")
                }
                gap = number
            case "--icons":
                icons = try value(of: argument, needs: "a directory to write the 132 px icons to")
            case "--filter":
                filter = try value(of: argument, needs: "the text that the workloads to run have in their names")
            case "--repeat":
                let text = try value(of: argument, needs: "a number of frames")
                guard let count = Int(text), count >= 0 else { throw Invalid(reason: "--repeat needs a number of frames ≥ 0, got \(text)") }
                repeatCount = count
            case "--style":
                let text = try value(of: argument, needs: "metaball or distance")
                guard text == "metaball" || text == "distance" else { throw Invalid(reason: "--style is metaball or distance, got \(text)") }
                style = text
            case "--progress":
                let text = try value(of: argument, needs: "a progress from 0 to 1, or morph")
                if text == "morph" {
                    progress = (0...60).map { Double($0) / 60 }
                } else {
                    guard let number = Double(text), number >= 0, number <= 1 else {
                        throw Invalid(reason: "--progress needs a number from 0 to 1, or morph, got \(text)")
                    }
                    progress = [number]
                }
            case "--json":
                json = try value(of: argument, needs: "a file to write the figures to")
            default:
                throw Invalid(reason: "unknown argument \(argument)")
            }
        }
        if [export != nil, scaling, edgeModes, fieldStyles, layers, cBaseline, horizontalBands, rowAffinity, parts, paced,
            icons != nil, repeatCount != nil]
            .filter({ $0 }).count > 1 {
            throw Invalid(reason: "--export, --scaling, --edge-modes, --field-styles, --layers, --c-baseline, --horizontal-bands, --row-affinity, --parts, --paced, --icons and --repeat are separate runs; pass one of them")
        }
        if gap != nil && !paced { throw Invalid(reason: "--gap goes with --paced") }
        if style != nil && repeatCount == nil { throw Invalid(reason: "--style goes with --repeat") }
        if progress != nil && repeatCount == nil { throw Invalid(reason: "--progress goes with --repeat") }
        if repeatCount != nil {
            guard let filter else { throw Invalid(reason: "--repeat needs --filter TEXT to pick a pair") }
            guard FieldStyleComparison.repeatPairs().contains(where: { $0.name.contains(filter) }) else {
                throw Invalid(reason: "no --field-styles or --c-baseline pair's name contains \(filter)")
            }
        }
        if json != nil && !scaling && !cBaseline {
            throw Invalid(reason: "--json goes with --scaling or --c-baseline (--export writes its own JSON)")
        }
        if filter != nil && !cBaseline && !horizontalBands && !rowAffinity && !parts && !paced && repeatCount == nil {
            throw Invalid(reason: "--filter goes with --c-baseline, --horizontal-bands, --row-affinity, --parts, --paced or --repeat")
        }
        if let export {
            mode = .export(directory: export)
        } else if scaling {
            mode = .scaling(json: json)
        } else if edgeModes {
            mode = .edgeModes
        } else if fieldStyles {
            mode = .fieldStyles
        } else if layers {
            mode = .layers
        } else if cBaseline {
            mode = .cBaseline(json: json, filter: filter)
        } else if horizontalBands {
            mode = .horizontalBands(filter: filter)
        } else if rowAffinity {
            mode = .rowAffinity(filter: filter)
        } else if parts {
            mode = .parts(filter: filter)
        } else if paced {
            mode = .paced(filter: filter, gap: gap ?? 3)
        } else if let icons {
            mode = .icons(directory: icons)
        } else if let repeatCount, let filter {
            mode = .repeatFrames(count: repeatCount, filter: filter, distance: style == "distance", progress: progress ?? [0.5])
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
