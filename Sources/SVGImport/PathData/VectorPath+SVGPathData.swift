import AlphaRaster

extension VectorPath {
    /// Parses SVG path data (the value of a `d` attribute) into absolute segments.
    ///
    /// Accepts the full SVG grammar (all commands in absolute and relative form, implicit
    /// repeats, compact numbers such as `M1.5.5-2e1`, unseparated arc flags). Arcs become
    /// cubic Béziers through `arc(radiusX:radiusY:xAxisRotation:largeArc:sweep:to:)`. Empty or
    /// all-whitespace data gives an empty path. A drawing command right after `Z` starts a new
    /// subpath at the closed subpath's start, with an explicit `.move`.
    ///
    /// - Throws: `SVGPathDataError` naming the character offset of the first problem and what
    ///   was expected there, e.g. "path data: expected a number at offset 7, found 'x'".
    public init(svgPathData: String) throws(SVGPathDataError) {
        self = try PathDataParser.parse(svgPathData)
    }
}
