import IconSymbols

/// The candidate the user most likely meant by `word`, or `nil` when none is close.
///
/// A candidate equal to `word` but for letter case wins; then a unique candidate that `word`
/// is a prefix of (`prog` → `progress`); otherwise the one
/// at the smallest edit distance (a swap of neighbouring letters counts as one edit:
/// `editDistance`), earlier candidates winning ties, if that distance is
/// small for the word's length: 1 for words under 4 characters, else 2 or a third of the length,
/// whichever is more (`alfa` → `alpha`, `treshold` → `threshold`, but `ab` is not `to`).
func closestMatch(to word: String, in candidates: [String]) -> String? {
    guard !word.isEmpty else { return nil }
    // Choices and options are lower case; `PNG` or `--Scale` means the lower-case one
    // however far apart the letters' codes are.
    if let folded = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return folded }
    let prefixed = candidates.filter { $0.hasPrefix(word) }
    if prefixed.count == 1 { return prefixed[0] }
    let limit = word.count < 4 ? 1 : max(2, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        if let distance = BuiltInSymbol.editDistance(word, candidate, atMost: limit), distance < (best?.distance ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.candidate
}

/// The Levenshtein distance, shared with the built-in symbols' suggestions.
func editDistance(_ a: String, _ b: String) -> Int { BuiltInSymbol.editDistance(a, b) }
