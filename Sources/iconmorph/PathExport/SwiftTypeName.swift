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

    /// Swift's reserved words, which a type may not be named without backticks.
    private static let keywords: Set<String> = [
        "Any", "Self", "Type", "Protocol", "_", "as", "associatedtype", "await", "break", "case", "catch", "class", "continue",
        "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for",
        "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super",
        "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// The types and functions the code of `format` names besides its own (a type of the same
    /// name would hide them, and the code would not compile): nil when `name` names none, else
    /// a reason.
    static func clash(_ name: String, format: PathExportFormat) -> String? {
        let used: Set<String> = switch format {
        case .swiftui: ["Shape", "Path", "VectorArithmetic", "Points", "CGRect", "CGPoint", "CGSize", "CGFloat", "Double", "Int", "max"]
        case .uikit: ["UIBezierPath", "CGRect", "CGPoint", "CGSize", "CGFloat", "Double"]
        case .svg, .svgAnimate, .json: []
        }
        return used.contains(name) ? "'\(name)' names a type or function the --format \(format.rawValue) code uses; give another name" : nil
    }

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
