/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel: a shape's tint
/// or a background (`MorphStyle`).
///
/// Without a background every rendered pixel carries the tint's red, green and blue
/// unchanged; its alpha is the tint's alpha scaled by the shape's coverage α:
/// `round(alpha · α)`.
public struct TintColor: Sendable, Equatable, Hashable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity of fully covered pixels, 0…255.
    public var alpha: UInt8

    /// Creates a colour from its channels; alpha defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black, the default tint.
    public static let black = TintColor(red: 0, green: 0, blue: 0)
}
