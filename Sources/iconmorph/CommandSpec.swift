/// One option as both the parser and the help text see it.
struct OptionSpec: Sendable {
    /// The long name without dashes: `progress` for `--progress`.
    var long: String
    /// The one-letter name without the dash, if any: `o` for `-o`.
    var short: Character?
    /// The value's kind; `nil` for a flag, which takes no value.
    var value: ValueKind?
    /// The value's placeholder in help, without brackets: `p` shows as `<p>`.
    var valueName: String = ""
    /// What the option does, as sentences; wrapped by the help formatter.
    var help: String
    /// The default as shown in help, or `nil` when there is none to show.
    var defaultText: String?
    /// The help section the option is listed under.
    var section: String

    /// `--progress`.
    var longName: String { "--" + long }

    /// How the option is shown in help: `-o, --output <path>`.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += longName
        if value != nil { text += " <\(valueName)>" }
        return text
    }

    /// `-h, --help`, which every command has; the parser treats it before anything else.
    static let help = OptionSpec(long: "help", short: "h", help: "Show this help and exit.", section: "OPTIONS")
}

/// A subcommand's declaration: its options and the prose around them in its help.
struct CommandSpec: Sendable {
    /// The word that selects it: `render`.
    var name: String
    /// One sentence for the command list and the help's first line.
    var abstract: String
    /// Usage lines after `iconmorph `.
    var usage: [String]
    /// Option section titles in the order help shows them.
    var sections: [String]
    /// Every option, `OptionSpec.help` included.
    var options: [OptionSpec]
    /// Titled paragraphs after the options (output files, exit status, examples); each line is
    /// wrapped on its own.
    var notes: [(title: String, lines: [String])] { makeNotes() }

    /// Builds `notes` when help is shown: the parser never needs them, and building them (an
    /// array of tuples, alias lists, exit-code tables) cost each run about 70 µs of start-up.
    private let makeNotes: @Sendable () -> [(title: String, lines: [String])]

    init(
        name: String, abstract: String, usage: [String], sections: [String], options: [OptionSpec],
        notes: @autoclosure @escaping @Sendable () -> [(title: String, lines: [String])]
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.sections = sections
        self.options = options
        makeNotes = notes
    }

    /// The option called `--name`, if any.
    func option(long name: String) -> OptionSpec? { options.first { $0.long == name } }

    /// The option called `-c`, if any.
    func option(short character: Character) -> OptionSpec? { options.first { $0.short == character } }
}
