import _IconMorphSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports an export's progress on standard error: frames done, frames per second and time
/// left.
///
/// - On a terminal (`isatty`): one line redrawn in place (carriage return, erase line) at
///   most ten times a second and at the end, then a line break:
///   `iconmorph: [#########...............]  37/100 frames  41.5 fps  0:02 left`.
/// - Elsewhere (a log file, a pipe): nothing for a run that is over within `quietTime`
///   (a second), so logs of quick exports stay clean; after that a plain line when another
///   tenth of the frames is done and `lineSpacing` (two seconds) has passed since the last,
///   and the line at 100 % if any came before:
///   `iconmorph: 40% (40/100 frames, 41.5 fps, 0:02 left)`.
///
/// A command makes one only for sequences, and none with `--quiet`. `frameWritten()` is
/// called in frame order by whichever worker wrote the frame (one at a time, see
/// `FrameSequencer`); a lock makes it safe anyway.
final class ProgressReporter: @unchecked Sendable {
    enum Style: Equatable, Sendable {
        /// A bar redrawn in place, for a terminal.
        case bar
        /// A line per tenth, for anything else.
        case lines
    }

    let total: Int
    let style: Style
    private let descriptor: Int32
    private let lock = MutexLock()
    private var start: Double
    // Guarded by `lock`.
    private var done = 0
    private var lastDraw = -1.0
    private var tenthsReported = 0
    private var lastLine: Double?
    /// Seconds on a monotonic clock.
    private let clock: @Sendable () -> Double

    /// Without a terminal, how long a run goes before its first line, and the least time
    /// between two lines, in seconds.
    static let quietTime = 1.0, lineSpacing = 2.0

    /// The style for standard error: a bar on a terminal, lines otherwise.
    static var styleForStandardError: Style { isatty(STDERR_FILENO) == 1 ? .bar : .lines }

    /// What each report starts with: `iconmorph: `, and the task's name when it has one.
    private let prefix: String

    /// A reporter of `total` frames; `task` names a pass that is not the export itself (a
    /// GIF's palette), after `iconmorph:` in every report.
    init(
        total: Int, style: Style, task: String? = nil, descriptor: Int32 = STDERR_FILENO,
        clock: @escaping @Sendable () -> Double = ProgressReporter.now
    ) {
        self.total = max(total, 1)
        prefix = "iconmorph: " + (task.map { $0 + " " } ?? "")
        self.style = style
        self.descriptor = descriptor
        self.clock = clock
        start = clock()
    }

    /// Starts the clock again, for frames written after other work (a GIF's palette pass):
    /// the rate and the time left count from now. Call before the first frame.
    func restart() {
        lock.lock()
        defer { lock.unlock() }
        start = clock()
    }

    /// Counts one more frame written, and reports when it is time.
    func frameWritten() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let elapsed = clock() - start
        switch style {
        case .bar:
            guard done == total || elapsed - lastDraw >= 0.1 else { return }
            lastDraw = elapsed
            var line = "\r\u{1B}[K" + barLine(elapsed: elapsed)
            if done == total { line += "\n" }
            Interrupts.setLineOpenOnStandardError(done < total)
            emit(line)
        case .lines:
            let tenths = done * 10 / total
            guard tenths > tenthsReported else { return }
            if done == total {
                guard lastLine != nil else { return }
            } else {
                guard elapsed >= Self.quietTime, elapsed - (lastLine ?? -.infinity) >= Self.lineSpacing else { return }
            }
            tenthsReported = tenths
            lastLine = elapsed
            emit(prefix + "\(done * 100 / total)% (\(done)/\(total) frames, \(rateAndRemaining(elapsed: elapsed)))\n")
        }
    }

    /// Ends a bar that stopped short (the export failed), so that what follows starts on a
    /// line of its own.
    func abandon() {
        lock.lock()
        defer { lock.unlock() }
        if style == .bar, done < total, lastDraw >= 0 { emit("\n") }
        Interrupts.setLineOpenOnStandardError(false)
    }

    private func barLine(elapsed: Double) -> String {
        let width = 24
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        return prefix + "[\(bar)]  \(done)/\(total) frames  " + rateAndRemaining(elapsed: elapsed, separator: "  ")
    }

    /// `41.5 fps, 0:02 left`.
    private func rateAndRemaining(elapsed: Double, separator: String = ", ") -> String {
        guard elapsed > 0 else { return "– fps" + separator + "–:–– left" }
        let rate = Double(done) / elapsed
        let remaining = Double(total - done) / rate
        return Self.formatRate(rate) + " fps" + separator + Self.formatDuration(remaining) + " left"
    }

    /// One decimal below 100 (`41.5`), none above (`412`).
    static func formatRate(_ rate: Double) -> String {
        if rate >= 99.95 { return String(Int(rate.rounded())) }
        let tenths = Int((rate * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `m:ss`, or `h:mm:ss` from an hour, rounded to whole seconds.
    static func formatDuration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e9 else { return "–:––" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + ss }
        return "\(m):" + ss
    }

    /// Writes straight to the descriptor (no stdio buffer to lose at `_exit`); a failure to
    /// report progress does not stop the export.
    private func emit(_ text: String) {
        StandardStreams.writeAll(text, to: descriptor)
    }

    /// Seconds on the monotonic clock.
    @Sendable static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
