import _IconMorphSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Helper threads that run the bands of a frame's phases (a metaball frame's or a distance
/// frame's, `Job`), created once and parked on a condition variable between phases.
///
/// Why not `DispatchQueue.concurrentPerform`: on Linux it allocates a few blocks on every
/// call, and a frame calls it twice; this pool allocates only when it starts its threads.
///
/// `perform(_:)` runs every band of a phase and returns when all have finished, so
/// everything a band wrote is visible to the caller and to the next phase (the mutex orders
/// it). Bands are claimed one at a time by whichever thread is free, the caller first (from
/// the start, the helpers from the start too or, for some jobs, from the end): a helper that
/// the system has not scheduled yet leaves its band to the caller instead of holding up the
/// frame. A band's work does not depend on the thread that runs it. One phase
/// at a time: the renderer's lock serialises callers. `deinit` stops and joins every helper.
final class WorkerPool: @unchecked Sendable {
    /// The state the helpers share, kept apart so that helper threads never hold the pool:
    /// the pool's `deinit` can then run, and joins them.
    final class State: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Signalled when a phase is posted or the pool stops.
        let posted = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Signalled when the helpers have finished every band they claimed.
        let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        // Guarded by `mutex`.
        /// Counts posted phases, so a helper knows a new one from the one it served.
        var generation = 0
        /// The bands of the current phase nobody has claimed: `nextBand ..< endBand`.
        var nextBand = 0
        var endBand = 0
        /// Bands claimed by helpers and not finished.
        var unfinished = 0
        var stopping = false
        var job: Job?

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(posted, nil)
            pthread_cond_init(finished, nil)
        }

        deinit {
            pthread_cond_destroy(finished)
            pthread_cond_destroy(posted)
            pthread_mutex_destroy(mutex)
            finished.deallocate()
            posted.deallocate()
            mutex.deallocate()
        }
    }

    /// The threads that can run bands at once: the helpers plus the calling thread.
    let bandCount: Int
    let state = State()
    private var threads: [JoinableThread] = []

    /// Starts `bandCount − 1` helper threads; if the system refuses some, the pool has fewer
    /// (`bandCount` says how many threads there are in all).
    init(bandCount: Int) {
        for _ in 1..<max(1, bandCount) {
            // The helper holds the shared state, not the pool, so the pool's deinit can run.
            let state = self.state
            guard let thread = JoinableThread({ WorkerPool.serve(state) }) else { break }
            threads.append(thread)
        }
        self.bandCount = threads.count + 1
    }

    deinit {
        pthread_mutex_lock(state.mutex)
        state.stopping = true
        pthread_cond_broadcast(state.posted)
        pthread_mutex_unlock(state.mutex)
        for thread in threads { thread.join() }
    }

    /// A phase of a frame, split into bands: a metaball frame's (`FramePlan`) or a distance
    /// frame's (`DistanceFrameRenderer`). Held by value, so posting one allocates nothing.
    enum Job {
        case metaball(FramePlan, FramePlan.Phase)
        case distance(DistanceFrameRenderer, DistanceFrameRenderer.Phase)

        /// How many bands the phase has.
        var bandCount: Int {
            switch self {
            case .metaball(let plan, _): plan.bandCount
            case .distance(let frames, let phase): frames.bandCount(of: phase)
            }
        }

        /// Whether the helpers take the phase's bands from its end while the calling thread
        /// takes them from its start, so that each thread keeps to about the same rows from
        /// phase to phase: a metaball frame whose blur plane fits a core's cache
        /// (`FramePlan.rowAffinity`), and a distance frame's phases by rows
        /// (`DistanceFrameRenderer.Phase`).
        var helpersFromBack: Bool {
            switch self {
            case .metaball(let plan, _): plan.rowAffinity
            case .distance(_, let phase): phase.isByRows
            }
        }

        /// Runs band `band` of the phase.
        func run(band: Int) {
            switch self {
            case .metaball(let plan, let phase): plan.run(phase, band: band)
            case .distance(let frames, let phase): frames.run(phase, band: band)
            }
        }

        /// Runs every band: on `pool`'s threads when there are several, else here, in turn.
        func perform(on pool: WorkerPool?) {
            let bands = bandCount
            if let pool, bands > 1 {
                pool.perform(self)
            } else {
                for band in 0..<bands { run(band: band) }
            }
        }
    }

    /// Runs `job.run(band: k)` for every k in 0 ..< `job.bandCount`, each once, on this thread
    /// and the helpers, and returns when all have returned.
    func perform(_ job: Job) {
        let bandCount = job.bandCount
        pthread_mutex_lock(state.mutex)
        state.job = job
        state.nextBand = 1
        state.endBand = bandCount
        state.unfinished = 0
        state.generation &+= 1
        pthread_cond_broadcast(state.posted)
        pthread_mutex_unlock(state.mutex)

        var band = 0
        while true {
            job.run(band: band)
            pthread_mutex_lock(state.mutex)
            guard state.nextBand < state.endBand else { break }
            band = state.nextBand
            state.nextBand += 1
            pthread_mutex_unlock(state.mutex)
        }
        // Every band is claimed; wait for the helpers' (the mutex is held).
        if state.unfinished > 0 {
            pthread_mutex_unlock(state.mutex)
            WorkerPool.lock(state, spinningUntil: { $0.unfinished == 0 })
            while state.unfinished > 0 { pthread_cond_wait(state.finished, state.mutex) }
        }
        state.job = nil
        pthread_mutex_unlock(state.mutex)
    }

    /// How long a thread polls before it sleeps on a condition variable. Waking a sleeping
    /// thread goes through the kernel's scheduler and can take as long as a phase of a
    /// mid-sized frame, which would eat much of what splitting gains; a frame's phases follow
    /// each other closely, so a short poll catches most of them, and costs at most this long
    /// when none comes.
    static let spinNanoseconds: UInt64 = 50_000

    /// Takes the mutex and polls `ready` for up to `spinNanoseconds`, yielding the processor
    /// between polls; returns with the mutex held, `ready` or not.
    private static func lock(_ state: State, spinningUntil ready: (State) -> Bool) {
        let deadline = monotonicNanoseconds() &+ spinNanoseconds
        pthread_mutex_lock(state.mutex)
        while !ready(state) && monotonicNanoseconds() < deadline {
            pthread_mutex_unlock(state.mutex)
            sched_yield()
            pthread_mutex_lock(state.mutex)
        }
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// A helper's life: wait for a phase, claim and run its bands until none is left,
    /// report, until the pool stops.
    private static func serve(_ state: State) {
        var seen = 0
        while true {
            lock(state, spinningUntil: { $0.generation != seen || $0.stopping })
            while state.generation == seen && !state.stopping {
                pthread_cond_wait(state.posted, state.mutex)
            }
            if state.stopping { break }
            seen = state.generation
            while let job = state.job, state.nextBand < state.endBand {
                let band: Int
                if job.helpersFromBack {
                    state.endBand -= 1
                    band = state.endBand
                } else {
                    band = state.nextBand
                    state.nextBand += 1
                }
                state.unfinished += 1
                pthread_mutex_unlock(state.mutex)

                job.run(band: band)

                pthread_mutex_lock(state.mutex)
                state.unfinished -= 1
                if state.unfinished == 0 { pthread_cond_signal(state.finished) }
            }
            pthread_mutex_unlock(state.mutex)
        }
        pthread_mutex_unlock(state.mutex)
    }
}
