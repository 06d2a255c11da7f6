import AlphaRaster

/// The properties one element declares, after the cascade (presentation attributes, then
/// `<style>` rules by specificity and order, then the `style` attribute; later wins).
///
/// An invalid value is dropped when it is applied, so it never hides a valid declaration of
/// lower precedence — CSS's rule, which also decides what an SVG renderer draws.
struct DeclaredStyle: Equatable {
    var fill: Specified<PaintValue>?
    var fillRule: Specified<FillRule>?
    var fillOpacity: Specified<Double>?
    var stroke: Specified<PaintValue>?
    var strokeWidth: Specified<LengthValue>?
    var lineCap: Specified<StrokeStyle.LineCap>?
    var lineJoin: Specified<StrokeStyle.LineJoin>?
    var miterLimit: Specified<Double>?
    var strokeOpacity: Specified<Double>?
    var colorAlpha: Specified<Double>?
    /// `visibility: visible` (true) or `hidden`/`collapse` (false).
    var visible: Specified<Bool>?
    /// Inherited and unsupported: true for a dash pattern other than `none`.
    var dashed: Specified<Bool>?
    var markerStart: Specified<Bool>?
    var markerMid: Specified<Bool>?
    var markerEnd: Specified<Bool>?
    // Not inherited:
    var opacity: Specified<Double>?
    /// `display` other than `none` (true) or `none` (false).
    var displayed: Specified<Bool>?
    var clipped: Specified<Bool>?
    var masked: Specified<Bool>?
    var filtered: Specified<Bool>?
    var nonScalingStroke: Specified<Bool>?
    /// The CSS `transform` property (`CSSTransform`); the `transform` attribute is read apart.
    var transform: Specified<VectorTransform>?
    /// `transform-origin` other than the SVG default, the top left corner (unsupported).
    var originMoved: Specified<Bool>?
    /// A gradient `<stop>`'s `stop-opacity`, and the alpha of its `stop-color`
    /// (`currentColor` counting as opaque).
    var stopOpacity: Specified<Double>?
    var stopColorAlpha: Specified<Double>?

    /// The property names this importer reads (also the presentation attributes it accepts).
    static let propertyNames: Set<String> = [
        "fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "color", "visibility",
        "stroke-dasharray", "marker-start", "marker-mid", "marker-end", "opacity", "display",
        "clip-path", "mask", "filter", "vector-effect", "transform-origin", "stop-opacity", "stop-color",
    ]

