import _IconMorphSupport

/// Collects the SVG features a document uses that the importer leaves out, so that they are
/// reported together in one warning instead of one line per element.
struct UnsupportedFeatures {
    private(set) var names: [String] = []
    private var counts: [String: Int] = [:]

    var isEmpty: Bool { names.isEmpty }

    /// The most characters of a feature's name the warning quotes: an element named by the
    /// file (`<ggg…>` of a million letters) is shortened to its first and last
    /// `quotedEnds` characters.
    static let longestQuoted = 80
    static let quotedEnds = 30

    /// Records one use of `feature` (e.g. `"<text>"`, `"clip-path"`), a long name shortened.
    mutating func note(_ name: String) {
        let feature = MessageText.shortened(name, longest: Self.longestQuoted, ends: Self.quotedEnds)
        if counts[feature] == nil { names.append(feature) }
        counts[feature, default: 0] += 1
    }

    /// The single warning, in first-seen order with counts, or nil when nothing was left out:
    /// `"star.svg: left out unsupported SVG features: <text> (2×), clip-path (1×)"`.
    func warning(file: String) -> String? {
        guard !names.isEmpty else { return nil }
        let list = names.map { "\($0) (\(counts[$0]!)×)" }.joined(separator: ", ")
        return "\(file): left out unsupported SVG features: \(list)"
    }
}
