import _IconMorphSupport
import AlphaRaster
import MorphKernel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `animate` command line, parsed and checked: the timeline to play and how its frames
/// are drawn and written. The timeline file, if any, has been read; no icon has.
///
/// How many frames the timeline makes can depend on the icons (whether an event's icon is
/// the current source, target or a third one decides how long it animates), so the output
/// is settled for that count only once the timeline has played: `output(frameCount:)`.
struct AnimateOptions: Equatable {
    /// The script: start icon, events, transition and end time (command-line overrides
    /// applied).
    var timeline: Timeline
    /// The timeline file as given (`--timeline`), if any: an input no output may replace.
    var timelinePath: String?
    /// How `--timeline` was spelled, for messages about it.
    var timelineSpelling = "--timeline"
    /// Frames per second of the timeline's sampling and of the output.
    var fps: Rational
    /// Every mask is built in this validated box, so all have one pixel size.
    var layout: IconLayout
    var maskSource: MaskSource
    /// How each frame's shape is made (`--style`).
    var fieldStyle: FieldStyle = .metaball
    /// The look, colours included; `maxBlurRadius` is in pixels (`--blur` × `--scale`).
    var style: MorphStyle
    /// How the frames play: `fps`, holds, ping-pong, loops.
    var timing: FrameTiming
    /// What is written and where, as given.
    var export: ExportOptions

    /// The player of `timeline` at `fps`.
    var player: TimelinePlayer { TimelinePlayer(timeline: timeline, fps: fps) }

    /// The icons and the timeline file, each with where it was named: inputs no output may
    /// replace.
    var inputs: [(option: String, text: String)] {
        timeline.icons.map { ($0.origin, $0.path) } + (timelinePath.map { [(timelineSpelling, $0)] } ?? [])
    }

    /// The output of a timeline of `frameCount` frames (1: a single PNG file, unless `-o`
    /// names a place for frame files: then a sequence of one, named as any sequence's
    /// frames, so that a script gets the same names whatever its timeline), checked as
    /// `ExportOptions.output(steps:timing:frameSize:)` checks it, with this command's words for
    /// what only `animate` can get wrong.
    ///
    /// - Throws: `CommandLineError`.
    func output(frameCount: Int) throws -> FrameOutput {
        // The format `-o` implies for this many frames (`isSequence` guessed it from the events).
        let sequenceOfOne = frameCount == 1 && self.export.settled(isSequence: true).namesFrameFiles
        let export = self.export.settled(isSequence: frameCount >= 2 || sequenceOfOne)
        let spellings = export.spellings
        if frameCount == 1 {
            let playback = [OptionKey.holdStart, .holdEnd, .pingPong, .loops].first(where: spellings.has)
            let blame = playback.map(spellings.spelling(of:)) ?? (export.format.isSingleFile ? export.formatSpelling : nil)
            if let blame {
                // A file's timeline takes its events and end in its own words.
                let remedy = timelinePath.map { $0 == "-" ? IconInput.standardInputName : $0 }.map {
                    timeline.events.isEmpty
                        ? "\($0) has no events: add 'at' lines (such as 'at 0 to pause') or a later 'until'"
                        : "give \($0) a later 'until', or 'at' lines that animate"
                } ?? "give a later --until, or events (--at) that animate"
                throw CommandLineError.invalidSetting(
                    option: blame, reason: "the timeline is a single frame (it ends at time 0); " + remedy)
            }
        }
        let output = try export.output(
            steps: frameCount, timing: timing, frameSize: (layout.width, layout.height), scale: layout.box.scale,
            asSequence: sequenceOfOne)
        if case .folder(let folder) = output.target, !isDirectory(folder), folder.lowercased().hasSuffix(".png") {
            throw CommandLineError.invalidSetting(
                option: output.targetSpelling,
                reason: "a timeline of several frames writes many files, so expected a folder or a pattern such "
                    + "as '\(folder.dropLast(4))_%04d.png', got \(quoted(folder))")
        }
        return output
    }
}
