/// The status the process ends with, following sysexits(3) so that scripts can tell a mistake in
/// the command line from a bad input file or a full disk.
struct ExitCode: RawRepresentable, Equatable, Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int32

    init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything asked for was done.
    static let success = ExitCode(rawValue: 0)
    /// EX_USAGE: the command line is wrong (unknown option, bad or missing value, conflict).
    static let usage = ExitCode(rawValue: 64)
    /// EX_DATAERR: an input is not a usable PNG or SVG image (corrupt, truncated, too large).
    static let dataError = ExitCode(rawValue: 65)
    /// EX_NOINPUT: an input file does not exist or cannot be read, or a name is neither a
    /// file nor a built-in symbol.
    static let noInput = ExitCode(rawValue: 66)
    /// EX_SOFTWARE: a failure that no input should cause; a bug.
    static let software = ExitCode(rawValue: 70)
    /// EX_OSERR: a render's frames clearly need more memory than the system lets the process
    /// have (`MemoryNeeds`), found before any work.
    static let outOfMemory = ExitCode(rawValue: 71)
    /// EX_CANTCREAT: an output file or folder cannot be created.
    static let cannotCreate = ExitCode(rawValue: 73)
    /// EX_IOERR: writing an output file failed part-way (disk full, file size limit).
    static let ioError = ExitCode(rawValue: 74)
    /// 128 + SIGINT: stopped by an interrupt (Ctrl-C).
    static let interrupted = ExitCode(rawValue: 130)
    /// 128 + SIGTERM: stopped by a termination request.
    static let terminated = ExitCode(rawValue: 143)

    var description: String { String(rawValue) }

    /// Every status the program ends with and what it means, for the help text.
    static let documented: [(code: ExitCode, meaning: String)] = [
        (.success, "success"),
        (.usage, "bad command line: unknown option, bad or missing value, conflict"),
        (.dataError, "an input is not a usable PNG or SVG image (corrupt, truncated, too large)"),
        (.noInput, "an input file is missing or unreadable, or not a built-in symbol"),
        (.software, "internal error"),
        (.outOfMemory, "render, animate: the frames clearly need more memory than the system lets the process have "
            + "(ulimit -v, -d, or the machine's memory and swap); found before any work"),
        (.cannotCreate, "an output file or folder cannot be created"),
        (.ioError, "writing an output failed (disk full, file size limit); also, without a message, when "
            + "the program reading standard output stops early (| head)"),
        (.interrupted, "interrupted (SIGINT, Ctrl-C)"),
        (.terminated, "terminated (SIGTERM); other stopping signals (SIGHUP, SIGQUIT, …) give 128 + their number"),
    ]

    /// `documented` as aligned lines for a help text's EXIT STATUS section, each meaning
    /// wrapped under itself within the section's width (the help indents it by 2).
    static var helpLines: [String] {
        documented.flatMap { code, meaning in
            let column = max(code.description.count + 1, 5)
            let label = code.description + String(repeating: " ", count: column - code.description.count)
            var lines = HelpFormatter.wrap(meaning, indent: column, firstIndent: column, width: HelpFormatter.width - 2)
            lines[0] = label + lines[0].dropFirst(column)
            return lines
        }
    }
}
