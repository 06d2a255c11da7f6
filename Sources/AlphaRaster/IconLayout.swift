/// An `IconBox` that has been validated, measured in pixels: what every mask builder works
/// from. Made only by `IconBox.layout()`, so holding one means the box is good.
///
/// The mask is `width × height` pixels: the box (`boxWidth × boxHeight`, where the icon is
/// fitted) with `padding` transparent pixels on every side.
public struct IconLayout: Sendable, Hashable {
    /// The box this layout measures.
    public let box: IconBox
    /// `round(box.width × box.scale)`, ≥ 1.
    public let boxWidth: Int
    /// `round(box.height × box.scale)`, ≥ 1.
    public let boxHeight: Int
    /// `round(box.padding × box.scale)` on each side, ≥ 0.
    public let padding: Int

    init(box: IconBox, boxWidth: Int, boxHeight: Int, padding: Int) {
        self.box = box
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.padding = padding
    }

    /// The mask's width in pixels, `boxWidth + 2 × padding`, at most
    /// `IconBox.maximumPixelSide`.
    public var width: Int { boxWidth + 2 * padding }

    /// The mask's height in pixels, `boxHeight + 2 × padding`, at most
    /// `IconBox.maximumPixelSide`.
    public var height: Int { boxHeight + 2 * padding }
}