    /// Applies one declaration; returns false (and changes nothing) when the property is
    /// unknown or the value invalid. `marker` is the CSS shorthand for the three markers.
    @discardableResult
    mutating func apply(_ name: String, _ rawValue: String) -> Bool {
        let value = CSSDeclarations.trim(rawValue)
        let keyword = value.lowercased()
        if keyword == "inherit" {
            switch name {
            case "fill": fill = .inherit
            case "fill-rule": fillRule = .inherit
            case "fill-opacity": fillOpacity = .inherit
            case "stroke": stroke = .inherit
            case "stroke-width": strokeWidth = .inherit
            case "stroke-linecap": lineCap = .inherit
            case "stroke-linejoin": lineJoin = .inherit
            case "stroke-miterlimit": miterLimit = .inherit
            case "stroke-opacity": strokeOpacity = .inherit
            case "color": colorAlpha = .inherit
            case "visibility": visible = .inherit
            case "stroke-dasharray": dashed = .inherit
            case "marker-start": markerStart = .inherit
            case "marker-mid": markerMid = .inherit
            case "marker-end": markerEnd = .inherit
            case "marker": markerStart = .inherit; markerMid = .inherit; markerEnd = .inherit
            case "opacity": opacity = .inherit
            case "display": displayed = .inherit
            case "clip-path": clipped = .inherit
            case "mask": masked = .inherit
            case "filter": filtered = .inherit
            case "vector-effect": nonScalingStroke = .inherit
            default: return false
            }
            return true
        }
        switch name {
        case "fill":
            guard let paint = PaintValue.parse(value) else { return false }
            fill = .value(paint)
        case "stroke":
            guard let paint = PaintValue.parse(value) else { return false }
            stroke = .value(paint)
        case "fill-rule":
            guard let rule = FillRule(rawValue: keyword) else { return false }
            fillRule = .value(rule)
        case "fill-opacity":
            guard let alpha = Self.alphaValue(value) else { return false }
            fillOpacity = .value(alpha)
        case "stroke-opacity":
            guard let alpha = Self.alphaValue(value) else { return false }
            strokeOpacity = .value(alpha)
        case "opacity":
            guard let alpha = Self.alphaValue(value) else { return false }
            opacity = .value(alpha)
        case "stroke-width":
            guard let length = try? LengthValue.parse(value, context: name) else { return false }
            switch length {
            case .userUnits(let v), .percent(let v): guard v >= 0 else { return false }
            }
            strokeWidth = .value(length)
        case "stroke-linecap":
            guard let cap = StrokeStyle.LineCap(rawValue: keyword) else { return false }
            lineCap = .value(cap)
        case "stroke-linejoin":
            guard let join = StrokeStyle.LineJoin(rawValue: keyword) else { return false }
            lineJoin = .value(join)
        case "stroke-miterlimit":
            guard let limit = Double(value), limit >= 1, limit.isFinite else { return false }
            miterLimit = .value(limit)
        case "color":
            if keyword == "currentcolor" { colorAlpha = .inherit; return true }
            guard let alpha = ColorAlpha.parse(value) else { return false }
            colorAlpha = .value(alpha)
        case "visibility":
            switch keyword {
            case "visible": visible = .value(true)
            case "hidden", "collapse": visible = .value(false)
            default: return false
            }
        case "display":
            guard !keyword.isEmpty else { return false }
            displayed = .value(keyword != "none")
        case "stroke-dasharray":
            guard !keyword.isEmpty else { return false }
            dashed = .value(Self.isDashPattern(keyword))
        case "marker-start": markerStart = .value(keyword != "none")
        case "marker-mid": markerMid = .value(keyword != "none")
        case "marker-end": markerEnd = .value(keyword != "none")
        case "marker":
            let on = keyword != "none"
            markerStart = .value(on); markerMid = .value(on); markerEnd = .value(on)
        case "clip-path": clipped = .value(keyword != "none")
        case "mask": masked = .value(keyword != "none")
        case "filter": filtered = .value(keyword != "none")
        case "vector-effect": nonScalingStroke = .value(keyword == "non-scaling-stroke")
        case "transform":
            guard let parsed = CSSTransform.parse(value) else { return false }
            transform = .value(parsed)
        case "stop-opacity":
            guard let alpha = Self.alphaValue(value) else { return false }
            stopOpacity = .value(alpha)
        case "stop-color":
            if keyword == "currentcolor" { stopColorAlpha = .value(1); return true }
            guard let alpha = ColorAlpha.parse(value) else { return false }
            stopColorAlpha = .value(alpha)
        case "transform-origin":
            guard !keyword.isEmpty else { return false }
            originMoved = .value(!Self.isTopLeft(keyword))
        default:
            return false
        }
        return true
    }

    /// An `<alpha-value>`: a number or a percentage, clamped to 0…1.
    static func alphaValue(_ text: String) -> Double? {
        let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        guard let number, number.isFinite else { return nil }
        return min(max(number, 0), 1)
    }

    /// Whether a `transform-origin` value is the top left corner, SVG's default: two or three
    /// parts (a single value leaves the other axis at its centre), each `left`, `top` or a zero
    /// length.
    static func isTopLeft(_ keyword: String) -> Bool {
        let parts = keyword.split(whereSeparator: \.isWhitespace)
        return parts.count >= 2 && parts.allSatisfy { part in
            part == "left" || part == "top" || (try? LengthValue.parse(String(part), context: "transform-origin"))
                .map { $0 == .userUnits(0) || $0 == .percent(0) } == true
        }
    }

    /// A dash array draws dashes unless it is `none` or all its lengths are zero.
    static func isDashPattern(_ keyword: String) -> Bool {
        guard keyword != "none" else { return false }
        let parts = keyword.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
        return parts.contains { part in
            guard let length = try? LengthValue.parse(String(part), context: "stroke-dasharray") else { return true }
            return length != .userUnits(0) && length != .percent(0)
        }
    }
}
