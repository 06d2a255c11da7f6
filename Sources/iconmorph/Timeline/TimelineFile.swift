import IconSymbols

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text format of `iconmorph animate --timeline FILE`: one statement a line.
///
/// ```
/// # play → pause, interrupted by stop, then back to play
/// start play
/// transition 0.5                  # the full-transition time of events that give none
/// at 0    to pause
/// at 0.15 to stop transition 0.3  # this event's own transition time
/// at 0.8  to play
/// at 1.6  morph heart star        # a fresh morph between two icons
/// at 2.4  show play pause 0.25    # exactly p = 0.25 of play → pause, no animation
/// until 3
/// ```
///
/// Words are separated by spaces or tabs; a word may be put in double quotes to hold spaces
/// (`"my icon.png"`, no escapes); `#` at the start of a word begins a comment to the end of
/// the line. `start`, `transition` and `until` may each be given once, anywhere; `at` lines
/// are events, in time order. Times and transitions are decimal seconds. An icon is a PNG or
/// SVG file, a built-in symbol or `-` (standard input), as on the command line; a relative
/// file name is taken from the timeline file's folder. Errors name the file and the line.
enum TimelineFile {
    /// The words that start a line.
    static let keywords = ["start", "transition", "until", "at"]
    /// The words that follow an event's time.
    static let verbs = ["to", "morph", "show"]

    /// The lines of help that describe the format, for `animate`'s notes.
    static let helpLines = [
        "One statement a line; # at the start of a word starts a comment; words may be quoted with \"…\":",
        "  start <icon>                  the icon at rest at time 0 (default play)",
        "  transition <s>                full-transition time of events that give none",
        "  until <s>                     the end time (a given --until wins)",
        "  at <t> to <icon> [transition <s>]     animate to the icon (as --at t icon)",
        "  at <t> morph <a> <b> [transition <s>] a fresh morph from a to b",
        "  at <t> show <a> <b> <p>               show exactly progress p of a → b",
        "Events are in time order; a relative icon file is found beside the timeline file.",
    ]

    /// The most bytes a timeline file may hold: 16 MiB, some 800,000 lines such as
    /// 'at 0.5 to pause'.
    static let byteLimit = 16 << 20

