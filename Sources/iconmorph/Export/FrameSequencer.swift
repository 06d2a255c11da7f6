#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands out the frames of a sequence to workers and lets them write in frame order.
///
/// Frames are claimed in order, one at a time, by whichever worker is free. A frame's
/// in-order part (writing the file, or renaming it into place) runs only when every earlier
/// frame's has: its worker either waits for that (`waitForTurn`) or hands the part over
/// (`commit`) and goes on to its next frame, and the part then runs on the worker that
/// completes the frame before it. So the files appear in frame order, and a failure at frame
/// k stops the run the way a one-thread loop would stop: frames before k are all written, no
/// frame after k is (parts handed over for them are discarded), and the error reported is the
/// one of the earliest frame that failed. Each worker holds at most one frame it has not
/// delivered, no frame is claimed `lookahead` or more frames past the earliest unwritten one,
/// and the earliest unwritten frame's worker never waits, so the workers cannot deadlock.
final class FrameSequencer: @unchecked Sendable {
    /// How many frames the sequence has.
    let count: Int
    /// How far past the earliest unwritten frame a frame may be claimed: this bounds the
    /// parts handed over and waiting (for PNG files, temporary files in the folder).
    static let lookahead = 16
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let turn = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var nextToClaim = 0
    private var nextToWrite = 0
    private var failure: (index: Int, error: any Error)?
    /// The handed-over parts of frames after `nextToWrite`, frame i's in slot i % lookahead.
    private var waiting: [(index: Int, step: InOrderStep)?] = Array(repeating: nil, count: FrameSequencer.lookahead)
    /// Told of each frame written, in order, under the lock.
    private let progress: ProgressReporter?

    init(count: Int, progress: ProgressReporter? = nil) {
        self.count = count
        self.progress = progress
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(turn, nil)
    }

    deinit {
        pthread_cond_destroy(turn)
        pthread_mutex_destroy(mutex)
        turn.deallocate()
        mutex.deallocate()
    }

    /// The next frame to render, or `nil` when all are taken or a frame has failed; waits
    /// while the next is `lookahead` frames past the earliest unwritten one.
    func claim() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while failure == nil && nextToClaim < count && nextToClaim >= nextToWrite + Self.lookahead {
            pthread_cond_wait(turn, mutex)
        }
        guard failure == nil, nextToClaim < count else { return nil }
        nextToClaim += 1
        return nextToClaim - 1
    }

    /// Waits until every frame before `index` is written; `false` when an earlier frame
    /// failed instead, so `index` must not be written.
    func waitForTurn(_ index: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while nextToWrite < index {
            if let failure, failure.index < index { return false }
            pthread_cond_wait(turn, mutex)
        }
        return true
    }

    /// Records that frame `index` (whose turn it was) is written.
    func written(_ index: Int) {
        pthread_mutex_lock(mutex)
        markWritten(index)
        pthread_mutex_unlock(mutex)
    }

    /// With the lock held: frame `index` is written, the next one's turn has come.
    private func markWritten(_ index: Int) {
        nextToWrite = index + 1
        progress?.frameWritten()
        pthread_cond_broadcast(turn)
    }

    /// Runs `step`, frame `index`'s in-order part, at the frame's turn: at once on this
    /// thread when every earlier frame is written, followed by the waiting parts of the frames
    /// after it, in order, as far as they go; otherwise it waits to be run by the thread that
    /// writes the frame before it. Returns false, with `step` discarded, when an earlier frame
    /// failed, or when `step` itself fails (recorded as frame `index`'s failure).
    func commit(_ index: Int, _ step: InOrderStep) -> Bool {
        pthread_mutex_lock(mutex)
        if let failure, failure.index < index {
            pthread_mutex_unlock(mutex)
            step.discard()
            return false
        }
        guard index == nextToWrite else {
            // A slot is free: frames are claimed fewer than `lookahead` past `nextToWrite`.
            waiting[index % Self.lookahead] = (index, step)
            pthread_mutex_unlock(mutex)
            return true
        }
        var (index, step) = (index, step)
        while true {
            pthread_mutex_unlock(mutex)
            do {
                try step.perform()
            } catch {
                fail(index, error)
                return false
            }
            pthread_mutex_lock(mutex)
            markWritten(index)
            index += 1
            let slot = index % Self.lookahead
            guard let next = waiting[slot], next.index == index else { break }
            waiting[slot] = nil
            step = next.step
        }
        pthread_mutex_unlock(mutex)
        return true
    }

    /// Records that frame `index` failed; the earliest failure is the one kept, and the
    /// waiting parts of later frames are discarded.
    func fail(_ index: Int, _ error: any Error) {
        pthread_mutex_lock(mutex)
        if failure == nil || index < failure!.index { failure = (index, error) }
        for slot in waiting.indices {
            guard let part = waiting[slot], part.index > index else { continue }
            part.step.discard()
            waiting[slot] = nil
        }
        pthread_cond_broadcast(turn)
        pthread_mutex_unlock(mutex)
    }

    /// Throws the earliest failure, if any; call after every worker has returned.
    func finish() throws {
        pthread_mutex_lock(mutex)
        let failure = self.failure
        pthread_mutex_unlock(mutex)
        if let failure { throw failure.error }
    }
}
