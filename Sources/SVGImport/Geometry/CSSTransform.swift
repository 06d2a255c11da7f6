import AlphaRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CSS `transform` property, as a `style` attribute or a `<style>` rule declares it:
/// `none`, or a list of 2D transform functions — `matrix`, `translate`, `translateX`,
/// `translateY`, `scale`, `scaleX`, `scaleY`, `rotate`, `skew`, `skewX`, `skewY`, matched
/// in any case as CSS matches names — whose arguments are separated by commas. Lengths take
/// the units of `LengthValue` (px, or none, as SVG user units); angles deg (or none), rad,
/// grad or turn; a scale may be a percentage. The functions compose as an SVG transform
/// list's do (`TransformListParser`).
///
/// Nil for anything else — arguments without commas between them or an empty one, a number
/// CSS would not read (`0x10`), a percentage length (which needs the element's box), a 3D
/// function, a malformed list — and the declaration is then dropped, as CSS drops an
/// invalid one. The `transform` attribute keeps its own grammar.
enum CSSTransform {
    static func parse(_ text: String) -> VectorTransform? {
        let value = CSSDeclarations.trim(text)
        if value.lowercased() == "none" { return .identity }
        var svg = ""
        var rest = Substring(value)
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = String(rest[..<open]).lowercased()
            let arguments = rest[rest.index(after: open)..<close]
                .split(separator: ",", omittingEmptySubsequences: false)
                .map(CSSDeclarations.trim)
            // Each argument one token of a CSS number's characters and its unit.
            guard arguments.allSatisfy({ argument in
                !argument.isEmpty && argument.allSatisfy { !$0.isWhitespace }
                    && argument.first.map { $0.isNumber || "+-.".contains($0) } == true
                    && !argument.lowercased().drop(while: { "+-".contains($0) }).hasPrefix("0x")
            }) else { return nil }
            guard let function = svgFunction(name, arguments) else { return nil }
            svg += function + " "
            rest = rest[rest.index(after: close)...]
        }
        guard !svg.isEmpty else { return nil }
        return try? TransformListParser.parse(svg)
    }

    /// The SVG transform function for CSS function `name` with `arguments`, or nil.
    private static func svgFunction(_ name: String, _ arguments: [String]) -> String? {
        func lengths() -> [Double]? {
            let values = arguments.compactMap { argument -> Double? in
                guard case .userUnits(let v)? = try? LengthValue.parse(argument, context: "transform") else { return nil }
                return v
            }
            return values.count == arguments.count ? values : nil
        }
        func numbers(percentages: Bool) -> [Double]? {
            let values = arguments.compactMap { argument -> Double? in
                if percentages, argument.hasSuffix("%") { return Double(argument.dropLast()).map { $0 / 100 } }
                return Double(argument)
            }
            return values.count == arguments.count && values.allSatisfy(\.isFinite) ? values : nil
        }
        func angles() -> [Double]? {
            let values = arguments.compactMap(degrees)
            return values.count == arguments.count ? values : nil
        }
        func text(_ values: [Double]) -> String { values.map { "\($0)" }.joined(separator: " ") }
        // `name` is lowercased.
        switch (name, arguments.count) {
        case ("matrix", 6):
            return numbers(percentages: false).map { "matrix(\(text($0)))" }
        case ("translate", 1), ("translate", 2):
            return lengths().map { "translate(\(text($0.count == 1 ? [$0[0], 0] : $0)))" }
        case ("translatex", 1):
            return lengths().map { "translate(\($0[0]) 0)" }
        case ("translatey", 1):
            return lengths().map { "translate(0 \($0[0]))" }
        case ("scale", 1), ("scale", 2):
            return numbers(percentages: true).map { "scale(\(text($0)))" }
        case ("scalex", 1):
            return numbers(percentages: true).map { "scale(\($0[0]) 1)" }
        case ("scaley", 1):
            return numbers(percentages: true).map { "scale(1 \($0[0]))" }
        case ("rotate", 1):
            return angles().map { "rotate(\($0[0]))" }
        case ("skewx", 1):
            return angles().map { "skewX(\($0[0]))" }
        case ("skewy", 1):
            return angles().map { "skewY(\($0[0]))" }
        case ("skew", 1), ("skew", 2):
            // skew(ax, ay) is the matrix [1 tan ay; tan ax 1], not skewX(ax) then skewY(ay).
            return angles().map { a in
                let x = VectorTransform.tangent(degrees: a[0]), y = a.count > 1 ? VectorTransform.tangent(degrees: a[1]) : 0
                return "matrix(1 \(y) \(x) 1 0 0)"
            }
        default:
            return nil
        }
    }

    /// An angle in degrees: a number with deg (or no unit), rad, grad or turn, less whole
    /// turns (so that a huge finite angle in a unit larger than a degree stays finite).
    private static func degrees(_ text: String) -> Double? {
        let units: [(name: String, scale: Double, turn: Double)] = [
            ("grad", 0.9, 400), ("deg", 1, 360), ("rad", 180 / .pi, 2 * .pi), ("turn", 360, 1),
        ]
        let lower = text.lowercased()
        for unit in units where lower.hasSuffix(unit.name) {
            return Double(lower.dropLast(unit.name.count)).flatMap {
                $0.isFinite ? $0.truncatingRemainder(dividingBy: unit.turn) * unit.scale : nil
            }
        }
        return Double(lower).flatMap { $0.isFinite ? $0 : nil }
    }
}
