#include "RecyclingAllocator.h"

#include <stdlib.h>

struct RecycledBlock {
    void *pointer;
    size_t size;
    int in_use;
};

void *recycling_allocate(RecyclingAllocator *allocator, size_t size) {
    // Best fit among the free blocks: a large block is not spent on a small request while a
    // small free block fits, so the next large request still finds its block. There are a
    // dozen blocks or so (libpng's structures, its row buffers, zlib's state and window), so
    // a linear search costs nothing next to encoding.
    struct RecycledBlock *best = NULL;
    for (size_t i = 0; i < allocator->count; i++) {
        struct RecycledBlock *block = &allocator->blocks[i];
        if (!block->in_use && block->size >= size && (best == NULL || block->size < best->size)) {
            best = block;
        }
    }
    if (best != NULL) {
        best->in_use = 1;
        return best->pointer;
    }
    if (allocator->count == allocator->capacity) {
        size_t capacity = allocator->capacity == 0 ? 16 : allocator->capacity * 2;
        struct RecycledBlock *grown = realloc(allocator->blocks, capacity * sizeof *grown);
        if (grown == NULL) return NULL;
        allocator->system_allocations++;
        allocator->blocks = grown;
        allocator->capacity = capacity;
    }
    void *pointer = malloc(size == 0 ? 1 : size);
    if (pointer == NULL) return NULL;
    allocator->system_allocations++;
    allocator->blocks[allocator->count++] = (struct RecycledBlock){pointer, size, 1};
    return pointer;
}

void recycling_release(RecyclingAllocator *allocator, void *pointer) {
    if (pointer == NULL) return;
    for (size_t i = 0; i < allocator->count; i++) {
        if (allocator->blocks[i].pointer == pointer) {
            allocator->blocks[i].in_use = 0;
            return;
        }
    }
    // Not one of ours: nothing else hands libpng memory, but freeing it is the safe answer.
    free(pointer);
}

void recycling_destroy(RecyclingAllocator *allocator) {
    for (size_t i = 0; i < allocator->count; i++) free(allocator->blocks[i].pointer);
    free(allocator->blocks);
    *allocator = (RecyclingAllocator){0};
}
