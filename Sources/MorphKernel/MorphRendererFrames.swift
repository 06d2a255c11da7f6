import AlphaRaster

/// Frames with a captured field (`MorphFrame`), and the capture itself.
extension MorphRenderer {
    /// Renders `frame` into the caller's memory in `format`, rows `bytesPerRow` apart (nil:
    /// tight), as `render(source:target:progress:into:bytesPerRow:format:)` does. Without a
    /// captured field (or with weight 0) the bytes are those of that method.
    ///
    /// A frame with a captured field is computed over every tile (no tile is skipped: the
    /// field can be non-zero anywhere), so it costs about as much as the same frame of two
    /// masks with nothing to skip.
    ///
    /// - Throws: as `render(source:target:progress:into:bytesPerRow:format:)`, and
    ///   `MorphError` when the captured field has another size or another kind than the
    ///   renderer's field (`CapturedField.kind`), or its weight is not in [0, 1] — whatever
    ///   the weight.
    public func render(
        _ frame: MorphFrame, into output: UnsafeMutableRawBufferPointer, bytesPerRow: Int? = nil, format: PixelFormat
    ) throws {
        try checkCapture(of: frame)
        try render(
            source: frame.source, target: frame.target, progress: frame.progress, capture: frame.effectiveCapture,
            output: output, bytesPerRow: bytesPerRow, format: format)
    }

    /// The blurred field V of `frame` over the whole canvas, the values its edge stage reads,
    /// to be mixed into later frames (`MorphFrame.captured`): what `MorphAnimator` keeps when a
    /// morph is sent to a third icon mid-flight. For icons with translucent layers
    /// (`AlphaMask.opaqueCoverage`) the field of their shapes, and beside it their blurred
    /// translucency, so the frames that mix it in keep the captured frame's opacity.
    ///
    /// Cost: one frame's mix and passes with nothing skipped, on one thread, plus
    /// 4 · width · height bytes for the result and the passes' memory for the call (twice
    /// that for icons with translucent layers, whose translucency is kept too).
    ///
    /// - Throws: as `render(_:into:bytesPerRow:format:)` for the frame itself (the masks'
    ///   sizes, the progress, the captured field's size and kind, and its weight).
    public func captureField(of frame: MorphFrame) throws -> CapturedField {
        try checkCapture(of: frame)
        try checkInputs(source: frame.source, target: frame.target, progress: frame.progress)
        if let distance { return captureDistance(distance, frame: frame) }
        let capture = frame.effectiveCapture
        let constants = capture.map {
            MorphFrameMath.frame(progress: frame.progress, style: style, capturedWeight: $0.weight)
        } ?? MorphFrameMath.frame(progress: frame.progress, style: style)
        let kernel = bank.levels[constants.level]
        // Icons with translucent layers: the field of their shapes, and beside it their
        // blurred translucency (`LayerOpacity`).
        let translucency = LayerOpacity.applies(source: frame.source, target: frame.target, captured: capture?.field)
            ? lock.withLock {
                layerOpacityLocked().translucency(
                    source: frame.source, target: frame.target, captured: capture?.field, constants: constants, kernel: kernel)
            } : nil
        let values = LayerOpacity.shape(of: frame.source).pixels.withUnsafeBufferPointer { source in
            LayerOpacity.shape(of: frame.target).pixels.withUnsafeBufferPointer { target in
                withCapturedValues(capture?.field) { captured in
                    FieldCapture.field(
                        width: width, height: height, source: source.baseAddress!, target: target.baseAddress!,
                        captured: captured, constants: constants, kernel: kernel)
                }
            }
        }
        let levelRadius = MorphFrameMath.levelRadius(
            level: constants.level, blurLevels: style.blurLevels, maxBlurRadius: style.maxBlurRadius)
        let radius = capture.map {
            MorphFrameMath.effectiveBlurRadius(
                levelRadius: levelRadius, capturedWeight: $0.weight, capturedRadius: $0.field.blurRadius)
        } ?? levelRadius
        return CapturedField(validWidth: width, height: height, values: values, blurRadius: radius, translucency: translucency)
    }

    private func checkCapture(of frame: MorphFrame) throws {
        guard let captured = frame.captured else { return }
        let w = frame.capturedWeight
        guard w.isFinite, w >= 0, w <= 1 else {
            throw MorphError.invalidParameter(
                .capturedWeight, reason: "must be a finite number in [0, 1], got \(w)")
        }
        guard captured.kind == style.field else {
            throw MorphError.invalidParameter(
                .fieldValues,
                reason: "were captured by a renderer of the \(captured.kind.rawValue) field; this one draws the \(style.field.rawValue) field")
        }
        guard captured.width == width, captured.height == height else {
            throw MorphError.sizeMismatch(
                .capturedField, width: captured.width, height: captured.height, expectedWidth: width, expectedHeight: height)
        }
    }
}

/// Lends `field`'s values as a pointer, or nil without a field.
@inline(__always)
func withCapturedValues<R>(_ field: CapturedField?, _ body: (UnsafePointer<Float>?) throws -> R) rethrows -> R {
    guard let field else { return try body(nil) }
    return try field.values.withUnsafeBufferPointer { try body($0.baseAddress!) }
}
