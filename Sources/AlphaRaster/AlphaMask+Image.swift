import PNGCodec

extension AlphaMask {
    /// Builds the mask of `image` drawn into `box`.
    ///
    /// The mask is `box.pixelWidth × box.pixelHeight`. The image is scaled by
    /// f = min(boxPixelWidth / image.width, boxPixelHeight / image.height) (aspect fit) and
    /// centred in the box, which sits inside the padding; the centring offset is kept exact,
    /// not rounded to whole pixels. Pixels the image does not reach are 0.
    ///
    /// Resampling, per axis and separable (`source` values in 0...255):
    /// - f ≤ 1: every mask pixel is the exact area-weighted mean of the source over its
    ///   footprint (box filter with fractional overlaps), so every source pixel contributes
    ///   and fine detail averages out instead of aliasing;
    /// - f > 1: every mask pixel is the mean over its footprint of the bilinear (tent)
    ///   reconstruction of the source, held flat over the outermost half pixel: smooth, and
    ///   the image's mean is kept.
    ///
    /// In both cases the image has a hard edge: a mask pixel only partly covered by the image
    /// gets that fraction of coverage. Results are rounded to the nearest byte and are within
    /// 0.5 + 1e-3 of the exact value. When the image already has the box's pixel size, nothing
    /// is resampled: the box holds exactly the chosen channel (`MaskSource`), byte for byte
    /// (with padding 0 the mask is that channel).
    ///
    /// - Throws: `AlphaRasterError.invalidBox` when `box` is invalid.
    public init(image: PNGImage, box: IconBox, source: MaskSource = .auto) throws {
        let geometry = try box.pixelGeometry()
        let channel = MaskChannel(source, image: image)
        if geometry.boxWidth == image.width, geometry.boxHeight == image.height {
            // Same size: no resampling at all, so the channel arrives byte for byte.
            let bytes = channel.bytes(of: image)
            if geometry.padding == 0 {
                try self.init(width: image.width, height: image.height, pixels: bytes)
                return
            }
            var pixels = [UInt8](repeating: 0, count: geometry.maskWidth * geometry.maskHeight)
            for y in 0..<image.height {
                let target = (y + geometry.padding) * geometry.maskWidth + geometry.padding
                pixels[target..<(target + image.width)] = bytes[(y * image.width)..<((y + 1) * image.width)]
            }
            try self.init(width: geometry.maskWidth, height: geometry.maskHeight, pixels: pixels)
            return
        }
        let boxWidth = Double(geometry.boxWidth), boxHeight = Double(geometry.boxHeight)
        let imageWidth = Double(image.width), imageHeight = Double(image.height)
        let scaleX = boxWidth / imageWidth, scaleY = boxHeight / imageHeight
        let scale = min(scaleX, scaleY)
        // The limiting axis fills the box exactly; only the other one is centred.
        let fittedWidth = scaleX <= scaleY ? boxWidth : imageWidth * scale
        let fittedHeight = scaleY <= scaleX ? boxHeight : imageHeight * scale
        let pad = Double(geometry.padding)
        let offsetX = pad + (boxWidth - fittedWidth) / 2
        let offsetY = pad + (boxHeight - fittedHeight) / 2
        let kernel: ReconstructionKernel = scale <= 1 ? .box : .tent
        let columns = AxisWeights(
            sourceCount: image.width, destinationCount: geometry.maskWidth,
            scale: scale, offset: offsetX, kernel: kernel)
        let rows = AxisWeights(
            sourceCount: image.height, destinationCount: geometry.maskHeight,
            scale: scale, offset: offsetY, kernel: kernel)
        var pixels = [UInt8](repeating: 0, count: geometry.maskWidth * geometry.maskHeight)
        pixels.withUnsafeMutableBufferPointer { out in
            AreaResampler.resample(
                image, channel: channel, columns: columns, rows: rows,
                verticalFirst: kernel == .box, into: out, maskWidth: geometry.maskWidth)
        }
        try self.init(width: geometry.maskWidth, height: geometry.maskHeight, pixels: pixels)
    }

    /// Decodes the PNG file at `path` and builds its mask in `box`, as `init(image:box:source:)`.
    ///
    /// The box is validated before the file is read. The file is decoded to RGBA; `PNGCodec`'s
    /// gray+alpha decoding uses the same Rec. 709 luma, so either gives the same mask.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for a bad box; `PNGError` from decoding
    ///   (`.fileNotFound`, `.unreadable`, `.invalidPNG`, `.tooLarge`), unchanged.
    public init(
        contentsOfPNGFile path: String, box: IconBox, source: MaskSource = .auto,
        pixelLimit: Int = PNGImage.defaultPixelLimit
    ) throws {
        try box.validate()
        let image = try PNGImage(contentsOfFile: path, format: .rgba, pixelLimit: pixelLimit)
        try self.init(image: image, box: box, source: source)
    }

    /// The chosen channel of `image` at the image's own size, byte for byte (no resampling):
    /// `image.width × image.height`, values as documented on `MaskSource`.
    ///
    /// Reads a mask back from `pngImage()` output with `source: .alpha`.
    public init(image: PNGImage, source: MaskSource = .auto) {
        let channel = MaskChannel(source, image: image)
        // A PNGImage always has a positive size and a matching pixel count.
        self = try! AlphaMask(width: image.width, height: image.height, pixels: channel.bytes(of: image))
    }

    /// The mask as a gray+alpha image (gray 0, alpha = mask) for viewing or saving:
    /// black ink with the mask as its opacity.
    ///
    /// If `pixels` was resized so it no longer holds `width × height` values, missing values
    /// read as 0 and extra values are ignored.
    public func pngImage() -> PNGImage {
        let count = width * height
        let bytes = [UInt8](unsafeUninitializedCapacity: 2 * count) { out, initialized in
            out.initialize(repeating: 0)
            pixels.withUnsafeBufferPointer { mask in
                for i in 0..<min(count, mask.count) { out[2 &* i &+ 1] = mask[i] }
            }
            initialized = 2 * count
        }
        // Positive size (AlphaMask invariant) and exactly 2 × width × height bytes.
        return try! PNGImage(width: width, height: height, format: .grayAlpha, pixels: bytes)
    }
}
