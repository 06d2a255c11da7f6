/// Names of the Swift types the code exports declare.
enum SwiftTypeName {
    /// `PlayToPause` for play → pause: each icon's name (a file's name without folder and
    /// extension) in upper camel case, letters and digits only, joined by `To`.
    static func base(source: String, target: String) -> String {
        let pair = camelCase(stem(source)) + "To" + camelCase(stem(target))
        return pair.first?.isNumber == true ? "Icon" + pair : pair
    }

    /// Whether `name` can name a Swift type: ASCII letters, digits and `_`, not starting with a
    /// digit, not a keyword that would need backticks.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty else { return false }
        let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }
        return allowed && !("0"..."9").contains(first) && !keywords.contains(name)
    }

    private static let keywords: Set<String> = [
        "Any", "Self", "Type", "Protocol", "as", "class", "enum", "extension", "func", "import", "init", "let",
        "protocol", "struct", "var", "self", "super", "true", "false", "nil", "is", "in", "for", "while", "if",
    ]

    /// The last path component without its extension.
    private static func stem(_ name: String) -> String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex,
              ["svg", "png"].contains(file[file.index(after: dot)...].lowercased())
        else { return file }
        return String(file[..<dot])
    }

    /// Words split at anything that is not an ASCII letter or digit, each capitalised.
    private static func camelCase(_ text: String) -> String {
        var result = "", startOfWord = true
        for scalar in text.unicodeScalars {
            let isWordCharacter = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            guard isWordCharacter else {
                startOfWord = true
                continue
            }
            result += startOfWord ? String(scalar).uppercased() : String(scalar)
            startOfWord = false
        }
        return result.isEmpty ? "Icon" : result
    }
}
