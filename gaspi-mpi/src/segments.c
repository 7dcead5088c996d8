/* Segments. All of them live in one MPI dynamic window (MPI_Win_create_dynamic, in
 * MPI_Win_lock_all for the whole run): a segment's data and its notification slots are attached
 * to it. Remote base addresses travel through registration tables, a second window with one
 * entry per (rank, segment): gaspi_segment_register writes this rank's entry into the target's
 * table, and an origin reads its own table to find a target's addresses. */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Open MPI 4.1's osc/ucx (and osc/rdma by default) accept at most 32 regions attached to one
 * dynamic window; a failed MPI_Win_attach leaves the window unusable, so the library counts. */
enum { ATTACH_MAX = 32, DATA_ALIGNMENT = 64 };

/* What rank r made known about its segment s; size 0 = not registered. */
struct registration {
  uint64_t data;
  uint64_t size;
  uint64_t notifications;
  uint64_t reserved;
};

static struct registration *table; /* nprocs x segment_max entries, indexed [rank][segment] */

static size_t table_index(gaspi_rank_t rank, gaspi_segment_id_t segment_id) {
  return (size_t)rank * gaspii_state.config.segment_max + segment_id;
}

static size_t notification_bytes(void) {
  return (size_t)gaspii_state.config.notification_num * sizeof(gaspi_notification_t);
}

void gaspii_segments_init(void) {
  size_t entries = (size_t)gaspii_state.nprocs * gaspii_state.config.segment_max;
  MPI_Win_allocate((MPI_Aint)(entries * sizeof(struct registration)), 1, MPI_INFO_NULL,
                   gaspii_state.world, &table, &gaspii_state.table_win);
  memset(table, 0, entries * sizeof(struct registration));
  MPI_Win_lock_all(MPI_MODE_NOCHECK, gaspii_state.table_win);
  MPI_Win_create_dynamic(MPI_INFO_NULL, gaspii_state.world, &gaspii_state.data_win);
  MPI_Win_set_errhandler(gaspii_state.data_win, MPI_ERRORS_RETURN);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, gaspii_state.data_win);
  gaspii_state.segments = calloc(gaspii_state.config.segment_max, sizeof(struct gaspii_segment));
  gaspii_state.attached_regions = 0;
}

static void release(struct gaspii_segment *segment) {
  gaspii_rma_lock();
  MPI_Win_detach(gaspii_state.data_win, segment->data);
  if (segment->attached_regions == 2) MPI_Win_detach(gaspii_state.data_win, segment->notifications);
  gaspii_rma_unlock();
  if (segment->attached_regions == 2) free(segment->notifications);
  gaspii_state.attached_regions -= segment->attached_regions;
  free(segment->allocation);
  free(segment->registered);
  memset(segment, 0, sizeof *segment);
}

void gaspii_segments_finalize(void) {
  for (gaspi_number_t s = 0; s < gaspii_state.config.segment_max; ++s)
    if (gaspii_state.segments[s].in_use) release(&gaspii_state.segments[s]);
  free(gaspii_state.segments);
  gaspii_state.segments = NULL;
  MPI_Win_unlock_all(gaspii_state.data_win);
  MPI_Win_free(&gaspii_state.data_win);
  MPI_Win_unlock_all(gaspii_state.table_win);
  MPI_Win_free(&gaspii_state.table_win);
  table = NULL;
}

static gaspi_return_t check_id(const char *routine, gaspi_segment_id_t segment_id) {
  if (segment_id >= gaspii_state.config.segment_max)
    return gaspii_error(routine, GASPI_ERR_INV_SEG, "segment id %u not below segment_max %u",
                        segment_id, gaspii_state.config.segment_max);
  return GASPI_SUCCESS;
}

/* The segment `segment_id` of this rank; call with the lock held. */
static gaspi_return_t existing(const char *routine, gaspi_segment_id_t segment_id,
                               struct gaspii_segment **segment) {
  GASPII_TRY(check_id(routine, segment_id));
  if (!gaspii_state.segments[segment_id].in_use)
    return gaspii_error(routine, GASPI_ERR_INV_SEG, "segment %u does not exist", segment_id);
  *segment = &gaspii_state.segments[segment_id];
  return GASPI_SUCCESS;
}

/* Checks that a new segment `segment_id` of `size` bytes needing `regions` attached regions can
 * be made; call with the lock held. */
