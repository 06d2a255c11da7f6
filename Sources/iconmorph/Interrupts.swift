import Dispatch
import PNGCodec

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handling for the whole process.
///
/// SIGINT and SIGTERM are ignored as signals and received through Dispatch sources instead, so
/// the handler runs as ordinary code on its own queue, where it may take a lock: it removes the
/// temporary files of writes in flight and exits with 130 or 143. A frame being rendered is
/// simply abandoned; finished frames are complete files and stay.
///
/// SIGPIPE is ignored so that a closed standard output makes a write fail instead of killing
/// the process, and SIGXFSZ so that exceeding the file size limit (`ulimit -f`) makes the write
/// fail with EFBIG, which is reported as a write error (exit 74) with the temporary file removed.
enum Interrupts {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs the handlers; call once, first thing in `main`.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        let queue = DispatchQueue(label: "iconmorph.interrupts")
        for (number, status) in [(SIGINT, ExitCode.interrupted), (SIGTERM, ExitCode.terminated)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                AtomicFileWriter.removeTemporaryFilesForExit()
                // _exit, not exit: the main thread is still running, and exit's atexit
                // handlers and stdio flushing would race with it.
                _exit(status.rawValue)
            }
            source.resume()
            sources.append(source)
        }
    }
}
