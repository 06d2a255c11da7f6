import AlphaRaster

/// The style an element is drawn with, after inheritance.
///
/// `opacity` is not inherited in SVG (it is group opacity); here it is the product of the
/// element's and all its ancestors' opacities, and `opacityGroup` names the innermost element
/// that has one under 1, so that its opaquely painted layers are drawn as one shape
/// (`VectorIcon.Layer.opacityGroup`). That is exact but where a group's children are painted
/// translucently themselves, or groups with opacity nest and their children overlap: those
/// overlaps come out denser.
struct ComputedStyle: Equatable {
    var fill: PaintValue = .color(alpha: 1)
    var fillRule: FillRule = .nonZero
    var fillOpacity = 1.0
    var stroke: PaintValue = .none
    var strokeWidth: LengthValue = .userUnits(1)
    var lineCap: StrokeStyle.LineCap = .butt
    var lineJoin: StrokeStyle.LineJoin = .miter
    var miterLimit = 4.0
    var strokeOpacity = 1.0
    var colorAlpha = 1.0
    var visible = true
    var dashed = false
    var markerStart = false
    var markerMid = false
    var markerEnd = false
    /// Product of the opacities of the element and its ancestors.
    var opacity = 1.0
    /// The innermost of the element and its ancestors whose own opacity is under 1, as a
    /// number the walk gives each such element it draws (a `<use>` copy its own); nil when
    /// there is none.
    var opacityGroup: Int?
    // Not inherited; these describe the element itself.
    /// The element's own `opacity` (what `opacity: inherit` in a child copies).
    var ownOpacity = 1.0
    var displayed = true
    var clipped = false
    var masked = false
    var filtered = false
    var nonScalingStroke = false

    /// The initial style (SVG's property defaults).
    static let initial = ComputedStyle()

    /// The style of a child that declares `declared`, given this (the parent's) style.
    func child(declaring declared: DeclaredStyle) -> ComputedStyle {
        var style = self
        // An undeclared inherited property keeps the parent's value; an undeclared
        // non-inherited one takes its initial value.
        func resolve<T>(_ specified: Specified<T>?, _ keyPath: WritableKeyPath<ComputedStyle, T>, inherited: Bool) {
            switch specified {
            case .value(let value)?: style[keyPath: keyPath] = value
            case .inherit?: style[keyPath: keyPath] = self[keyPath: keyPath]
            case nil: if !inherited { style[keyPath: keyPath] = ComputedStyle.initial[keyPath: keyPath] }
            }
        }
        resolve(declared.fill, \.fill, inherited: true)
        resolve(declared.fillRule, \.fillRule, inherited: true)
        resolve(declared.fillOpacity, \.fillOpacity, inherited: true)
        resolve(declared.stroke, \.stroke, inherited: true)
        resolve(declared.strokeWidth, \.strokeWidth, inherited: true)
        resolve(declared.lineCap, \.lineCap, inherited: true)
        resolve(declared.lineJoin, \.lineJoin, inherited: true)
        resolve(declared.miterLimit, \.miterLimit, inherited: true)
        resolve(declared.strokeOpacity, \.strokeOpacity, inherited: true)
        resolve(declared.colorAlpha, \.colorAlpha, inherited: true)
        resolve(declared.visible, \.visible, inherited: true)
        resolve(declared.dashed, \.dashed, inherited: true)
        resolve(declared.markerStart, \.markerStart, inherited: true)
        resolve(declared.markerMid, \.markerMid, inherited: true)
        resolve(declared.markerEnd, \.markerEnd, inherited: true)
        resolve(declared.displayed, \.displayed, inherited: false)
        resolve(declared.clipped, \.clipped, inherited: false)
        resolve(declared.masked, \.masked, inherited: false)
        resolve(declared.filtered, \.filtered, inherited: false)
        resolve(declared.nonScalingStroke, \.nonScalingStroke, inherited: false)
        resolve(declared.opacity, \.ownOpacity, inherited: false)
        style.opacity = opacity * style.ownOpacity
        return style
    }
}