static gaspi_return_t check_new(const char *routine, gaspi_segment_id_t segment_id,
                                gaspi_size_t size, int regions) {
  GASPII_TRY(check_id(routine, segment_id));
  if (size == 0) return gaspii_error(routine, GASPI_ERR_INV_SEGSIZE, "segment size 0");
  if (gaspii_state.segments[segment_id].in_use)
    return gaspii_error(routine, GASPI_ERR_INV_SEG, "segment %u already exists", segment_id);
  if (gaspii_state.attached_regions + regions > ATTACH_MAX)
    return gaspii_error(routine, GASPI_ERR_MANY_SEG,
                        "MPI accepts only %d regions in a dynamic window (%d in use)", ATTACH_MAX,
                        gaspii_state.attached_regions);
  return GASPI_SUCCESS;
}

static gaspi_return_t attach(const char *routine, void *base, size_t size, MPI_Aint *address) {
  gaspii_rma_lock();
  int failed = MPI_Win_attach(gaspii_state.data_win, base, (MPI_Aint)size) != MPI_SUCCESS;
  gaspii_rma_unlock();
  if (failed)
    return gaspii_error(routine, GASPI_ERR_MANY_SEG, "MPI_Win_attach of %zu bytes failed", size);
  MPI_Get_address(base, address);
  return GASPI_SUCCESS;
}

static gaspi_return_t finish_new(struct gaspii_segment *segment, gaspi_size_t size) {
  segment->registered = calloc(gaspii_state.nprocs, 1);
  if (!segment->registered) return GASPI_ERR_MEMALLOC;
  segment->size = size;
  segment->in_use = 1;
  gaspii_state.attached_regions += segment->attached_regions;
  return GASPI_SUCCESS;
}

/* The data and the notification slots share one allocation and one attached region. */
static gaspi_return_t alloc_locked(const char *routine, gaspi_segment_id_t segment_id,
                                   gaspi_size_t size, gaspi_alloc_t alloc_policy) {
  GASPII_TRY(check_new(routine, segment_id, size, 1));
  size_t slots_offset = (size + DATA_ALIGNMENT - 1) / DATA_ALIGNMENT * DATA_ALIGNMENT;
  size_t total = slots_offset + notification_bytes();
  if (slots_offset < size || total < slots_offset)
    return gaspii_error(routine, GASPI_ERR_INV_SEGSIZE, "segment size %lu too large", size);
  void *allocation = NULL;
  if (posix_memalign(&allocation, (size_t)sysconf(_SC_PAGESIZE), total) != 0)
    return gaspii_error(routine, GASPI_ERR_MEMALLOC, "cannot allocate %zu bytes", total);
  if (alloc_policy == GASPI_MEM_INITIALIZED)
    memset(allocation, 0, total);
  else
    memset((char *)allocation + slots_offset, 0, notification_bytes());
  struct gaspii_segment *segment = &gaspii_state.segments[segment_id];
  gaspi_return_t result = attach(routine, allocation, total, &segment->data_address);
  if (result != GASPI_SUCCESS) {
    free(allocation);
    return result;
  }
  segment->allocation = allocation;
  segment->data = allocation;
  segment->notifications = (gaspi_notification_t *)((char *)allocation + slots_offset);
  segment->notifications_address = segment->data_address + (MPI_Aint)slots_offset;
  segment->attached_regions = 1;
  return finish_new(segment, size);
}

/* Bound memory and the slots are two attached regions. */
static gaspi_return_t bind_locked(const char *routine, gaspi_segment_id_t segment_id,
                                  gaspi_pointer_t pointer, gaspi_size_t size,
                                  gaspi_memory_description_t memory_description) {
  GASPII_TRY(gaspii_check_pointer(routine, pointer, "pointer"));
  GASPII_TRY(check_new(routine, segment_id, size, 2));
  gaspi_notification_t *slots =
      calloc(gaspii_state.config.notification_num, sizeof(gaspi_notification_t));
  if (!slots) return gaspii_error(routine, GASPI_ERR_MEMALLOC, "no memory for notifications");
  struct gaspii_segment *segment = &gaspii_state.segments[segment_id];
  gaspi_return_t result = attach(routine, pointer, size, &segment->data_address);
  if (result == GASPI_SUCCESS) {
    result = attach(routine, slots, notification_bytes(), &segment->notifications_address);
    if (result != GASPI_SUCCESS) {
      gaspii_rma_lock();
      MPI_Win_detach(gaspii_state.data_win, pointer);
      gaspii_rma_unlock();
    }
  }
  if (result != GASPI_SUCCESS) {
    free(slots);
    return result;
  }
  segment->data = pointer;
  segment->notifications = slots;
  segment->memory_description = memory_description;
  segment->attached_regions = 2;
  return finish_new(segment, size);
}

