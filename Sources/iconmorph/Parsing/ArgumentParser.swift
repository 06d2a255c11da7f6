/// Splits a command's arguments into option values by its `CommandSpec`, converting and checking
/// each value with its `ValueKind` as soon as it is seen, so the first error in command-line
/// order is the one reported.
///
/// Accepted forms: `--name value`, `--name=value`, `-c value`, `-cvalue`, `-c=value`; flags
/// alone; `--` ends the options (every later word is an argument). A word that follows an option needing a value
/// is taken as its value unless it is itself an option (`--…`, or `-c…` for a known short
/// option `c`), so negative numbers reach the range check (`--padding -1`) rather than reading as
/// options. `-h`/`--help` anywhere before `--` asks for help and wins over every error.
struct ArgumentParser {
    let command: CommandSpec

    /// - Throws: `CommandLineError` for an unknown, repeated or misused option, a missing or
    ///   invalid value, or an argument where none is expected.
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var result = ParsedArguments()
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { $0 == "--help" || $0 == "-h" }) {
            result.helpRequested = true
            return result
        }
        var index = arguments.startIndex
        var endOfOptions = false
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if endOfOptions || word == "-" || !word.hasPrefix("-") {
                throw CommandLineError.unexpectedArgument(word, command: command.name)
            }
            if word == "--" {
                endOfOptions = true
                continue
            }
            let (spec, spelling, attached) = try lookUp(word)
            guard let kind = spec.value else {
                if let attached { throw CommandLineError.flagWithValue(option: spelling, value: attached) }
                try result.record(spec, spelling: spelling, value: nil)
                continue
            }
            let text: String
            if let attached {
                text = attached
            } else if index < arguments.endIndex, !isOption(arguments[index]) {
                text = arguments[index]
                index += 1
            } else {
                throw CommandLineError.missingValue(option: spelling, expected: kind.phrase)
            }
            try result.record(spec, spelling: spelling, value: kind.parse(text, option: spelling), text: text)
        }
        return result
    }

    /// The option a word names, how the user spelled it, and any value attached to it.
    private func lookUp(_ word: String) throws -> (OptionSpec, spelling: String, attached: String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let spec = command.option(long: name) else {
                // An option of other commands (`paths --mask`): say where it belongs rather than
                // suggest a name that merely looks alike.
                let owners = IconMorphTool.commands.filter { $0.name != command.name && $0.option(long: name) != nil }
                if !owners.isEmpty {
                    let names = owners.map { "'\($0.name)'" }
                    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                    throw CommandLineError.invalidSetting(
                        option: "--" + name, reason: "is an option of \(list), not of '\(command.name)'; run 'iconmorph "
                            + "\(command.name) --help' for its options")
                }
                throw CommandLineError.unknownOption(
                    "--" + name, suggestion: closestMatch(to: name, in: command.options.map(\.long)).map { "--" + $0 },
                    command: command.name)
            }
            return (spec, "--" + name, attached)
        }
        let body = word.dropFirst()
        let longGuess = String(body.prefix { $0 != "=" })
        // `-progress` is a long option with one dash too few, not `-p` with `rogress` attached.
        if body.count > 1, command.option(long: longGuess) != nil {
            throw CommandLineError.unknownOption(
                String(word.prefix(longGuess.count + 1)), suggestion: "--" + longGuess, command: command.name)
        }
        guard let letter = body.first, let spec = command.option(short: letter) else {
            let suggestion = closestMatch(to: longGuess, in: command.options.map(\.long)).map { "--" + $0 }
            throw CommandLineError.unknownOption(word, suggestion: suggestion, command: command.name)
        }
        // `-o=out.png` means `out.png`: a file named `=out.png` is never what was meant.
        var rest = body.dropFirst()
        if rest.first == "=" { rest = rest.dropFirst() }
        return (spec, "-" + String(letter), body.count == 1 ? nil : String(rest))
    }

    /// Whether `word` reads as an option rather than as a value for the one before it.
    private func isOption(_ word: String) -> Bool {
        if word.hasPrefix("--") { return true }
        guard word.hasPrefix("-"), let letter = word.dropFirst().first else { return false }
        return command.option(short: letter) != nil
    }
}
