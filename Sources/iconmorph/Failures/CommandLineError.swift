import _IconMorphSupport

/// Everything that can be wrong with a command line, with the facts needed to say so.
///
/// This is the rich internal side; `CommandFailure` turns it (and every other error) into the
/// one line the user sees and exit status 64. Option names are given as the user spelled them
/// (`-o` or `--output`), values as typed, quoted by `quoted(_:)` so that the message stays one
/// line whatever the input holds.
enum CommandLineError: Error, Equatable, CustomStringConvertible {
    /// No subcommand was given.
    case missingCommand
    /// The first argument is not a known subcommand.
    case unknownCommand(String, suggestion: String?)
    /// An option the command does not have; `command` names the command for the help hint.
    case unknownOption(String, suggestion: String?, command: String?)
    /// An option of `render` given before any subcommand (`iconmorph --from a.png`).
    case optionBeforeCommand(String, command: String)
    /// An option that needs a value is last, or is followed by another option.
    case missingValue(option: String, expected: String)
    /// A value that does not parse or is out of range; `suggestion` is a close valid choice.
    case invalidValue(option: String, expected: String, got: String, suggestion: String? = nil)
    /// `--quiet=yes` and the like.
    case flagWithValue(option: String, value: String)
    /// The same option given twice.
    case repeatedOption(String)
    /// A word that is neither an option nor an expected argument.
    case unexpectedArgument(String, command: String?)
    /// A required option is absent.
    case missingOption(String, command: String)
    /// None of a set of alternatives was given.
    case missingAlternative(String, command: String)
    /// Two options that exclude each other were both given.
    case conflictingOptions(String, String)
    /// Two icon options both ask for standard input (`-`), which holds one icon.
    case bothStandardInput(String, String)
    /// Values that parse but do not work, alone or together (a box under one pixel).
    case invalidSetting(option: String, reason: String)

    var description: String {
        switch self {
        case .missingCommand:
            "missing command; run 'iconmorph --help' for usage"
        case .unknownCommand(let word, let suggestion):
            "unknown command \(quoted(word))"
                + (suggestion == nil ? "; run 'iconmorph --help' for the commands" : Self.didYouMean(suggestion))
        case .unknownOption(let option, let suggestion, let command):
            "unknown option \(quoted(option))"
                + (suggestion == nil ? Self.helpHint(command, for: "the options") : Self.didYouMean(suggestion))
        case .optionBeforeCommand(let option, let command):
            "\(quoted(option)) is an option of '\(command)'; run 'iconmorph \(command) \(option) …'"
        case .missingValue(let option, let expected):
            "\(option): missing value; expected \(expected)"
        case .invalidValue(let option, let expected, let got, let suggestion):
            "\(option): expected \(expected), got \(quoted(got))" + Self.didYouMean(suggestion)
        case .flagWithValue(let option, let value):
            "\(option): takes no value, got \(quoted(value))"
        case .repeatedOption(let option):
            "\(option): given more than once; give it once"
        case .unexpectedArgument(let word, let command):
            Self.typographicDashHint(word) ?? "unexpected argument \(quoted(word))" + Self.helpHint(command)
        case .missingOption(let option, let command):
            "missing \(option)" + Self.helpHint(command)
        case .missingAlternative(let alternatives, let command):
            "missing \(alternatives)" + Self.helpHint(command)
        case .conflictingOptions(let first, let second):
            "\(first) and \(second) cannot be used together; give one of them"
        case .bothStandardInput(let first, let second):
            "\(first) and \(second) cannot both be '-': standard input holds one icon; "
                + "give a file or a symbol name for one of them"
        case .invalidSetting(let option, let reason):
            "\(option): \(reason)"
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func helpHint(_ command: String?, for purpose: String = "usage") -> String {
        "; run 'iconmorph \(command.map { $0 + " " } ?? "")--help' for \(purpose)"
    }

    /// Words pasted from rich text often start with an en or em dash instead of `--`.
    private static func typographicDashHint(_ word: String) -> String? {
        let dashes: Set<Unicode.Scalar> = ["\u{2013}", "\u{2014}", "-"]
        guard let first = word.unicodeScalars.first, first == "\u{2013}" || first == "\u{2014}" else { return nil }
        let rest = String(String.UnicodeScalarView(word.unicodeScalars.drop { dashes.contains($0) }))
        return "unexpected argument \(quoted(word)), which starts with a typographic dash; "
            + "did you mean '--\(rest.prefix { $0 != "=" })'?"
    }
}

/// `value` in single quotes, with control characters escaped so that a message built from user
/// input is always one printable line; a value of more than `quotedLimit` characters keeps
/// its first and last `quotedLimit / 2`, an ellipsis between (a 50-million-letter icon name in
/// a timeline file was echoed whole).
func quoted(_ value: String) -> String {
    let shown = MessageText.shortened(value, longest: quotedLimit, ends: quotedLimit / 2)
    return "'" + MessageText.escaped(shown, uppercaseHex: false) + "'"
}

/// The most characters `quoted` shows of a value.
let quotedLimit = 400
