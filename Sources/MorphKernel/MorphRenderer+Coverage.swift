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
    ///   [0, 1]; `MorphError.sizeMismatch` (`.coverage`) when `coverage` has another size; the
    ///   output errors of `render(source:target:progress:into:bytesPerRow:format:)`. Nothing
    ///   is written when it throws.
    public func render(
        coverage: AlphaMask, progress: Double, into output: UnsafeMutableRawBufferPointer,
        bytesPerRow: Int? = nil, format: PixelFormat
    ) throws {
        try checkProgress(progress)
        try checkSize(of: coverage, as: .coverage)
        let (base, stride) = try checkOutput(output, bytesPerRow: bytesPerRow, format: format)
        let finish = FrameFinish(style: style, progress: progress, format: format)
        lock.lock()
        defer { lock.unlock() }
        let writer = writerLocked(for: finish)
        coverage.pixels.withUnsafeBufferPointer {
            self.finish(coverage: $0.baseAddress!, writer: writer, output: base, bytesPerRow: stride)
        }
    }

    /// Writes the pixels of `coverage` (width × height bytes, c / 255 each) with `writer`,
    /// rows `bytesPerRow` apart from `output`; sixteen empty or full pixels are filled as such.
    func finish(coverage: UnsafePointer<UInt8>, writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int) {
        // The bytes are widened through 16 floats of memory, in a plain loop the compiler
        // vectorises (the SIMD integer conversions stay generic calls, `Mix`), on the stack: a
        // frame allocates nothing.
        let empty = writer.emptyPixel, full = writer.fullPixel
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 16) { lanes in
            lanes.initialize(repeating: 0)
            for y in 0..<height {
                finish(
                    row: coverage + y &* width, writer: writer, empty: empty, full: full, output: output + y &* bytesPerRow,
                    lanes: lanes.baseAddress!)
            }
        }
    }

    /// One row of `finish(coverage:writer:output:bytesPerRow:)`.
    @inline(__always)
    private func finish(
        row line: UnsafePointer<UInt8>, writer: PixelWriter, empty: UInt32, full: UInt32, output row: UnsafeMutableRawPointer,
        lanes: UnsafeMutablePointer<Float>
    ) {
        let width = self.width
        var x = 0
        while x < width {
            let count = min(16, width &- x)
            if count == 16, let byte = line.uniformByte16(at: x) {
                writer.fill(byte == 0 ? empty : full, columns: x..<x &+ 16, of: row)
                x &+= 16
                continue
            }
            for lane in 0..<count { lanes[lane] = Float(line[x &+ lane]) }
            let alpha = UnsafePointer(lanes).vector16(at: 0) / 255
            writer.store(writer.bits(coverage: alpha), to: row, x: x, count: count)
            x &+= 16
        }
    }
}
