import AlphaRaster

/// What a renderer takes: frame sizes (`maximumPixelCount`), and each frame's masks,
/// progress and output buffer.
extension MorphRenderer {
    /// Whether a renderer takes frames of `width` × `height` (see `maximumPixelCount`): the
    /// area counts each side rounded up to a multiple of 16, as the renderer's memory holds
    /// whole 16-pixel column blocks and tile rows. (Counted by width × height alone, a 2²⁶ × 1
    /// metaball renderer took 2.7 GB before its first frame, where a 4096² one takes 174 MB
    /// with one: a process's peak, measured with a throwaway program.)
    static func acceptsSize(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= maximumPixelCount, height <= maximumPixelCount else { return false }
        // Both sides are at most 2²⁸, so the product cannot overflow; it bounds width × height.
        return wholeBlocks(width) * wholeBlocks(height) <= maximumPixelCount
    }

    /// `pixels` rounded up to a multiple of 16, the renderer's column blocks and tile rows.
    static func wholeBlocks(_ pixels: Int) -> Int { (pixels + 15) / 16 * 16 }

    /// Whether a distance-field renderer takes frames of `width` × `height` at blur `maxBlurRadius`
    /// (see `maximumPixelCount`): its icon fields keep each row padded by ⌈Rmax⌉ floats a side
    /// and 16 more, and its bounds on the blurred field keep each 16-pixel column padded the
    /// same way, so both (width + 2 · ⌈Rmax⌉ + 16) × height and the width rounded up to a
    /// multiple of 16 times (height + 2 · ⌈Rmax⌉ + 16) must be at most twice
    /// `maximumPixelCount`, which every square side up to 16384 meets at any blur. (Without
    /// the second rule, a 2²⁴ × 1 renderer at Rmax 1000 took 16 GB and 40 s to make.)
    static func distanceAcceptsSize(width: Int, height: Int, maxBlurRadius: Double) -> Bool {
        guard acceptsSize(width: width, height: height) else { return false }
        let padding = 2 * Int(maxBlurRadius.rounded(.up)) + DistanceFrameRenderer.segmentLength
        return (width + padding) * height <= 2 * maximumPixelCount && wholeBlocks(width) * (height + padding) <= 2 * maximumPixelCount
    }

    /// Checks a frame's masks against the renderer's size and its progress.
    func checkInputs(source: AlphaMask, target: AlphaMask, progress: Double) throws {
        try checkProgress(progress)
        try checkSize(of: source, as: .source)
        try checkSize(of: target, as: .target)
    }

    /// Checks that a progress is finite and in [0, 1].
    func checkProgress(_ progress: Double) throws {
        guard progress.isFinite, progress >= 0, progress <= 1 else {
            throw MorphError.invalidParameter(.progress, reason: "must be a finite number in [0, 1], got \(progress)")
        }
    }

    /// Checks a mask against the renderer's size.
    func checkSize(of mask: AlphaMask, as input: MorphInput) throws {
        guard mask.width == width, mask.height == height else {
            throw MorphError.sizeMismatch(
                input, width: mask.width, height: mask.height, expectedWidth: width, expectedHeight: height)
        }
    }

    /// The row stride and the base address of an output, checked against the frame.
    func checkOutput(
        _ output: UnsafeMutableRawBufferPointer, bytesPerRow: Int?, format: PixelFormat
    ) throws -> (base: UnsafeMutableRawPointer, bytesPerRow: Int) {
        guard format != .gray8, format != .grayAlpha8 else { throw MorphError.unsupportedPixelFormat(format) }
        let rowBytes = width * format.bytesPerPixel
        let stride = bytesPerRow ?? rowBytes
        guard stride >= rowBytes else {
            throw MorphError.invalidBytesPerRow(stride, width: width, format: format)
        }
        let (rows, overflow) = (height - 1).multipliedReportingOverflow(by: stride)
        let (needed, overflow2) = rows.addingReportingOverflow(rowBytes)
        guard !overflow, !overflow2 else {
            throw MorphError.invalidBytesPerRow(stride, width: width, format: format)
        }
        guard output.count >= needed, let base = output.baseAddress else {
            throw MorphError.bufferTooSmall(byteCount: output.count, needed: needed)
        }
        return (base, stride)
    }
}
