/* The symmetric heap: one block per PE from MPI_Win_allocate_shared on the node (so that PEs of
 * a node can load and store each other's heap, for shmem_ptr), exposed to every PE by a world
 * window kept in a passive-target epoch for the whole run; and a deterministic allocator: the
 * same sequence of collective allocations yields the same offsets on every PE. */
#include "heap.h"

#include "core.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const routine_init = "shmem_init";
static const char *const size_variable = "SHMEM_SYMMETRIC_SIZE";
enum { DEFAULT_HEAP_MIB = 128, KIB = 1024, HEAP_PAGE = 4096, MIN_BLOCK = 64 };
/* Every PE's heap starts at an address aligned to this, so that aligned offsets are aligned
 * addresses everywhere (the largest alignment shmem_align supports). */
static const size_t base_alignment = SHMEMI_HEAP_MAX_ALIGNMENT;

struct block {
  size_t offset;
  size_t size;
};
/* A list of blocks sorted by offset. */
struct block_list {
  struct block *items;
  size_t count;
  size_t capacity;
};
static struct block_list free_blocks;
static struct block_list used_blocks;

static size_t parse_size(const char *text) {
  char *end = NULL;
  errno = 0;
  unsigned long long value = strtoull(text, &end, 10);
  if (errno || end == text) shmemi_fatal(routine_init, "%s=%s is not a size", size_variable, text);
  int shift = 0;
  switch (toupper((unsigned char)*end)) {
  case 'K':
    shift = 10;
    break;
  case 'M':
    shift = 20;
    break;
  case 'G':
    shift = 30;
    break;
  case 'T':
    shift = 40;
    break;
  case '\0':
    break;
  default:
    shmemi_fatal(routine_init, "%s=%s: unknown suffix (use K, M or G)", size_variable, text);
  }
  if (*end && end[1] && !(toupper((unsigned char)end[1]) == 'B' && !end[2]))
    shmemi_fatal(routine_init, "%s=%s: unknown suffix (use K, M or G)", size_variable, text);
  if (value > (SIZE_MAX >> shift))
    shmemi_fatal(routine_init, "%s=%s is too large", size_variable, text);
  return (size_t)value << shift;
}

static size_t heap_size_from_environment(void) {
  const char *text = getenv(size_variable);
  size_t size = text ? parse_size(text) : (size_t)DEFAULT_HEAP_MIB * KIB * KIB;
  return (size + HEAP_PAGE - 1) / HEAP_PAGE * HEAP_PAGE;
}

static void list_insert(struct block_list *list, size_t index, struct block item) {
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 16;
    struct block *items = realloc(list->items, capacity * sizeof *items);
    if (!items) shmemi_fatal("shmem_malloc", "out of private memory for the heap bookkeeping");
    list->items = items;
    list->capacity = capacity;
  }
  memmove(list->items + index + 1, list->items + index,
          (list->count - index) * sizeof *list->items);
  list->items[index] = item;
  ++list->count;
}

static void list_erase(struct block_list *list, size_t index) {
  memmove(list->items + index, list->items + index + 1,
          (list->count - index - 1) * sizeof *list->items);
  --list->count;
}

