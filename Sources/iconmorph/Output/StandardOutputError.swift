/// Writing a stream to standard output failed.
enum StandardOutputError: Error, Equatable, CustomStringConvertible {
    /// The reader closed the pipe (EPIPE): it wanted no more, as `| head -c 100` does. The
    /// run ends quietly, but not with success.
    case closed
    /// Any other failure, with the system's reason (disk full, I/O error).
    case writeFailed(reason: String)
    /// Raw frames would go to a terminal.
    case isTerminal
    /// A binary file (PNG, APNG, a sheet, a video) would go to a terminal: what it is.
    case binaryToTerminal(what: String)

    var description: String {
        switch self {
        case .closed: "standard output: the reader closed the pipe"
        case .writeFailed(let reason): "standard output: \(reason)"
        case .isTerminal:
            "standard output is a terminal; pipe the raw frames into a program such as ffmpeg "
                + "(see --print-ffmpeg) or redirect them to a file"
        case .binaryToTerminal(let what):
            "standard output is a terminal, and \(what) is binary; pipe it into a program or redirect it to a file"
        }
    }
}
