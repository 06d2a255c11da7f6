extension PathContour {
    /// `contours` as short SVG path data, the same outline as `svgPathData` gives at the same
    /// `decimals`: each contour `M x y` then relative curves (`c`, its letter written once
    /// for a run), a straight piece as a line (`l`), and `z`; numbers without a leading zero
    /// and without a space before a minus sign or before a second decimal point. Every
    /// point is the one `svgPathData` rounds it to: the relative offsets are taken between
    /// rounded points, so they add up without drift. For files that hold many outlines (the
    /// CLI's SVG frames and animated SVG), where it takes about a third less room; it does not
    /// keep the matched commands a transition between two outlines needs (lines replace
    /// curves).
    package static func compactSVGPathData(_ contours: [PathContour], decimals: Int = 3) -> String {
        let places = min(max(decimals, 0), 6)
        var unit = 1.0
        for _ in 0..<places { unit *= 10 }
        var text = ""
        // Whether the text ends in a number (a next number needs a space unless it starts
        // with "-"), and in one with a decimal point (nor then if it starts with ".").
        var endsInNumber = false, endsInFraction = false
        var command: Character = " "
        // (Outlines are in pixels; a value no Int64 holds cannot come from a frame.)
        func units(_ value: Double) -> Int64 {
            let scaled = (value * unit).rounded()
            return scaled.isFinite && abs(scaled) < 9e15 ? Int64(scaled) : 0
        }
        func append(_ value: Int64) {
            let number = decimalText(value, places: places, leadingZero: false)
            if endsInNumber && !(number.hasPrefix("-") || (number.hasPrefix(".") && endsInFraction)) { text += " " }
            text += number
            (endsInNumber, endsInFraction) = (true, number.contains("."))
        }
        // A command's letter; that of a curve or a line once for a run of them.
        func begin(_ letter: Character) {
            guard letter != command || letter == "M" else { return }
            text.append(letter)
            command = letter
            (endsInNumber, endsInFraction) = (false, false)
        }
        for contour in contours {
            begin("M")
            var x = units(contour.start.x), y = units(contour.start.y)
            append(x)
            append(y)
            var from = contour.start
            for curve in contour.curves {
                let ex = units(curve.end.x), ey = units(curve.end.y)
                if isStraight(from: from, curve) {
                    begin("l")
                } else {
                    begin("c")
                    append(units(curve.control1.x) - x)
                    append(units(curve.control1.y) - y)
                    append(units(curve.control2.x) - x)
                    append(units(curve.control2.y) - y)
                }
                append(ex - x)
                append(ey - y)
                (x, y) = (ex, ey)
                from = curve.end
            }
            begin("z")
        }
        return text
    }

    /// Whether `curve` from `start` is a straight piece: both controls within a thousandth
    /// of a pixel of the chord, between its ends.
    static func isStraight(from start: SIMD2<Double>, _ curve: Curve) -> Bool {
        let chord = curve.end - start
        let lengthSquared = chord.x * chord.x + chord.y * chord.y
        guard lengthSquared > 0 else { return false }
        func onChord(_ control: SIMD2<Double>) -> Bool {
            let offset = control - start
            let along = (offset.x * chord.x + offset.y * chord.y) / lengthSquared
            let across = offset.x * chord.y - offset.y * chord.x
            return along >= 0 && along <= 1 && across * across <= 1e-6 * lengthSquared
        }
        return onChord(curve.control1) && onChord(curve.control2)
    }
}
