#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands out the frames of a sequence to workers and lets them write in frame order.
///
/// Frames are claimed in order, one at a time, by whichever worker is free; a finished frame
/// is written only when every earlier frame has been (`waitForTurn`). So the files appear in
/// frame order, and a failure at frame k stops the run the way a one-thread loop would
/// stop: frames before k are all written, no frame after k is, and the error reported is the
/// one of the earliest frame that failed. Each worker holds at most one frame, and the
/// earliest unwritten frame's worker never waits, so the workers cannot deadlock.
final class FrameSequencer: @unchecked Sendable {
    /// How many frames the sequence has.
    let count: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let turn = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var nextToClaim = 0
    private var nextToWrite = 0
    private var failure: (index: Int, error: any Error)?
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

    /// The next frame to render, or `nil` when all are taken or a frame has failed.
    func claim() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
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
        nextToWrite = index + 1
        progress?.frameWritten()
        pthread_cond_broadcast(turn)
        pthread_mutex_unlock(mutex)
    }

    /// Records that frame `index` failed; the earliest failure is the one kept.
    func fail(_ index: Int, _ error: any Error) {
        pthread_mutex_lock(mutex)
        if failure == nil || index < failure!.index { failure = (index, error) }
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
