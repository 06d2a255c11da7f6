#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import _IconMorphSupport

/// The `iconmorph` program: picks the subcommand, runs it, and turns failures into one line
/// on standard error and a sysexits-style status.
enum IconMorphTool {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// Every subcommand.
    static let commands = [RenderCommand.spec, AnimateCommand.spec, PathsCommand.spec, MaskCommand.spec, SymbolsCommand.spec]

    /// The top-level help text.
    static var help: String { HelpFormatter.toolHelp(commands: commands, version: version) }

    /// Runs the program with the process's arguments and exits.
    static func main() -> Never {
        StandardDescriptors.reserve()
        Interrupts.install()
        let status = run(Array(CommandLine.arguments.dropFirst()))
        // Everything is written by then (output goes through write(2); stdio is flushed here
        // for anything else), and nothing registered with atexit needs to run: _exit skips the
        // C library's exit handlers, about 45 µs of a one-frame process.
        fflush(nil)
        _exit(status.rawValue)
    }

    /// Runs the program with `arguments` (without the program name); what it prints goes to
    /// standard output (help, version, what was written) and standard error (errors).
    static func run(_ arguments: [String]) -> ExitCode {
        do {
            let result = try execute(arguments)
            if let text = result, let code = StandardStreams.writeAll(text, to: STDOUT_FILENO) {
                // A reader that closed the pipe (`iconmorph symbols | head -1`) wanted no more:
                // end quietly, but not with success. Any other failure is an I/O error.
                if code != EPIPE {
                    StandardStreams.writeAll("iconmorph: error: standard output: \(String(cString: strerror(code)))\n", to: STDERR_FILENO)
                }
                return .ioError
            }
            return .success
        } catch {
            let failure = CommandFailure(error)
            if !failure.isQuiet { StandardStreams.writeAll(failure.line + "\n", to: STDERR_FILENO) }
            return failure.exitCode
        }
    }

    /// Writes `iconmorph: warning: <message>` as one line on standard error, once: the same
    /// warning again (an icon given as both `--from` and `--to`, or twice in a timeline, is
    /// read twice) writes nothing. The run goes on.
    static func warn(_ message: String) {
        let line = "iconmorph: warning: " + CommandFailure.oneLine(message) + "\n"
        guard warnedLock.withLock({ warned.insert(line).inserted }) else { return }
        StandardStreams.writeAll(line, to: STDERR_FILENO)
    }

    /// The warnings written so far (guarded by `warnedLock`: frame workers warn too).
    nonisolated(unsafe) private static var warned = Set<String>()
    private static let warnedLock = MutexLock()

    /// What a command prints: nothing with `-q`; with its output on standard output (the raw
    /// stream, or a file named `/dev/stdout` there), the summary goes to standard error beside
    /// the progress; otherwise the summary, for standard output.
    private static func report(_ summary: String, quiet: Bool, onStandardOutput: Bool) -> String? {
        if quiet { return nil }
        if onStandardOutput {
            StandardStreams.writeAll(summary + "\n", to: STDERR_FILENO)
            return nil
        }
        return summary + "\n"
    }

    /// What a successful run prints on standard output, or `nil` for nothing.
    ///
    /// - Throws: anything the command throws; `run(_:)` classifies it.
    static func execute(_ arguments: [String]) throws -> String? {
        guard let first = arguments.first else { throw CommandLineError.missingCommand }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "render":
            guard let options = try RenderCommand.options(from: rest) else { return RenderCommand.help }
            if options.printFFmpeg {
                return FFmpegCommands.text(for: options, width: options.layout.width, height: options.layout.height)
            }
            return report(
                try RenderCommand.run(options, warn: warn), quiet: options.output.quiet,
                onStandardOutput: options.output.target.writesStandardOutput
                    || OutputTarget.writesStandardOutput(path: options.output.manifest))
        case "animate":
            guard let options = try AnimateCommand.options(from: rest) else { return AnimateCommand.help }
            return report(try AnimateCommand.run(options, warn: warn), quiet: options.export.quiet, onStandardOutput: options.export.writesStandardOutput)
        case "paths":
            guard let options = try PathsCommand.options(from: rest) else { return PathsCommand.help }
            return report(
                try PathsCommand.run(options, warn: warn), quiet: options.quiet,
                onStandardOutput: OutputTarget.writesStandardOutput(path: options.output))
        case "mask":
            guard let options = try MaskCommand.options(from: rest) else { return MaskCommand.help }
            let summary = try MaskCommand.run(options, warn: warn)
            return report(summary, quiet: options.quiet, onStandardOutput: OutputTarget.writesStandardOutput(path: options.output))
        case "symbols":
            return try SymbolsCommand.parse(rest) ? SymbolsCommand.listing : SymbolsCommand.help
        case "help":
            if rest.count > 1 { throw CommandLineError.unexpectedArgument(rest[1], command: nil) }
            guard let name = rest.first, name != "help" else { return help }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw CommandLineError.unknownCommand(name, suggestion: closestMatch(to: name, in: commands.map(\.name)))
            }
            return HelpFormatter.help(for: command)
        case "-h", "--help":
            return help
        case "--version":
            if let extra = rest.first { throw CommandLineError.unexpectedArgument(extra, command: nil) }
            return "iconmorph \(version)\n"
        default:
            throw misplaced(first)
        }
    }

    /// The error for a first word that is not a command.
    private static func misplaced(_ word: String) -> CommandLineError {
        guard word.hasPrefix("-"), word != "-" else {
            let names = commands.map(\.name) + ["help"]
            return .unknownCommand(word, suggestion: closestMatch(to: word, in: names))
        }
        let name = String(word.drop { $0 == "-" }.prefix { $0 != "=" })
        for command in commands where command.option(long: name) != nil
            || (word.count == 2 && command.option(short: word.last!) != nil) {
            return .optionBeforeCommand(String(word.prefix { $0 != "=" }), command: command.name)
        }
        let suggestion = closestMatch(to: name, in: ["help", "version"]).map { "--" + $0 }
        return .unknownOption(String(word.prefix { $0 != "=" }), suggestion: suggestion, command: nil)
    }
}
