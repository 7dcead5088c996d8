/* What the files of gaspi-mpi share: the library state, argument checks, error reporting, the
 * windows behind segments, queues, groups and progress. Internal names start with gaspii_; the
 * public ones (gaspi_X, pgaspi_X) are the only symbols the library exports. */
#ifndef GASPI_MPI_INTERNAL_H
#define GASPI_MPI_INTERNAL_H

#include <mpi.h>
#include <pthread.h>
#include <stdint.h>

/* The library is built with -fvisibility=hidden: only what the public headers declare is
 * exported (including the weak gaspi_ aliases, which take the visibility of their declaration). */
#pragma GCC visibility push(default)
#include "GASPI.h"
#include "GASPI_Ext.h"
#include "GASPI_Threads.h"
#include "PGASPI.h"
/* GPI-2 exports this alias but declares it nowhere. */
gaspi_return_t gaspi_statistic_print_counters(void);
#pragma GCC visibility pop

/* ---- Fixed limits (GPI-2's values) ----------------------------------------------------------- */
enum {
  GASPII_QUEUE_MAX = 16,               /* gaspi_queue_max, GASPI_MAX_QP */
  GASPII_QUEUE_SIZE_LIMIT = 4096,      /* largest queue_size_max gaspi_config_set accepts */
  GASPII_SEGMENT_LIMIT = 255,          /* largest segment_max (ids are unsigned char) */
  GASPII_GROUP_LIMIT = 256,            /* groups have unsigned char ids */
  GASPII_RW_LIST_LIMIT = 255,          /* largest rw_list_elem_max */
  GASPII_PASSIVE_SIZE_MAX = 65535,     /* passive_transfer_size_max limit */
  GASPII_ALLREDUCE_BUF_SIZE = 255 * 8, /* allreduce_buf_size (not configurable) */
  GASPII_EXIT_KILLED = 9,              /* exit status of a process killed by gaspi_proc_kill */
};
#define GASPII_TRANSFER_SIZE_MAX ((gaspi_size_t)1 << 30)
#define GASPII_ATOMIC_MAX 0xffffffffffffffffUL

/* ---- Library state --------------------------------------------------------------------------- */

struct gaspii_segment {
  int in_use;
  char *data; /* what gaspi_segment_ptr returns */
  gaspi_size_t size;
  gaspi_notification_t *notifications; /* notification_num slots, separate from the data */
  MPI_Aint data_address;               /* displacements in the dynamic window */
  MPI_Aint notifications_address;
  void *allocation;     /* memory the library owns (NULL for bound memory) */
  int attached_regions; /* 1: data and slots in one allocation, 2: bound */
  gaspi_memory_description_t memory_description;
  unsigned char *registered; /* per rank: this segment was registered with it */
};

struct gaspii_queue {
  int in_use;
  gaspi_number_t count; /* entries posted since the last gaspi_wait */
  pthread_mutex_t lock; /* held by posting calls and gaspi_wait, never across a polling loop */
};

/* A non-blocking collective that returned GASPI_TIMEOUT and is finished by the next call of the
 * same kind (GASPI: call again to finish). */
enum gaspii_collective_kind {
  GASPII_COLL_NONE,
  GASPII_COLL_ALLREDUCE,
  GASPII_COLL_ALLREDUCE_USER,
};

struct gaspii_group {
  int in_use;
  int committed;
  gaspi_rank_t *ranks; /* sorted after commit; capacity nprocs */
  gaspi_number_t size;
  MPI_Comm comm; /* rank in comm = index in ranks (after commit) */
  int my_index;
  MPI_Request barrier; /* pending gaspi_barrier or MPI_REQUEST_NULL */
  MPI_Request reduce;  /* pending allreduce(_user) or MPI_REQUEST_NULL */
  enum gaspii_collective_kind reduce_kind;
  void *reduce_send;   /* private copies of this rank's operands and of the result (or of */
  void *reduce_result; /* every member's operands for allreduce_user) */
  gaspi_size_t reduce_capacity; /* bytes allocated in each of the two buffers */
  gaspi_size_t reduce_length;   /* bytes of the pending call's result */
};

struct gaspii_state {
  int initialized;
  int owns_mpi; /* gaspi-mpi called MPI_Init_thread and calls MPI_Finalize */
  int mpi_thread_level;
  gaspi_config_t config; /* frozen at gaspi_proc_init */
  MPI_Comm world;        /* private duplicate of MPI_COMM_WORLD */
  MPI_Comm passive;      /* passive send/receive */
  gaspi_rank_t rank;
  gaspi_rank_t nprocs;
  gaspi_rank_t local_rank;
  gaspi_rank_t local_num;
  MPI_Win data_win;                /* dynamic window: segment data and notification slots */
  MPI_Win table_win;               /* registration tables */
  MPI_Win control_win;             /* kill flag */
  struct gaspii_segment *segments; /* config.segment_max entries */
  int attached_regions;            /* regions attached to data_win */
  struct gaspii_group *groups;     /* config.group_max entries */
  struct gaspii_queue queues[GASPII_QUEUE_MAX];
  unsigned char *killed; /* per rank: killed by this process */
  pthread_mutex_t lock;  /* segment, group and queue tables; never held across a polling loop */
};
extern struct gaspii_state gaspii_state;