    /// The timeline in the file at `path` (`-`: standard input).
    ///
    /// - Throws: `IconInputError.unreadable` when it cannot be read;
    ///   `CommandLineError.invalidSetting` for more than `byteLimit` bytes or UTF-16 text;
    ///   what `parse` throws.
    static func read(_ path: String) throws -> Timeline {
        let bytes: [UInt8]
        let name = path == "-" ? IconInput.standardInputName : path
        do {
            bytes = path == "-"
                ? try IconInput.readAll(descriptor: STDIN_FILENO, name: name, limit: Self.byteLimit)
                : try IconInput.readAll(path: path, limit: Self.byteLimit)
        } catch IconInputError.tooLarge(let name, let limit) {
            // (Read as an icon's, /dev/zero took 256 MB to be called too much for an icon.)
            throw CommandLineError.invalidSetting(option: name, reason: "more than \(limit) bytes, too much for a timeline file")
        }
        // UTF-16 (a byte order mark, or a zero byte beside the first character, whatever it
        // is) would read as an unknown keyword of replacement characters.
        if IconInputError.isUTF16(bytes, startingWith: { _ in true }) {
            throw CommandLineError.invalidSetting(option: name, reason: "UTF-16 text; a timeline file is read as UTF-8: save it as UTF-8")
        }
        // Bytes that are no UTF-8 text (an image given by mistake) would read as an unknown
        // keyword of replacement characters.
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            let what = IconInput.kind(of: bytes.prefix(512)) == .png ? "a PNG image" : "not UTF-8 text"
            throw CommandLineError.invalidSetting(
                option: name, reason: "\(what); a timeline file is UTF-8 text of lines such as 'at 0 to pause'")
        }
        return try parse(text, name: name, folder: path == "-" ? "." : parentFolder(of: path))
    }

    /// Parses the timeline file `name` whose text is `text`; relative icon files are looked
    /// up in `folder` (the file's folder).
    ///
    /// - Throws: `CommandLineError.invalidSetting` or `.invalidValue` whose option is
    ///   `name:line`, for an unknown keyword, a missing or extra word, a bad number, a
    ///   statement given twice, or events out of time order.
    static func parse(_ text: String, name: String, folder: String) throws -> Timeline {
        // A byte order mark (as some Windows editors start UTF-8 files with) is no text.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var timeline = Timeline(start: Timeline.Icon(name: Timeline.defaultStart, origin: name))
        /// The line each of start, transition and until was given on.
        var given: [String: Int] = [:]
        // Lines end in LF, CR LF or a lone CR (as old Mac editors save).
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        for (index, line) in lines.enumerated() {
            let origin = "\(name):\(index + 1)"
            var words = try Self.words(of: line, origin: origin)[...]
            guard let keyword = words.popFirst() else { continue }
            func icon(_ word: String) -> Timeline.Icon {
                Timeline.Icon(name: word, path: iconPath(word, folder: folder), origin: origin)
            }
            func once() throws {
                if let earlier = given[keyword] {
                    throw CommandLineError.invalidSetting(
                        option: origin, reason: "'\(keyword)' was already given on line \(earlier); give it once")
                }
                given[keyword] = index + 1
            }
            switch keyword {
            case "start":
                try once()
                timeline.start = icon(try take(&words, "an icon", after: keyword, origin: origin))
            case "transition":
                try once()
                timeline.transition = try Timeline.seconds(try take(&words, "seconds", after: keyword, origin: origin), option: origin)
                timeline.transitionOrigin = origin
            case "until":
                try once()
                timeline.until = try Timeline.seconds(try take(&words, "seconds", after: keyword, origin: origin), option: origin)
                timeline.untilOrigin = origin
            case "at":
                let time = try Timeline.seconds(try take(&words, "a time in seconds", after: keyword, origin: origin), option: origin)
                let verb = try take(&words, "to, morph or show", after: "at \(formatNumber(time))", origin: origin)
                let action: Timeline.Action
                switch verb {
                case "to":
                    action = .to(icon(try take(&words, "an icon", after: verb, origin: origin)))
                case "morph":
                    let source = try take(&words, "two icons", after: verb, origin: origin)
                    action = .morph(icon(source), icon(try take(&words, "a second icon", after: verb, origin: origin)))
                case "show":
                    let source = try take(&words, "two icons and a progress", after: verb, origin: origin)
                    let target = try take(&words, "a second icon and a progress", after: verb, origin: origin)
                    let text = try take(&words, "a progress from 0 to 1", after: verb, origin: origin)
                    guard let progress = parseDecimal(text), NumberRange.closed(0, 1).contains(progress) else {
                        throw CommandLineError.invalidValue(option: origin, expected: "a progress from 0 to 1", got: text)
                    }
                    action = .show(icon(source), icon(target), progress: progress)
                default:
                    // `at 1 stop` is an icon without its verb; `at 1 moprh` a verb misspelled.
                    // The icon form is suggested only for a word that names one.
                    let misspelled = BuiltInSymbol(named: verb) == nil ? closestMatch(to: verb, in: verbs) : nil
                    let lower = verb.lowercased()
                    let namesIcon = BuiltInSymbol(named: verb) != nil || verb.contains("/") || lower.hasSuffix(".svg")
                        || lower.hasSuffix(".png") || exists(iconPath(verb, folder: folder))
                    let hint = misspelled.map { "; did you mean '\($0)'?" }
                        ?? (namesIcon ? "; did you mean 'at \(formatNumber(time)) to \(verb)'?" : "")
                    throw CommandLineError.invalidSetting(
                        option: origin, reason: "expected to, morph or show after the time, got \(quoted(verb))" + hint)
                }
                var transition: Double?
                if let word = words.first, word == "transition", verb != "show" {
                    words.removeFirst()
                    transition = try Timeline.seconds(try take(&words, "seconds", after: word, origin: origin), option: origin)
                }
                timeline.events.append(Timeline.Event(time: time, action: action, transition: transition, origin: origin))
            default:
                throw CommandLineError.invalidSetting(
                    option: origin,
                    reason: "unknown keyword \(quoted(keyword)); expected start, transition, until or at"
                        + (closestMatch(to: keyword, in: keywords).map { "; did you mean '\($0)'?" } ?? ""))
            }
            if let extra = words.first {
                throw CommandLineError.invalidSetting(
                    option: origin, reason: "unexpected \(quoted(extra)) after '\(keyword)' and its values")
            }
        }
        try timeline.validate()
        return timeline
    }

    /// The next word, or an error saying what was expected after `previous`.
    private static func take(
        _ words: inout ArraySlice<String>, _ expected: String, after previous: String, origin: String
    ) throws -> String {
        guard let word = words.popFirst() else {
            throw CommandLineError.invalidSetting(option: origin, reason: "expected \(expected) after '\(previous)'")
        }
        return word
    }

    /// The words of one line: split at spaces and tabs (a lone carriage return counts as a
    /// space; lines may end in CR LF), `"…"` kept whole, and nothing from a word that starts
    /// with `#` on.
    ///
    /// - Throws: `CommandLineError.invalidSetting` for a quote that is not closed, or one
    ///   that does not stand alone (`a"b"`).
    static func words(of line: Substring, origin: String) throws -> [String] {
        var words: [String] = []
        var rest = line[...]
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        while true {
            rest = rest.drop(while: isSpace)
            guard let first = rest.first, first != "#" else { return words }
            if first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else {
                    throw CommandLineError.invalidSetting(option: origin, reason: "a quote (\") is not closed")
                }
                words.append(String(body[..<close]))
                rest = body[body.index(after: close)...]
                if let next = rest.first, !isSpace(next) {
                    throw CommandLineError.invalidSetting(option: origin, reason: "expected a space after a quoted word")
                }
            } else {
                let word = rest.prefix { !isSpace($0) }
                if word.contains("\"") {
                    throw CommandLineError.invalidSetting(
                        option: origin, reason: "a quote (\") inside \(quoted(String(word))); quote the whole word")
                }
                words.append(String(word))
                rest = rest.dropFirst(word.count)
            }
        }
    }

    /// What an icon word in a file in `folder` loads: `-` and absolute paths as they are; a
    /// file beside the timeline when one exists (a file wins over a symbol, as on the command
    /// line); else the word itself when it is a built-in symbol, or names nothing and does not
    /// look like a path (so that `IconInput.resolve` suggests a symbol); else the path beside
    /// the timeline,
    /// whose loading reports what is wrong with it.
    static func iconPath(_ word: String, folder: String) -> String {
        if word == "-" || word.hasPrefix("/") || folder == "." { return word }
        let beside = join(folder, word)
        if exists(beside), !isDirectory(beside) { return beside }
        let lower = word.lowercased()
        let looksLikePath = word.contains("/") || lower.hasSuffix(".png") || lower.hasSuffix(".svg")
        if BuiltInSymbol(named: word) != nil || (!looksLikePath && !exists(word)) { return word }
        return beside
    }
}
