/// An 8-bit image decoded from or destined for a PNG file.
///
/// Pixels are stored row-major with no row padding, `channels` bytes per pixel, straight
/// (non-premultiplied) alpha in the last channel.
///
/// Decoding normalises every PNG to this form with libpng's colour handling for 8-bit output,
/// which is, for a sample `s` of a channel whose largest value is `max` (palette entries: 255):
/// - Colour is re-encoded from the file's gamma `g` (its gAMA chunk; 0.45455 with an sRGB
///   chunk) to gamma 1/2.2, libpng's stand-in for sRGB: `c = round(255 · (s/max)^(1/(2.2·g)))`.
///   libpng skips the correction when `2.2·g` is within 5 % of 1, giving `c = round(255·s/max)`.
///   A file without gamma information (most icons) counts as sRGB at every bit depth (libpng's
///   `PNG_IMAGE_FLAG_16BIT_sRGB` is set; its default would take 16-bit files as linear), so it
///   decodes to its samples unchanged, 16-bit ones rounded to 8 bits.
/// - Alpha is never gamma-corrected: `a = round(255·alpha/max)`; a `tRNS` key gives 0, and
///   palette `tRNS` entries are used as they are. Colour under alpha 0 is kept, not zeroed.
/// - Palettes and bit depths below 8 are expanded; gray is copied to red, green and blue.
/// - `cHRM` and `iCCP` are not applied: the primaries are taken to be sRGB's.
///
/// Tolerance, against the formulas above in float64 (the tests hold the decoder to this on
/// all of PngSuite): alpha is exact; colour is exact for files of 8 bits or fewer and for
/// 16-bit files whose gamma needs no correction. For 16-bit files whose gamma is corrected,
/// libpng keeps 11 significant bits (`PNG_MAX_GAMMA_8`) before its gamma table, so colour may
/// be off by the output change across ±32/65535 of input: 1 or 2 levels in mid and light
/// tones, more near black.
///
/// Adam7-interlaced 16-bit files are decoded through a workaround for a libpng bug (see
/// `InterlacedPNGFlattener`); they give the same pixels as their non-interlaced twins.
public struct PNGImage: Sendable, Equatable {
    /// The channel layout of one pixel.
    public enum PixelFormat: Sendable, Equatable, CaseIterable {
        /// Two bytes per pixel: gray, then alpha.
        ///
        /// Decoded gray is the BT.709 luma of the decoded, sRGB-encoded bytes:
        /// `gray = round(0.2126 R + 0.7152 G + 0.0722 B)`, exactly (integer arithmetic), the
        /// same luminance `AlphaRaster` uses for luminance masks. A neutral pixel keeps its
        /// value, so gray files decode to their samples; alpha is copied.
        case grayAlpha
        /// Four bytes per pixel: red, green, blue, then alpha.
        case rgba

        /// Bytes per pixel.
        public var channels: Int {
            switch self {
            case .grayAlpha: 2
            case .rgba: 4
            }
        }
    }

    /// The default ceiling on `width × height` for decoding: 64 megapixels.
    public static let defaultPixelLimit = 64_000_000
    /// The longest side read, in pixels: libpng's (`PNG_USER_WIDTH_MAX` and
    /// `PNG_USER_HEIGHT_MAX`, which its simplified reader cannot raise).
    public static let longestSide = 1_000_000

    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// The layout of each pixel in `pixels`.
    public let format: PixelFormat
    /// `width × height × format.channels` bytes, row-major.
    public private(set) var pixels: [UInt8]

    /// Wraps existing pixel bytes.
    ///
    /// - Throws: `PNGError.invalidImage` when a dimension is not positive or `pixels` does not
    ///   hold exactly `width × height × format.channels` bytes.
    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) throws {
        guard width > 0, height > 0 else {
            throw PNGError.invalidImage(reason: "size \(width)×\(height) is not positive")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = area.multipliedReportingOverflow(by: format.channels)
        guard !overflow, !overflow2, pixels.count == count else {
            throw PNGError.invalidImage(
                reason: "\(pixels.count) bytes do not make a \(width)×\(height) image of \(format.channels) channels")
        }
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// Lends the pixel bytes for writing in place (e.g. rendering a frame straight into the
    /// image that is then encoded). The byte count cannot change, so the image stays valid.
    public mutating func withUnsafeMutablePixelBytes<Result>(
        _ body: (UnsafeMutableRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try pixels.withUnsafeMutableBytes(body)
    }

    /// Whether any pixel has an alpha value below 255.
    public var hasTransparency: Bool {
        let step = format.channels
        return pixels.withUnsafeBufferPointer { p in
            var i = step - 1
            while i < p.count {
                if p[i] != 255 { return true }
                i &+= step
            }
            return false
        }
    }
}
