import AlphaRaster
import MorphKernel
import PathMorph

/// A timeline's path morphs, interruptible as `MorphAnimator`'s metaball morphs are: the same
/// timing (a transition of `duration` runs progress from where it starts to 1 at 1 / duration
/// per second, so one starting from 0.4 takes 60 % of it) and the same rules for what an
/// event does, with the shape in flight standing in for a captured field:
///
/// - to the current target: the morph goes on from where it is, at the new duration;
/// - back to the current source: the matched pair is run backwards from 1 − p, which shows
///   the same outline (both easings satisfy e(1 − p) = 1 − e(p));
/// - to any other icon: the outline showing now is matched with the new icon
///   (`PathMorph(from:to:layout:)`) and the morph runs from 0, where it draws exactly that
///   outline, so nothing jumps; at rest the outline is the target icon's own;
/// - `morph S T`: from S when S is showing at rest, otherwise from the shape showing now;
/// - `show S T p`: exactly p of S → T, at rest.
struct PathTimelineAnimator: TimelineAnimating {
    /// The icons by `Timeline.Icon.path`, with the names messages give them.
    let icons: [String: (icon: VectorIcon, name: String)]
    let layout: IconLayout
    let easing: MorphEasing

    /// The matched outlines of the current morph.
    private var morph: PathMorph
    /// The current source icon's path; nil while the source is a shape caught in flight.
    private var source: String?
    private var target: String
    /// Progress while no animation runs.
    private var restingProgress: Double = 1
    private var animation: (startTime: Double, startProgress: Double, duration: Double)?
    private var now = -Double.infinity
    /// Matched icon pairs, by source and target path.
    private var matched: [String: PathMorph] = [:]

    /// Starts at rest on `start`.
    ///
    /// - Throws: `IconInputError` when the start icon has no outline to morph.
    init(icons: [String: (icon: VectorIcon, name: String)], start: Timeline.Icon, layout: IconLayout, easing: MorphEasing) throws {
        self.icons = icons
        self.layout = layout
        self.easing = easing
        source = start.path
        target = start.path
        morph = try Self.match(icons, start.path, start.path, layout: layout)
        matched[start.path + "\u{0}" + start.path] = morph
    }

    var isAnimating: Bool { animation != nil }

    mutating func isAtRest(at time: Double) throws -> Bool {
        advance(to: time)
        return animation == nil
    }

    mutating func frame(at time: Double) throws -> FrameSource {
        advance(to: time)
        let p = progressNow
        return .outline(morph, progress: p, eased: easing(p))
    }

    mutating func apply(_ action: Timeline.Action, duration: Double, at time: Double) throws {
        advance(to: time)
        let p = progressNow
        switch action {
        case .to(let icon):
            if same(icon.path, target) {
                start(from: p, duration: duration)
            } else if source.map({ same(icon.path, $0) }) == true {
                morph = morph.reversed
                source = target
                target = icon.path
                start(from: 1 - p, duration: duration)
            } else {
                try rematch(to: icon.path, progress: p)
                start(from: 0, duration: duration)
            }
        case .morph(let from, let to):
            let showsSource = (p == 0 && source.map { same($0, from.path) } == true) || (p == 1 && same(target, from.path))
            if showsSource {
                morph = try pair(from.path, to.path)
                source = from.path
                target = to.path
            } else {
                try rematch(to: to.path, progress: p)
            }
            start(from: 0, duration: duration)
        case .show(let from, let to, let progress):
            morph = try pair(from.path, to.path)
            source = from.path
            target = to.path
            animation = nil
            restingProgress = progress
        }
    }

    /// Whether the icons at paths `a` and `b` are the same icon: the same drawing, by
    /// whatever name (`close` and `xmark`, `sq.svg` and `./sq.svg`), as the metaball and
    /// distance styles compare their masks. (By name, another name for the target restarted
    /// the morph from the shape in flight, which stalled it and ended it late.)
    private func same(_ a: String, _ b: String) -> Bool {
        a == b || (icons[a].map(\.icon) == icons[b].map(\.icon) && icons[a] != nil)
    }

    // MARK: State

    private var progressNow: Double {
        guard let running = animation else { return restingProgress }
        guard running.duration > 0 else { return 1 }
        return min(1, max(running.startProgress, running.startProgress + (now - running.startTime) / running.duration))
    }

    /// Moves the clock to `time`, finishing an animation whose end it reaches.
    private mutating func advance(to time: Double) {
        now = max(now, time)
        guard let running = animation else { return }
        let end = running.startTime + (1 - running.startProgress) * running.duration
        if running.duration == 0 || MorphAnimator.reaches(end, at: now) {
            animation = nil
            restingProgress = 1
        }
    }

    private mutating func start(from progress: Double, duration: Double) {
        restingProgress = progress
        animation = progress >= 1 ? nil : (now, progress, duration)
        advance(to: now)
    }

    /// The morph from what shows at `progress` to the icon at `path`.
    private mutating func rematch(to path: String, progress p: Double) throws {
        if p >= 1 {
            morph = try pair(target, path)
            source = target
        } else {
            let shown = morph.contours(at: easing(p))
            let to = icons[path]!
            do {
                morph = try PathMorph(from: shown, to: to.icon, layout: layout)
            } catch let error as PathMorphError {
                throw IconInputError.unmatchable(name: "the shape in flight → \(to.name)", reason: "\(error)")
            } catch {
                throw error
            }
            source = nil
        }
        target = path
    }

    /// The matched pair of two icons, matched once.
    private mutating func pair(_ from: String, _ to: String) throws -> PathMorph {
        let key = from + "\u{0}" + to
        if let known = matched[key] { return known }
        let morph = try Self.match(icons, from, to, layout: layout)
        matched[key] = morph
        return morph
    }

    private static func match(
        _ icons: [String: (icon: VectorIcon, name: String)], _ from: String, _ to: String, layout: IconLayout
    ) throws -> PathMorph {
        let a = icons[from]!, b = icons[to]!
        return try OutlinePair.morph(a.icon, named: a.name, to: b.icon, named: b.name, layout: layout)
    }
}
