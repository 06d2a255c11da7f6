/// Reads the alpha of a CSS colour: colours do not matter for a coverage mask, but a
/// translucent colour (`rgba()`, `#RRGGBBAA`, `transparent`) scales the paint's opacity, as
/// it does in every renderer.
enum ColorAlpha {
    /// The alpha in 0…1 of a CSS colour, or nil when the text is not a colour.
    ///
    /// Accepts `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()`
    /// (comma or space syntax, alpha as a number or percentage), `transparent` and the CSS
    /// named colours; an SVG 1.1 `icc-color(…)` suffix is ignored.
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
            let alphaText = parts[3]
            let alpha = alphaText.hasSuffix("%") ? Double(alphaText.dropLast()).map { $0 / 100 } : Double(alphaText)
            return alpha.map { min(max($0, 0), 1) }
        }
        if lower == "transparent" { return 0 }
        return namedColors.contains(lower) ? 1 : nil
    }

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