#pragma weak gaspi_segment_alloc = pgaspi_segment_alloc
gaspi_return_t pgaspi_segment_alloc(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                    const gaspi_alloc_t alloc_policy) {
  static const char routine[] = "gaspi_segment_alloc";
  GASPII_TRY(gaspii_enter(routine));
  gaspii_lock();
  gaspi_return_t result = alloc_locked(routine, segment_id, size, alloc_policy);
  gaspii_unlock();
  return result;
}

#pragma weak gaspi_segment_bind = pgaspi_segment_bind
gaspi_return_t pgaspi_segment_bind(gaspi_segment_id_t const segment_id,
                                   gaspi_pointer_t const pointer, gaspi_size_t const size,
                                   gaspi_memory_description_t const memory_description) {
  static const char routine[] = "gaspi_segment_bind";
  GASPII_TRY(gaspii_enter(routine));
  gaspii_lock();
  gaspi_return_t result = bind_locked(routine, segment_id, pointer, size, memory_description);
  gaspii_unlock();
  return result;
}

/* Writes `entry` into `rank`'s table at this rank's row, completed at the target. */
static void write_entry(gaspi_rank_t rank, gaspi_segment_id_t segment_id,
                        const struct registration *entry) {
  MPI_Aint displacement =
      (MPI_Aint)(table_index(gaspii_state.rank, segment_id) * sizeof(struct registration));
  gaspii_rma_lock();
  MPI_Put(entry, (int)sizeof *entry, MPI_BYTE, rank, displacement, (int)sizeof *entry, MPI_BYTE,
          gaspii_state.table_win);
  MPI_Win_flush(rank, gaspii_state.table_win);
  gaspii_rma_unlock();
}

gaspi_return_t gaspii_segment_register(const char *routine, gaspi_segment_id_t segment_id,
                                       gaspi_rank_t rank) {
  GASPII_TRY(gaspii_check_rank(routine, rank));
  gaspii_lock();
  struct gaspii_segment *segment = NULL;
  gaspi_return_t result = existing(routine, segment_id, &segment);
  struct registration entry = {0};
  if (result == GASPI_SUCCESS) {
    entry.data = (uint64_t)segment->data_address;
    entry.size = segment->size;
    entry.notifications = (uint64_t)segment->notifications_address;
    segment->registered[rank] = 1;
  }
  gaspii_unlock();
  /* This rank's own segments are always known locally. */
  if (result == GASPI_SUCCESS && rank != gaspii_state.rank) write_entry(rank, segment_id, &entry);
  return result;
}

#pragma weak gaspi_segment_register = pgaspi_segment_register
gaspi_return_t pgaspi_segment_register(const gaspi_segment_id_t segment_id, const gaspi_rank_t rank,
                                       const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_segment_register";
  (void)timeout_ms; /* one flushed put */
  GASPII_TRY(gaspii_enter(routine));
  return gaspii_segment_register(routine, segment_id, rank);
}

/* Registers with every member of `group`, then synchronises the group (segment_create/use). */
static gaspi_return_t register_with_group(const char *routine, gaspi_segment_id_t segment_id,
                                          const struct gaspii_group *group, gaspi_group_t id) {
  for (gaspi_number_t i = 0; i < group->size; ++i)
    GASPII_TRY(gaspii_segment_register(routine, segment_id, group->ranks[i]));
  return gaspii_group_sync(routine, id);
}

#pragma weak gaspi_segment_create = pgaspi_segment_create
gaspi_return_t pgaspi_segment_create(const gaspi_segment_id_t segment_id, const gaspi_size_t size,
                                     const gaspi_group_t group, const gaspi_timeout_t timeout_ms,
                                     const gaspi_alloc_t alloc_policy) {
  static const char routine[] = "gaspi_segment_create";
  (void)timeout_ms; /* the closing barrier is waited for completely */
  GASPII_TRY(gaspii_enter(routine));
  struct gaspii_group *members = NULL;
  GASPII_TRY(gaspii_member_group(routine, group, &members));
  gaspii_lock();
  gaspi_return_t result = alloc_locked(routine, segment_id, size, alloc_policy);
  gaspii_unlock();
  if (result != GASPI_SUCCESS) return result;
  return register_with_group(routine, segment_id, members, group);
}

