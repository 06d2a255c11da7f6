// live-view: an SDL window showing one icon that morphs on clicks and keys, rendered by
// iconmorph's MorphAnimator straight into a streaming texture. `live-view --help` for usage.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A log reader that goes away must not kill the window with SIGPIPE.
signal(SIGPIPE, SIG_IGN)

do {
    guard let options = try LiveViewOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(LiveViewOptions.help)
        exit(0)
    }
    try LiveView(options: options).run()
} catch let error as LiveViewError {
    StandardStreams.writeError("live-view: \(error)\n")
    exit(error.exitCode)
} catch {
    // The library's errors (a bad box, a style out of range) read as sentences already.
    StandardStreams.writeError("live-view: \(error)\n")
    exit(70)
}
