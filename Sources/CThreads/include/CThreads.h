// Thread placement for the package's worker threads: the few scheduling calls the C library
// keeps behind _GNU_SOURCE, which Swift's Glibc module does not declare.
#ifndef ICONMORPH_CTHREADS_H
#define ICONMORPH_CTHREADS_H

#include <pthread.h>

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

#endif
