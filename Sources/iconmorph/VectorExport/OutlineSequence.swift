import MorphKernel
import OutlineTrace
import PathMorph

/// One output frame of a path morph: its progress p and eased progress e, and its colour.
struct OutlineFrame {
    let progress: Double
    let eased: Double
    let tint: TintColor
}

/// A run of consecutive output frames (their indices) that one path morph draws: a
/// `render`'s whole sequence, or one transition of an `animate` timeline.
struct OutlineSegment {
    let morph: PathMorph
    let frames: Range<Int>
}

/// A sequence whose every frame is a path morph's outline (`--style path`), as the vector
/// formats write it without rendering or tracing a frame: its frames, and the runs of them
/// that one morph draws (`segments`, in order, covering every frame).
struct OutlineSequence {
    let frames: [OutlineFrame]
    let segments: [OutlineSegment]

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
        self.frames = outlineFrames
        self.segments = segments
    }

    /// Each frame's outline as a vector frame: one opaque layer of its contours (none for a
    /// morph of no contours), in its colour.
    var vectorFrames: [VectorFrame] {
        segments.flatMap { segment in
            segment.frames.map { k in
                let contours = segment.morph.contours(at: frames[k].eased)
                return VectorFrame(layers: contours.isEmpty ? [] : [MaskTracer.Layer(contours: contours, opacity: 1)], tint: frames[k].tint)
            }
        }
    }
}
