import PathMorph

extension PathExportInput {
    /// `value` as the exports write numbers (`PathContour.formatNumber`).
    func number(_ value: Double) -> String {
        PathContour.formatNumber(value, decimals: decimals)
    }

    /// `contours` as SVG path data at the input's precision.
    func pathData(_ contours: [PathContour]) -> String {
        PathContour.svgPathData(contours, decimals: decimals)
    }

    /// Every number of `contours` in the order the Swift exports store them: per contour its
    /// start's x and y, then x and y of control 1, control 2 and the end of each curve.
    func flatValues(_ contours: [PathContour]) -> [Double] {
        var values: [Double] = []
        for contour in contours {
            values += [contour.start.x, contour.start.y]
            for curve in contour.curves {
                values += [curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y, curve.end.x, curve.end.y]
            }
        }
        return values
    }

    /// `values` written as a Swift array literal's body, `perLine` numbers a line, each line
    /// indented by `indent`.
    func swiftNumberLines(_ values: [Double], perLine: Int = 12, indent: String) -> String {
        stride(from: 0, to: values.count, by: perLine).map { start in
            indent + values[start..<min(values.count, start + perLine)].map(number).joined(separator: ", ") + ","
        }.joined(separator: "\n")
    }
}
