import PNGCodec
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handling for the whole process.
///
/// SIGINT and SIGTERM are blocked in every thread and taken by one waiting thread with
/// `sigwait`, so the handler runs as ordinary code, where it may take a lock: it removes the
/// temporary files of writes in flight and exits with 130 or 143. A frame being rendered is
/// simply abandoned; finished frame files are complete and stay, while an animated PNG (one
/// temporary file that grows frame by frame), a video (ffmpeg, killed first, writing one) or a
/// sheet (written at the end) leaves nothing.
/// A progress bar left unfinished gets its line break. (A waiting thread costs less
/// start-up than Dispatch signal sources, which load libswiftDispatch and start a manager
/// thread.)
///
/// SIGPIPE is ignored so that a closed standard output makes a write fail instead of killing
/// the process, and SIGXFSZ so that exceeding the file size limit (`ulimit -f`) makes the write
/// fail with EFBIG, which is reported as a write error (exit 74) with the temporary file removed.
enum Interrupts {
    private static let progressLineOpen = Atomic<Bool>(false)

    /// Whether a progress bar's line is on the terminal unfinished, so that an interrupt
    /// ends it with a line break before the process exits (the shell's prompt then starts
    /// on a line of its own).
    static var lineOpenOnStandardError: Bool {
        get { progressLineOpen.load(ordering: .relaxed) }
        set { progressLineOpen.store(newValue, ordering: .relaxed) }
    }

    /// Installs the handlers; call once, first thing in `main`, before any other thread is
    /// started, so that every later thread inherits the blocked signals.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        var interrupts = interruptSignals()
        // The default action, not "ignore": an ignored signal may be discarded instead of
        // staying pending for `sigwait` (an inherited SIG_IGN, as a shell gives background jobs).
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        pthread_sigmask(SIG_BLOCK, &interrupts, nil)
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, nil, { _ in Interrupts.waitAndExit() }, nil)
        if status == 0 {
            #if canImport(Glibc)
            pthread_detach(thread)
            #else
            pthread_detach(thread!)
            #endif
        } else {
            // Without the waiting thread the signals keep their default action: the process
            // still stops, only without removing its temporary files.
            pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        }
    }

    /// SIGINT and SIGTERM.
    private static func interruptSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// The waiting thread: takes the first SIGINT or SIGTERM, removes the temporary files and
    /// ends the process.
    private static func waitAndExit() -> Never {
        var interrupts = interruptSignals()
        var number: Int32 = 0
        while sigwait(&interrupts, &number) != 0 || (number != SIGINT && number != SIGTERM) {}
        FFmpegProcess.stopAllForExit()
        AtomicFileWriter.removeTemporaryFilesForExit()
        if lineOpenOnStandardError {
            var newline: UInt8 = 0x0A
            _ = write(STDERR_FILENO, &newline, 1)
        }
        // _exit, not exit: the main thread is still running, and exit's atexit handlers and
        // stdio flushing would race with it.
        _exit(number == SIGINT ? ExitCode.interrupted.rawValue : ExitCode.terminated.rawValue)
    }
}
