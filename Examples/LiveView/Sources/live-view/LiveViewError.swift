/// Everything that stops the live view, with the exit status it ends the process with.
enum LiveViewError: Error, CustomStringConvertible {
    /// A bad command line: the option and what is wrong with it.
    case usage(String)
    /// An SDL call failed: the call and SDL's own message.
    case sdl(call: String, message: String)
    /// SDL found no display and fell back to a video driver that shows nothing.
    case noDisplay(driver: String)

    /// One line a user can act on.
    var description: String {
        switch self {
        case .usage(let message): "\(message) (see live-view --help)"
        case .sdl(let call, let message): "\(call) failed: \(message.isEmpty ? "no reason given by SDL" : message)"
        case .noDisplay(let driver):
            "no display to open a window on (SDL fell back to its '\(driver)' video driver); run it in an X11 or "
                + "Wayland session or under xvfb-run, or set SDL_VIDEODRIVER=\(driver) to run without a window"
        }
    }

    /// sysexits-style: 64 for the command line, 69 for a window system we cannot use.
    var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .sdl, .noDisplay: 69
        }
    }
}
