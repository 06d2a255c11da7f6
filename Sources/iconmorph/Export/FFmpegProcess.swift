import CExitCleanup
import PNGCodec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An ffmpeg process that reads raw frames on its standard input: started with `posix_spawn`,
/// its standard output discarded and its standard error kept in a temporary file, so that a
/// failure can be reported by ffmpeg's own last line.
final class FFmpegProcess: @unchecked Sendable {
    /// The write end of ffmpeg's standard input.
    private(set) var input: Int32
    private let pid: pid_t
    private let log: String

    /// The `ffmpeg` on the `PATH`, or `nil` when there is none.
    static func locate() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts `executable` with `arguments` (without the program name), its standard output
    /// `standardOutput` where given (for `pipe:1`), else /dev/null.
    ///
    /// - Throws: `OutputError.encoderFailed` when it cannot be started.
    init(executable: String, arguments: [String], output: String, standardOutput: Int32? = nil) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw OutputError.encoderFailed(path: output, reason: String(cString: strerror(errno))) }
        let (folder, folderDescription) = AtomicFileWriter.temporaryFolder()
        // Tracked like an output's temporary file, so that an interrupt removes it too.
        var template = Array((folder + "/.iconmorph-ffmpeg.XXXXXX.log").utf8CString)
        let logDescriptor = template.withUnsafeMutableBufferPointer { im_exit_cleanup_create_temporary($0.baseAddress!, 4) }
        guard logDescriptor >= 0 else {
            close(ends[0])
            close(ends[1])
            throw OutputError.encoderFailed(
                path: output, reason: "cannot make ffmpeg's log file in \(folderDescription): " + String(cString: strerror(errno)))
        }
        log = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The parent keeps only the write end, closed on exec in any other child.
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        if let standardOutput {
            posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, logDescriptor, STDERR_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, logDescriptor)
        // The child starts with no signal blocked (this thread holds the stopping signals back
        // while it starts ffmpeg, see `Interrupts`) and with the default actions of the
        // stopping signals (handled here) and SIGPIPE (ignored here). SIGXFSZ stays ignored,
        // so that ffmpeg reports a file size limit as a failed write instead of dying.
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        im_exit_cleanup_handled_signals(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        // Started and tracked as one step that an interrupt waits for (see `Interrupts`).
        let started = im_exit_cleanup_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(ends[0])
        close(logDescriptor)
        guard started == 0 else {
            close(ends[1])
            unlink(log)
            im_exit_cleanup_forget_temporary(log)
            throw OutputError.encoderFailed(path: output, reason: "cannot start ffmpeg: " + String(cString: strerror(started)))
        }
        pid = child
        input = ends[1]
    }

    /// Waits for the process to end and forgets it.
    private func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        im_exit_cleanup_forget_process(pid)
        return status
    }

    deinit {
        if input >= 0 { close(input) }
        unlink(log)
        im_exit_cleanup_forget_temporary(log)
    }

    /// Closes ffmpeg's input and waits for it to finish.
    ///
    /// ffmpeg runs with `-loglevel error`, so a line on its standard error is a failure even
    /// when it exits with 0, as ffmpeg 5 does after some failed writes (a full disk, a file
    /// size limit: "Error writing trailer of …: No space left on device").
    ///
    /// - Returns: `nil` when it succeeded, else the line of its output that says why
    /// (`reason(in:)`), or how it ended.
    func finish() -> String? {
        if input >= 0 {
            close(input)
            input = -1
        }
        let status = reap()
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        let reason = Self.reason(in: lines())
        if exited && code == 0 && reason == nil { return nil }
        return reason ?? (exited ? "ffmpeg exited with status \(code)" : "ffmpeg was killed by signal \(status & 0x7F)")
    }

    /// The failures of a write, as `strerror` names them: ffmpeg reports them in these words
    /// (EPIPE: a reader of `-o /dev/stdout` that stopped early).
    static let writeFailures = [ENOSPC, EFBIG, EDQUOT, EIO, EPIPE].map { String(cString: strerror($0)) }

    /// Which of ffmpeg's error lines says why it failed: the first that names a failed write
    /// (`writeFailures`), else the first, without the `[muxer @ 0x…] ` tag before it. ffmpeg
    /// prints the cause first and its consequences after it: the last line is often only
    /// "Error initializing output stream 0:0 --", after "Could not write header …: No space
    /// left on device" or "[mp4 @ 0x…] muxer does not support non seekable output".
    static func reason(in lines: [String]) -> String? {
        guard let line = lines.first(where: { line in writeFailures.contains { line.contains($0) } }) ?? lines.first
        else { return nil }
        if line.hasPrefix("["), let close = line.firstIndex(of: "]"), line[..<close].contains(" @ 0x") {
            let rest = line[line.index(after: close)...].drop(while: { $0 == " " })
            if !rest.isEmpty { return String(rest) }
        }
        return line
    }

    /// Stops ffmpeg at once (a failed or interrupted export).
    func stop() {
        if input >= 0 {
            close(input)
            input = -1
        }
        kill(pid, SIGKILL)
        _ = reap()
    }

    /// The non-empty lines ffmpeg wrote on its standard error, trimmed.
    private func lines() -> [String] {
        guard let file = fopen(log, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0 {
            let text = String(cString: line!).trimmingCharacters(in: " \n\r\t")
            if !text.isEmpty { lines.append(text) }
        }
        return lines
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

/// A sink worker that writes each frame's RGBA bytes, in frame order, to ffmpeg's standard
/// input (`VideoSink`, `GIFPaletteSink`).
struct FFmpegFrameWriter: FrameSinkWorker {
    let process: FFmpegProcess
    /// The error for ffmpeg's line that says why it stopped reading.
    let failure: (String) -> any Error

    func deliver(_ frame: RenderedFrame, index: Int, waitForTurn: () -> Bool) throws -> FrameDelivery {
        guard case .rgba(let bytes, _, _) = frame else { preconditionFailure("ffmpeg takes RGBA frames") }
        guard waitForTurn() else { return .stopped }
        if let code = StandardStreams.writeAll(bytes, to: process.input) {
            // ffmpeg stopped reading: its own message says why.
            throw failure(process.finish() ?? String(cString: strerror(code)))
        }
        return .written
    }
}