void gaspii_lock(void);
void gaspii_unlock(void);
/* Serialises the library's one-sided MPI calls (RMA, flushes, attach/detach). Open MPI 4.1's
 * osc/ucx is not safe for concurrent RMA on one dynamic window: with several threads posting,
 * MPI_Finalize reported leaked remote keys ("object ... was not returned to mpool ucp_rkeys").
 * Taken after the library lock or a queue lock, never before them; held only for a few MPI calls,
 * never across a polling loop. */
void gaspii_rma_lock(void);
void gaspii_rma_unlock(void);

/* ---- Errors ---------------------------------------------------------------------------------- */

/* Whether GASPI_MPI_DEBUG=1 (then argument errors are printed, as by GPI-2's debug library). */
int gaspii_debug(void);
/* Returns `code`; with GASPI_MPI_DEBUG=1 first prints a GPI-2 style line naming the routine and
 * the problem to stderr. */
gaspi_return_t gaspii_error(const char *routine, gaspi_return_t code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
/* gaspi_error_str without the public name. */
const char *gaspii_error_text(gaspi_return_t code);

/* GASPI_SUCCESS when the library is initialised (and exits the process if another rank killed
 * it); GASPI_ERR_NOINIT otherwise. Every routine that needs the library calls it first. */
gaspi_return_t gaspii_enter(const char *routine);
/* Exits with GASPII_EXIT_KILLED if another rank called gaspi_proc_kill on this one. */
void gaspii_check_killed(void);
gaspi_return_t gaspii_check_rank(const char *routine, gaspi_rank_t rank);
gaspi_return_t gaspii_check_pointer(const char *routine, const void *pointer, const char *name);

/* Evaluates a gaspi_return_t expression and returns it from the caller unless it is success. */
#define GASPII_TRY(expression)                                                                     \
  do {                                                                                             \
    gaspi_return_t gaspii_try_result = (expression);                                               \
    if (gaspii_try_result != GASPI_SUCCESS) return gaspii_try_result;                              \
  } while (0)

/* ---- Start-up pieces (called by gaspi_proc_init / gaspi_proc_term) --------------------------- */
/* The configuration gaspi_proc_init freezes (defaults or what gaspi_config_set accepted). */
gaspi_config_t gaspii_config_for_init(void);
void gaspii_control_init(void);
void gaspii_control_finalize(void);
void gaspii_segments_init(void);
void gaspii_segments_finalize(void);
void gaspii_queues_init(void);
void gaspii_queues_finalize(void);
void gaspii_groups_init(void);
void gaspii_groups_finalize(void);
void gaspii_passive_init(void);
void gaspii_passive_finalize(void);
void gaspii_statistics_init(void);
void gaspii_statistics_finalize(void);
void gaspii_time_init(void);

/* ---- Progress and timeouts ------------------------------------------------------------------- */

/* Drives MPI's progress engine: with Open MPI's UCX component, RMA aimed at this process may
 * need it to enter MPI (software RMA), so every polling loop calls this. */
void gaspii_progress(void);
/* One step of a polling loop: progress, kill check, sched_yield. */
void gaspii_poll_pause(void);

struct gaspii_deadline {
  int forever;
  double end_ms;
};
struct gaspii_deadline gaspii_deadline(gaspi_timeout_t timeout_ms);
int gaspii_deadline_passed(const struct gaspii_deadline *deadline);
double gaspii_now_ms(void);

/* ---- Segments -------------------------------------------------------------------------------- */

/* Address of [offset, offset + size) of this rank's segment `segment_id`; `offset_error` is the
 * code for a range outside the segment (GASPI_ERR_INV_LOC_OFF or ..._REM_OFF). */
gaspi_return_t gaspii_local_range(const char *routine, gaspi_segment_id_t segment_id,
                                  gaspi_offset_t offset, gaspi_size_t size,
                                  gaspi_return_t offset_error, char **address);
/* Window displacement of [offset, offset + size) of `rank`'s segment `segment_id`, as registered
 * with this rank (GASPI_ERR_INV_SEG if it is not). */
gaspi_return_t gaspii_remote_range(const char *routine, gaspi_rank_t rank,
                                   gaspi_segment_id_t segment_id, gaspi_offset_t offset,
                                   gaspi_size_t size, MPI_Aint *displacement);
/* Window displacement of notification slot `id` of `rank`'s segment `segment_id`. */
gaspi_return_t gaspii_remote_notification(const char *routine, gaspi_rank_t rank,
                                          gaspi_segment_id_t segment_id, gaspi_notification_id_t id,
                                          MPI_Aint *displacement);
gaspi_return_t gaspii_check_notification_id(const char *routine, gaspi_notification_id_t id);
/* Registers this rank's segment with `rank` (writes its table entry there, flushed). */
gaspi_return_t gaspii_segment_register(const char *routine, gaspi_segment_id_t segment_id,
                                       gaspi_rank_t rank);

/* ---- Transfers (rma.c) ----------------------------------------------------------------------- */

/* MPI_Put / MPI_Get of `size` bytes, split into chunks MPI's int counts can express. */
void gaspii_put(const void *source, gaspi_rank_t rank, MPI_Aint displacement, gaspi_size_t size);
void gaspii_get(void *destination, gaspi_rank_t rank, MPI_Aint displacement, gaspi_size_t size);
/* Completes everything issued to `rank` at the target, then sets the notification slot at
 * `displacement` on `rank` atomically (MPI_Accumulate with MPI_REPLACE) and completes it
 * locally. */
void gaspii_notification_set(gaspi_rank_t rank, MPI_Aint displacement, gaspi_notification_t value);

/* A checked transfer: the local address and the displacement on the target. */
struct gaspii_transfer {
  char *local;
  MPI_Aint remote;
  gaspi_size_t size;
};
enum gaspii_direction { GASPII_WRITE, GASPII_READ };
/* The arrays of a list call. */
struct gaspii_transfer_list {
  gaspi_number_t num;
  const gaspi_segment_id_t *segment_id_local;
  const gaspi_offset_t *offset_local;
  const gaspi_segment_id_t *segment_id_remote;
  const gaspi_offset_t *offset_remote;
  const gaspi_size_t *size;
};
/* Checks rank, size and both ranges of one transfer (local segment of this rank, remote segment
 * of `rank`). */
gaspi_return_t gaspii_check_transfer(const char *routine, gaspi_segment_id_t segment_id_local,
                                     gaspi_offset_t offset_local, gaspi_rank_t rank,
                                     gaspi_segment_id_t segment_id_remote,
                                     gaspi_offset_t offset_remote, gaspi_size_t size,
                                     struct gaspii_transfer *transfer);
/* Checks num and every element of `list`; *transfers gets num checked entries (caller frees). */
gaspi_return_t gaspii_check_list(const char *routine, const struct gaspii_transfer_list *list,
                                 gaspi_rank_t rank, struct gaspii_transfer **transfers);
/* Issues a checked transfer (nothing for size 0) and counts it. */
void gaspii_post(enum gaspii_direction direction, gaspi_rank_t rank,
                 const struct gaspii_transfer *transfer);

/* ---- Queues ---------------------------------------------------------------------------------- */

/* Locks `queue` for a posting call of `entries` entries: GASPI_ERR_INV_QUEUE for an unknown queue
 * and GASPI_QUEUE_FULL (queue not locked) when the entries do not fit. */
gaspi_return_t gaspii_queue_begin(const char *routine, gaspi_queue_id_t queue,
                                  gaspi_number_t entries);
/* Counts `entries` posted entries and unlocks the queue. */
void gaspii_queue_end(gaspi_queue_id_t queue, gaspi_number_t entries);
gaspi_return_t gaspii_check_queue(const char *routine, gaspi_queue_id_t queue);

/* ---- Groups ---------------------------------------------------------------------------------- */

/* The committed group `group` of which this rank is a member (GASPI_ERR_INV_GROUP otherwise). */
gaspi_return_t gaspii_member_group(const char *routine, gaspi_group_t group,
                                   struct gaspii_group **found);
/* A barrier over a committed group, outside the pending state of gaspi_barrier (for
 * segment_create and segment_use), waited for without a timeout. */
gaspi_return_t gaspii_group_sync(const char *routine, gaspi_group_t group);
/* Polls `request` until it completes or the deadline passes (GASPI_TIMEOUT). */
gaspi_return_t gaspii_wait_request(MPI_Request *request, gaspi_timeout_t timeout_ms);

/* ---- Statistics ------------------------------------------------------------------------------ */

enum gaspii_counter {
  GASPII_COUNTER_WRITES,
  GASPII_COUNTER_READS,
  GASPII_COUNTER_NOTIFICATIONS,
  GASPII_COUNTER_BYTES_WRITTEN,
  GASPII_COUNTER_BYTES_READ,
  GASPII_COUNTER_ATOMICS,
  GASPII_COUNTER_PASSIVE_SENDS,
  GASPII_COUNTER_COUNT
};
/* Adds `amount` to counter `counter` for target `rank`. */
void gaspii_count(enum gaspii_counter counter, gaspi_rank_t rank, unsigned long amount);

/* ---- Spin-wait hint (time.c) ----------------------------------------------------------------- */
void gaspii_cpu_relax(void);

#endif /* GASPI_MPI_INTERNAL_H */
