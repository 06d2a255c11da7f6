import MorphKernel

/// The options found on a command line, converted; read back by `OptionKey`.
///
/// Each reader returns the value only when it has that reader's type, which the option's
/// `ValueKind` decides: `number` for `.number`, `integer` for `.integer`, `choice` for
/// `.choice` (and `auto` of `.automaticOrNumber`), `text` for paths and icons, `size` for
/// `.boxSize`, `color` for `.color`.
struct ParsedArguments: Equatable {
    /// `-h` or `--help` was given; nothing else was parsed.
    var helpRequested = false
    private(set) var values: [OptionKey: OptionValue] = [:]
    private(set) var flags: Set<OptionKey> = []
    /// How each option given was spelled, for messages about combinations.
    private(set) var spellings = OptionSpellings()
    /// The options given, in command-line order, with their values as typed (`nil` for a
    /// flag): the command line again, for `--print-ffmpeg`.
    private(set) var given: [GivenOption] = []

    /// Whether the option was given.
    func has(_ key: OptionKey) -> Bool { spellings.has(key) }

    /// The option as the user spelled it, or `--long` when it was not given.
    func spelling(of key: OptionKey) -> String { spellings.spelling(of: key) }

    func text(_ key: OptionKey) -> String? {
        if case .text(let value)? = values[key] { value } else { nil }
    }

    func number(_ key: OptionKey) -> Double? {
        if case .number(let value)? = values[key] { value } else { nil }
    }

    func integer(_ key: OptionKey) -> Int? {
        if case .integer(let value)? = values[key] { value } else { nil }
    }

    func choice(_ key: OptionKey) -> String? {
        if case .choice(let value)? = values[key] { value } else { nil }
    }

    func size(_ key: OptionKey) -> (width: Double, height: Double)? {
        if case .size(let width, let height)? = values[key] { (width, height) } else { nil }
    }

    func color(_ key: OptionKey) -> TintColor? {
        if case .color(let value)? = values[key] { value } else { nil }
    }

    func flag(_ key: OptionKey) -> Bool { flags.contains(key) }

    /// Records one option found by the parser.
    ///
    /// - Throws: `CommandLineError.repeatedOption` when it was given before.
    mutating func record(_ spec: OptionSpec, spelling: String, value: OptionValue?, text: String? = nil) throws {
        guard !spellings.has(spec.key) else { throw CommandLineError.repeatedOption(spec.longName) }
        spellings.record(spec.key, spelling: spelling)
        given.append(GivenOption(key: spec.key, text: text))
        if let value { values[spec.key] = value } else { flags.insert(spec.key) }
    }
}

/// How the options given were spelled (`-o` or `--output`), kept by option groups whose
/// checks run after parsing, so that a message names an option as the user wrote it.
struct OptionSpellings: Equatable, Sendable {
    private var spellings: [OptionKey: String] = [:]

    /// Whether the option was given.
    func has(_ key: OptionKey) -> Bool { spellings[key] != nil }

    /// The option as the user spelled it, or `--long` when it was not given.
    func spelling(of key: OptionKey) -> String { spellings[key] ?? key.longName }

    fileprivate mutating func record(_ key: OptionKey, spelling: String) { spellings[key] = spelling }
}

/// One option as given on the command line: its key and its value as typed.
struct GivenOption: Equatable, Sendable {
    var key: OptionKey
    /// `nil` for a flag.
    var text: String?
}
