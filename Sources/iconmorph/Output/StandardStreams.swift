import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to standard output and standard error: straight to the file descriptor, so
/// nothing is left in a stdio buffer when an interrupt ends the process with `_exit`
/// (`Interrupts`).
enum StandardStreams {
    /// Whether `path` opens this process's standard output, and that is a pipe, a socket, a
    /// terminal or a regular file: `/dev/stdout` (or `/proc/self/fd/1`, or `-o -`) there, so
    /// the summary line must not go to standard output too: it would join the file, down a
    /// pipe or in a redirected file, which takes the bytes through descriptor 1
    /// (`AtomicFileWriter.isStandardOutputName`). (A device such as /dev/null takes both
    /// without harm, and `>/dev/null` silences the summary as before.)
    static func isStandardOutput(_ path: String) -> Bool {
        var output = stat(), named = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, stat(path, &named) == 0 else { return false }
        let kind = output.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFSOCK || kind == S_IFREG || isatty(STDOUT_FILENO) != 0 else { return false }
        return output.st_dev == named.st_dev && output.st_ino == named.st_ino
    }

    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether `path` names standard output and that is a terminal (`-o -` or `/dev/stdout`
    /// typed at a prompt without a pipe).
    static func isTerminal(_ path: String) -> Bool { isTerminal && isStandardOutput(path) }

    /// Writes `text` as UTF-8; the `errno` of a failed write (EPIPE for a closed pipe,
    /// SIGPIPE being ignored), or `nil` when every byte was written.
    @discardableResult
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        Array(text.utf8).withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// `writeAll(_:to:)` for bytes (`DescriptorWriting.writeAll`, the package's one write
    /// loop): the `errno` of a failed write, or `nil` when every byte was written.
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        DescriptorWriting.writeAll(bytes, to: descriptor)
    }
}
