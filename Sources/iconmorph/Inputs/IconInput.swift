import _IconMorphSupport
import AlphaRaster
import IconSymbols
import IconMorphPNG
import PNGCodec
import SVGImport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an icon comes from, as named by `--from` or `--to`.
///
/// One word names a file, a built-in symbol or standard input; `resolve` settles which, and
/// `mask(in:source:)` reads it into a mask. PNG and SVG are told apart by content, not by
/// the file name.
enum IconInput: Equatable {
    /// A PNG or SVG file.
    case file(String)
    /// One of the built-in symbols.
    case symbol(BuiltInSymbol)
    /// PNG or SVG bytes on standard input (`-`).
    case standardInput

    /// The name standard input goes by in messages.
    static let standardInputName = "<stdin>"

    /// The most bytes read from standard input or a pipe: 256 MiB, far above any icon, so
    /// that an endless stream ends in a clear error instead of exhausting memory.
    static let inputLimit = 256 << 20

    /// What `text` names: `-` is standard input; an existing file (not a folder) wins over a
    /// symbol; then a built-in symbol name or alias; then anything that looks like a path
    /// (has a `/`, ends in `.png` or `.svg`, or exists as a folder) is a file, whose reading
    /// will say what is wrong with it.
    ///
    /// - Throws: `IconInputError.unknownName` for a word that is none of these, with the
    ///   closest symbol name as a suggestion.
    static func resolve(_ text: String, option: String) throws -> IconInput {
        if text == "-" { return .standardInput }
        if exists(text), !isDirectory(text) { return .file(text) }
        if let symbol = BuiltInSymbol(named: text) { return .symbol(symbol) }
        let lower = text.lowercased()
        if text.contains("/") || lower.hasSuffix(".png") || lower.hasSuffix(".svg") || exists(text) {
            return .file(text)
        }
        throw IconInputError.unknownName(option: option, name: text, suggestion: BuiltInSymbol.suggestion(for: text))
    }

    /// Resolves `text` (given for `option`) and builds its mask in `layout`; passes each of the
    /// SVG importer's warnings (one line naming the file, such as the list of features left
    /// out) to `warn`, and a warning of its own for an icon that draws nothing.
    ///
    /// - Throws: what `resolve` and `mask(in:source:)` throw.
    static func load(
        _ text: String, option: String, in layout: IconLayout, source: MaskSource, warn: (String) -> Void
    ) throws -> AlphaMask {
        let input = try resolve(text, option: option)
        let (mask, warnings) = try input.mask(in: layout, source: source)
        for warning in warnings { warn(warning) }
        // An icon that draws nothing (all transparent, an SVG of text alone) is allowed — a
        // morph may grow out of nothing — but is most likely a mistake.
        if !mask.pixels.contains(where: { $0 != 0 }) {
            warn("\(option): \(quoted(text)) draws nothing (every pixel of its mask is transparent); "
                + "the morph grows from or fades to nothing there")
        }
        return mask
    }

    /// What `load` reports first about an input that is an unknown name, or a file that is
    /// missing, unreadable, a folder, empty or neither PNG nor SVG, found without drawing the
    /// icon, for a command that must refuse before any mask is drawn (`MemoryNeeds.check`).
    /// A pipe or device is not read here: it can be read once, when loaded. With `outlineFor`
    /// (what needs the outline, `--style path`), what `vectorIcon(option:use:)` reports
    /// instead: the outline is read, not drawn.
    ///
    /// - Throws: what `load`, or `vectorIcon(option:use:)`, throws for those inputs.
    static func preflight(
        _ text: String, option: String, in layout: IconLayout, source: MaskSource, outlineFor use: String? = nil
    ) throws {
        let input = try resolve(text, option: option)
        if let use {
            _ = try input.vectorIcon(option: option, use: use)
            return
        }
        guard case .file(let path) = input else { return }
        if exists(path), !isDirectory(path), !isRegularFile(path) { return }
        var info = stat()
        if stat(path, &info) != 0 || isDirectory(path) || info.st_size == 0 || access(path, R_OK) != 0 {
            // Reading fails before a mask is drawn, with the error `load` gives.
            _ = try IconInput.file(path).mask(in: layout, source: source)
            return
        }
        _ = try kind(ofFile: path)
    }

