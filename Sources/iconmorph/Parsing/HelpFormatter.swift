/// Builds help text from a `CommandSpec`, so that help always lists exactly the options the
/// parser accepts, with the same value phrases and defaults.
enum HelpFormatter {
    /// Lines are wrapped to this many columns.
    static let width = 80
    /// Column where option descriptions start.
    static let descriptionColumn = 26

    /// The full help of one command.
    static func help(for command: CommandSpec) -> String {
        var lines = wrap("OVERVIEW: " + command.abstract, indent: 0, firstIndent: 0) + [""]
        lines += ["USAGE:"] + command.usage.map { "  iconmorph " + $0 }
        for section in command.sections {
            let options = command.options.filter { $0.section == section }
            guard !options.isEmpty else { continue }
            lines.append("")
            lines.append(section + ":")
            for option in options { lines += entry(option) }
        }
        for note in command.notes {
            lines.append("")
            lines.append(note.title + ":")
            // A line that fits is kept as written, so columns of spaces survive; an example
            // command too long for a line goes on with a shell continuation, so that pasting
            // its lines runs the whole command.
            for line in note.lines {
                if line.count + 2 <= width {
                    lines.append("  " + line)
                } else {
                    lines += note.title == "EXAMPLES" ? continued(line) : wrap(line, indent: 2, firstIndent: 2)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A shell command over several lines: words as they fit (an option kept with its
    /// value), each line but the last ending in ` \` (a continuation), the later ones
    /// indented two more columns.
    static func continued(_ command: String) -> [String] {
        var units: [Substring] = []
        let tokens = command.split(separator: " ")
        var k = 0
        while k < tokens.count {
            if tokens[k].hasPrefix("-"), tokens[k] != "-", k + 1 < tokens.count, !tokens[k + 1].hasPrefix("-"), tokens[k + 1] != "|" {
                units.append(tokens[k] + " " + tokens[k + 1])
                k += 2
            } else {
                units.append(tokens[k])
                k += 1
            }
        }
        var lines: [String] = [], words: [Substring] = [], indent = "  "
        func flush(last: Bool) {
            lines.append(indent + words.joined(separator: " ") + (last ? "" : " \\"))
            indent = "    "
            words = []
        }
        for word in units {
            // The line with this word, and room for the continuation.
            if !words.isEmpty, indent.count + (words + [word]).joined(separator: " ").count + 2 > width { flush(last: false) }
            words.append(word)
        }
        flush(last: true)
        return lines
    }

    /// The top-level help: the commands and the global options.
    static func toolHelp(commands: [CommandSpec], version: String) -> String {
        var lines = wrap(
            "OVERVIEW: iconmorph \(version) renders metaball morphs between two icons: each frame "
                + "blends the two shapes, blurs the blend and thresholds it back into one tinted shape.",
            indent: 0, firstIndent: 0)
        lines += [
            "",
            "USAGE: iconmorph <command> [options]",
            "",
            "COMMANDS:",
        ]
        for command in commands { lines += item(command.name, command.abstract) }
        lines += item("help [<command>]", "Show help for iconmorph or one of its commands.")
        lines += ["", "OPTIONS:"]
        lines += item("-h, --help", "Show this help and exit.")
        lines += item("--version", "Print the version (iconmorph \(version)) and exit.")
        lines += ["", "See 'iconmorph help <command>' for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entry(_ option: OptionSpec) -> [String] {
        var text = option.help
        if let kind = option.value, case .choice(let choices) = kind, !text.contains(choices[0]) {
            text += " One of: " + choices.joined(separator: ", ") + "."
        }
        if let defaultText = option.defaultText { text += " (default: \(defaultText))" }
        return item(option.synopsis, text)
    }

    /// `name` at column 2 and `text` wrapped at `descriptionColumn`, starting on the next line
    /// when `name` is too long to leave a gap.
    private static func item(_ name: String, _ text: String) -> [String] {
        let head = "  " + name
        var body = wrap(text, indent: descriptionColumn, firstIndent: descriptionColumn)
        if head.count + 2 <= descriptionColumn, !body.isEmpty {
            body[0] = head + String(repeating: " ", count: descriptionColumn - head.count)
                + body[0].drop { $0 == " " }
            return body
        }
        return [head] + body
    }

    /// Greedy word wrap to `width` columns; a word longer than the line stands alone.
    static func wrap(_ text: String, indent: Int, firstIndent: Int, width: Int = HelpFormatter.width) -> [String] {
        var lines: [String] = []
        var line = String(repeating: " ", count: firstIndent)
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        if lineHasWord { lines.append(line) }
        return lines
    }
}
