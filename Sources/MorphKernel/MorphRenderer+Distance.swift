import AlphaRaster

/// What a renderer of the distance field (`MorphField.distance`) keeps between frames: the
/// icons' fields and the frame stage with its planes.
final class DistanceStage {
    let frames: DistanceFrameRenderer
    let fields: DistanceFieldCache

    /// The stage of a renderer of `width` × `height` in `style`, with `fields` shared with
    /// another renderer's stage, or its own.
    init(width: Int, height: Int, style: MorphStyle, threads: Int, fields: DistanceFieldCache? = nil) {
        let frames = DistanceFrameRenderer(width: width, height: height, style: style, threads: threads)
        self.frames = frames
        // Another renderer's fields where they serve this one (`init(sharingIconsWith:style:)`).
        let shared = fields.flatMap { $0.serves(maxBlurRadius: style.maxBlurRadius, padding: frames.padding) ? $0 : nil }
        self.fields = shared ?? DistanceFieldCache(style: style, padding: frames.padding)
    }

    /// The frame stage's form of a captured field with weight `weight`, lent to `body`.
    static func withCapture<R>(
        _ capture: (field: CapturedField, weight: Double)?, _ body: (DistanceFrameRenderer.Capture?) -> R
    ) -> R {
        guard let capture else { return body(nil) }
        return capture.field.values.withUnsafeBufferPointer { values in
            capture.field.segmentBounds.withUnsafeBufferPointer { bounds in
                body(DistanceFrameRenderer.Capture(
                    values: values.baseAddress!, bounds: bounds.baseAddress!, steepestStep: capture.field.steepestStep,
                    weight: capture.weight,
                    slopeFloor: capture.field.slopeFloor))
            }
        }
    }
}

extension MorphRenderer {
    /// Renders a frame of the distance field, under the lock: the fields (computed on first
    /// use), then the frame's coverage through the finishing every field stage shares.
    func renderDistanceLocked(
        _ stage: DistanceStage, source: AlphaMask, target: AlphaMask, progress: Double,
        capture: (field: CapturedField, weight: Double)?, writer: PixelWriter,
        output: UnsafeMutableRawPointer, bytesPerRow: Int
    ) {
        let (fieldS, fieldT) = stage.fields.fields(of: source, target, concurrently: computesFieldsConcurrentlyLocked)
        // Split by the tap-pixels of blurring the whole canvas, the measure a metaball frame
        // is split by before it skips anything (a distance frame blurs only near its outline;
        // icon frames at the default 12 px blur stay on one thread all the same).
        let n = stage.frames.blur(progress: progress).kernel.halfWidth
        let threads = bandCountLocked(tapWork: width * height * (2 * n + 1))
        DistanceStage.withCapture(capture) {
            stage.frames.render(
                source: fieldS, target: fieldT, progress: progress, capture: $0, writer: writer, output: output,
                bytesPerRow: bytesPerRow, pool: threads > 1 ? pool : nil)
        }
    }

    /// The distance field's V over the whole canvas, for `captureField(of:)`.
    func captureDistance(_ stage: DistanceStage, frame: MorphFrame) -> CapturedField {
        lock.lock()
        defer { lock.unlock() }
        let capture = frame.effectiveCapture
        let (fieldS, fieldT) = stage.fields.fields(of: frame.source, frame.target, concurrently: computesFieldsConcurrentlyLocked)
        let (values, floor) = DistanceStage.withCapture(capture) {
            stage.frames.capturedField(source: fieldS, target: fieldT, progress: frame.progress, capture: $0)
        }
        return CapturedField(validWidth: width, height: height, values: values, blurRadius: 0, kind: .distance, slopeFloor: floor)
    }
}
