import _IconMorphSupport
import AlphaRaster
import IconSymbols
import MorphKernel

/// Plays a `Timeline` through one animator (`MaskTimelineAnimator` or
/// `PathTimelineAnimator`) and samples it at a fixed frame rate: the frames `iconmorph
/// animate` renders.
///
/// Frame k is the animator's frame at t_k = k / fps seconds (computed as k · den / num from
/// the exact rate, so frame times do not accumulate rounding), k = 0, 1, … Each event is
/// applied at its own time, before the first frame at or after it, so an event between two
/// frames happens between them and one at a frame's time shows in that frame. The animator
/// starts at rest on the start icon (so a first event to another icon is the plain two-icon
/// morph).
///
/// The last frame is the last one at or before `--until`; without it, the first frame at or
/// after the moment every event has happened and the animator is at rest (so the last frame
/// shows the final icon exactly), within `endTolerance`. A timeline with no events is one frame.
struct TimelinePlayer {
    let timeline: Timeline
    /// Frames per second.
    let fps: Rational

    /// How far before an animation's end a frame still counts as at its end, in seconds: event
    /// times and transitions are decimals that binary floating point rounds, so an end can
    /// land a hair after the frame meant to show it (`--at 0.1 pause --transition 0.2` ends at
    /// 0.1 + 0.2 = 0.30000000000000004, after the frame at 0.3), which then drew the icon at
    /// rest and another frame repeated it.
    static let endTolerance = 1e-9

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
    /// - Throws: what `IconInput.load` throws, as `loadEach` reports it.
    static func loadIcons(
        of timeline: Timeline, in layout: IconLayout, source: MaskSource, warn: (String) -> Void
    ) throws -> [String: AlphaMask] {
        try loadEach(of: timeline) { icon in
            try IconInput.load(icon.path, option: icon.origin, in: layout, source: source, warn: warn)
        }
    }

    /// `IconInput.preflight` of every icon the timeline names, reported as `loadIcons` reports
    /// them.
    ///
    /// - Throws: as `loadIcons`, for what `IconInput.preflight` finds.
    static func preflightIcons(
        of timeline: Timeline, in layout: IconLayout, source: MaskSource, outlineFor use: String? = nil
    ) throws {
        _ = try loadEach(of: timeline) { icon in
            try IconInput.preflight(icon.path, option: icon.origin, in: layout, source: source, outlineFor: use)
        }
    }

    /// Loads every icon the timeline names as vector shapes (`--style path`), with the names
    /// messages give them, by `Timeline.Icon.path`.
    ///
    /// - Throws: what `IconInput.vectorIcon(option:use:)` throws, as `loadEach` reports it.
    static func loadVectorIcons(
        of timeline: Timeline, warn: (String) -> Void
    ) throws -> [String: (icon: VectorIcon, name: String)] {
        try loadEach(of: timeline) { icon in
            let loaded = try IconInput.resolve(icon.path, option: icon.origin)
                .vectorIcon(option: icon.origin, use: "--style path")
            for warning in loaded.warnings { warn(warning) }
            return (loaded.icon, loaded.name)
        }
    }

    /// `load` applied to every icon the timeline names, once each.
    ///
    /// - Throws: what `load` throws; for an icon of a timeline file, a `CommandFailure` with
    ///   the same message and status after the file and line (an unknown name as written
    ///   there).
    private static func loadEach<Loaded>(of timeline: Timeline, _ load: (Timeline.Icon) throws -> Loaded) throws -> [String: Loaded] {
        var loaded: [String: Loaded] = [:]
        for icon in timeline.icons {
            do {
                loaded[icon.path] = try load(icon)
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
        return loaded
    }

    /// The frames, in order, of `animator` driven through the timeline.
    ///
    /// - Parameter maximumFrames: the most frames allowed.
    /// - Throws: `CommandLineError.invalidSetting` when the timeline needs more than
    ///   `maximumFrames` frames; what the animator throws for an event.
    func frames(of animator: inout some TimelineAnimating, maximumFrames: Int) throws -> [FrameSource] {
        let lastFrame = timeline.until.map { frameCount(until: $0) - 1 }
        var frames: [FrameSource] = []
        var next = timeline.events.startIndex
        var k = 0
        while true {
            let t = time(ofFrame: k)
            while next < timeline.events.endIndex, timeline.events[next].time <= t {
                let event = timeline.events[next]
                try animator.apply(event.action, duration: timeline.transition(of: event), at: event.time)
                next += 1
            }
            frames.append(try animator.frame(at: t))
            if let lastFrame {
                if k == lastFrame { return frames }
            } else if next == timeline.events.endIndex {
                if try !animator.isAnimating || animator.isAtRest(at: t + Self.endTolerance) { return frames }
            }
            k += 1
            if k >= maximumFrames {
                // Blamed on what sets the end: --until; else the last event when it comes too
                // late itself, or the transition that runs past the limit after it.
                let (origin, earlier): (String, String)
                if let last = timeline.events.last, timeline.until == nil {
                    if last.time < time(ofFrame: maximumFrames - 1) {
                        let set = last.transition != nil ? last.origin : timeline.transition != nil ? timeline.transitionOrigin : last.origin
                        (origin, earlier) = (set, "a shorter transition, an --until")
                    } else {
                        (origin, earlier) = (last.origin, "earlier events")
                    }
                } else {
                    (origin, earlier) = (timeline.untilOrigin, "an earlier --until")
                }
                throw CommandLineError.invalidSetting(
                    option: origin,
                    reason: "the timeline runs past \(formatComputed(time(ofFrame: k))) s, more than \(maximumFrames) frames "
                        + "at \(formatNumber(fps.doubleValue)) fps; give \(earlier) or a lower --fps")
            }
        }
    }
}
