/// How an image's pixels lie in memory: the bytes of one pixel, in memory order, eight bits
/// a channel, sRGB-encoded, and whether colour is premultiplied by alpha.
///
/// The same four facts — base address, width and height, bytes per row, and this format —
/// describe a CoreGraphics bitmap context, a Metal texture, an SDL surface or texture, and a
/// Cairo image surface, so masks can be built from a host's own bitmap
/// (`AlphaMask(pixels:width:height:bytesPerRow:format:box:source:)`) and frames rendered into
/// one (`MorphRenderer.render(_:into:bytesPerRow:format:)`).
///
/// Premultiplied colour is c_p = round(c · a / 255) for a straight channel c and alpha a
/// (bytes); where a = 0 every premultiplied channel is 0.
///
/// On little-endian machines, the BGRA formats are what those hosts call 32-bit
/// "alpha first, byte order little" pixels: CoreGraphics `premultipliedFirst` with
/// `byteOrder32Little`, Metal `bgra8Unorm`, SDL `ARGB8888`, Cairo `ARGB32`
/// (premultiplied).
public enum PixelFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One byte a pixel: alpha (coverage) only. As an image, black ink at that opacity.
    case alpha8
    /// One byte a pixel: opaque gray.
    case gray8
    /// Two bytes a pixel: gray, then straight alpha.
    case grayAlpha8
    /// Four bytes a pixel: red, green, blue, alpha; straight alpha.
    case rgba8
    /// Four bytes a pixel: red, green, blue, alpha; colour premultiplied by alpha.
    case rgba8Premultiplied
    /// Four bytes a pixel: blue, green, red, alpha; straight alpha.
    case bgra8
    /// Four bytes a pixel: blue, green, red, alpha; colour premultiplied by alpha.
    case bgra8Premultiplied

    /// Bytes per pixel: 1, 2 or 4.
    public var bytesPerPixel: Int {
        switch self {
        case .alpha8, .gray8: 1
        case .grayAlpha8: 2
        case .rgba8, .rgba8Premultiplied, .bgra8, .bgra8Premultiplied: 4
        }
    }

    /// Whether colour channels are premultiplied by alpha.
    public var isPremultiplied: Bool {
        self == .rgba8Premultiplied || self == .bgra8Premultiplied
    }

    /// The offset of the alpha byte within a pixel; nil for `.gray8`, which is opaque.
    var alphaOffset: Int? {
        switch self {
        case .alpha8: 0
        case .gray8: nil
        case .grayAlpha8: 1
        case .rgba8, .rgba8Premultiplied, .bgra8, .bgra8Premultiplied: 3
        }
    }

    /// The offsets of red, green and blue within a pixel; nil for the formats without colour
    /// channels of their own (`.alpha8`, `.gray8`, `.grayAlpha8`).
    var colorOffsets: (red: Int, green: Int, blue: Int)? {
        switch self {
        case .alpha8, .gray8, .grayAlpha8: nil
        case .rgba8, .rgba8Premultiplied: (0, 1, 2)
        case .bgra8, .bgra8Premultiplied: (2, 1, 0)
        }
    }

    /// The format's name as written in code: `rgba8Premultiplied`, ….
    public var description: String {
        switch self {
        case .alpha8: "alpha8"
        case .gray8: "gray8"
        case .grayAlpha8: "grayAlpha8"
        case .rgba8: "rgba8"
        case .rgba8Premultiplied: "rgba8Premultiplied"
        case .bgra8: "bgra8"
        case .bgra8Premultiplied: "bgra8Premultiplied"
        }
    }
}
