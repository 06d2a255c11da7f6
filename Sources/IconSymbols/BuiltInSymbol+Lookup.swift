extension BuiltInSymbol {
    /// Other words people use for a symbol, each mapped to it: `search` → `magnifyingglass`,
    /// `close` → `xmark`, `home` → `house`. Lowercase; none is also a symbol's name.
    public static let aliases: [String: BuiltInSymbol] = [
        "rewind": .backward, "fastforward": .forward, "fast.forward": .forward,
        "square": .stop, "circle": .record, "dot": .record,
        "add": .plus, "subtract": .minus,
        "x": .xmark, "close": .xmark, "cross": .xmark, "multiply": .xmark,
        "check": .checkmark, "tick": .checkmark, "done": .checkmark,
        "more": .ellipsis, "dots": .ellipsis,
        "up": .arrowUp, "down": .arrowDown, "left": .arrowLeft, "right": .arrowRight,
        "love": .heart, "like": .heart,
        "favorite": .star, "favourite": .star,
        "lightning": .bolt, "flash": .bolt,
        "notification": .bell, "notifications": .bell, "alert": .bell,
        "search": .magnifyingglass, "find": .magnifyingglass, "magnifier": .magnifyingglass,
        "settings": .gear, "cog": .gear,
        "home": .house,
        "user": .person, "account": .person, "profile": .person,
        "delete": .trash, "bin": .trash,
        "padlock": .lock,
        "mail": .envelope, "email": .envelope,
        "volume": .speaker, "sound": .speaker, "audio": .speaker,
    ]

    /// The symbol called `name`, or `nil` when there is none.
    ///
    /// Matches a symbol's name or an alias after folding: letters are lowercased, `-`, `_`
    /// and spaces become `.`, and a trailing `.fill` is dropped (every symbol is filled), so
    /// `Arrow-Up`, `arrow_up.fill` and `up` all give `.arrowUp`.
    public init?(named name: String) {
        let key = Self.fold(name)
        if let symbol = BuiltInSymbol(rawValue: key) ?? Self.aliases[key] {
            self = symbol
        } else {
            return nil
        }
    }

    /// The name or alias the user most likely meant by `name`, or `nil` when none is close;
    /// for names `init(named:)` does not know.
    ///
    /// A unique name or alias that the folded `name` starts (`mag` → `magnifyingglass`)
    /// wins; otherwise the one at the smallest edit distance (`editDistance`; names before
    /// aliases, then alphabetical, on ties), if that distance is at most 1 for words under 4
    /// characters and at most max(2, length / 3) for longer ones, and always less than the
    /// length, so that one letter is never "corrected" into another (`plya` → `play`,
    /// `serach` → `search`, but `a` gives `nil`).
    public static func suggestion(for name: String) -> String? {
        let key = fold(name)
        guard !key.isEmpty else { return nil }
        let candidates = allCases.map(\.name).sorted() + aliases.keys.sorted()
        let prefixed = candidates.filter { $0.hasPrefix(key) }
        if prefixed.count == 1 { return prefixed[0] }
        let limit = min(key.count - 1, key.count < 4 ? 1 : max(2, key.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            if let distance = editDistance(key, candidate, atMost: limit), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `name` lowercased, with `-`, `_` and spaces made `.`, and without a trailing `.fill`.
    static func fold(_ name: String) -> String {
        var key = String(name.lowercased().map { $0 == "-" || $0 == "_" || $0 == " " ? "." : $0 })
        if key.hasSuffix(".fill") { key.removeLast(5) }
        return key
    }

    /// `editDistance(a, b)` when it is at most `limit`, else nil; strings whose lengths alone
    /// differ by more are not measured (a name of millions of letters took minutes).
    package static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        let distance = editDistance(a, b)
        return distance <= limit ? distance : nil
    }

    /// The edit distance with transpositions (optimal string alignment): the fewest
    /// single-character insertions, deletions, substitutions and swaps of two neighbouring
    /// characters that turn `a` into `b`, so that a typo like `stpo` is one edit from `stop`.
    /// Symbol suggestions use it, and so does the `iconmorph` tool for its option names.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows of the table: two back, one back, and the one being filled.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
