/* A malloc-counting library for measuring allocations per frame (morph-bench prints them
 * when this is preloaded). It forwards to glibc's own allocator and counts every call.
 *
 *     gcc -O2 -shared -fPIC Tools/count-allocations.c -o /tmp/libcount-allocations.so
 *     LD_PRELOAD=/tmp/libcount-allocations.so .build/release/morph-bench
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static atomic_long calls;

void *malloc(size_t size) { atomic_fetch_add(&calls, 1); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { atomic_fetch_add(&calls, 1); return __libc_calloc(count, size); }
void *realloc(void *p, size_t size) { atomic_fetch_add(&calls, 1); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { atomic_fetch_add(&calls, 1); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { atomic_fetch_add(&calls, 1); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    atomic_fetch_add(&calls, 1);
    *out = __libc_memalign(alignment, size);
    return *out ? 0 : 12; /* ENOMEM */
}

/* The number of allocation calls so far; morph-bench looks it up with dlsym. */
long alloc_count(void) { return atomic_load(&calls); }
