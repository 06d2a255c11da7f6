import Foundation
import Testing
@testable import iconmorph

/// Every option of `render`, `mask` and `symbols` given bad values, no value, a value it does
/// not take, or a misspelled name, run through the built binary: each run ends with status 64,
/// exactly one line on standard error that names the option (as spelled) and the reason,
/// nothing on standard output, and no file written.
///
/// The rows are generated from each command's option table, so an option added later is
/// swept too; the values come from the kind of value the option takes (numbers out of range,
/// NaN, infinities, junk, the empty string, near-miss choices).
struct RobustnessArgumentTests {
    struct Row: CustomTestStringConvertible, Sendable {
        /// The whole command line; `$D` is the scratch folder.
        let arguments: [String]
        /// The error line after `iconmorph: error: ` starts with this…
        let prefix: String
        /// …and contains each of these.
        var contains: [String] = []
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// A valid command line for each command, as option/value pairs (flags alone).
    static func baseline(for command: String, without option: String) -> [String] {
        var pairs: [[String]]
        switch command {
        case "render": pairs = [["--from", "play"], ["--to", "pause"], ["--progress", "0.5"], ["-o", "$D/out.png"]]
        case "mask": pairs = [["--from", "play"], ["-o", "$D/out.png"]]
        default: pairs = []
        }
        pairs.removeAll { $0[0] == option || ($0[0] == "-o" && option == "--output") }
        if option == "--progress" { pairs.append(["--frames", "2"]) }
        return [command] + pairs.flatMap { $0 }
    }

    /// Values that `kind` must refuse.
    static func badValues(for kind: ValueKind) -> [String] {
        let junk = ["", "abc", "nan", "inf", "-inf", "1e400", "0x10", "1,5"]
        switch kind {
        case .number(let range):
            var values = junk + [range.lowerInclusive ? "-1" : formatNumber(range.lower)]
            if range.lower - 1 > -1e9 { values.append(formatNumber(range.lower - 1)) }
            if let upper = range.upper { values.append(formatNumber(upper * 2 + 1)) }
            return values
        case .integer(let range):
            var values = ["", "abc", "2.5", "1e3", "0x10", "99999999999999999999999", String(range.lowerBound - 1)]
            if range.upperBound < Int.max { values.append(String(range.upperBound + 1)) }
            return values
        case .choice:
            return ["", "bogus", "-"]
        case .boxSize:
            return ["", "0", "-1", "44x", "x44", "nan", "1e400", "4x4x4", "abc"]
        case .color:
            return ["", "red", "#12", "#GGGGGG", "#1234567", "xyz", "#"]
        case .automaticOrNumber(let range):
            return ["", "automatic", "nan", "-1", formatNumber((range.upper ?? 1) * 2 + 1)]
        case .icon, .inputFile, .outputPathOrStandardOutput, .name:
            return [""]
        }
    }

    /// The commands this suite covers.
    static let commands = [RenderCommand.spec, MaskCommand.spec, SymbolsCommand.spec]

    static let badValueRows: [Row] = commands.flatMap { command in
        command.options.flatMap { option -> [Row] in
            guard let kind = option.value else { return [] }
            let name = option.longName
            var seen: Set<String> = []
            var rows = badValues(for: kind).filter { seen.insert($0).inserted }.map { value in
                Row(arguments: baseline(for: command.name, without: name) + [name, value],
                    prefix: name + ": ", contains: ["expected", "'" + value + "'"])
            }
            // The attached form (for values that are not paths or names, where any text is
            // valid), and the short name where there is one.
            if ![.icon, .inputFile, .outputPathOrStandardOutput].contains(kind) {
                rows.append(Row(arguments: baseline(for: command.name, without: name) + [name + "=" + "bogus value"],
                                prefix: name + ": ", contains: ["expected", "'bogus value'"]))
            }
            if let short = option.short {
                rows.append(Row(arguments: baseline(for: command.name, without: name) + ["-\(short)", ""],
                                prefix: "-\(short): ", contains: ["expected", "''"]))
            }
            // Case-folded choices are refused with the right spelling suggested.
            if case .choice(let choices) = kind, let first = choices.first, first.uppercased() != first {
                rows.append(Row(arguments: baseline(for: command.name, without: name) + [name, first.uppercased()],
                                prefix: name + ": ", contains: ["'\(first.uppercased())'", "did you mean '\(first)'?"]))
            }
            // No value: the option last, or followed by another option.
            rows.append(Row(arguments: baseline(for: command.name, without: name) + [name],
                            prefix: name + ": missing value; expected "))
            return rows
        }
    }

    static let flagRows: [Row] = commands.flatMap { command in
        command.options.filter { $0.value == nil }.flatMap { option -> [Row] in
            [Row(arguments: baseline(for: command.name, without: "") + [option.longName + "=yes"],
                 prefix: option.longName + ": takes no value, got 'yes'")]
        }
    }

    /// A misspelling of each long option (its last letter dropped), which must be suggested.
    static let misspellingRows: [Row] = commands.flatMap { command in
        command.options.filter { $0.long.count >= 4 }.map { option in
            let typo = "--" + String(option.long.dropLast())
            return Row(arguments: baseline(for: command.name, without: "") + [typo, "1"],
                       prefix: "unknown option '\(typo)'; did you mean '\(option.longName)'?")
        }
    }

