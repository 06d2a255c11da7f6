import MorphKernel
import OutlineTrace
import PathMorph

/// One output frame of a path morph: its progress p and eased progress e, and its colour.
package struct OutlineFrame {
    let progress: Double
    let eased: Double
    let tint: TintColor

    package init(progress: Double, eased: Double, tint: TintColor) {
        (self.progress, self.eased, self.tint) = (progress, eased, tint)
    }
}

/// A run of consecutive output frames (their indices) that one path morph draws: a
/// `render`'s whole sequence, or one transition of an `animate` timeline.
package struct OutlineSegment {
    package let morph: PathMorph
    package let frames: Range<Int>

    package init(morph: PathMorph, frames: Range<Int>) {
        (self.morph, self.frames) = (morph, frames)
    }
}

/// A sequence whose every frame is a path morph's outline (`--style path`), as the vector
/// formats write it without rendering or tracing a frame: its frames, and the runs of them
/// that one morph draws (`segments`, in order, covering every frame).
package struct OutlineSequence {
    let frames: [OutlineFrame]
    let segments: [OutlineSegment]

    /// The sequence of `frames`, drawn by `segments` (in order, covering every frame).
    package init(frames: [OutlineFrame], segments: [OutlineSegment]) {
        self.frames = frames
        self.segments = segments
    }

    /// Each frame's outline as a vector frame: one opaque layer of its contours (none for a
    /// morph of no contours), in its colour.
    package var vectorFrames: [VectorFrame] {
        segments.flatMap { segment in
            segment.frames.map { k in
                let contours = segment.morph.contours(at: frames[k].eased)
                return VectorFrame(layers: contours.isEmpty ? [] : [MaskTracer.Layer(contours: contours, opacity: 1)], tint: frames[k].tint)
            }
        }
    }
}
