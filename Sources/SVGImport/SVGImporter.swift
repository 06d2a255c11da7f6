import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads SVG icon files into `VectorIcon`s.
///
/// What is drawn: `<path>`, `<rect>`, `<circle>`, `<ellipse>`, `<line>`, `<polyline>`,
/// `<polygon>`, inside `<g>`, `<a>`, `<switch>`, nested `<svg>` and `<use>` of local
/// elements (including `<symbol>`, whatever its `display`; `<defs>` and `<symbol>` content
/// is drawn only through `<use>`); `transform` lists, and the CSS `transform` property in
/// `style` attributes and sheets (`CSSTransform`; it overrides the attribute, and a moved
/// `transform-origin` is named in the warning); viewBox and preserveAspectRatio; fill and
/// stroke with their rules, widths, caps, joins and miter limits; opacity, fill-opacity,
/// stroke-opacity and colour alpha; display and visibility; presentation attributes,
/// `style` attributes and `<style>` sheets with type, class, id and universal selectors
/// joined by descendant or child combinators. Cascade: presentation attribute < `<style>` rule (by specificity, then
/// order) < `style` attribute; `!important` is ignored; an invalid value is dropped, so the
/// next lower declaration applies, as in CSS.
///
/// The canvas is the SVG viewport: `width` × `height` in px (absolute units at 96 dpi; em =
/// 16 px), or the viewBox size where a side is missing, `auto` or a percentage. The
/// viewBox-to-viewport transform is part of every layer's transform.
///
/// Coverage only, so colours do not matter: any paint that is not `none` counts as painted;
/// a gradient with its stops' alpha (`stop-opacity` × `stop-color`'s alpha; no stops, its own
/// or by `href`, paint nothing; stops of different alphas are drawn at the greatest and
/// named in the warning), a pattern as opaque; a colour's own alpha (`rgba()`, `#RRGGBBAA`,
/// `transparent`, or `color` for `currentColor`) scales the layer's opacity. An element's or a
/// group's `opacity` multiplies into every layer below it, and the layers it paints opaquely
/// share its `VectorIcon.Layer.opacityGroup`, so the rasterizer composites them once, as a
/// whole (where a layer's own paint is translucent too, or such groups nest, overlaps come
/// out denser).
///
/// What is left out — text, images, foreign objects, clip paths, masks, filters, markers,
/// dash patterns (drawn solid), non-scaling strokes, patterns (drawn solid), animation,
/// clipping by nested viewports, unsupported CSS selectors and at-rules, references to other
/// files — is named in one warning with counts; the rest is drawn. A `<use>` of a missing
/// element draws nothing and adds its own warning. A `<path>` whose data has an error is
/// drawn up to the command in error, as SVG 2 says and browsers and librsvg draw it, and adds
/// a warning with the parser's precise message, line and column (one Breeze icon in 980
/// surveyed ends its data with a bare `h`; refused, it could not be used at all).
///
/// Errors: malformed XML; a root that is not an SVG `<svg>`; a canvas that cannot be sized;
/// another malformed geometry attribute (`points`, `transform`, `viewBox`,
/// `preserveAspectRatio`, a length) — an icon that is silently cut short is worse than a
/// precise message; a `<use>` reference cycle; and documents beyond `SVGImportLimits`.
/// Every error names the file, line and column.
public enum SVGImporter {
    /// Reads and imports the SVG file at `path`.
    ///
    /// - Throws: `SVGError` naming the file (and the line and column, for a malformed file).
    public static func load(contentsOfFile path: String, limits: SVGImportLimits = .standard) throws(SVGError) -> SVGIcon {
        let bytes = try readFile(path, limit: limits.maximumBytes)
        return try parse(data: bytes, name: path, limits: limits)
    }

    /// Imports SVG markup held in memory.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8, US-ASCII or ISO-8859-1 as declared).
    ///   - name: names the input in errors and warnings (e.g. the file name).
    ///   - limits: the size and work limits the document must stay within.
    /// - Throws: `SVGError` naming `name`, the line and column, and the problem.
    public static func parse(data: [UInt8], name: String, limits: SVGImportLimits = .standard) throws(SVGError) -> SVGIcon {
        guard data.count <= limits.maximumBytes else {
            throw .tooLarge(file: name, limit: limits.maximumBytes)
        }
        let document = try XMLReader.parse(
            data, name: name, maximumDepth: limits.maximumDepth, maximumElements: limits.maximumElements)
        var builder = LayerBuilder(document: document, name: name, limits: limits)
        return try builder.build()
    }

    /// Imports SVG markup held in a string.
    ///
    /// - Throws: `SVGError` naming `name`, the line and column, and the problem.
    public static func parse(string: String, name: String, limits: SVGImportLimits = .standard) throws(SVGError) -> SVGIcon {
        try parse(data: Array(string.utf8), name: name, limits: limits)
    }

    /// The whole file, refusing anything larger than `limit` before reading it.
    private static func readFile(_ path: String, limit: Int) throws(SVGError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            let code = errno
            if code == ENOENT { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { fclose(file) }
        do throws(WholeInputReading.Failure) {
            // Stops at the limit: the input may be endless (a pipe, /dev/zero).
            return try WholeInputReading.readAll(file: file, limit: limit)
        } catch {
            switch error {
            case .readFailed(let code): throw .unreadable(path: path, reason: String(cString: strerror(code)))
            case .tooLarge: throw .tooLarge(file: path, limit: limit)
            }
        }
    }
}
