/// A `fill` or `stroke` value, reduced to what matters for coverage.
enum PaintValue: Equatable {
    /// `none`: nothing is painted.
    case none
    /// A colour; only its alpha (0…1) matters.
    case color(alpha: Double)
    /// `currentColor`: the alpha of the computed `color` property.
    case currentColor
    /// `url(#id)` with an optional fallback for a missing reference; `id` is nil for a
    /// reference outside this document.
    case reference(id: String?, fallback: Fallback?)

    /// What `url(…) <fallback>` falls back to.
    enum Fallback: Equatable {
        case none
        case color(alpha: Double)
        case currentColor
    }

    /// Parses a paint; nil when the value is invalid (the declaration is then ignored, as CSS
    /// requires). `inherit` is handled by the caller.
    static func parse(_ text: String) -> PaintValue? {
        let value = CSSDeclarations.trim(text)
        let lower = value.lowercased()
        if lower == "none" { return PaintValue.none }
        if lower == "currentcolor" { return .currentColor }
        if lower.hasPrefix("url(") {
            guard let close = value.firstIndex(of: ")") else { return nil }
            var target = CSSDeclarations.trim(value[value.index(value.startIndex, offsetBy: 4)..<close])
            if target.count >= 2, let first = target.first, first == "\"" || first == "'", target.last == first {
                target = String(target.dropFirst().dropLast())
            }
            let id: String? = target.hasPrefix("#") ? String(target.dropFirst()) : nil
            let rest = CSSDeclarations.trim(value[value.index(after: close)...])
            guard !rest.isEmpty else { return .reference(id: id, fallback: nil) }
            switch parse(rest) {
            case .none?: return .reference(id: id, fallback: Fallback.none)
            case .color(let alpha)?: return .reference(id: id, fallback: .color(alpha: alpha))
            case .currentColor?: return .reference(id: id, fallback: .currentColor)
            default: return nil
            }
        }
        return ColorAlpha.parse(value).map { .color(alpha: $0) }
    }
}
