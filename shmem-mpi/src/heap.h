/* The allocator of the symmetric heap (offsets from the heap base, identical on every PE). */
#ifndef SHMEM_MPI_HEAP_H
#define SHMEM_MPI_HEAP_H

#include <stddef.h>

/* The largest alignment shmem_align guarantees (2 MiB). */
#define SHMEMI_HEAP_MAX_ALIGNMENT ((size_t)2 << 20)

/* Reserves `size` bytes aligned to `alignment` (a power of two); 0 when the heap is exhausted. */
int shmemi_heap_reserve(size_t size, size_t alignment, size_t *offset);
/* Releases the block at `offset` (fatal if no block starts there). */
void shmemi_heap_release(size_t offset, const char *routine);
/* Size of the block at `offset` (fatal if no block starts there). */
size_t shmemi_heap_block_size(size_t offset, const char *routine);
/* Shrinks or grows the block at `offset` without moving it; 0 if it cannot grow in place. */
int shmemi_heap_resize_in_place(size_t offset, size_t size, const char *routine);
size_t shmemi_heap_free_bytes(void);

#endif /* SHMEM_MPI_HEAP_H */
