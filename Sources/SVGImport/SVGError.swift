import _IconMorphSupport

/// A failure to read or import an SVG file.
///
/// `file` is the path or the name the caller gave for in-memory data; positions are 1-based
/// lines and columns (columns count characters). `description` is one line naming the file,
/// the position and the problem, e.g.
/// `icons/star.svg:3:14: malformed XML: expected '=' after attribute name 'fill'`.
public enum SVGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The input is larger than `SVGImportLimits.maximumBytes`.
    case tooLarge(file: String, limit: Int)
    /// The input is not well-formed XML (or is not UTF-8 text).
    case malformedXML(file: String, line: Int, column: Int, reason: String)
    /// The XML is well-formed but cannot be drawn as an SVG icon: the root is not `<svg>`, a
    /// geometry attribute (d, points, transform, viewBox, a length) is malformed, a `<use>`
    /// forms a reference cycle, or the document exceeds a limit.
    case invalidDocument(file: String, line: Int, column: Int, reason: String)

    /// The error as one line naming the file, the position (when there is one) and the reason.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file"
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .tooLarge(let file, let limit):
            "\(file): the file is larger than the limit of \(limit) bytes for an SVG icon"
        case .malformedXML(let file, let line, let column, let reason):
            "\(file):\(line):\(column): malformed XML: \(Self.oneLine(reason))"
        case .invalidDocument(let file, let line, let column, let reason):
            "\(file):\(line):\(column): \(Self.oneLine(reason))"
        }
    }

    /// `text` with every control character and line separator escaped (`\n`, `\r`, `\t`,
    /// `\u{B}`, ...). Reasons quote the file's own text (an encoding name, a namespace, an
    /// attribute value), which may hold line breaks; fuzzing found several such messages.
    static func oneLine(_ text: String) -> String {
        MessageText.escaped(text, uppercaseHex: true)
    }
}
