import AlphaRaster

extension MorphRenderer {
    /// Finishes a frame whose coverage another morph style computed (such as a path morph's
    /// outline, drawn into a mask): the style's tint at `progress`, its background and the
    /// output format, exactly as for a metaball frame (see `FrameFinish`), with coverage
    /// `c / 255` for each byte c of `coverage`. The blur and threshold are not applied.
    ///
    /// The pixels are those `render(source:target:progress:into:bytesPerRow:format:)` would
    /// write for a field whose coverage is `coverage`; bytes between rows are left as they were.
    ///
    /// - Throws: `MorphError.invalidParameter` (`.progress`) unless progress is finite and in
    ///   [0, 1]; `MorphError.sizeMismatch` (`.source`) when `coverage` has another size; the
    ///   output errors of `render(source:target:progress:into:bytesPerRow:format:)`. Nothing
    ///   is written when it throws.
    public func render(
        coverage: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer,
        bytesPerRow: Int? = nil, format: PixelFormat
    ) throws {
        try checkInputs(source: coverage, target: coverage, progress: progress)
        let (base, stride) = try checkOutput(output, bytesPerRow: bytesPerRow, format: format)
        let finish = FrameFinish(style: style, progress: progress, format: format)
        lock.lock()
        defer { lock.unlock() }
        let writer = writerLocked(for: finish)
        coverage.pixels.withUnsafeBufferPointer {
            self.finish(coverage: $0.baseAddress!, writer: writer, output: base, bytesPerRow: stride)
        }
    }
}
