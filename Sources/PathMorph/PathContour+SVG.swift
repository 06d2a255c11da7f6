extension PathContour {
    /// `contours` as SVG path data: for each contour `M x y`, one `C x1 y1 x2 y2 x y` per
    /// curve, and `Z`. Two lists of matched contours give the same commands in the same
    /// order, so a CSS `d` transition, SMIL `<animate>` or CoreAnimation can interpolate them.
    ///
    /// Numbers are rounded to `decimals` places (0…12; a value outside is clamped to it) with
    /// trailing zeros dropped.
    public static func svgPathData(_ contours: [PathContour], decimals: Int = 3) -> String {
        var text = ""
        for contour in contours {
            if !text.isEmpty { text += " " }
            text += "M" + formatPoint(contour.start, decimals: decimals)
            for curve in contour.curves {
                text += " C" + formatPoint(curve.control1, decimals: decimals) + " "
                    + formatPoint(curve.control2, decimals: decimals) + " " + formatPoint(curve.end, decimals: decimals)
            }
            text += " Z"
        }
        return text
    }

    /// `x y`, each as `formatNumber`.
    static func formatPoint(_ p: SIMD2<Double>, decimals: Int) -> String {
        formatNumber(p.x, decimals: decimals) + " " + formatNumber(p.y, decimals: decimals)
    }

    /// `value` rounded to `decimals` places (0…12), without trailing zeros or a minus zero:
    /// `12.5`, `-0.125`, `3`. A value too large for that many places (its digits pass 9·10¹⁵)
    /// is rounded to a whole number (`100000000000000`), from 9·10¹⁸ on written with an
    /// exponent (`1e+19`), as SVG and JSON read numbers; one that is not finite as Swift
    /// writes it (`nan`, `inf`), which neither reads.
    public static func formatNumber(_ value: Double, decimals: Int = 3) -> String {
        let places = min(max(decimals, 0), 12)
        var unit = 1.0
        for _ in 0..<places { unit *= 10 }
        let scaled = (value * unit).rounded()
        guard value.isFinite else { return "\(value)" }
        guard abs(scaled) < 9e15 else {
            let whole = value.rounded()
            return abs(whole) < 9e18 ? String(Int64(whole)) : "\(whole)"
        }
        return decimalText(Int64(scaled), places: places, leadingZero: true)
    }

    /// `units` of 10^−`places` as decimal text without trailing zeros (`0` for none, no minus
    /// zero), and without the zero before the point when `leadingZero` is false (`-.35`).
    static func decimalText(_ units: Int64, places: Int, leadingZero: Bool) -> String {
        if units == 0 { return "0" }
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let whole = units.magnitude / scale, fraction = units.magnitude % scale
        var text = units < 0 ? "-" : ""
        if whole != 0 || fraction == 0 || leadingZero { text += String(whole) }
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: places - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
