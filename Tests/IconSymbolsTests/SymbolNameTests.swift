import Foundation
import Testing
@testable import IconSymbols

/// Names, aliases, lookup and suggestions.
struct SymbolNameTests {
    @Test func namesAreUniqueLowercaseAndDotted() {
        let names = BuiltInSymbol.allCases.map(\.name)
        #expect(names.count >= 24)
        #expect(Set(names).count == names.count)
        for name in names {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) } }, "\(name)")
        }
        #expect(BuiltInSymbol.names == names.sorted())
        for required in ["play", "pause", "stop", "record", "plus", "minus", "xmark", "checkmark", "heart", "star",
                         "bell", "magnifyingglass", "gear", "house", "person", "trash", "arrow.up"] {
            #expect(names.contains(required), "\(required)")
        }
    }

    @Test func aliasesAreFoldedAndNeverShadowANameOrRenameAFamily() {
        let names = Set(BuiltInSymbol.allCases.map(\.name))
        for alias in BuiltInSymbol.aliases.keys {
            #expect(!names.contains(alias), "\(alias)")
            #expect(BuiltInSymbol.fold(alias) == alias, "\(alias)")
        }
    }

    @Test(arguments: BuiltInSymbol.allCases)
    func everyNameLooksItselfUp(_ symbol: BuiltInSymbol) {
        #expect(BuiltInSymbol(named: symbol.name) == symbol)
        #expect(BuiltInSymbol(named: symbol.name.uppercased()) == symbol)
        #expect(BuiltInSymbol(named: symbol.name + ".fill") == symbol)
        #expect(BuiltInSymbol(named: symbol.name.replacingOccurrences(of: ".", with: "-")) == symbol)
    }

    @Test(arguments: [
        ("search", BuiltInSymbol.magnifyingglass), ("close", .xmark), ("x", .xmark), ("check", .checkmark),
        ("home", .house), ("user", .person), ("delete", .trash), ("settings", .gear), ("Arrow_Up", .arrowUp),
        ("up", .arrowUp), ("fast-forward", .forward), ("mail", .envelope), ("play.fill", .play),
        ("Magnifyingglass.Fill", .magnifyingglass),
    ])
    func aliasesAndFolding(_ name: String, _ symbol: BuiltInSymbol) {
        #expect(BuiltInSymbol(named: name) == symbol)
    }

    @Test(arguments: ["", "plya", "arrow", "arrow.", ".fill", "fill", "play.", "play..fill", "pla y", "▶︎", "play.png"])
    func unknownNamesAreNil(_ name: String) {
        #expect(BuiltInSymbol(named: name) == nil)
    }

    @Test(arguments: [
        ("plya", "play"), ("paus", "pause"), ("Pasue", "pause"), ("serach", "search"), ("chekmark", "checkmark"),
        ("magnifying", "magnifyingglass"), ("arrow.uo", "arrow.up"), ("arrow-rigth", "arrow.right"), ("hart", "heart"),
        ("gera", "gear"), ("setings", "settings"), ("trsh", "trash"), ("envelop", "envelope"),
    ])
    func suggestions(_ typo: String, _ expected: String) {
        #expect(BuiltInSymbol.suggestion(for: typo) == expected)
    }

    @Test(arguments: ["", "zzzz", "spaceship", "a", "arrow", "qq"])
    func noSuggestionForFarOrAmbiguousWords(_ word: String) {
        #expect(BuiltInSymbol.suggestion(for: word) == nil)
    }

    @Test func editDistance() {
        #expect(BuiltInSymbol.editDistance("kitten", "sitting") == 3)
        #expect(BuiltInSymbol.editDistance("", "abc") == 3)
        #expect(BuiltInSymbol.editDistance("play", "play") == 0)
        // A swap of two neighbouring letters is one edit.
        #expect(BuiltInSymbol.editDistance("plya", "play") == 1)
        #expect(BuiltInSymbol.editDistance("stpo", "stop") == 1)
        #expect(BuiltInSymbol.editDistance("ab", "ba") == 1)
    }

    @Test func editDistanceIsTheRecursiveDefinition() {
        // Optimal string alignment, straight from its recurrence, on every pair of short
        // words over a small alphabet.
        func reference(_ a: [Character], _ b: [Character]) -> Int {
            var memo: [[Int?]] = Array(repeating: Array(repeating: nil, count: b.count + 1), count: a.count + 1)
            func d(_ i: Int, _ j: Int) -> Int {
                if let known = memo[i][j] { return known }
                var best: Int
                if i == 0 || j == 0 {
                    best = max(i, j)
                } else {
                    best = min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { best = min(best, d(i - 2, j - 2) + 1) }
                }
                memo[i][j] = best
                return best
            }
            return d(a.count, b.count)
        }
        let words = ["", "a", "b", "ab", "ba", "abc", "acb", "cab", "bca", "abca", "baac", "ccab", "abcab"]
        for a in words {
            for b in words {
                #expect(BuiltInSymbol.editDistance(a, b) == reference(Array(a), Array(b)), "\(a) → \(b)")
            }
        }
    }

    @Test func aSwappedPairSuggestsTheSymbol() {
        #expect(BuiltInSymbol.suggestion(for: "stpo") == "stop")
        #expect(BuiltInSymbol.suggestion(for: "hreat") == "heart")
    }
}
