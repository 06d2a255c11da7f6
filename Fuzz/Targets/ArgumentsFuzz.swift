#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer target: the CLI's command-line parsing and validation, for every subcommand,
/// without reading icons, rendering or writing files. Compiled into the `iconmorph` module
/// (the CLI's sources minus main.swift) by Fuzz/build-fuzzers, so it reaches the internal
/// parser.
///
/// The input is an argument vector: words separated by NUL bytes, as the kernel hands them to
/// a process (invalid UTF-8 is repaired, as `CommandLine.arguments` does). For `animate` with
/// `--timeline`, the last word is the timeline file's text instead: it is written to a file
/// of this process, and every `--timeline` value (standard input too) names that file, so the
/// file's parser and the checks after it run as they do on a real file. Properties checked:
/// every rejected command line is reported as one `iconmorph: error:` line with exit status
/// 64; an accepted `render` line yields options whose derived values (schedule, output frame
/// count, sheet layout, ffmpeg text) can be computed.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    do {
        try parseOnly(arguments)
    } catch {
        let failure = CommandFailure(error)
        require(failure.exitCode == .usage, "a command-line error must exit 64: \(failure.line)")
        require(!failure.line.contains(where: \.isNewline), "error is not one line: \(failure.line)")
        require(failure.line.hasPrefix("iconmorph: error: ") && failure.line.count > 18)
    }
    return 0
}

/// What `IconMorphTool.execute` does before anything touches a file: `render`, `animate` and
/// `mask` stop after their options are checked; every other first word (`symbols`, `help`,
/// `--help`, `--version`, mistakes) runs the real dispatch, which only builds text.
func parseOnly(_ arguments: [String]) throws {
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "render":
        guard let options = try RenderCommand.options(from: rest) else { return }
        let width = options.layout.width, height = options.layout.height
        require(width > 0 && height > 0)
        let output = options.output
        let count = output.frameCount
        require(count >= 1 && count <= TimingOptions.maximumOutputFrames)
        if output.format == .png || output.format == .rgba {
            let schedule = output.schedule
            require(schedule.count == count, "the schedule holds the output's frames")
            require(schedule.allSatisfy { (0...1).contains(options.frames.progress(ofFrame: $0.step)) })
        }
        if output.format.isSheet {
            let layout = output.sheetLayout(frameSize: (width, height))
            require(layout.width > 0 && layout.height > 0)
        }
        _ = FFmpegCommands.text(for: options, width: width, height: height)
    case "animate":
        if let options = try AnimateCommand.options(from: withTimelineFile(rest)) {
            let timeline = options.timeline
            require(zip(timeline.events, timeline.events.dropFirst()).allSatisfy { $0.time <= $1.time },
                    "events out of time order")
            if let until = timeline.until {
                let count = options.player.frameCount(until: until)
                require(count >= 1)
                // The output as the command settles it after playing (checked already).
                _ = try options.output(frameCount: count)
            }
        }
    case "mask":
        _ = try MaskCommand.options(from: rest)
    case let name? where name != "symbols" && IconMorphTool.commands.contains(where: { $0.name == name }):
        // A command added after this target was written: its options only, never `execute`,
        // which would run it.
        let command = IconMorphTool.commands.first { $0.name == name }!
        _ = try ArgumentParser(command: command).parse(rest)
    default:
        // `symbols`, `help`, `--help`, `--version` and mistakes only build text.
        _ = try IconMorphTool.execute(arguments)
    }
}

/// `arguments` with the timeline text (the last word, when a `--timeline` option comes before
/// it) written to this process's timeline file, and every `--timeline` value naming it.
func withTimelineFile(_ arguments: [String]) -> [String] {
    let options = arguments.prefix(while: { $0 != "--" })
    guard let last = arguments.last, options.contains(where: { $0.hasPrefix("--timeline") }) else { return arguments }
    // When the last word is the option itself, the file is empty.
    let lastIsOption = last.hasPrefix("--timeline") && options.count == arguments.count
    let text = lastIsOption ? [] : Array(last.utf8)
    let fd = open(timelineFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    require(fd >= 0, "cannot create \(timelineFile)")
    let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    require(written == text.count, "cannot write \(timelineFile)")
    close(fd)
    var result = [String]()
    var index = 0
    let words = lastIsOption ? arguments : Array(arguments.dropLast())
    while index < words.count {
        let word = words[index]
        if word == "--" {
            result += words[index...]
            break
        }
        if word == "--timeline" {
            result += ["--timeline", timelineFile]
            index += 2
            continue
        }
        result.append(word.hasPrefix("--timeline=") ? "--timeline=\(timelineFile)" : word)
        index += 1
    }
    return result
}

/// The timeline file of this fuzzing process.
let timelineFile = "/tmp/iconmorph-fuzz-timeline-\(getpid()).txt"

/// `precondition` that prints its message in optimized builds too, so a crash log says which
/// property failed.
func require(_ condition: Bool, _ message: @autoclosure () -> String = "property failed", line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