#pragma weak gaspi_segment_use = pgaspi_segment_use
gaspi_return_t pgaspi_segment_use(gaspi_segment_id_t const segment_id,
                                  gaspi_pointer_t const pointer, gaspi_size_t const size,
                                  gaspi_group_t const group, gaspi_timeout_t const timeout,
                                  gaspi_memory_description_t const memory_description) {
  static const char routine[] = "gaspi_segment_use";
  (void)timeout;
  GASPII_TRY(gaspii_enter(routine));
  struct gaspii_group *members = NULL;
  GASPII_TRY(gaspii_member_group(routine, group, &members));
  gaspii_lock();
  gaspi_return_t result = bind_locked(routine, segment_id, pointer, size, memory_description);
  gaspii_unlock();
  if (result != GASPI_SUCCESS) return result;
  return register_with_group(routine, segment_id, members, group);
}

/* Besides freeing the segment, clears its entry in every table it was registered with, so that
 * a later access through a stale registration fails with GASPI_ERR_INV_SEG instead of reaching
 * detached memory. */
#pragma weak gaspi_segment_delete = pgaspi_segment_delete
gaspi_return_t pgaspi_segment_delete(const gaspi_segment_id_t segment_id) {
  static const char routine[] = "gaspi_segment_delete";
  GASPII_TRY(gaspii_enter(routine));
  gaspii_lock();
  struct gaspii_segment *segment = NULL;
  gaspi_return_t result = existing(routine, segment_id, &segment);
  if (result == GASPI_SUCCESS) {
    static const struct registration cleared = {0};
    for (gaspi_rank_t r = 0; r < gaspii_state.nprocs; ++r)
      if (segment->registered[r] && r != gaspii_state.rank) write_entry(r, segment_id, &cleared);
    release(segment);
  }
  gaspii_unlock();
  return result;
}

#pragma weak gaspi_segment_ptr = pgaspi_segment_ptr
gaspi_return_t pgaspi_segment_ptr(const gaspi_segment_id_t segment_id, gaspi_pointer_t *ptr) {
  static const char routine[] = "gaspi_segment_ptr";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, ptr, "ptr"));
  gaspii_lock();
  struct gaspii_segment *segment = NULL;
  gaspi_return_t result = existing(routine, segment_id, &segment);
  if (result == GASPI_SUCCESS) *ptr = segment->data;
  gaspii_unlock();
  return result;
}

/* This rank's table entry for `rank`'s segment (read after MPI_Win_sync: remote puts wrote it). */
static struct registration read_entry(gaspi_rank_t rank, gaspi_segment_id_t segment_id) {
  gaspii_rma_lock();
  MPI_Win_sync(gaspii_state.table_win);
  gaspii_rma_unlock();
  struct registration entry;
  memcpy(&entry, &table[table_index(rank, segment_id)], sizeof entry);
  return entry;
}

/* Where `rank`'s segment is: the local segment for this rank, else the registration. */
static gaspi_return_t locate(const char *routine, gaspi_rank_t rank, gaspi_segment_id_t segment_id,
                             struct registration *entry) {
  GASPII_TRY(gaspii_check_rank(routine, rank));
  GASPII_TRY(check_id(routine, segment_id));
  if (rank != gaspii_state.rank) {
    *entry = read_entry(rank, segment_id);
    if (entry->size == 0)
      return gaspii_error(routine, GASPI_ERR_INV_SEG, "segment %u of rank %u is not registered",
                          segment_id, rank);
    return GASPI_SUCCESS;
  }
  gaspii_lock();
  struct gaspii_segment *segment = NULL;
  gaspi_return_t result = existing(routine, segment_id, &segment);
  if (result == GASPI_SUCCESS) {
    entry->data = (uint64_t)segment->data_address;
    entry->size = segment->size;
    entry->notifications = (uint64_t)segment->notifications_address;
  }
  gaspii_unlock();
  return result;
}

#pragma weak gaspi_segment_size = pgaspi_segment_size
gaspi_return_t pgaspi_segment_size(const gaspi_segment_id_t segment_id, const gaspi_rank_t rank,
                                   gaspi_size_t *const size) {
  static const char routine[] = "gaspi_segment_size";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, size, "size"));
  struct registration entry;
  GASPII_TRY(locate(routine, rank, segment_id, &entry));
  *size = entry.size;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_segment_num = pgaspi_segment_num
gaspi_return_t pgaspi_segment_num(gaspi_number_t *const segment_num) {
  static const char routine[] = "gaspi_segment_num";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, segment_num, "segment_num"));
  gaspi_number_t count = 0;
  gaspii_lock();
  for (gaspi_number_t s = 0; s < gaspii_state.config.segment_max; ++s)
    count += gaspii_state.segments[s].in_use ? 1 : 0;
  gaspii_unlock();
  *segment_num = count;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_segment_list = pgaspi_segment_list
