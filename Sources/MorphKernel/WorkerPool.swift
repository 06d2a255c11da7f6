import CThreads
import _IconMorphSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Helper threads that run the bands of a frame's phases (a metaball frame's or a distance
/// frame's, `Job`), created once; between phases they poll for a moment, then sleep on a
/// condition variable.
///
/// Why not `DispatchQueue.concurrentPerform`: on Linux it allocates a few blocks on every
/// call, and a frame calls it twice; this pool allocates only when it starts its threads.
///
/// `perform(_:)` runs every band of a phase and returns when all have finished, so
/// everything a band wrote is visible to the caller and to the next phase (every hand-off is
/// a sequentially consistent atomic operation, `State`). Bands are claimed one at a time by
/// whichever thread is free, the caller first (from the start, the helpers from the start
/// too or, for some jobs, from the end): a helper that the system has not scheduled yet
/// leaves its band to the caller instead of holding up the frame. A band's work does not
/// depend on the thread that runs it. One phase at a time: the renderer's lock serialises
/// callers. `deinit` stops and joins every helper.
///
/// The hand-off takes no lock: a phase's bands go out by compare-and-swap on one word, and
/// a helper that is polling sees a new phase within a `pause`, without a system call. Taking
/// a mutex for each band, with the helpers polling through the same mutex and `sched_yield`,
/// cost a 2-thread 132 px frame more than half its work (see `spinNanoseconds`).
///
/// Helpers that are all asleep when a phase is posted are woken kept off the caller's
/// processor: each one's mask becomes the caller's without the processor the caller runs on,
/// and the helper widens it again as soon as it is awake (`serve`). Left to it, the kernel of
/// this project's 2-core VM, which packs woken threads onto their waker's processor
/// (`/proc/sys/kernel/sched_vcpu_pack`), put three woken helpers in four behind the caller,
/// where they ran only once the caller had drawn the whole frame alone: the helper started
/// 0.6 ms after the post (median; 0.04–1 ms), and 512 px frames drawn 3 ms apart took as
/// long on two threads as on one (0.93–1.03 times, `morph-bench --paced`); kept off, 1.13–1.50
/// times less, and 1024 px frames 1.46–1.66 times less instead of 0.96–1.10. It costs the
/// caller a system call to read its mask and one per helper (1.7 µs each here), and each
/// helper one more, only when every helper sleeps, which frames drawn back to back do not
/// let them do.
final class WorkerPool: @unchecked Sendable {
    /// The state the helpers share, kept apart so that helper threads never hold the pool:
    /// the pool's `deinit` can then run, and joins them.
    ///
    /// The words every thread reads and writes, each on a cache line of its own, reached only
    /// through `CThreads`' atomic operations:
    /// - `generation`: counts posted phases, so a helper knows a new one from the one it served;
    /// - `claims`: the current phase's unclaimed bands `next ..< end` and whether the helpers
    ///   take them from the end (`ClaimWord`);
    /// - `job`: the address of the current phase's `Job`, stored before `claims`, so a helper
    ///   that has claimed a band reads the job the band belongs to (the caller keeps it alive
    ///   until every claimed band has finished, so no helper reads it later);
    /// - `completed`: bands the helpers have finished in the current phase;
    /// - `sleepers`: helpers asleep (or about to sleep) on `posted`;
    /// - `callerSleeping`: 1 while the caller sleeps on `finished`;
    /// - `stopping`: 1 once the pool is stopping;
    /// - `nudges`: counts `wake()` calls, which wake sleeping helpers without a phase.
    /// The mutex and condition variables are for sleeping only: a thread about to sleep
    /// announces it, then looks once more under the mutex, and a thread that changes what the
    /// sleeper waits for looks for the announcement after the change, so one of the two sees
    /// the other.
    final class State: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Signalled when a phase is posted or the pool stops, if a helper sleeps.
        let posted = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Signalled when a helper finishes a band while the caller sleeps.
        let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// The shared words, `wordSpacing` apart.
        private let words: UnsafeMutablePointer<Int>
        /// Words from one shared word to the next: a 128-byte line each (two 64-byte lines,
        /// which processors that fetch lines in pairs treat as one).
        private static let wordSpacing = 128 / MemoryLayout<Int>.stride

