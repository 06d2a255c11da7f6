/// A failure to find or recognise an icon named on the command line.
///
/// Failures inside a PNG or SVG file are the codec's and importer's own errors
/// (`PNGError`, `SVGError`), passed up unchanged.
enum IconInputError: Error, Equatable, CustomStringConvertible {
    /// A word that is not a file and not a built-in symbol.
    case unknownName(option: String, name: String, suggestion: String?)
    /// Standard input (or a pipe) holds neither PNG nor SVG data.
    case unrecognizedData(name: String, byteCount: Int)
    /// Text in UTF-16 (a byte order mark, or `<` with a zero byte beside it), which the SVG
    /// reader does not read.
    case utf16Text(name: String)
    /// gzip-compressed data (an `.svgz` file, most likely), which the readers do not unpack.
    case gzipData(name: String)
    /// Reading standard input or a pipe failed.
    case unreadable(name: String, reason: String)
    /// Standard input or a pipe gave more bytes than the limit.
    case tooLarge(name: String, limit: Int)
    /// An SVG icon was read but cannot be rasterized (a coordinate out of range, a path of
    /// too many segments); `reason` is the rasterizer's.
    case undrawable(name: String, reason: String)
    /// A PNG icon where an outline is needed (`--style path`, `paths`): `use` says what
    /// needed it.
    case noOutline(option: String, name: String, use: String)
    /// Vector icons whose outlines cannot be matched (`PathMorphError`): `name` is the icon,
    /// or both icons' names for a problem of the pair.
    case unmatchable(name: String, reason: String)

    /// Why bytes that start with `head` are no PNG or SVG icon: UTF-16 text, gzip data, or
    /// unrecognised data of `byteCount` bytes.
    static func unrecognized(_ head: ArraySlice<UInt8>, name: String, byteCount: Int) -> IconInputError {
        if isUTF16(head, startingWith: { $0 == UInt8(ascii: "<") }) { return .utf16Text(name: name) }
        if head.starts(with: [0x1F, 0x8B]) { return .gzipData(name: name) }
        return .unrecognizedData(name: name, byteCount: byteCount)
    }

    /// Whether text whose bytes begin with `head` is UTF-16: a byte order mark, or a first
    /// character that `startingWith` accepts beside a zero byte (either byte order). The icon
    /// reader and the timeline file reader both ask.
    static func isUTF16(_ head: some Collection<UInt8>, startingWith: (UInt8) -> Bool) -> Bool {
        let bytes = Array(head.prefix(2))
        guard bytes.count == 2 else { return false }
        if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF] { return true }
        return (bytes[1] == 0 && startingWith(bytes[0])) || (bytes[0] == 0 && startingWith(bytes[1]))
    }

    var description: String {
        switch self {
        case .unknownName(let option, let name, let suggestion):
            "\(option): \(quoted(name)) is not a file or a built-in symbol"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; run 'iconmorph symbols' for the names")
        case .unrecognizedData(let name, let byteCount):
            byteCount == 0
                ? "\(name): no data; expected a PNG or SVG image"
                : "\(name): not a PNG or SVG image (no PNG signature, and no '<' to start SVG markup)"
        case .utf16Text(let name):
            "\(name): UTF-16 text; iconmorph reads SVG as UTF-8: save the file as UTF-8"
        case .gzipData(let name):
            "\(name): gzip-compressed data (an .svgz file?), which iconmorph does not unpack: "
                + "give it the SVG inside (gunzip -c icon.svgz > icon.svg)"
        case .unreadable(let name, let reason):
            "\(name): cannot read: \(reason)"
        case .tooLarge(let name, let limit):
            "\(name): more than \(limit) bytes, too much for an icon"
        case .undrawable(let name, let reason):
            "\(name): cannot draw the SVG icon: \(reason)"
        case .unmatchable(let name, let reason):
            "\(name): \(reason)"
        case .noOutline(let option, let name, let use):
            "\(option): \(name) is a PNG image, which has no outline; \(use) needs an SVG file or a built-in symbol"
        }
    }
}
