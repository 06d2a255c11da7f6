import AlphaRaster

/// What a renderer of the distance field (`MorphField.distance`) keeps between frames: the
/// icons' fields, the frame stage with its planes, and the frame's coverage before finishing.
final class DistanceStage {
    let frames: DistanceFrameRenderer
    let fields: DistanceFieldCache
    /// width × height coverage bytes of the last frame.
    let coverage: UnsafeMutablePointer<UInt8>

    init(width: Int, height: Int, style: MorphStyle) {
        frames = DistanceFrameRenderer(width: width, height: height, style: style)
        fields = DistanceFieldCache(style: style)
        coverage = .allocate(capacity: width * height)
        coverage.initialize(repeating: 0, count: width * height)
    }

    deinit { coverage.deallocate() }

    /// The frame stage's form of a captured field with weight `weight`.
    static func capture(_ capture: (field: CapturedField, weight: Double)?, values: UnsafePointer<Float>?) -> DistanceFrameRenderer.Capture? {
        guard let capture, let values else { return nil }
        return DistanceFrameRenderer.Capture(values: values, weight: capture.weight, slopeFloor: capture.field.slopeFloor)
    }
}

extension MorphRenderer {
    /// Renders a frame of the distance field, under the lock: the fields (computed on first
    /// use), the frame's coverage, then the finishing every field stage shares.
    func renderDistanceLocked(
        _ stage: DistanceStage, source: AlphaMask, target: AlphaMask, progress: Double,
        capture: (field: CapturedField, weight: Double)?, writer: PixelWriter,
        output: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        let fieldS = stage.fields.field(of: source), fieldT = stage.fields.field(of: target)
        withCapturedValues(capture?.field) { captured in
            stage.frames.render(
                source: fieldS, target: fieldT, progress: progress,
                capture: DistanceStage.capture(capture, values: captured), into: stage.coverage)
        }
        finish(coverage: stage.coverage, writer: writer, output: output, bytesPerRow: bytesPerRow)
    }

    /// The distance field's V over the whole canvas, for `captureField(of:)`.
    func captureDistance(_ stage: DistanceStage, frame: MorphFrame) -> CapturedField {
        lock.lock()
        defer { lock.unlock() }
        let capture = frame.effectiveCapture
        let fieldS = stage.fields.field(of: frame.source), fieldT = stage.fields.field(of: frame.target)
        let (values, floor) = withCapturedValues(capture?.field) { captured in
            stage.frames.capturedField(
                source: fieldS, target: fieldT, progress: frame.progress, capture: DistanceStage.capture(capture, values: captured))
        }
        return CapturedField(validWidth: width, height: height, values: values, blurRadius: 0, kind: .distance, slopeFloor: floor)
    }

    /// Writes the pixels of `coverage` (width × height bytes, c / 255 each) with `writer`,
    /// rows `bytesPerRow` apart from `output`.
    func finish(coverage: UnsafePointer<UInt8>, writer: PixelWriter, output: UnsafeMutableRawPointer, bytesPerRow: Int) {
        let width = self.width
        for y in 0..<height {
            let row = output + y &* bytesPerRow, line = coverage + y &* width
            var x = 0
            while x < width {
                let count = min(16, width &- x)
                var bytes = SIMD16<UInt8>(repeating: 0)
                if count == 16 {
                    bytes = UnsafeRawPointer(line + x).loadUnaligned(as: SIMD16<UInt8>.self)
                } else {
                    for lane in 0..<count { bytes[lane] = line[x &+ lane] }
                }
                let alpha = SIMD16<Float>(SIMD16<UInt32>(truncatingIfNeeded: bytes)) / 255
                writer.store(writer.bits(coverage: alpha), to: row, x: x, count: count)
                x &+= 16
            }
        }
    }
}