    /// The icon's mask in `layout`.
    ///
    /// PNG icons take their shape from `source` (`MaskSource`); SVG icons and symbols are
    /// rasterized as vector shapes. `warnings` are the SVG importer's, each naming the file.
    ///
    /// - Throws: `PNGError`, `SVGError` or `IconInputError`, naming the file.
    func mask(in layout: IconLayout, source: MaskSource) throws -> (mask: AlphaMask, warnings: [String]) {
        switch self {
        case .symbol(let symbol):
            return (try AlphaMask(icon: symbol.icon, layout: layout), [])
        case .file(let path):
            // A pipe or device (`<(…)`, /dev/stdin) cannot be peeked at and read again.
            if exists(path), !isDirectory(path), !isRegularFile(path) {
                return try Self.mask(ofData: Self.readAll(path: path), name: path, in: layout, source: source)
            }
            if try Self.kind(ofFile: path) == .svg {
                let svg = try SVGImporter.load(contentsOfFile: path)
                return (try Self.draw(svg.icon, name: path, in: layout), svg.warnings)
            }
            return (try AlphaMask(contentsOfPNGFile: path, layout: layout, source: source), [])
        case .standardInput:
            let bytes = try Self.readAll(descriptor: STDIN_FILENO, name: Self.standardInputName)
            return try Self.mask(ofData: bytes, name: Self.standardInputName, in: layout, source: source)
        }
    }

    /// The icon as vector shapes, for what works on outlines: a symbol's, or an SVG file's
    /// (from a file or standard input) with the importer's warnings. `option` names the icon
    /// in messages and `use` says what needs the outline.
    ///
    /// - Throws: `IconInputError.noOutline` for a PNG; `SVGError` or `IconInputError` for
    ///   a file that cannot be read, naming it.
    func vectorIcon(option: String, use: String) throws -> (icon: VectorIcon, name: String, warnings: [String]) {
        func svg(of bytes: [UInt8], name: String) throws -> (icon: VectorIcon, name: String, warnings: [String]) {
            switch Self.kind(of: bytes[...]) {
            case .png: throw IconInputError.noOutline(option: option, name: name, use: use)
            case .svg:
                let svg = try SVGImporter.parse(data: bytes, name: name)
                return (svg.icon, name, svg.warnings)
            case nil: throw IconInputError.unrecognized(bytes[...], name: name, byteCount: bytes.count)
            }
        }
        switch self {
        case .symbol(let symbol):
            return (symbol.icon, symbol.name, [])
        case .file(let path):
            if exists(path), !isDirectory(path), !isRegularFile(path) {
                return try svg(of: Self.readAll(path: path), name: path)
            }
            guard try Self.kind(ofFile: path) == .svg else {
                // A PNG has no outline; a file that is empty or cannot be read (which `kind`
                // counts as a PNG too), the PNG reader says what is wrong with it.
                if Self.kind(of: Self.head(ofFile: path)[...]) == .png {
                    throw IconInputError.noOutline(option: option, name: path, use: use)
                }
                _ = try PNGImage(contentsOfFile: path, format: .rgba)
                throw IconInputError.noOutline(option: option, name: path, use: use)
            }
            let svg = try SVGImporter.load(contentsOfFile: path)
            return (svg.icon, path, svg.warnings)
        case .standardInput:
            return try svg(of: Self.readAll(descriptor: STDIN_FILENO, name: Self.standardInputName), name: Self.standardInputName)
        }
    }

