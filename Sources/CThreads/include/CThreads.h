// Thread placement for the package's worker threads: the few scheduling calls the C library
// keeps behind _GNU_SOURCE, which Swift's Glibc module does not declare.
#ifndef ICONMORPH_CTHREADS_H
#define ICONMORPH_CTHREADS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

/// Starts a thread running `start(argument)`, as pthread_create with default attributes does.
/// On Linux, when the calling thread's affinity mask holds another processor, the new thread
/// is first placed on one of the others (the scheduler otherwise often queues it behind its
/// creator for a time slice, milliseconds, before balancing moves it), and its first act is
/// to take the whole mask back, so the scheduler stays free to move it later. Returns 0 or
/// pthread_create's error number.
int im_thread_start(pthread_t *thread, void *(*start)(void *), void *argument);

/// The number of processors in the calling thread's affinity mask (`taskset`, a container's
/// cpuset), or 0 where it cannot be read (not Linux, or more than 1024 processors).
int im_affinity_count(void);

/// The processor the calling thread runs on now, or -1 where it cannot be told.
int im_current_processor(void);

/// The bytes of an affinity mask as the calls below read and write it (0 where there is none).
size_t im_affinity_mask_size(void);

/// The calling thread's affinity mask into `mask`, and the same without the processor the
/// thread runs on into `elsewhere` (each im_affinity_mask_size() bytes); returns that
/// processor, or -1 where the mask holds no other processor or cannot be read (nothing is
/// written then).
int im_processors_elsewhere(void *mask, void *elsewhere);

/// Sets `thread`'s affinity mask (im_affinity_mask_size() bytes); 1 on success, else 0.
int im_thread_set_affinity(pthread_t thread, const void *mask);

/// Sets the calling thread's affinity mask; 1 on success, else 0.
int im_set_own_affinity(const void *mask);

/// The number of processors in `thread`'s affinity mask, or 0 where it cannot be read.
int im_thread_affinity_count(pthread_t thread);

// Sequentially consistent atomic operations on a machine word that every thread reaches
// only through them: the worker pool's hand-off of bands between threads. Inline, so a
// call costs the instruction itself.

/// The word's value.
static inline intptr_t im_atomic_load(const intptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

/// Sets the word to `value`.
static inline void im_atomic_store(intptr_t *word, intptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

/// Adds `delta` to the word; returns the sum.
static inline intptr_t im_atomic_add(intptr_t *word, intptr_t delta) {
    return __atomic_add_fetch(word, delta, __ATOMIC_SEQ_CST);
}

/// Sets the word to `desired` if it holds `*expected` and returns 1; otherwise stores what it
/// holds into `*expected` and returns 0.
static inline int im_atomic_compare_exchange(intptr_t *word, intptr_t *expected, intptr_t desired) {
    return __atomic_compare_exchange_n(word, expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/// Tells the processor that the thread is polling (x86 `pause`, Arm `yield`), which frees the
/// core's resources for a moment and costs no system call; elsewhere nothing.
static inline void im_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