        var generation: UnsafeMutablePointer<Int> { words }
        var claims: UnsafeMutablePointer<Int> { words + Self.wordSpacing }
        var job: UnsafeMutablePointer<Int> { words + 2 * Self.wordSpacing }
        var completed: UnsafeMutablePointer<Int> { words + 3 * Self.wordSpacing }
        var sleepers: UnsafeMutablePointer<Int> { words + 4 * Self.wordSpacing }
        var callerSleeping: UnsafeMutablePointer<Int> { words + 5 * Self.wordSpacing }
        var stopping: UnsafeMutablePointer<Int> { words + 6 * Self.wordSpacing }
        /// Counts `wake()` calls, which wake sleeping helpers without a phase.
        var nudges: UnsafeMutablePointer<Int> { words + 7 * Self.wordSpacing }
        /// How often the caller has kept the sleeping helpers off its processor before waking
        /// them (`perform`), and how many helpers have yet to take that on since the last
        /// time (`serve`); guarded by `mutex`.
        var narrowings = 0
        var pendingWidens = 0
        /// The caller's affinity mask as it last kept the helpers off its processor, which they
        /// widen their masks to again once awake, and that mask without the caller's
        /// processor (`im_affinity_mask_size()` bytes each).
        let callerMask = UnsafeMutableRawPointer.allocate(byteCount: max(1, im_affinity_mask_size()), alignment: 16)
        let elsewhereMask = UnsafeMutableRawPointer.allocate(byteCount: max(1, im_affinity_mask_size()), alignment: 16)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(posted, nil)
            pthread_cond_init(finished, nil)
            let count = 8 * Self.wordSpacing
            words = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Int>.stride, alignment: 128)
                .bindMemory(to: Int.self, capacity: count)
            words.initialize(repeating: 0, count: count)
        }

        deinit {
            elsewhereMask.deallocate()
            callerMask.deallocate()
            words.deallocate()
            pthread_cond_destroy(finished)
            pthread_cond_destroy(posted)
            pthread_mutex_destroy(mutex)
            finished.deallocate()
            posted.deallocate()
            mutex.deallocate()
        }
    }

    /// The `claims` word: the next band from the start in its low `halfBits` bits, the end of
    /// the unclaimed bands in the next `halfBits`, and above them whether the helpers claim
    /// from the end. One word, so that a claim from either end is one compare-and-swap.
    ///
    /// A helper may still hold a value it read in an earlier phase when the next is posted;
    /// its compare-and-swap then succeeds only if the word holds that same value now, and
    /// then the band it claims is a band of the current phase: the phase's job and `completed`
    /// are stored before its word, the helper reads the job only after its claim succeeds, and
    /// no later phase is posted until every claimed band has finished.
    enum ClaimWord {
        /// 31 bits each on 64-bit processors, 15 on 32-bit ones, below the flag and the sign.
        static let halfBits = (Int.bitWidth - 2) / 2
        static let mask = (1 << halfBits) - 1
        static let fromBackFlag = 1 << (2 * halfBits)
        /// The most bands a phase may have.
        static let maximumBands = mask

        static func word(next: Int, end: Int, helpersFromBack: Bool) -> Int {
            next | end << halfBits | (helpersFromBack ? fromBackFlag : 0)
        }

        /// Claims a band of `claims`, from the end if `helper` and the word says so, else
        /// from the start; nil when none is left.
        @inline(__always)
        static func claim(_ claims: UnsafeMutablePointer<Int>, helper: Bool) -> Int? {
            var word = im_atomic_load(claims)
            while true {
                let next = word & mask, end = (word >> halfBits) & mask
                guard next < end else { return nil }
                let fromBack = helper && word & fromBackFlag != 0
                if im_atomic_compare_exchange(claims, &word, fromBack ? word - (1 << halfBits) : word + 1) != 0 {
                    return fromBack ? end - 1 : next
                }
            }
        }
    }

    /// The threads that can run bands at once: the helpers plus the calling thread.
    let bandCount: Int
    let state = State()
    private(set) var threads: [JoinableThread] = []
    /// The last phase posted (only the calling thread writes `generation`).
    private var generation = 0

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
        im_atomic_store(state.stopping, 1)
        pthread_mutex_lock(state.mutex)
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
        /// phase to phase: a split metaball frame's (`FramePlan.rowAffinity`), and a distance
        /// frame's phases by rows (`DistanceFrameRenderer.Phase`).
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
        let bandCount = job.bandCount, state = self.state
        precondition(bandCount >= 1 && bandCount <= ClaimWord.maximumBands, "bands for the pool: \(bandCount)")
        withUnsafePointer(to: job) { address in
            // The job, then the bands (a helper reads the job after claiming), then the news.
            im_atomic_store(state.job, Int(bitPattern: address))
            im_atomic_store(state.completed, 0)
            im_atomic_store(state.claims, ClaimWord.word(next: 1, end: bandCount, helpersFromBack: job.helpersFromBack))
            generation &+= 1
            im_atomic_store(state.generation, generation)
            wakeSleepers()
            var ran = 1
            job.run(band: 0)
            while let band = ClaimWord.claim(state.claims, helper: false) {
                job.run(band: band)
                ran += 1
            }
            // Every band is claimed; wait for the helpers' to finish.
            let helpers = bandCount - ran
            if !WorkerPool.poll({ im_atomic_load(state.completed) == helpers }) {
                pthread_mutex_lock(state.mutex)
                im_atomic_store(state.callerSleeping, 1)
                while im_atomic_load(state.completed) != helpers { pthread_cond_wait(state.finished, state.mutex) }
                im_atomic_store(state.callerSleeping, 0)
                pthread_mutex_unlock(state.mutex)
            }
        }
    }

    /// Wakes the helpers that sleep, without a phase, so that they are polling by the time
    /// the next phase is posted: a frame calls it before the work it does alone (measuring,
    /// classifying), which then hides the helpers' waking. A helper woken so polls for
    /// `spinNanoseconds` and sleeps again if no phase comes.
    func wake() {
        guard im_atomic_load(state.sleepers) > 0 else { return }
        _ = im_atomic_add(state.nudges, 1)
        wakeSleepers()
    }

    /// Wakes the sleeping helpers, if any, after a phase or a nudge was posted. Helpers that
    /// are all asleep are kept off the caller's processor while they wake (see the type's
    /// comment).
    private func wakeSleepers() {
        let state = self.state
        guard im_atomic_load(state.sleepers) > 0 else { return }
        pthread_mutex_lock(state.mutex)
        // Every helper asleep, none still kept off an earlier caller's processor (each
        // widens its mask again once awake, `serve`): kept off this one, so that the
        // system wakes them elsewhere. The masks are written only while every helper
        // sleeps, so no helper reads them meanwhile.
        if im_atomic_load(state.sleepers) == threads.count && state.pendingWidens == 0
            && im_processors_elsewhere(state.callerMask, state.elsewhereMask) >= 0 {
            var kept = false
            for thread in threads { kept = thread.restrict(to: state.elsewhereMask) || kept }
            if kept {
                state.narrowings += 1
                state.pendingWidens = threads.count
            }
        }
        pthread_cond_broadcast(state.posted)
        pthread_mutex_unlock(state.mutex)
    }

    /// How long a thread polls before it sleeps on a condition variable. Waking a sleeping
    /// thread goes through the kernel's scheduler and can take as long as a phase of a
    /// mid-sized frame, which would eat much of what splitting gains; a frame's phases follow
    /// each other closely, so a short poll catches most of them, and costs at most this long
    /// when none comes.
    static let spinNanoseconds: UInt64 = 50_000
    /// For how long of that the poll only pauses the processor between looks (`im_cpu_relax`)
    /// before it yields the processor to other threads between them (`sched_yield`, a system
    /// call, which on a busy machine lets a thread waiting for this processor run).
    static let relaxNanoseconds: UInt64 = 5_000

    /// Polls `ready` for up to `spinNanoseconds`; returns whether it became true.
    @inline(__always)
    private static func poll(_ ready: () -> Bool) -> Bool {
        if ready() { return true }
        let start = MonotonicClock.nanoseconds()
        while true {
            for _ in 0..<16 {
                im_cpu_relax()
                if ready() { return true }
            }
            // The clock every 16 looks: reading it costs about as much as a few looks.
            let elapsed = MonotonicClock.nanoseconds() &- start
            if elapsed >= spinNanoseconds { return ready() }
            if elapsed >= relaxNanoseconds { sched_yield() }
        }
    }

    /// A helper's life: wait for a phase, claim and run its bands until none is left, until
    /// the pool stops.
    private static func serve(_ state: State) {
        var seen = 0, widenedFor = 0, nudged = 0
        func posted() -> Bool {
            im_atomic_load(state.generation) != seen || im_atomic_load(state.nudges) != nudged
                || im_atomic_load(state.stopping) != 0
        }
        while true {
            if !poll(posted) {
                pthread_mutex_lock(state.mutex)
                _ = im_atomic_add(state.sleepers, 1)
                while !posted() { pthread_cond_wait(state.posted, state.mutex) }
                _ = im_atomic_add(state.sleepers, -1)
                // Kept off the caller's processor while it woke this thread: counted here, then
                // every processor of the caller's mask again (widening moves nothing). The
                // caller writes the masks only while every helper sleeps, so not before this
                // thread has widened and slept again. Counted done even if the system refuses
                // the widening (a cpuset that shrank meanwhile): the next frame that finds
                // every helper asleep sets the masks again.
                let widens = state.narrowings != widenedFor
                if widens {
                    widenedFor = state.narrowings
                    state.pendingWidens -= 1
                }
                pthread_mutex_unlock(state.mutex)
                if widens { _ = JoinableThread.restrictCurrentThread(to: state.callerMask) }
            }
            if im_atomic_load(state.stopping) != 0 { return }
            nudged = im_atomic_load(state.nudges)
            seen = im_atomic_load(state.generation)
            while let band = ClaimWord.claim(state.claims, helper: true) {
                // The job this band belongs to (stored before the bands were).
                let job = UnsafePointer<Job>(bitPattern: im_atomic_load(state.job))!
                job.pointee.run(band: band)
                _ = im_atomic_add(state.completed, 1)
                if im_atomic_load(state.callerSleeping) != 0 {
                    pthread_mutex_lock(state.mutex)
                    pthread_cond_signal(state.finished)
                    pthread_mutex_unlock(state.mutex)
                }
            }
        }
    }
}
