/// Text from outside (a file's bytes, a command-line word) made safe to quote in a one-line
/// error message. Shared with the other modules of the package (`package` access), not part
/// of the public API.
package enum MessageText {
    /// Whether `scalar` would break a message's line or hide in it: the C0 controls, DEL, the
    /// C1 controls and the Unicode line and paragraph separators.
    package static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// `text`, or when it has more than `longest` characters, its first and last `ends`
    /// with an ellipsis between: a name from outside (a timeline's icon, an SVG element's)
    /// quoted in a message, which could otherwise be millions of characters long.
    package static func shortened(_ text: String, longest: Int, ends: Int) -> String {
        // The byte count first: counting characters walks the whole text.
        guard text.utf8.count > longest, text.count > longest else { return text }
        return text.prefix(ends) + "…" + text.suffix(ends)
    }

    /// `text` with every scalar that `breaksLine` escaped: `\n`, `\r` and `\t` by name, the
    /// others as `\u{…}` in hexadecimal (upper or lower case digits, as the caller's messages
    /// already print them). Text with nothing to escape comes back as it is.
    package static func escaped(_ text: String, uppercaseHex: Bool) -> String {
        guard text.unicodeScalars.contains(where: breaksLine) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where breaksLine(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: uppercaseHex) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
