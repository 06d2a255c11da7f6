/// Which part of an image becomes the mask.
///
/// For every `PixelFormat`, the image is taken as colour c (straight, sRGB-encoded bytes)
/// at alpha A: `.gray8` is opaque gray, `.alpha8` is black ink at alpha A, and premultiplied
/// formats hold c · A / 255.
public enum MaskSource: String, Sendable, CaseIterable {
    /// The alpha channel: mask = A (255 for `.gray8`).
    case alpha
    /// Inverted luminance of the image composited over white paper, so that dark ink on paper
    /// is the shape: mask = 255 − Y_over, where Y = 0.2126 R + 0.7152 G + 0.0722 B (Rec. 709
    /// weights applied to the sRGB-encoded bytes, not to linear light). For straight colour
    /// that is (255 − Y) · A / 255; for premultiplied colour A − Y(c_p), read from the bytes
    /// as they are; for gray, Y is the gray byte. Black opaque ink gives 255, white or
    /// transparent pixels give 0. At the image's own size the value is rounded to the
    /// nearest byte (halves up); resampling works on the unrounded value.
    case luminance
    /// `alpha` when any pixel has alpha < 255, otherwise `luminance`: an opaque image has no
    /// useful alpha, so its dark ink is taken instead.
    case auto

    /// The concrete source for an image that has (or has not) any pixel with alpha below
    /// 255: `.alpha` or `.luminance`, never `.auto`.
    public func resolved(hasTransparency: Bool) -> MaskSource {
        switch self {
        case .alpha, .luminance: self
        case .auto: hasTransparency ? .alpha : .luminance
        }
    }
}
