/// An `animate` command line, parsed and checked: the timeline to play and how its frames
/// are drawn and written. The timeline file, if any, has been read; no icon has.
struct AnimateOptions: Equatable {
    /// The script: start icon, events, transition and end time (command-line overrides
    /// applied).
    var timeline: Timeline
    /// The timeline file as given (`--timeline`), if any: an input no output may replace.
    var timelinePath: String?
    /// Frames per second of the timeline's sampling and of the output.
    var fps: Rational
    /// The look, geometry and output, as `render` has them. Its `frames` is provisional until
    /// the timeline is played (the frame count can depend on the icons: whether an event's
    /// icon is the current source, target or a third one decides how long it animates);
    /// `AnimateCommand.run` settles it.
    var output: RenderOptions
    /// The parsed command line, for settling the output once the frame count is known.
    var parsed: ParsedArguments

    /// The player of `timeline` at `fps`.
    var player: TimelinePlayer { TimelinePlayer(timeline: timeline, fps: fps) }
}
