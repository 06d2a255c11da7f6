extension AlphaMask {
    /// Builds the mask of an image in the caller's memory, fitted into a validated icon box.
    ///
    /// The image is `width × height` pixels of `format`, rows `bytesPerRow` bytes apart
    /// (nil: `width × format.bytesPerPixel`, no padding); bytes past each row's pixels are
    /// never read, and the last row needs no padding. `source` picks the channel, as
    /// `MaskSource` documents for each format.
    ///
    /// The mask is `layout.width × layout.height`. The image is scaled by
    /// f = min(boxWidth / width, boxHeight / height) (aspect fit) and centred in the box,
    /// which sits inside the padding; the centring offset is kept exact, not rounded to whole
    /// pixels. Pixels the image does not reach are 0.
    ///
    /// Resampling, per axis and separable (channel values in 0...255):
    /// - f ≤ 1: every mask pixel is the exact area-weighted mean of the source over its
    ///   footprint (box filter with fractional overlaps), so every source pixel contributes
    ///   and fine detail averages out instead of aliasing;
    /// - f > 1: every mask pixel is the mean over its footprint of the bilinear (tent)
    ///   reconstruction of the source, held flat over the outermost half pixel: smooth, and
    ///   the image's mean is kept.
    ///
    /// In both cases the image has a hard edge: a mask pixel only partly covered by the image
    /// gets that fraction of coverage. Results are rounded to the nearest byte from a Float
    /// sum whose error is at most (kₓ + k_y) · 255 · 2⁻²⁴, kₓ and k_y the source pixels summed
    /// per mask pixel along each axis (⌈1/f⌉ + 1 when shrinking, 2 when enlarging): below
    /// 1e-3 up to a 31× shrink (a 4096 px image into a 132 px box), so such results are within
    /// 0.5 + 1e-3 of the exact value. When the image already has the box's pixel size,
    /// nothing is resampled: the box holds exactly the chosen channel, byte for byte (with
    /// padding 0 the mask is that channel).
    ///
    /// - Throws: `AlphaRasterError.invalidImageSize`, `.invalidBytesPerRow` or
    ///   `.imageBufferTooSmall` when the description does not fit the buffer.
    public init(
        pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int? = nil, format: PixelFormat,
        layout: IconLayout, source: MaskSource = .auto
    ) throws {
        let image = try ImagePixels(pixels, width: width, height: height, bytesPerRow: bytesPerRow, format: format)
        self = Self.fitted(image, layout: layout, channel: MaskChannel(source, image: image))
    }

    /// Validates `box` and builds the mask of an image in the caller's memory in it, as
    /// `init(pixels:width:height:bytesPerRow:format:layout:source:)`.
    ///
    /// - Throws: `AlphaRasterError.invalidBox` for an invalid box, then as that initializer.
    public init(
        pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int? = nil, format: PixelFormat,
        box: IconBox, source: MaskSource = .auto
    ) throws {
        try self.init(
            pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
            layout: box.layout(), source: source)
    }

    /// The chosen channel of an image in the caller's memory at the image's own size, byte
    /// for byte (no resampling): `width × height`, values as documented on `MaskSource`.
    ///
    /// - Throws: as `init(pixels:width:height:bytesPerRow:format:layout:source:)`, and
    ///   `AlphaRasterError.invalidMaskSize` for an image of more than
    ///   `AlphaMask.maximumPixelCount` pixels.
    public init(
        pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int? = nil, format: PixelFormat,
        source: MaskSource = .auto
    ) throws {
        let image = try ImagePixels(pixels, width: width, height: height, bytesPerRow: bytesPerRow, format: format)
        guard Self.area(width: width, height: height) != nil else {
            throw AlphaRasterError.invalidMaskSize(width: width, height: height)
        }
        let channel = MaskChannel(source, image: image)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
            channel.bytes(of: image, into: out.baseAddress!, outStride: width)
            initialized = width * height
        }
        self.init(validWidth: width, height: height, pixels: bytes)
    }

    /// The mask of a validated image in `layout` (see the public initializer).
    private static func fitted(_ image: ImagePixels, layout: IconLayout, channel: MaskChannel) -> AlphaMask {
        var pixels = [UInt8](repeating: 0, count: layout.width * layout.height)
        if layout.boxWidth == image.width, layout.boxHeight == image.height {
            // Same size: no resampling at all, so the channel arrives byte for byte.
            pixels.withUnsafeMutableBufferPointer { out in
                channel.bytes(
                    of: image, into: out.baseAddress! + layout.padding * layout.width + layout.padding,
                    outStride: layout.width)
            }
        } else {
            let boxWidth = Double(layout.boxWidth), boxHeight = Double(layout.boxHeight)
            let imageWidth = Double(image.width), imageHeight = Double(image.height)
            let scaleX = boxWidth / imageWidth, scaleY = boxHeight / imageHeight
            let scale = min(scaleX, scaleY)
            // The limiting axis fills the box exactly; only the other one is centred.
            let fittedWidth = scaleX <= scaleY ? boxWidth : imageWidth * scale
            let fittedHeight = scaleY <= scaleX ? boxHeight : imageHeight * scale
            let pad = Double(layout.padding)
            let offsetX = pad + (boxWidth - fittedWidth) / 2
            let offsetY = pad + (boxHeight - fittedHeight) / 2
            let kernel: ReconstructionKernel = scale <= 1 ? .box : .tent
            let columns = AxisWeights(
                sourceCount: image.width, destinationCount: layout.width, scale: scale, offset: offsetX, kernel: kernel)
            let rows = AxisWeights(
                sourceCount: image.height, destinationCount: layout.height, scale: scale, offset: offsetY, kernel: kernel)
            pixels.withUnsafeMutableBufferPointer { out in
                AreaResampler.resample(
                    image, channel: channel, columns: columns, rows: rows,
                    verticalFirst: kernel == .box, into: out, maskWidth: layout.width)
            }
        }
        // The layout's sides are 1...maximumPixelSide and the count matches.
        return AlphaMask(validWidth: layout.width, height: layout.height, pixels: pixels)
    }
}
