#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the export's workers on threads of their own, started at once.
///
/// Why not `DispatchQueue.concurrentPerform`: on Linux its pool adds threads only after a
/// delay, so for a short export the calling thread rendered the first dozen frames alone (a
/// 60-frame 132 px export took 2–3 ms before the second worker wrote its first frame), and
/// linking Dispatch cost every command its start-up work.
enum WorkerThreads {
    /// Runs `body(0)` on the calling thread and `body(1)` … `body(count − 1)` each on a new
    /// thread, and returns when all have returned. An index whose thread the system refuses
    /// is left out: the export's workers claim frames until none is left, so the others do
    /// its share.
    static func run(count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var threads: [pthread_t] = []
            for index in 1..<max(1, count) {
                // The thread owns this reference; `body` outlives it, since every thread is
                // joined before `run` returns.
                let seat = Unmanaged.passRetained(Seat(body: body, index: index))
                #if canImport(Glibc)
                var thread = pthread_t()
                #else
                var thread: pthread_t?
                #endif
                let status = pthread_create(&thread, nil, { context in
                    #if canImport(Darwin)
                    let seat = Unmanaged<Seat>.fromOpaque(context).takeRetainedValue()
                    #else
                    let seat = Unmanaged<Seat>.fromOpaque(context!).takeRetainedValue()
                    #endif
                    seat.body(seat.index)
                    return nil
                }, seat.toOpaque())
                guard status == 0 else {
                    seat.release()
                    continue
                }
                #if canImport(Glibc)
                threads.append(thread)
                #else
                threads.append(thread!)
                #endif
            }
            body(0)
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// One thread's work: the body and its index.
    private final class Seat {
        let body: (Int) -> Void
        let index: Int

        init(body: @escaping (Int) -> Void, index: Int) {
            self.body = body
            self.index = index
        }
    }
}
