import MorphKernel
import VectorDocuments

/// A path morph's sequence as the exporters meet it: from the frames to draw.
extension OutlineSequence {
    /// The sequence of `frames` in the colours `tints` (one each), or nil unless every frame
    /// is an outline.
    init?(_ frames: [FrameSource], tints: [TintColor]) {
        var outlineFrames: [OutlineFrame] = [], segments: [OutlineSegment] = []
        for (k, frame) in frames.enumerated() {
            guard case .outline(let morph, let progress, let eased) = frame else { return nil }
            outlineFrames.append(OutlineFrame(progress: progress, eased: eased, tint: tints[k]))
            if let last = segments.last, last.morph.source == morph.source, last.morph.target == morph.target {
                segments[segments.count - 1] = OutlineSegment(morph: last.morph, frames: last.frames.lowerBound..<(k + 1))
            } else {
                segments.append(OutlineSegment(morph: morph, frames: k..<(k + 1)))
            }
        }
        guard !segments.isEmpty else { return nil }
        self.init(frames: outlineFrames, segments: segments)
    }
}
