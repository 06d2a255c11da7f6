import AlphaRaster
import PNGCodec

extension AlphaMask {
    /// Builds the mask of a decoded PNG image in a validated icon box: the image's pixels
    /// (`.rgba8` or `.grayAlpha8`) through
    /// `AlphaMask(pixels:width:height:bytesPerRow:format:layout:source:)`, which documents
    /// the fitting, the resampling and `source`.
    public init(image: PNGImage, layout: IconLayout, source: MaskSource = .auto) {
        // A PNGImage's pixels always describe a valid image of its format.
        self = try! image.pixels.withUnsafeBytes {
            try AlphaMask(
                pixels: $0, width: image.width, height: image.height, format: image.format.pixelFormat,
                layout: layout, source: source)
        }
    }

    /// Validates `box` and builds the mask of `image` in it, as `init(image:layout:source:)`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when `box` is invalid.
    public init(image: PNGImage, box: IconBox, source: MaskSource = .auto) throws {
        self.init(image: image, layout: try box.layout(), source: source)
    }

    /// Decodes the PNG file at `path` and builds its mask in `layout`, as
    /// `init(image:layout:source:)`.
    ///
    /// The file is decoded to RGBA, so luminance is taken from the decoded colour itself.
    ///
    /// - Throws: `PNGError` from decoding (`.fileNotFound`, `.unreadable`, `.invalidPNG`,
    ///   `.tooLarge`, `.sideTooLong`, `.invalidPixelLimit`), unchanged.
    public init(
        contentsOfPNGFile path: String, layout: IconLayout, source: MaskSource = .auto,
        pixelLimit: Int = PNGImage.defaultPixelLimit
    ) throws {
        let image = try PNGImage(contentsOfFile: path, format: .rgba, pixelLimit: pixelLimit)
        self.init(image: image, layout: layout, source: source)
    }

    /// Validates `box` (before the file is read) and builds the PNG file's mask in it, as
    /// `init(contentsOfPNGFile:layout:source:pixelLimit:)`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for a bad box, then as that initializer.
    public init(
        contentsOfPNGFile path: String, box: IconBox, source: MaskSource = .auto,
        pixelLimit: Int = PNGImage.defaultPixelLimit
    ) throws {
        try self.init(contentsOfPNGFile: path, layout: box.layout(), source: source, pixelLimit: pixelLimit)
    }

    /// The chosen channel of `image` at the image's own size, byte for byte (no resampling):
    /// `image.width × image.height`, values as documented on `MaskSource`.
    ///
    /// Reads a mask back from `pngImage()` output with `source: .alpha`.
    ///
    /// - Throws: `AlphaRasterError` for an image of more pixels than a mask holds (a
    ///   `PNGImage` made in memory may have more; one decoded from a file has at most 2³⁰).
    ///   (It trapped there.)
    public init(image: PNGImage, source: MaskSource = .auto) throws {
        self = try image.pixels.withUnsafeBytes {
            try AlphaMask(
                pixels: $0, width: image.width, height: image.height, format: image.format.pixelFormat, source: source)
        }
    }

    /// The mask as a gray+alpha image (gray 0, alpha = mask) for viewing or saving:
    /// black ink with the mask as its opacity.
    public func pngImage() -> PNGImage {
        let count = width * height
        let bytes = [UInt8](unsafeUninitializedCapacity: 2 * count) { out, initialized in
            out.initialize(repeating: 0)
            pixels.withUnsafeBufferPointer { mask in
                for i in 0..<count { out[2 &* i &+ 1] = mask[i] }
            }
            initialized = 2 * count
        }
        // Positive size (AlphaMask invariant) and exactly 2 × width × height bytes.
        return try! PNGImage(width: width, height: height, format: .grayAlpha, pixels: bytes)
    }
}

extension MaskSource {
    /// The concrete source used for `image`: `.alpha` or `.luminance`, never `.auto`.
    public func resolved(for image: PNGImage) -> MaskSource {
        resolved(hasTransparency: image.hasTransparency)
    }
}

extension PNGImage.PixelFormat {
    /// The same layout as a `PixelFormat`, for the mask builders.
    var pixelFormat: PixelFormat {
        switch self {
        case .grayAlpha: .grayAlpha8
        case .rgba: .rgba8
        }
    }
}
