/// A script of an interruptible morph for `iconmorph animate`: the icon at rest at time 0 and
/// the events that later send the morph elsewhere, as the command line (`--start`, `--at`) or
/// a timeline file (`TimelineFile`) gives them. Nothing is read yet: icons are named, not
/// loaded (`TimelinePlayer` loads and plays them).
///
/// Times are seconds from the start, finite, from 0 to `TimingOptions.maximumDuration`, and
/// never decrease from one event to the next; events at one time happen in the order given.
struct Timeline: Equatable {
    /// An icon as named in the script, with where it was named, for messages.
    struct Icon: Equatable, Hashable {
        /// The word as written: a PNG or SVG file, a built-in symbol, or `-`.
        var name: String
        /// What to load: `name`, or for a relative file name in a timeline file that file's
        /// folder joined with `name` (`TimelineFile.iconPath`).
        var path: String
        /// Where it was named: `--start`, `--at 0.5`, or `file:line`.
        var origin: String

        /// An icon named on the command line, loaded as written.
        init(name: String, origin: String) {
            self.init(name: name, path: name, origin: origin)
        }

        init(name: String, path: String, origin: String) {
            self.name = name
            self.path = path
            self.origin = origin
        }
    }

    /// What an event does, in `MorphAnimator`'s terms.
    enum Action: Equatable {
        /// `animate(to:)`: on towards the icon if it is the current target, back if it is
        /// the current source, else from the current frame (captured) to it.
        case to(Icon)
        /// `animate(source:target:)`: a fresh morph between two icons, starting from the
        /// current frame (captured unless it already is `source` at rest).
        case morph(Icon, Icon)
        /// `display(source:target:progress:)`: exactly `progress` of the pair from now on,
        /// no animation.
        case show(Icon, Icon, progress: Double)

        /// The icons the action names, in order.
        var icons: [Icon] {
            switch self {
            case .to(let icon): [icon]
            case .morph(let source, let target): [source, target]
            case .show(let source, let target, _): [source, target]
            }
        }
    }

    /// One event.
    struct Event: Equatable {
        /// Seconds from the start.
        var time: Double
        var action: Action
        /// This event's full-transition time in seconds; `nil` for the timeline's.
        var transition: Double?
        /// Where the event was given: `--at 0.5` or `file:line`.
        var origin: String
    }

    /// The full-transition time (0 → 1) when neither the event nor the timeline gives one.
    static let defaultTransition = 0.5
    /// The icon at rest at time 0 when none is given.
    static let defaultStart = "play"

    /// The icon at rest at time 0.
    var start: Icon
    var events: [Event] = []
    /// The full-transition time of events that give none; `nil` for `defaultTransition`.
    var transition: Double?
    /// Where `transition` was set, for messages.
    var transitionOrigin = "--transition"
    /// The end time; `nil` for the first frame at or after the last animation's end.
    var until: Double?
    /// Where `until` was set, for messages.
    var untilOrigin = "--until"

    /// Every icon named, in order of appearance (the start first), each name once.
    var icons: [Icon] {
        var seen = Set<String>()
        return ([start] + events.flatMap(\.action.icons)).filter { seen.insert($0.path).inserted }
    }

    /// The full-transition time of `event`, in seconds.
    func transition(of event: Event) -> Double {
        event.transition ?? transition ?? Self.defaultTransition
    }

    /// The numbers a time, a transition or an end time may take, in seconds.
    static let timeRange = NumberRange.closed(0, TimingOptions.maximumDuration)

    /// `text` as a time in seconds for `option`.
    ///
    /// - Throws: `CommandLineError.invalidValue` for anything but a decimal number in
    ///   `timeRange` (so no negative, NaN or infinite time).
    static func seconds(_ text: String, option: String) throws -> Double {
        guard let value = parseDecimal(text), timeRange.contains(value) else {
            throw CommandLineError.invalidValue(option: option, expected: "a time in seconds, " + timeRange.phrase, got: text)
        }
        return value
    }

    /// Checks that the events are in time order.
    ///
    /// - Throws: `CommandLineError.invalidSetting` naming the first event that comes before
    ///   the one given ahead of it.
    func validate() throws {
        for (previous, event) in zip(events, events.dropFirst()) where event.time < previous.time {
            throw CommandLineError.invalidSetting(
                option: event.origin,
                reason: "at \(formatNumber(event.time)) s is earlier than the event before it (\(previous.origin), at "
                    + "\(formatNumber(previous.time)) s); give the events in time order")
        }
    }
}
