/// One option as both the parser and the help text see it.
struct OptionSpec: Sendable {
    /// The option's name: `.progress` for `--progress`.
    var key: OptionKey
    /// The one-letter name without the dash, if any: `o` for `-o`.
    var short: Character?
    /// The value's kind; `nil` for a flag, which takes no value.
    var value: ValueKind?
    /// The value's placeholder in help, without brackets: `p` shows as `<p>`.
    var valueName: String
    /// The help section the option is listed under.
    var section: String
    /// The texts only help shows, made when it asks: every command builds all its options'
    /// specs to parse its arguments, and making their sentences (joined pieces, numbers and
    /// colours spelled out) was a tenth of a one-frame render's whole process.
    private let helpText: @Sendable () -> String
    private let defaultTextMaker: @Sendable () -> String?

    init(
        _ key: OptionKey, short: Character? = nil, value: ValueKind? = nil, valueName: String = "",
        help: @autoclosure @escaping @Sendable () -> String, defaultText: @autoclosure @escaping @Sendable () -> String? = nil,
        section: String
    ) {
        self.key = key
        self.short = short
        self.value = value
        self.valueName = valueName
        helpText = help
        defaultTextMaker = defaultText
        self.section = section
    }

    /// What the option does, as sentences; wrapped by the help formatter.
    var help: String { helpText() }

    /// The default as shown in help, or `nil` when there is none to show.
    var defaultText: String? { defaultTextMaker() }

    /// The long name without dashes: `progress` for `--progress`.
    var long: String { key.rawValue }

    /// `--progress`.
    var longName: String { key.longName }

    /// How the option is shown in help: `-o, --output <path>`.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += longName
        if value != nil { text += " <\(valueName)>" }
        return text
    }

    /// The same option listed under another help section.
    func with(section: String) -> OptionSpec {
        var copy = self
        copy.section = section
        return copy
    }

    /// `-h, --help`, which every command has; the parser treats it before anything else.
    static let help = OptionSpec(.help, short: "h", help: "Show this help and exit.", section: "OPTIONS")
}
