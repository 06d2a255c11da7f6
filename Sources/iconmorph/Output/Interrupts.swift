import CExitCleanup

/// Signal handling for the whole process.
///
/// SIGINT and SIGTERM, and the other signals sent to stop a process (SIGHUP from a closed
/// terminal, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM), and SIGABRT (which the Swift runtime
/// raises, after its message on standard error, when the system refuses it memory that
/// `MemoryNeeds` did not foresee), are taken by a signal handler
/// (`CExitCleanup`, in C, since nothing else may run in one): it kills the ffmpeg processes
/// still running, removes the temporary files of writes in flight (and a frames folder the
/// run made, once that is empty) and exits with 128 + the signal's number (130 for SIGINT,
/// 143 for SIGTERM). A signal that was ignored when the process started (`nohup`, a script's
/// `trap ''`) stays ignored, for ffmpeg too. What it undoes is tracked in tables of
/// atomic slots that it reads without locks or allocation, and creating a temporary file or
/// starting ffmpeg is one step it waits for, so nothing appears behind its back. A frame being
/// rendered is simply abandoned; a sequence of frame files, staged until every frame is
/// written (`StagedSequence`), leaves nothing and an earlier run's frames as they were (a
/// sequence going into place is waited for to its end), while an animated PNG (one temporary file that grows frame by frame), a video (ffmpeg, killed first,
/// writing one) or a sheet (written at the end) leaves nothing. A progress bar left unfinished
/// gets its line break. (A handler costs nothing until a signal comes: the thread waiting in
/// `sigwait` that did this before cost every process 0.1–0.35 ms in interleaved runs, to
/// start it and, at exit, to wake it to be ended.)
///
/// SIGPIPE is ignored so that a closed standard output makes a write fail instead of killing
/// the process, and SIGXFSZ so that exceeding the file size limit (`ulimit -f`) makes the write
/// fail with EFBIG, which is reported as a write error (exit 74) with the temporary file removed.
enum Interrupts {
    /// Says whether a progress bar's line is on the terminal unfinished, so that an interrupt
    /// ends it with a line break before the process exits (the shell's prompt then starts
    /// on a line of its own).
    static func setLineOpenOnStandardError(_ open: Bool) {
        im_exit_cleanup_set_line_open(open ? 1 : 0)
    }

    /// Installs the handlers; call once, first thing in `main`.
    static func install() {
        im_exit_cleanup_install()
    }
}
