import IconMorph

/// The command line: a few options, validated before any window opens.
struct LiveViewOptions {
    /// Seconds of a full morph, 0 → 1.
    var transition = 0.5
    /// The icon shown at start, and the one a click morphs it to.
    var from = BuiltInSymbol.play
    var to = BuiltInSymbol.pause
    /// Pixels per point: the window is round(44 × scale) pixels square.
    var scale = 3.0
    /// Whether to write a line per presented frame and per event to standard output.
    var log = false

    static let largestScale = 20.0
    static let longestTransition = 600.0

    static let help = """
        live-view: a live window that morphs between icons with iconmorph's MorphAnimator.

        usage: live-view [--transition s] [--from icon] [--to icon] [--scale k] [--log]

        options:
          --transition s  seconds of a full morph (default 0.5; 0 … \(Int(longestTransition)))
          --from icon     the icon shown at start (default play)
          --to icon       the icon the first click morphs to (default pause)
          --scale k       pixels per point: the window is round(44 × k) px square (default 3;
                          up to \(Int(largestScale)))
          --log           one line per presented frame and per event on standard output
                          (key=value words, written at once), for tests
          -h, --help      show this text

        in the window:
          click           morph to the other icon of the pair; during a morph, reverse it
          1 … 9           morph to \(IconState.keySymbols.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", "));
                          during a morph, go on from the current frame to that icon
          Esc, q          quit

        Icons are the built-in symbols of iconmorph ('iconmorph symbols' lists them).
        """

    /// The options in `arguments`, or nil when help was asked for.
    ///
    /// - Throws: `LiveViewError.usage` naming the option and what is wrong.
    static func parse(_ arguments: [String]) throws -> LiveViewOptions? {
        var options = LiveViewOptions()
        var rest = arguments[...]
        while let word = rest.popFirst() {
            var name = word, inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw LiveViewError.usage("\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help":
                return nil
            case "--log":
                guard inlineValue == nil else { throw LiveViewError.usage("--log takes no value") }
                options.log = true
            case "--transition":
                options.transition = try number(value(), option: name, in: 0...longestTransition)
            case "--scale":
                options.scale = try number(value(), option: name, in: 0...largestScale)
                guard options.scale > 0 else { throw LiveViewError.usage("--scale must be greater than 0") }
            case "--from":
                options.from = try symbol(value(), option: name)
            case "--to":
                options.to = try symbol(value(), option: name)
            default:
                throw LiveViewError.usage("unknown option '\(word)'")
            }
        }
        guard options.from != options.to else {
            throw LiveViewError.usage("--from and --to must be different icons, both are '\(options.from.name)'")
        }
        return options
    }

    private static func number(_ text: String, option: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw LiveViewError.usage("\(option) needs a number, got '\(text)'")
        }
        guard range.contains(value) else {
            throw LiveViewError.usage("\(option) must be from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return value
    }

    private static func symbol(_ text: String, option: String) throws -> BuiltInSymbol {
        if let symbol = BuiltInSymbol(named: text) { return symbol }
        let hint = BuiltInSymbol.suggestion(for: text).map { "; did you mean '\($0)'?" } ?? ""
        throw LiveViewError.usage("\(option): no built-in symbol named '\(text)'\(hint)")
    }
}
