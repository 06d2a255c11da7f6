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
    pthread_setaffinity_np(pthread_self(), sizeof launch.mask, &launch.mask);
    return launch.start(launch.argument);
}

int im_thread_start(pthread_t *thread, void *(*start)(void *), void *argument) {
    cpu_set_t mask;
    int here = sched_getcpu();
    if (here < 0 || here >= CPU_SETSIZE || pthread_getaffinity_np(pthread_self(), sizeof mask, &mask) != 0
        || CPU_COUNT(&mask) < 2 || !CPU_ISSET(here, &mask)) {
        return pthread_create(thread, NULL, start, argument);
    }
    struct Launch *context = malloc(sizeof *context);
    if (context == NULL) return pthread_create(thread, NULL, start, argument);
    context->start = start;
    context->argument = argument;
    context->mask = mask;
    cpu_set_t elsewhere = mask;
    CPU_CLR(here, &elsewhere);
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status == 0) {
        status = pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere);
        if (status == 0) status = pthread_create(thread, &attributes, launch, context);
        pthread_attr_destroy(&attributes);
    }
    if (status != 0) {
        free(context);
        return pthread_create(thread, NULL, start, argument);
    }
    return 0;
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
#endif