    /// Conflicts, out-of-range combinations and command-level mistakes, with their exact lines.
    static let exactRows: [Row] = [
        Row(arguments: [], prefix: "missing command; run 'iconmorph --help' for usage"),
        Row(arguments: ["rendr"], prefix: "unknown command 'rendr'; did you mean 'render'?"),
        Row(arguments: ["--progress", "0.5"], prefix: "'--progress' is an option of 'render'; run 'iconmorph render --progress …'"),
        Row(arguments: ["render", "--progress", "0", "--frames", "3"],
            prefix: "--progress and --frames cannot be used together; give one of them"),
        Row(arguments: ["render", "--from", "-", "--to", "-", "--progress", "0"],
            prefix: "--from and --to cannot both be '-': standard input holds one icon; give a file or a symbol name for one of them"),
        Row(arguments: ["render", "--frames", "3", "--format", "png", "-o", "-"], prefix: "-o: --format png writes a file per frame, so it cannot go to standard output; give a folder or a pattern, or a format of one file (apng, lottie, a video) or rgba"),
        Row(arguments: ["render", "--frames", "3", "-o", "-", "--compression", "best"],
            prefix: "--compression: applies to PNG output (--format png, apng, sheet or strip)"),
        Row(arguments: ["render", "--progress", "0", "--print-ffmpeg"],
            prefix: "--print-ffmpeg: a video needs a sequence; give --frames or --duration"),
        Row(arguments: ["render", "--progress", "0", "-o", "$D/a.apng"],
            prefix: "-o: apng holds a sequence; give --frames or --duration, or --format png, svg, gif or webp for one frame"),
        Row(arguments: ["render", "--progress", "0", "--softness", "0.6"], prefix: "--softness: expected at most the threshold 0.5, got 0.6"),
        Row(arguments: ["render", "--progress", "0", "--blur", "400"],
            prefix: "--blur: 400 points at scale 3 is a blur of 1200 pixels; the largest is 1000 pixels"),
        Row(arguments: ["render", "--progress", "0", "--size", "100000"],
            prefix: "--size: 100000 pt at scale 3 is 300000×300000 pixels; the largest is 16384 pixels per side"),
        Row(arguments: ["render", "--progress", "0", "--scale", "1e-9"],
            prefix: "--scale: 44 pt at scale 1e-09 is less than 1 pixel; give a larger --size or --scale"),
        Row(arguments: ["render", "--progress", "0", "--progress", "1"], prefix: "--progress: given more than once; give it once"),
        Row(arguments: ["render", "--progress", "0", "stray"], prefix: "unexpected argument 'stray'; run 'iconmorph render --help' for usage"),
        Row(arguments: ["render", "--progress", "0", "--bogus"],
            prefix: "unknown option '--bogus'; run 'iconmorph render --help' for the options"),
        Row(arguments: ["mask"], prefix: "missing --from <icon>; run 'iconmorph mask --help' for usage"),
        Row(arguments: ["mask", "--from", "play", "--progress", "0.5"],
            prefix: "--progress: is an option of 'render', not of 'mask'; run 'iconmorph mask --help' for its options"),
        Row(arguments: ["mask", "--from", "play", "--scale", "1000"],
            prefix: "--scale: 44 pt at scale 1000 is 44000×44000 pixels; the largest is 16384 pixels per side"),
        Row(arguments: ["symbols", "play"], prefix: "unexpected argument 'play'; run 'iconmorph symbols --help' for usage"),
        Row(arguments: ["symbols", "--hlep"], prefix: "unknown option '--hlep'; did you mean '--help'?"),
    ]

    @Test(arguments: badValueRows) func badValue(_ row: Row) throws { try check(row) }
    @Test(arguments: flagRows) func flagWithValue(_ row: Row) throws { try check(row) }
    @Test(arguments: misspellingRows) func misspelledOption(_ row: Row) throws { try check(row) }
    @Test(arguments: exactRows) func exactLine(_ row: Row) throws { try check(row, exact: true) }

    /// The tables reach every option of every command, flags included.
    @Test func everyOptionIsSwept() {
        for command in Self.commands {
            for option in command.options {
                let rows = Self.badValueRows + Self.flagRows
                #expect(rows.contains { $0.arguments.first == command.name && $0.prefix.hasPrefix(option.longName + ":") },
                        "\(command.name) \(option.longName)")
            }
        }
        #expect(Self.badValueRows.count > 250, "\(Self.badValueRows.count)")
    }

    func check(_ row: Row, exact: Bool = false) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let arguments = row.arguments.map { $0.replacingOccurrences(of: "$D", with: folder.path) }
        let result = try Binary.run(arguments, in: folder.path)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        let line = result.stderrLines.first ?? ""
        #expect(line.hasPrefix("iconmorph: error: "))
        let message = String(line.dropFirst("iconmorph: error: ".count))
        if exact {
            #expect(message == row.prefix)
        } else {
            #expect(message.hasPrefix(row.prefix), "\(message)")
            for part in row.contains { #expect(message.contains(part), "\(message) lacks \(part)") }
        }
        #expect(try folder.contents().isEmpty)
    }
}
