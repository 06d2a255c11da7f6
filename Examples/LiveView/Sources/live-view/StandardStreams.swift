#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole lines to standard output and standard error through write(2): unbuffered, so a
/// reader of a pipe sees each line as soon as it is written.
enum StandardStreams {
    static func writeOutput(_ text: String) { emit(text, to: STDOUT_FILENO) }
    static func writeError(_ text: String) { emit(text, to: STDERR_FILENO) }

    private static func emit(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return  // the reader is gone; the view goes on without its log
                }
            }
        }
    }
}
