import AlphaRaster

/// Metaball frames of icons with translucent layers (`AlphaMask.opaqueCoverage`): the shape
/// melted from the opaque coverages, then given the icons' opacity (`LayerOpacity`).
extension MorphRenderer {
    /// Renders such a frame as `renderMetaballLocked` renders any: the shape's coverage
    /// bytes into `shapeCoverage`, scaled by the opacity, then finished with `writer`.
    func renderLayeredLocked(
        source: AlphaMask, target: AlphaMask, progress: Double, capture: (field: CapturedField, weight: Double)?,
        writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        let layers = layerOpacityLocked()
        if shapeCoverage.count != width * height { shapeCoverage = [UInt8](repeating: 0, count: width * height) }
        let frame = capture.map { MorphFrameMath.frame(progress: progress, style: style, capturedWeight: $0.weight) }
            ?? MorphFrameMath.frame(progress: progress, style: style)
        shapeCoverage.withUnsafeMutableBufferPointer { coverage in
            let base = coverage.baseAddress!
            renderMetaballLocked(
                source: LayerOpacity.shape(of: source), target: LayerOpacity.shape(of: target), progress: progress,
                capture: capture, writer: PixelWriter(alphaScale: 255, format: .alpha), output: UnsafeMutableRawPointer(base),
                bytesPerRow: width)
            layers.apply(
                to: base, source: source, target: target, captured: capture?.field, constants: frame,
                kernel: bank.levels[frame.level])
            finish(coverage: base, writer: writer, output: output, bytesPerRow: bytesPerRow)
        }
    }

    /// The stage, allocated on first use; call under the lock.
    func layerOpacityLocked() -> LayerOpacity {
        if let layerOpacity { return layerOpacity }
        let stage = LayerOpacity(width: width, height: height, maxHalfWidth: bank.maxHalfWidth)
        layerOpacity = stage
        return stage
    }
}
