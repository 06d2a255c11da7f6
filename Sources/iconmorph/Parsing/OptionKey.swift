/// Every option of every command, named once: the specs declare an option by its key and the
/// commands read its value back by the same key, so a misspelt option name does not compile
/// (where a string key would silently read as "not given").
///
/// The raw value is the long name without dashes, as typed after `--`.
enum OptionKey: String, CaseIterable, Hashable, Sendable {
    // Icons and their masks.
    case from, to, start, timeline, mask
    // Which frames `render` draws.
    case progress, frames, duration
    // How frames play.
    case fps
    case holdStart = "hold-start"
    case holdEnd = "hold-end"
    case pingPong = "ping-pong"
    case loops
    // `animate`'s timeline.
    case at, transition, until
    // What is written, and where.
    case format, output, columns, spacing, manifest, compression, tolerance
    case printFFmpeg = "print-ffmpeg"
    case quiet
    // The icon box.
    case size, scale, padding
    // The look.
    case style
    case blur
    case blurLevels = "blur-levels"
    case threshold, softness, ease, color
    case colorTo = "color-to"
    case background
    // `paths`.
    case name
    // Every command's.
    case help

    /// `--hold-start`: the option as help and messages show it.
    var longName: String { "--" + rawValue }
}
