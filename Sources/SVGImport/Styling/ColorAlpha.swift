/// Reads the alpha of a CSS colour: colours do not matter for a coverage mask, but a
/// translucent colour (`rgba()`, `#RRGGBBAA`, `transparent`) scales the paint's opacity, as
/// it does in every renderer.
enum ColorAlpha {
    /// The alpha in 0…1 of a CSS colour, or nil when the text is not a colour.
    ///
    /// Accepts `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()`
    /// (comma or space syntax, alpha as a number or percentage), the CSS Color 4 functions
    /// (`colorFourAlpha`), `transparent` and the CSS named colours; an SVG 1.1
    /// `icc-color(…)` suffix is ignored.
    static func parse(_ text: String) -> Double? {
        var value = CSSDeclarations.trim(text)
        if let icc = value.firstRange(of: "icc-color(") {
            value = CSSDeclarations.trim(value[..<icc.lowerBound])
        }
        let lower = value.lowercased()
        if lower.hasPrefix("#") {
            let digits = lower.dropFirst()
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            switch digits.count {
            case 3, 6: return 1
            case 4: return Double(Int(String(digits.last!), radix: 16)! * 17) / 255
            case 8: return Double(Int(String(digits.suffix(2)), radix: 16)!) / 255
            default: return nil
            }
        }
        for function in ["rgba(", "rgb(", "hsla(", "hsl("] where lower.hasPrefix(function) {
            guard lower.hasSuffix(")") else { return nil }
            let inner = lower.dropFirst(function.count).dropLast()
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" })
                .map(String.init).filter { !$0.isEmpty }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            for part in parts.prefix(3) {
                let number = part.hasSuffix("%") ? String(part.dropLast()) : part.hasSuffix("deg") ? String(part.dropLast(3)) : part
                guard Double(number) != nil else { return nil }
            }
            guard parts.count == 4 else { return 1 }
            return alphaValue(parts[3])
        }
        if let alpha = colorFourAlpha(lower) { return alpha }
        if lower == "transparent" { return 0 }
        return namedColors.contains(lower) ? 1 : nil
    }

    /// The alpha of a CSS Color 4 function (`hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`,
    /// `color(space …)`: three components in the space syntax, each a number, a percentage,
    /// an angle or `none`, then an optional `/ alpha`), or nil for any other text. (Read as
    /// unknown values, they were dropped and the inherited paint drawn: a square filled
    /// `oklch(50% 0.1 200)` under `fill="none"` drew nothing, where browsers draw it.)
    static func colorFourAlpha(_ lower: String) -> Double? {
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")"),
              colorFourFunctions.contains(String(lower[..<open])) else { return nil }
        let inner = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        var parts = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if lower.hasPrefix("color(") {
            guard let space = parts.first, colorSpaces.contains(space) else { return nil }
            parts.removeFirst()
        }
        func isComponent(_ part: String) -> Bool {
            if part == "none" { return true }
            for unit in ["%", "deg", "grad", "rad", "turn"] where part.hasSuffix(unit) {
                return Double(part.dropLast(unit.count)) != nil
            }
            return Double(part) != nil
        }
        guard parts.count == 3, parts.allSatisfy(isComponent) else { return nil }
        guard halves.count == 2 else { return 1 }
        let alphaText = CSSDeclarations.trim(String(halves[1]))
        // A missing alpha (`none`) is 0, as CSS Color 4 renders missing components.
        return alphaText == "none" ? 0 : alphaValue(alphaText)
    }

    /// A colour function's alpha, a number or a percentage, clamped to 0…1; nil when it is
    /// neither.
    static func alphaValue(_ text: String) -> Double? {
        let alpha = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        return alpha.map { min(max($0, 0), 1) }
    }

    /// The CSS Color 4 functions `colorFourAlpha` reads.
    static let colorFourFunctions: Set<String> = ["hwb", "lab", "lch", "oklab", "oklch", "color"]
    /// The predefined colour spaces of `color()`.
    static let colorSpaces: Set<String> = [
        "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz", "xyz-d50", "xyz-d65",
    ]

    /// The CSS Color 4 named colours (all opaque).
    static let namedColors: Set<String> = [
        "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
        "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
        "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue",
        "darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki",
        "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon",
        "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise",
        "darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick",
        "floralwhite", "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod",
        "gray", "green", "greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo",
        "ivory", "khaki", "lavender", "lavenderblush", "lawngreen", "lemonchiffon", "lightblue",
        "lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey",
        "lightpink", "lightsalmon", "lightseagreen", "lightskyblue", "lightslategray",
        "lightslategrey", "lightsteelblue", "lightyellow", "lime", "limegreen", "linen", "magenta",
        "maroon", "mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple",
        "mediumseagreen", "mediumslateblue", "mediumspringgreen", "mediumturquoise",
        "mediumvioletred", "midnightblue", "mintcream", "mistyrose", "moccasin", "navajowhite",
        "navy", "oldlace", "olive", "olivedrab", "orange", "orangered", "orchid", "palegoldenrod",
        "palegreen", "paleturquoise", "palevioletred", "papayawhip", "peachpuff", "peru", "pink",
        "plum", "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue",
        "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell", "sienna", "silver",
        "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen", "steelblue", "tan",
        "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white", "whitesmoke",
        "yellow", "yellowgreen",
    ]
}
