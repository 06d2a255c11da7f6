/// The candidate the user most likely meant by `word`, or `nil` when none is close.
///
/// A unique candidate that `word` is a prefix of wins (`prog` → `progress`); otherwise the one
/// at the smallest Levenshtein distance, earlier candidates winning ties, if that distance is
/// small for the word's length: 1 for words under 4 characters, else 2 or a third of the length,
/// whichever is more (`alfa` → `alpha`, `treshold` → `threshold`, but `ab` is not `to`).
func closestMatch(to word: String, in candidates: [String]) -> String? {
    guard !word.isEmpty else { return nil }
    let prefixed = candidates.filter { $0.hasPrefix(word) }
    if prefixed.count == 1 { return prefixed[0] }
    let limit = word.count < 4 ? 1 : max(2, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(word, candidate)
        if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.candidate
}

/// The Levenshtein distance between `a` and `b`: the fewest single-character insertions,
/// deletions and substitutions that turn one into the other.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
