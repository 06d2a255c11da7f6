import AlphaRaster
import MorphKernel

/// A timeline's metaball or distance morphs: `MorphAnimator` over the icons' masks, starting at rest on
/// the start icon (the pair start → start at progress 1, so nothing is captured before the
/// first event).
struct MaskTimelineAnimator: TimelineAnimating {
    let animator: MorphAnimator
    /// The masks by `Timeline.Icon.path`.
    let masks: [String: AlphaMask]

    /// - Throws: `MorphError` from the animator (not expected: the sizes are checked before).
    init(renderer: MorphRenderer, masks: [String: AlphaMask], start: Timeline.Icon) throws {
        let mask = masks[start.path]!
        animator = try MorphAnimator(renderer: renderer, source: mask, target: mask, progress: 1)
        self.masks = masks
    }

    mutating func apply(_ action: Timeline.Action, duration: Double, at time: Double) throws {
        func mask(_ icon: Timeline.Icon) -> AlphaMask { masks[icon.path]! }
        switch action {
        case .to(let icon):
            try animator.animate(to: mask(icon), duration: duration, at: time)
        case .morph(let source, let target):
            try animator.animate(source: mask(source), target: mask(target), duration: duration, at: time)
        case .show(let source, let target, let progress):
            try animator.display(source: mask(source), target: mask(target), progress: progress, at: time)
        }
    }

    mutating func frame(at time: Double) throws -> FrameSource {
        .masks(try animator.frame(at: time))
    }

    var isAnimating: Bool { animator.isAnimating }

    mutating func isAtRest(at time: Double) throws -> Bool {
        _ = try animator.progress(at: time)
        return !animator.isAnimating
    }
}
