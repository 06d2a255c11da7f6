/// A printf-style name for numbered frames, such as `out/frame_%04d.png`.
///
/// Only the forms people use for frame files are accepted: exactly one `%d` (no padding) or
/// `%0Nd` (zero-padded to at least N digits, N from 1 to 9), plus `%%` for a literal percent
/// sign, all in the file name rather than the folder part. Numbers start at 0. A number wider
/// than N digits is written in full, as printf does, so names never collide.
struct FramePattern: Equatable, Sendable {
    /// The text as given.
    let text: String
    /// What comes before the number, with `%%` already turned into `%`.
    let prefix: String
    /// What comes after the number, likewise.
    let suffix: String
    /// The least number of digits: 1 for `%d`, N for `%0Nd`.
    let minimumDigits: Int

    /// What `-o` must look like when it holds a `%`.
    static let expectation = "a folder, or a file pattern with one %d or %0Nd such as 'frames/f_%04d.png'"

    /// Whether `text` is meant as a pattern (it holds a `%`) rather than a plain path.
    static func isPattern(_ text: String) -> Bool { text.contains("%") }

    /// Parses `text`; `nil` when it is a plain path (`isPattern`).
    ///
    /// - Throws: `CommandLineError.invalidValue` for any other `%` directive, a second number,
    ///   no number, or a number in the folder part.
    init?(parsing text: String, option: String) throws {
        guard Self.isPattern(text) else { return nil }
        let invalid = CommandLineError.invalidValue(option: option, expected: Self.expectation, got: text)
        var prefix = "", suffix = ""
        var digits: Int?
        var characters = text[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if digits == nil { prefix.append(character) } else { suffix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if digits == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            guard digits == nil else { throw invalid }
            var width = 1
            if characters.first == "0" {
                characters.removeFirst()
                guard let digit = characters.popFirst()?.wholeNumberValue, digit >= 1 else { throw invalid }
                width = digit
            }
            guard characters.popFirst() == "d" else { throw invalid }
            digits = width
        }
        guard let digits, !suffix.contains("/") else { throw invalid }
        self.text = text
        self.prefix = prefix
        self.suffix = suffix
        self.minimumDigits = digits
    }

    /// The path of frame `index` (from 0).
    func path(forFrame index: Int) -> String {
        prefix + zeroPadded(index, digits: minimumDigits) + suffix
    }

    /// The folder the frames go to: everything up to the last `/`, or `.`.
    var folder: String {
        guard let slash = prefix.lastIndex(of: "/") else { return "." }
        let folder = String(prefix[...slash])
        return folder == "/" ? folder : String(folder.dropLast())
    }
}

/// `value` in decimal with leading zeros up to `digits` digits (`value` ≥ 0).
func zeroPadded(_ value: Int, digits: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
