/// What `TimelinePlayer` drives: an interruptible morph of one style that takes a timeline's
/// events and gives its frames.
protocol TimelineAnimating {
    /// Applies one event at `time` (never earlier than the previous call's), animating over
    /// `duration` seconds for a full transition.
    mutating func apply(_ action: Timeline.Action, duration: Double, at time: Double) throws
    /// The frame at `time`, advancing the animator to it.
    mutating func frame(at time: Double) throws -> FrameSource
    /// Whether an animation was running at the latest call's time.
    var isAnimating: Bool { get }
    /// Advances the animator to `time` (never earlier than the previous call's) without a
    /// frame: whether it is at rest then.
    mutating func isAtRest(at time: Double) throws -> Bool
}
