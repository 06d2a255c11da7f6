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
    /// array of tuples, alias lists, exit-code tables) would add to every run's start-up.
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

    /// The option called `--name` (as typed), if any.
    func option(long name: String) -> OptionSpec? { options.first { $0.long == name } }

    /// The option called `-c`, if any.
    func option(short character: Character) -> OptionSpec? { options.first { $0.short == character } }
}
