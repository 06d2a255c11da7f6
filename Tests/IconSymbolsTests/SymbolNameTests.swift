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
        #expect(BuiltInSymbol.editDistance("plya", "play") == 2)
    }
}
