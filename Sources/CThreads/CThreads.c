#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include <pthread.h>
#include <stdlib.h>

#include "CThreads.h"

#if defined(__linux__)
// What the new thread needs before it runs the caller's routine.
struct Launch {
    void *(*start)(void *);
    void *argument;
    cpu_set_t mask;
};

static void *launch(void *context) {
    struct Launch launch = *(struct Launch *)context;
    free(context);
    // Widening the mask moves nothing: the thread stays where it was placed until the
    // scheduler has a reason to move it.
    im_set_own_affinity(&launch.mask);
    return launch.start(launch.argument);
}

// Whether the calling thread may run elsewhere: its mask into `mask`, and the same mask without
// the processor it runs on now into `elsewhere`; that processor, or -1 when it may not.
static int other_processors(cpu_set_t *mask, cpu_set_t *elsewhere) {
    int here = sched_getcpu();
    if (here < 0 || here >= CPU_SETSIZE || pthread_getaffinity_np(pthread_self(), sizeof *mask, mask) != 0
        || CPU_COUNT(mask) < 2 || !CPU_ISSET(here, mask)) {
        return -1;
    }
    *elsewhere = *mask;
    CPU_CLR(here, elsewhere);
    return here;
}

int im_thread_start(pthread_t *thread, void *(*start)(void *), void *argument) {
    cpu_set_t elsewhere;
    struct Launch *context = malloc(sizeof *context);
    if (context != NULL && other_processors(&context->mask, &elsewhere) >= 0) {
        context->start = start;
        context->argument = argument;
        pthread_attr_t attributes;
        int status = pthread_attr_init(&attributes);
        if (status == 0) {
            status = pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere);
            if (status == 0) status = pthread_create(thread, &attributes, launch, context);
            pthread_attr_destroy(&attributes);
        }
        if (status == 0) return 0;
    }
    // No other processor to start on, or the placement refused: started as pthread_create does.
    free(context);
    return pthread_create(thread, NULL, start, argument);
}

size_t im_affinity_mask_size(void) { return sizeof(cpu_set_t); }

int im_processors_elsewhere(void *mask, void *elsewhere) {
    cpu_set_t whole, others;
    int here = other_processors(&whole, &others);
    if (here < 0) return -1;
    *(cpu_set_t *)mask = whole;
    *(cpu_set_t *)elsewhere = others;
    return here;
}

int im_thread_set_affinity(pthread_t thread, const void *mask) {
    return pthread_setaffinity_np(thread, sizeof(cpu_set_t), (const cpu_set_t *)mask) == 0;
}

int im_set_own_affinity(const void *mask) { return im_thread_set_affinity(pthread_self(), mask); }

int im_thread_affinity_count(pthread_t thread) {
    cpu_set_t mask;
    if (pthread_getaffinity_np(thread, sizeof mask, &mask) != 0) return 0;
    return CPU_COUNT(&mask);
}

int im_affinity_count(void) {
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) != 0) return 0;
    return CPU_COUNT(&mask);
}

int im_current_processor(void) { return sched_getcpu(); }
#else
int im_thread_start(pthread_t *thread, void *(*start)(void *), void *argument) {
    return pthread_create(thread, NULL, start, argument);
}

int im_affinity_count(void) { return 0; }

int im_current_processor(void) { return -1; }

size_t im_affinity_mask_size(void) { return 0; }

int im_processors_elsewhere(void *mask, void *elsewhere) { (void)mask; (void)elsewhere; return -1; }

int im_thread_set_affinity(pthread_t thread, const void *mask) { (void)thread; (void)mask; return 0; }

int im_set_own_affinity(const void *mask) { (void)mask; return 0; }

int im_thread_affinity_count(pthread_t thread) { (void)thread; return 0; }
#endif
