// The memory libpng and zlib ask for, kept and handed out again.

#ifndef ICONMORPH_RECYCLING_ALLOCATOR_H
#define ICONMORPH_RECYCLING_ALLOCATOR_H

#include <stddef.h>

/// Blocks obtained from the system once and reused: `recycling_allocate` returns a kept block
/// that is free and large enough (the smallest such), else a new one; `recycling_release`
/// marks a block free again without returning it to the system. An encoder that creates and
/// destroys libpng's structures for every image asks for the same sizes each time, so after
/// the first image every request is met from the kept blocks.
typedef struct RecyclingAllocator {
    struct RecycledBlock *blocks;
    size_t count;
    size_t capacity;
    /// Calls to the system allocator so far.
    size_t system_allocations;
} RecyclingAllocator;

/// A block of at least `size` bytes, or NULL when the system has no memory.
void *recycling_allocate(RecyclingAllocator *allocator, size_t size);

/// Makes `pointer` (from `recycling_allocate`, or NULL) free for reuse.
void recycling_release(RecyclingAllocator *allocator, void *pointer);

/// Returns every block to the system.
void recycling_destroy(RecyclingAllocator *allocator);

#endif