    /// The mask of PNG or SVG bytes held in memory; `name` labels messages.
    private static func mask(
        ofData bytes: [UInt8], name: String, in layout: IconLayout, source: MaskSource
    ) throws -> (mask: AlphaMask, warnings: [String]) {
        switch kind(of: bytes[...]) {
        case .png:
            let image = try PNGImage(pngData: bytes, name: name, format: .rgba)
            return (AlphaMask(image: image, layout: layout, source: source), [])
        case .svg:
            let svg = try SVGImporter.parse(data: bytes, name: name)
            return (try Self.draw(svg.icon, name: name, in: layout), svg.warnings)
        case nil:
            throw IconInputError.unrecognized(bytes[...], name: name, byteCount: bytes.count)
        }
    }

    /// Rasterizes an imported SVG icon. The rasterizer's complaints about the drawing (a
    /// coordinate out of range, too many segments) are the file's fault, so they are given
    /// the file's name and reported as bad input.
    private static func draw(_ icon: VectorIcon, name: String, in layout: IconLayout) throws -> AlphaMask {
        do {
            return try AlphaMask(icon: icon, layout: layout)
        } catch AlphaRasterError.invalidIcon(let part, let reason) {
            throw IconInputError.undrawable(name: name, reason: "\(part): \(reason)")
        }
    }

    /// The two formats an icon file may hold.
    enum Kind: Equatable {
        case png, svg
    }

    /// `.png` for the PNG signature; `.svg` for text that starts with `<` after an optional
    /// UTF-8 byte order mark and white space (an XML declaration, a comment or `<svg`);
    /// otherwise `nil`.
    static func kind(of head: ArraySlice<UInt8>) -> Kind? {
        if head.withUnsafeBytes(PNGSignature.starts) { return .png }
        var rest = head
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let text = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // `<` then a zero byte is UTF-16 (`IconInputError.unrecognized` says so), not markup.
        return text.first == UInt8(ascii: "<") && text.dropFirst().first != 0 ? .svg : nil
    }

    /// The format of the file at `path` by its first bytes, whatever its name; an empty file,
    /// or one that cannot be read, counts as SVG when its name ends in `.svg` and as PNG
    /// otherwise, so that the matching reader reports the problem.
    ///
    /// - Throws: `IconInputError.unrecognizedData` (or `.utf16Text`) for a file whose first
    ///   bytes are neither (a text file named `icon.png`, a JPEG, UTF-16 SVG).
    static func kind(ofFile path: String) throws -> Kind {
        let head = head(ofFile: path)
        if let kind = kind(of: head[...]) { return kind }
        if !head.isEmpty { throw IconInputError.unrecognized(head[...], name: path, byteCount: head.count) }
        return path.lowercased().hasSuffix(".svg") ? .svg : .png
    }

    /// The first bytes (up to 512) of the file at `path`; none when it is empty or cannot be read.
    static func head(ofFile path: String) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: 512)
        var count = 0
        let descriptor = open(path, O_RDONLY)
        if descriptor >= 0 {
            count = head.withUnsafeMutableBytes { max(0, read(descriptor, $0.baseAddress, $0.count)) }
            close(descriptor)
        }
        return Array(head[..<count])
    }

    /// Every byte of the file at `path` (a pipe or device), up to `limit` (`inputLimit` for an
    /// icon).
    ///
    /// - Throws: `IconInputError.unreadable` or `.tooLarge`.
    static func readAll(path: String, limit: Int = inputLimit) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw IconInputError.unreadable(name: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        return try readAll(descriptor: descriptor, name: path, limit: limit)
    }

    /// Every byte from `descriptor` until the end, up to `limit` (`inputLimit` for an icon);
    /// `name` labels errors.
    ///
    /// - Throws: `IconInputError.unreadable` or `.tooLarge`.
    static func readAll(descriptor: Int32, name: String, limit: Int = inputLimit) throws -> [UInt8] {
        do throws(WholeInputReading.Failure) {
            return try WholeInputReading.readAll(descriptor: descriptor, limit: limit)
        } catch {
            switch error {
            case .readFailed(let code): throw IconInputError.unreadable(name: name, reason: String(cString: strerror(code)))
            case .tooLarge: throw IconInputError.tooLarge(name: name, limit: limit)
            }
        }
    }
}
