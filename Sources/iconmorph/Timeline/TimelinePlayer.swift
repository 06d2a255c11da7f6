import AlphaRaster
import IconSymbols
import MorphKernel

/// Plays a `Timeline` through one `MorphAnimator` and samples it at a fixed frame rate: the
/// frames `iconmorph animate` renders.
///
/// Frame k is the animator's frame at t_k = k / fps seconds (computed as k · den / num from
/// the exact rate, so frame times do not accumulate rounding), k = 0, 1, … Each event is
/// applied at its own time, before the first frame at or after it, so an event between two
/// frames happens between them and one at a frame's time shows in that frame. The animator
/// starts at rest on the start icon (the pair start → start at progress 1, so a first event
/// to another icon is the plain two-icon morph, with nothing captured).
///
/// The last frame is the last one at or before `--until`; without it, the first frame at or
/// after the moment every event has happened and the animator is at rest (so the last frame
/// shows the final icon exactly). A timeline with no events is one frame.
struct TimelinePlayer {
    let timeline: Timeline
    /// Frames per second.
    let fps: Rational

    /// t_k in seconds.
    func time(ofFrame k: Int) -> Double {
        Double(k * fps.denominator) / Double(fps.numerator)
    }

    /// How many frames an explicit end time `until` gives: the frames with t_k ≤ until.
    func frameCount(until: Double) -> Int {
        var k = Int((until * fps.doubleValue).rounded(.down))
        while time(ofFrame: k + 1) <= until { k += 1 }
        while k > 0, time(ofFrame: k) > until { k -= 1 }
        return k + 1
    }

    /// Loads every icon the timeline names, once each, into `box`: the masks by
    /// `Timeline.Icon.path`.
    ///
    /// - Throws: what `IconInput.load` throws; for an icon of a timeline file, a
    ///   `CommandFailure` with the same message and status after the file and line (an
    ///   unknown name as written there).
    static func loadIcons(
        of timeline: Timeline, in layout: IconLayout, source: MaskSource, warn: (String) -> Void
    ) throws -> [String: AlphaMask] {
        var masks: [String: AlphaMask] = [:]
        for icon in timeline.icons {
            do {
                masks[icon.path] = try IconInput.load(icon.path, option: icon.origin, in: layout, source: source, warn: warn)
            } catch IconInputError.unknownName(let option, _, _) where icon.path != icon.name {
                throw IconInputError.unknownName(
                    option: option, name: icon.name, suggestion: BuiltInSymbol.suggestion(for: icon.name))
            } catch let error where !icon.origin.hasPrefix("-") {
                // A file's own errors name the icon file; say which line of the timeline named it.
                let failure = CommandFailure(error)
                guard !failure.message.hasPrefix(icon.origin + ":") else { throw failure }
                throw CommandFailure(message: icon.origin + ": " + failure.message, exitCode: failure.exitCode)
            }
        }
        return masks
    }

    /// The frames, in order, drawn with `renderer` (whose size the masks have; it also
    /// captures the field of an interrupted frame).
    ///
    /// - Parameter maximumFrames: the most frames allowed.
    /// - Throws: `CommandLineError.invalidSetting` when the timeline needs more than
    ///   `maximumFrames` frames; `MorphError` from the animator (not expected: the times,
    ///   durations and sizes are checked before).
    func frames(masks: [String: AlphaMask], renderer: MorphRenderer, maximumFrames: Int) throws -> [MorphFrame] {
        func mask(_ icon: Timeline.Icon) -> AlphaMask { masks[icon.path]! }
        let start = mask(timeline.start)
        let animator = try MorphAnimator(renderer: renderer, source: start, target: start, progress: 1)
        let lastFrame = timeline.until.map { frameCount(until: $0) - 1 }
        var frames: [MorphFrame] = []
        var next = timeline.events.startIndex
        var k = 0
        while true {
            let t = time(ofFrame: k)
            while next < timeline.events.endIndex, timeline.events[next].time <= t {
                try apply(timeline.events[next], to: animator, mask: mask)
                next += 1
            }
            frames.append(try animator.frame(at: t))
            if let lastFrame {
                if k == lastFrame { return frames }
            } else if next == timeline.events.endIndex, !animator.isAnimating {
                return frames
            }
            k += 1
            if k >= maximumFrames {
                throw CommandLineError.invalidSetting(
                    option: timeline.untilOrigin,
                    reason: "the timeline runs past \(formatNumber(time(ofFrame: k))) s, more than \(maximumFrames) frames "
                        + "at \(formatNumber(fps.doubleValue)) fps; give an earlier --until or a lower --fps")
            }
        }
    }

    private func apply(_ event: Timeline.Event, to animator: MorphAnimator, mask: (Timeline.Icon) -> AlphaMask) throws {
        let duration = timeline.transition(of: event)
        switch event.action {
        case .to(let icon):
            try animator.animate(to: mask(icon), duration: duration, at: event.time)
        case .morph(let source, let target):
            try animator.animate(source: mask(source), target: mask(target), duration: duration, at: event.time)
        case .show(let source, let target, let progress):
            try animator.display(source: mask(source), target: mask(target), progress: progress, at: event.time)
        }
    }
}
