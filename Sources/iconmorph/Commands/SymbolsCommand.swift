import IconSymbols

/// `iconmorph symbols`: lists the built-in symbols' names, one per line, for scripts and for
/// people choosing an icon.
enum SymbolsCommand {
    static let spec = CommandSpec(
        name: "symbols",
        abstract: "List the built-in symbols that --from and --to accept by name.",
        usage: ["symbols"],
        sections: ["OPTIONS"],
        options: [.help],
        notes: [
            ("OUTPUT", [
                "Every symbol's name, one per line, sorted. The symbols are drawn for iconmorph on a "
                    + "24-unit grid with a 3-unit margin, filled and of similar weight, so any two "
                    + "morph evenly.",
            ]),
            ("NAMES", [
                "Letter case does not matter, - or _ may stand for the dot, and a .fill suffix is "
                    + "ignored. Aliases, by symbol: " + aliasList + ".",
            ]),
            ("EXAMPLES", [
                "iconmorph symbols",
                "iconmorph render --from arrow.up --to arrow.down --frames 30",
            ]),
        ]
    )

    /// Each symbol that has aliases with its aliases, `name: alias, alias`, for the help text.
    static var aliasList: String {
        BuiltInSymbol.allCases.sorted { $0.name < $1.name }.compactMap { symbol in
            let aliases = BuiltInSymbol.aliases.filter { $0.value == symbol }.map(\.key).sorted()
            return aliases.isEmpty ? nil : symbol.name + ": " + aliases.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    static var help: String { HelpFormatter.help(for: spec) }

    /// Checks the command line (only `--help` is accepted); `false` when help was asked for.
    ///
    /// - Throws: `CommandLineError` for any other word.
    static func parse(_ arguments: [String]) throws -> Bool {
        try !ArgumentParser(command: spec).parse(arguments).helpRequested
    }

    /// The names, one per line, with a final newline.
    static var listing: String { BuiltInSymbol.names.joined(separator: "\n") + "\n" }
}