gaspi_return_t pgaspi_segment_list(const gaspi_number_t num,
                                   gaspi_segment_id_t *const segment_id_list) {
  static const char routine[] = "gaspi_segment_list";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, segment_id_list, "segment_id_list"));
  gaspi_number_t count = 0;
  gaspii_lock();
  for (gaspi_number_t s = 0; s < gaspii_state.config.segment_max; ++s)
    count += gaspii_state.segments[s].in_use ? 1 : 0;
  if (count == num) {
    gaspi_number_t next = 0;
    for (gaspi_number_t s = 0; s < gaspii_state.config.segment_max; ++s)
      if (gaspii_state.segments[s].in_use) segment_id_list[next++] = (gaspi_segment_id_t)s;
  }
  gaspii_unlock();
  if (count != num)
    return gaspii_error(routine, GASPI_ERR_INV_NUM, "num %u, but %u segments exist", num, count);
  return GASPI_SUCCESS;
}

#pragma weak gaspi_segment_avail_local = pgaspi_segment_avail_local
gaspi_return_t pgaspi_segment_avail_local(gaspi_segment_id_t *const avail_seg_id) {
  static const char routine[] = "gaspi_segment_avail_local";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, avail_seg_id, "avail_seg_id"));
  gaspi_return_t result = GASPI_ERR_MANY_SEG;
  gaspii_lock();
  for (gaspi_number_t s = 0; s < gaspii_state.config.segment_max; ++s) {
    if (!gaspii_state.segments[s].in_use) {
      *avail_seg_id = (gaspi_segment_id_t)s;
      result = GASPI_SUCCESS;
      break;
    }
  }
  gaspii_unlock();
  if (result != GASPI_SUCCESS)
    return gaspii_error(routine, result, "all %u segment ids are in use",
                        gaspii_state.config.segment_max);
  return result;
}

static int range_outside(gaspi_offset_t offset, gaspi_size_t size, gaspi_size_t segment_size) {
  return offset > segment_size || size > segment_size - offset;
}

gaspi_return_t gaspii_local_range(const char *routine, gaspi_segment_id_t segment_id,
                                  gaspi_offset_t offset, gaspi_size_t size,
                                  gaspi_return_t offset_error, char **address) {
  gaspii_lock();
  struct gaspii_segment *segment = NULL;
  gaspi_return_t result = existing(routine, segment_id, &segment);
  gaspi_size_t segment_size = result == GASPI_SUCCESS ? segment->size : 0;
  char *data = result == GASPI_SUCCESS ? segment->data : NULL;
  gaspii_unlock();
  if (result != GASPI_SUCCESS) return result;
  if (range_outside(offset, size, segment_size))
    return gaspii_error(routine, offset_error,
                        "offset %lu + size %lu outside local segment %u of %lu bytes", offset, size,
                        segment_id, segment_size);
  *address = data + offset;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_remote_range(const char *routine, gaspi_rank_t rank,
                                   gaspi_segment_id_t segment_id, gaspi_offset_t offset,
                                   gaspi_size_t size, MPI_Aint *displacement) {
  struct registration entry;
  GASPII_TRY(locate(routine, rank, segment_id, &entry));
  if (range_outside(offset, size, entry.size))
    return gaspii_error(routine, GASPI_ERR_INV_REM_OFF,
                        "offset %lu + size %lu outside segment %u of rank %u (%lu bytes)", offset,
                        size, segment_id, rank, (unsigned long)entry.size);
  *displacement = MPI_Aint_add((MPI_Aint)entry.data, (MPI_Aint)offset);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_check_notification_id(const char *routine, gaspi_notification_id_t id) {
  if (id >= gaspii_state.config.notification_num)
    return gaspii_error(routine, GASPI_ERR_INV_NOTIF_ID,
                        "notification id %u not below notification_num %u", id,
                        gaspii_state.config.notification_num);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspii_remote_notification(const char *routine, gaspi_rank_t rank,
                                          gaspi_segment_id_t segment_id, gaspi_notification_id_t id,
                                          MPI_Aint *displacement) {
  GASPII_TRY(gaspii_check_notification_id(routine, id));
  struct registration entry;
  GASPII_TRY(locate(routine, rank, segment_id, &entry));
  *displacement =
      MPI_Aint_add((MPI_Aint)entry.notifications, (MPI_Aint)(id * sizeof(gaspi_notification_t)));
  return GASPI_SUCCESS;
}
