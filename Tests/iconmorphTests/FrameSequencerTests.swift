import Synchronization
import _IconMorphSupport
import Testing
import _TestSupport
@testable import iconmorph

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `FrameSequencer` with handed-over in-order parts (`commit`): whatever thread finishes a
/// frame first, the parts run in frame order, each exactly once (performed, or discarded after
/// a failure), never two at a time, and a failure at frame k leaves exactly frames 0 … k − 1
/// performed.
struct FrameSequencerTests {
    /// What the workers did: the frames whose parts were performed, in the order they ran,
    /// the frames whose parts were discarded, and whether two parts ever ran at once. (Behind
    /// a pthread mutex, which the thread sanitizer sees, unlike `Synchronization.Mutex`.)
    final class Log: @unchecked Sendable {
        private let lock = MutexLock()
        private var performedFrames: [Int] = []
        private var discardedFrames: [Int] = []
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)

        var performed: [Int] { lock.withLock { performedFrames } }
        var discarded: [Int] { lock.withLock { discardedFrames } }

        func step(_ index: Int, failing: Int?) -> InOrderStep {
            InOrderStep(
                perform: {
                    if self.running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                        self.overlapped.store(true, ordering: .sequentiallyConsistent)
                    }
                    defer { self.running.subtract(1, ordering: .sequentiallyConsistent) }
                    if index == failing { throw Failure(index: index) }
                    self.lock.withLock { self.performedFrames.append(index) }
                },
                discard: { self.lock.withLock { self.discardedFrames.append(index) } })
        }
    }

    /// The frames the workers claimed.
    final class Claims: @unchecked Sendable {
        private let lock = MutexLock()
        private var frames: Set<Int> = []
        func insert(_ index: Int) { lock.withLock { _ = frames.insert(index) } }
        var all: Set<Int> { lock.withLock { frames } }
    }

    struct Failure: Error, Equatable {
        let index: Int
    }

    /// Runs `frames` frames on `workers` workers, each frame taking a pseudo-random time of up
    /// to 0.3 ms before its part is handed over, so that workers finish out of order; the
    /// frame `failingStep` fails in its part, the frame `failingRender` before it.
    static func run(
        frames: Int, workers: Int, seed: UInt64, failingStep: Int? = nil, failingRender: Int? = nil
    ) -> (log: Log, error: (any Error)?, claimed: Set<Int>) {
        let sequencer = FrameSequencer(count: frames)
        let log = Log()
        let claimed = Claims()
        WorkerThreads.run(count: workers) { worker in
            var random = SplitMix64(seed: seed &+ UInt64(worker))
            while let index = sequencer.claim() {
                claimed.insert(index)
                usleep(UInt32(random.next() % 300))
                if index == failingRender {
                    sequencer.fail(index, Failure(index: index))
                    return
                }
                guard sequencer.commit(index, log.step(index, failing: failingStep)) else { return }
            }
        }
        var error: (any Error)?
        do { try sequencer.finish() } catch let thrown { error = thrown }
        return (log, error, claimed.all)
    }

    @Test(arguments: [1, 2, 3, 5])
    func partsRunInFrameOrderOnce(workers: Int) {
        for seed in 0..<8 as Range<UInt64> {
            let (log, error, _) = Self.run(frames: 60, workers: workers, seed: seed)
            #expect(error == nil)
            #expect(log.performed == Array(0..<60))
            #expect(log.discarded.isEmpty)
            let overlapped = log.overlapped.load(ordering: .sequentiallyConsistent)
            #expect(!overlapped)
        }
    }

    /// A part that fails at frame 13, or a frame that fails before handing its part over:
    /// frames 0–12 performed, the error is frame 13's, and every later frame that was claimed
    /// had its part discarded, none performed.
    @Test(arguments: [1, 2, 3, 5], [true, false])
    func aFailureStopsLaterParts(workers: Int, inStep: Bool) {
        for seed in 0..<8 as Range<UInt64> {
            let (log, error, claimed) = Self.run(
                frames: 60, workers: workers, seed: seed, failingStep: inStep ? 13 : nil, failingRender: inStep ? nil : 13)
            #expect(error as? Failure == Failure(index: 13))
            #expect(log.performed == Array(0..<13))
            let discarded = log.discarded
            #expect(Set(discarded).count == discarded.count)
            #expect(Set(discarded) == claimed.filter { $0 > 13 })
            let overlapped = log.overlapped.load(ordering: .sequentiallyConsistent)
            #expect(!overlapped)
        }
    }

    /// No frame is claimed `lookahead` or more frames past the earliest unwritten one, even
    /// when that one takes long.
    @Test func claimsStayWithinTheLookahead() {
        let sequencer = FrameSequencer(count: 100)
        let farthest = Atomic<Int>(0)
        let written = Atomic<Int>(0)
        WorkerThreads.run(count: 3) { _ in
            while let index = sequencer.claim() {
                let lead = index - written.load(ordering: .sequentiallyConsistent)
                if lead > farthest.load(ordering: .sequentiallyConsistent) {
                    farthest.store(lead, ordering: .sequentiallyConsistent)
                }
                // Every tenth frame is slow, so the others pile up behind it.
                if index % 10 == 0 { usleep(3000) }
                let step = InOrderStep(
                    perform: { written.store(index + 1, ordering: .sequentiallyConsistent) }, discard: {})
                guard sequencer.commit(index, step) else { return }
            }
        }
        let (all, lead) = (written.load(ordering: .sequentiallyConsistent), farthest.load(ordering: .sequentiallyConsistent))
        #expect(all == 100)
        #expect(lead < FrameSequencer.lookahead)
        #expect(lead > 2)
    }
}