/* First index whose offset is >= offset. */
static size_t list_lower_bound(const struct block_list *list, size_t offset) {
  size_t lo = 0;
  size_t hi = list->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (list->items[mid].offset < offset)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static void release_range(size_t offset, size_t size) {
  size_t i = list_lower_bound(&free_blocks, offset);
  list_insert(&free_blocks, i, (struct block){offset, size});
  struct block *items = free_blocks.items;
  if (i + 1 < free_blocks.count && items[i].offset + items[i].size == items[i + 1].offset) {
    items[i].size += items[i + 1].size;
    list_erase(&free_blocks, i + 1);
  }
  if (i > 0 && items[i - 1].offset + items[i - 1].size == items[i].offset) {
    items[i - 1].size += items[i].size;
    list_erase(&free_blocks, i);
  }
}

static size_t round_up(size_t value, size_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

static char *aligned_base(void *base) {
  return (char *)(((uintptr_t)base + base_alignment - 1) / base_alignment * base_alignment);
}

int shmemi_heap_reserve(size_t size, size_t alignment, size_t *offset) {
  size = round_up(size ? size : 1, MIN_BLOCK);
  if (alignment < MIN_BLOCK) alignment = MIN_BLOCK;
  for (size_t i = 0; i < free_blocks.count; ++i) {
    struct block b = free_blocks.items[i];
    size_t start = round_up(b.offset, alignment);
    if (start < b.offset || start - b.offset > b.size || b.size - (start - b.offset) < size)
      continue;
    list_erase(&free_blocks, i);
    if (start > b.offset) release_range(b.offset, start - b.offset);
    if (b.offset + b.size > start + size)
      release_range(start + size, b.offset + b.size - start - size);
    list_insert(&used_blocks, list_lower_bound(&used_blocks, start), (struct block){start, size});
    *offset = start;
    return 1;
  }
  return 0;
}

static size_t used_index(size_t offset, const char *routine) {
  size_t i = list_lower_bound(&used_blocks, offset);
  if (i == used_blocks.count || used_blocks.items[i].offset != offset)
    shmemi_fatal(routine, "%p was not returned by a symmetric heap allocation",
                 (void *)(shmemi_state.heap_base + offset));
  return i;
}

size_t shmemi_heap_block_size(size_t offset, const char *routine) {
  return used_blocks.items[used_index(offset, routine)].size;
}

void shmemi_heap_release(size_t offset, const char *routine) {
  size_t i = used_index(offset, routine);
  struct block b = used_blocks.items[i];
  list_erase(&used_blocks, i);
  release_range(b.offset, b.size);
}

int shmemi_heap_resize_in_place(size_t offset, size_t size, const char *routine) {
  size_t i = used_index(offset, routine);
  struct block *b = &used_blocks.items[i];
  size = round_up(size ? size : 1, MIN_BLOCK);
  if (size <= b->size) {
    if (size < b->size) release_range(b->offset + size, b->size - size);
    b->size = size;
    return 1;
  }
  size_t end = b->offset + b->size;
  size_t next = list_lower_bound(&free_blocks, end);
  if (next == free_blocks.count || free_blocks.items[next].offset != end ||
      free_blocks.items[next].size < size - b->size)
    return 0;
  struct block *f = &free_blocks.items[next];
  size_t grow = size - b->size;
  f->offset += grow;
  f->size -= grow;
  if (f->size == 0) list_erase(&free_blocks, next);
  b->size = size;
  return 1;
}

size_t shmemi_heap_free_bytes(void) {
  size_t total = 0;
  for (size_t i = 0; i < free_blocks.count; ++i) total += free_blocks.items[i].size;
  return total;
}

/* The heap of each PE of the node in this address space: its segment (MPI_Win_shared_query)
 * plus the padding that PE skipped to align its base in its own address space. */
static void find_node_peers(size_t my_padding) {
  int node_size = 0;
  MPI_Comm_size(shmemi_state.node, &node_size);
  unsigned long long *paddings = calloc((size_t)node_size, sizeof *paddings);
  if (!paddings) shmemi_fatal(routine_init, "out of memory");
  unsigned long long padding = my_padding;
  MPI_Allgather(&padding, 1, MPI_UNSIGNED_LONG_LONG, paddings, 1, MPI_UNSIGNED_LONG_LONG,
                shmemi_state.node);
  MPI_Group world_group;
  MPI_Group node_group;
  MPI_Comm_group(shmemi_state.world, &world_group);
  MPI_Comm_group(shmemi_state.node, &node_group);
  int n = shmemi_state.n_pes;
  shmemi_state.peer_heap_base = calloc((size_t)n, sizeof *shmemi_state.peer_heap_base);
  if (!shmemi_state.peer_heap_base) shmemi_fatal(routine_init, "out of memory");
  for (int pe = 0; pe < n; ++pe) {
    int node_rank = MPI_UNDEFINED;
    MPI_Group_translate_ranks(world_group, 1, &pe, node_group, &node_rank);
    if (node_rank == MPI_UNDEFINED) continue;
    MPI_Aint size = 0;
    int disp_unit = 0;
    void *base = NULL;
    MPI_Win_shared_query(shmemi_state.heap_shared_win, node_rank, &size, &disp_unit, &base);
    shmemi_state.peer_heap_base[pe] = (char *)base + paddings[node_rank];
  }
  free(paddings);
  MPI_Group_free(&world_group);
  MPI_Group_free(&node_group);
}

void shmemi_heap_init(void) {
  size_t size = heap_size_from_environment();
  MPI_Comm_split_type(shmemi_state.world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &shmemi_state.node);
  MPI_Comm_set_errhandler(shmemi_state.node, MPI_ERRORS_RETURN);
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
  void *base = NULL;
  int rc = MPI_Win_allocate_shared((MPI_Aint)(size + base_alignment), 1, info, shmemi_state.node,
                                   &base, &shmemi_state.heap_shared_win);
  MPI_Info_free(&info);
  if (rc != MPI_SUCCESS)
    shmemi_fatal(routine_init, "cannot allocate a symmetric heap of %zu bytes (%s)", size,
                 size_variable);
  char *aligned = aligned_base(base);
  find_node_peers((size_t)(aligned - (char *)base));
  base = aligned;
  shmemi_state.heap_base = base;
  shmemi_state.heap_size = size;
  MPI_Win *win = &shmemi_state.win[SHMEMI_REGION_HEAP];
  MPI_Win_create(base, (MPI_Aint)size, 1, MPI_INFO_NULL, shmemi_state.world, win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, *win);
  shmemi_state.region_base[SHMEMI_REGION_HEAP] = base;
  shmemi_state.region_size[SHMEMI_REGION_HEAP] = size;
  release_range(0, size);
}

void shmemi_heap_finalize(void) {
  MPI_Win *win = &shmemi_state.win[SHMEMI_REGION_HEAP];
  MPI_Win_unlock_all(*win);
  MPI_Win_free(win);
  MPI_Win_free(&shmemi_state.heap_shared_win);
  MPI_Comm_free(&shmemi_state.node);
  free(shmemi_state.peer_heap_base);
  shmemi_state.peer_heap_base = NULL;
  shmemi_state.region_base[SHMEMI_REGION_HEAP] = NULL;
  shmemi_state.region_size[SHMEMI_REGION_HEAP] = 0;
  free(free_blocks.items);
  free(used_blocks.items);
  free_blocks = (struct block_list){0};
  used_blocks = (struct block_list){0};
}
