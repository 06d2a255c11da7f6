import CThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread started at once on a closure, to be joined: what the renderer's worker pool and
/// the command's export workers start, without Dispatch (which adds its threads only after a
/// delay, and costs every process its set-up). On Linux it starts on another processor than
/// its creator's when it may (`im_thread_start`): left to the scheduler, a worker of a short
/// export often waited behind the calling thread for up to 4 ms before it was moved to the idle
/// processor. Shared with the other modules of the package (`package` access), not part of
/// the public API.
package struct JoinableThread {
    private let thread: pthread_t

    /// Starts a thread running `body`, or returns nil when the system refuses one.
    package init?(_ body: @escaping () -> Void) {
        // The thread owns this reference to the closure.
        let seat = Unmanaged.passRetained(Seat(body))
        // pthread_t is an integer on glibc and a pointer on Darwin and musl; the start
        // routine's argument is nullable except in Darwin's headers.
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = im_thread_start(&thread, { context in
            #if canImport(Darwin)
            let seat = Unmanaged<Seat>.fromOpaque(context).takeRetainedValue()
            #else
            let seat = Unmanaged<Seat>.fromOpaque(context!).takeRetainedValue()
            #endif
            seat.body()
            return nil
        }, seat.toOpaque())
        guard status == 0 else {
            seat.release()
            return nil
        }
        #if canImport(Glibc)
        self.thread = thread
        #else
        self.thread = thread!
        #endif
    }

    /// Sets the thread's affinity mask (`im_affinity_mask_size()` bytes, as
    /// `im_processors_elsewhere` writes them); false where that fails or there is no such call.
    package func restrict(to mask: UnsafeRawPointer) -> Bool {
        im_thread_set_affinity(thread, mask) != 0
    }

    /// Sets the calling thread's affinity mask; false where that fails or there is no such call.
    package static func restrictCurrentThread(to mask: UnsafeRawPointer) -> Bool {
        im_set_own_affinity(mask) != 0
    }

    /// How many processors the thread may run on (0 where that cannot be read).
    package var processorCount: Int { Int(im_thread_affinity_count(thread)) }

    /// Waits until the thread's closure has returned.
    package func join() {
        pthread_join(thread, nil)
    }

    /// The closure, boxed to cross into the thread as a pointer.
    private final class Seat {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }
}
