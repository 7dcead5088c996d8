/* Memory management routines (OpenSHMEM 1.5 section 9.3): collective allocations in the
 * symmetric heap. Allocations end with a barrier, shmem_free and shmem_realloc start with one. */
#include "core.h"
#include "heap.h"

#include <string.h>

enum { DEFAULT_ALIGNMENT = 64 };

static void *allocate(size_t size, size_t alignment, const char *routine) {
  shmemi_require_init(routine);
  if (size == 0) return NULL;
  if (alignment == 0 || (alignment & (alignment - 1)))
    shmemi_fatal(routine, "alignment %zu is not a power of two", alignment);
  if (alignment > SHMEMI_HEAP_MAX_ALIGNMENT)
    shmemi_fatal(routine, "alignment %zu is larger than the supported %zu", alignment,
                 SHMEMI_HEAP_MAX_ALIGNMENT);
  size_t offset = 0;
  if (!shmemi_heap_reserve(size, alignment, &offset))
    shmemi_fatal(routine,
                 "symmetric heap exhausted: %zu bytes requested, %zu of %zu bytes free (raise "
                 "SHMEM_SYMMETRIC_SIZE)",
                 size, shmemi_heap_free_bytes(), shmemi_state.heap_size);
  return shmemi_state.heap_base + offset;
}

static size_t heap_offset(const void *ptr, const char *routine) {
  if (shmemi_region_of(ptr, 1) != SHMEMI_REGION_HEAP)
    shmemi_fatal(routine, "%p is not in the symmetric heap", ptr);
  return (size_t)((const char *)ptr - shmemi_state.heap_base);
}

static void *malloc_collective(size_t size, size_t alignment, const char *routine) {
  void *ptr = allocate(size, alignment, routine);
  if (ptr) shmemi_barrier_all();
  return ptr;
}

static void free_collective(void *ptr, const char *routine) {
  shmemi_require_init(routine);
  if (!ptr) return;
  shmemi_barrier_all();
  shmemi_heap_release(heap_offset(ptr, routine), routine);
}

static void *realloc_collective(void *ptr, size_t size, const char *routine) {
  if (!ptr) return malloc_collective(size, DEFAULT_ALIGNMENT, routine);
  if (size == 0) {
    free_collective(ptr, routine);
    return NULL;
  }
  shmemi_require_init(routine);
  shmemi_barrier_all();
  size_t offset = heap_offset(ptr, routine);
  void *result = ptr;
  if (!shmemi_heap_resize_in_place(offset, size, routine)) {
    size_t old_size = shmemi_heap_block_size(offset, routine);
    result = allocate(size, DEFAULT_ALIGNMENT, routine);
    memcpy(result, ptr, old_size < size ? old_size : size);
    shmemi_heap_release(offset, routine);
  }
  shmemi_barrier_all();
  return result;
}

void *pshmem_malloc(size_t size) {
  return malloc_collective(size, DEFAULT_ALIGNMENT, "shmem_malloc");
}
SHMEMI_ALIAS(shmem_malloc)

void *pshmem_calloc(size_t count, size_t size) {
  static const char *const routine = "shmem_calloc";
  if (size && count > SIZE_MAX / size)
    shmemi_fatal(routine, "%zu elements of %zu bytes overflow size_t", count, size);
  void *ptr = allocate(count * size, DEFAULT_ALIGNMENT, routine);
  if (!ptr) return NULL;
  memset(ptr, 0, count * size);
  shmemi_barrier_all();
  return ptr;
}
SHMEMI_ALIAS(shmem_calloc)

void *pshmem_align(size_t alignment, size_t size) {
  return malloc_collective(size, alignment, "shmem_align");
}
SHMEMI_ALIAS(shmem_align)

void *pshmem_realloc(void *ptr, size_t size) {
  return realloc_collective(ptr, size, "shmem_realloc");
}
SHMEMI_ALIAS(shmem_realloc)

void pshmem_free(void *ptr) {
  free_collective(ptr, "shmem_free");
}
SHMEMI_ALIAS(shmem_free)

/* The hints (SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE) change nothing here. */
void *pshmem_malloc_with_hints(size_t size, long hints) {
  (void)hints;
  return malloc_collective(size, DEFAULT_ALIGNMENT, "shmem_malloc_with_hints");
}
SHMEMI_ALIAS(shmem_malloc_with_hints)

/* Deprecated names (OpenSHMEM 1.0-1.2). */
void *pshmalloc(size_t size) {
  return malloc_collective(size, DEFAULT_ALIGNMENT, "shmalloc");
}
extern __typeof__(pshmalloc) shmalloc __attribute__((weak, alias("pshmalloc")));

void pshfree(void *ptr) {
  free_collective(ptr, "shfree");
}
extern __typeof__(pshfree) shfree __attribute__((weak, alias("pshfree")));

void *pshrealloc(void *ptr, size_t size) {
  return realloc_collective(ptr, size, "shrealloc");
}
extern __typeof__(pshrealloc) shrealloc __attribute__((weak, alias("pshrealloc")));

void *pshmemalign(size_t alignment, size_t size) {
  return malloc_collective(size, alignment, "shmemalign");
}
extern __typeof__(pshmemalign) shmemalign __attribute__((weak, alias("pshmemalign")));
