import MorphKernel

/// The options found on a command line, converted; read back by `OptionKey`.
///
/// Each reader returns the value only when it has that reader's type, which the option's
/// `ValueKind` decides: `number` for `.number`, `integer` for `.integer`, `choice` for
/// `.choice` (and `auto` of `.automaticOrNumber`), `text` for paths and icons, `size` for
/// `.boxSize`, `color` for `.color`.
///
/// A command line holds a handful of options, so they are kept in arrays and found by a
/// linear search: a dictionary or set keyed by `OptionKey` made the runtime look up
/// `OptionKey: Hashable` on first use, a search of every conformance in the program that
/// cost each command tens of microseconds of start-up.
struct ParsedArguments: Equatable {
    /// `-h` or `--help` was given; nothing else was parsed.
    var helpRequested = false
    /// How each option given was spelled, for messages about combinations.
    private(set) var spellings = OptionSpellings()
    /// The options given, in command-line order, with their values as typed (`nil` for a
    /// flag; the command line again, for `--print-ffmpeg`) and as converted.
    private(set) var given: [GivenOption] = []

    /// Whether the option was given.
    func has(_ key: OptionKey) -> Bool { spellings.has(key) }

    /// The option as the user spelled it, or `--long` when it was not given.
    func spelling(of key: OptionKey) -> String { spellings.spelling(of: key) }

    func text(_ key: OptionKey) -> String? {
        if case .text(let value)? = value(key) { value } else { nil }
    }

    func number(_ key: OptionKey) -> Double? {
        if case .number(let value)? = value(key) { value } else { nil }
    }

    func integer(_ key: OptionKey) -> Int? {
        if case .integer(let value)? = value(key) { value } else { nil }
    }

    func choice(_ key: OptionKey) -> String? {
        if case .choice(let value)? = value(key) { value } else { nil }
    }

    func size(_ key: OptionKey) -> (width: Double, height: Double)? {
        if case .size(let width, let height)? = value(key) { (width, height) } else { nil }
    }

    func color(_ key: OptionKey) -> TintColor? {
        if case .color(let value)? = value(key) { value } else { nil }
    }

    /// Whether the flag was given (false for an option that takes a value).
    func flag(_ key: OptionKey) -> Bool { spellings.has(key) && value(key) == nil }

    /// The value given for `key`, if any.
    private func value(_ key: OptionKey) -> OptionValue? {
        given.first { $0.key == key }?.value
    }

    /// Records one option found by the parser.
    ///
    /// - Throws: `CommandLineError.repeatedOption` when it was given before.
    mutating func record(_ spec: OptionSpec, spelling: String, value: OptionValue?, text: String? = nil) throws {
        guard !spellings.has(spec.key) else { throw CommandLineError.repeatedOption(spec.longName) }
        spellings.record(spec.key, spelling: spelling)
        given.append(GivenOption(key: spec.key, text: text, value: value))
    }
}

/// How the options given were spelled (`-o` or `--output`), kept by option groups whose
/// checks run after parsing, so that a message names an option as the user wrote it.
struct OptionSpellings: Equatable, Sendable {
    /// Each option given and its spelling, in command-line order.
    private var spellings: [Spelling] = []

    private struct Spelling: Equatable, Sendable {
        var key: OptionKey
        var text: String
    }

    /// Whether the option was given.
    func has(_ key: OptionKey) -> Bool { spellings.contains { $0.key == key } }

    /// The option as the user spelled it, or `--long` when it was not given.
    func spelling(of key: OptionKey) -> String { spellings.first { $0.key == key }?.text ?? key.longName }

    /// Records how `key` was spelled; the parser refuses an option given twice before this.
    fileprivate mutating func record(_ key: OptionKey, spelling: String) {
        spellings.append(Spelling(key: key, text: spelling))
    }
}

/// One option as given on the command line: its key, its value as typed and as converted.
struct GivenOption: Equatable, Sendable {
    var key: OptionKey
    /// `nil` for a flag.
    var text: String?
    /// `nil` for a flag (and for an option written only to be printed).
    var value: OptionValue? = nil
}
