/* The deprecated active-set collectives (OpenSHMEM 1.4 API, still in 1.5): an active set
 * (PE_start, logPE_stride, PE_size) is a cached MPI communicator made with
 * MPI_Comm_create_group, which only the members call. pSync and pWrk are accepted and ignored. */
#include "team_part.h"

#include <pthread.h>
#include <stdlib.h>

/* Tag of MPI_Comm_create_group; creations are ordered like the collectives that need them. */
#define ACTIVE_SET_TAG 5315
/* 1 << logPE_stride must be an int. */
#define LOG_STRIDE_MAX 30

struct active_set {
  int start, log_stride, size;
  MPI_Comm comm;
  struct active_set *next;
};
static struct active_set *active_sets;
static pthread_mutex_t active_sets_lock = PTHREAD_MUTEX_INITIALIZER;

static void check_active_set(const char *routine, int start, int log_stride, int size) {
  if (!shmemi_initialized()) shmemi_fatal(routine, "called before shmem_init");
  if (start < 0 || size < 1 || log_stride < 0 || log_stride > LOG_STRIDE_MAX)
    shmemi_fatal(routine, "invalid active set (%d, %d, %d)", start, log_stride, size);
  long long last = start + ((long long)(size - 1) << log_stride);
  if (last >= shmemi_n_pes())
    shmemi_fatal(routine, "active set (%d, %d, %d) exceeds the %d PEs", start, log_stride, size,
                 shmemi_n_pes());
  int offset = shmemi_my_pe() - start;
  if (offset < 0 || offset % (1 << log_stride) != 0 || offset >> log_stride >= size)
    shmemi_fatal(routine, "PE %d is not in the active set (%d, %d, %d)", shmemi_my_pe(), start,
                 log_stride, size);
}

static MPI_Comm cached_comm(int start, int log_stride, int size) {
  MPI_Comm comm = MPI_COMM_NULL;
  pthread_mutex_lock(&active_sets_lock);
  for (const struct active_set *set = active_sets; set; set = set->next)
    if (set->start == start && set->log_stride == log_stride && set->size == size) {
      comm = set->comm;
      break;
    }
  pthread_mutex_unlock(&active_sets_lock);
  return comm;
}

static MPI_Comm create_comm(const char *routine, int start, int log_stride, int size) {
  MPI_Comm world = shmemi_team(SHMEM_TEAM_WORLD)->comm, comm;
  MPI_Group world_group, group;
  int range[1][3] = {{start, start + ((size - 1) << log_stride), 1 << log_stride}};
  MPI_Comm_group(world, &world_group);
  MPI_Group_range_incl(world_group, 1, range, &group);
  int rc = MPI_Comm_create_group(world, group, ACTIVE_SET_TAG, &comm);
  MPI_Group_free(&group);
  MPI_Group_free(&world_group);
  if (rc != MPI_SUCCESS) shmemi_fatal(routine, "cannot make the active set communicator");
  return comm;
}

/* The communicator of an active set that contains the calling PE (rank = index in the set). */
static MPI_Comm active_set_comm(const char *routine, int start, int log_stride, int size) {
  check_active_set(routine, start, log_stride, size);
  MPI_Comm comm = cached_comm(start, log_stride, size);
  if (comm != MPI_COMM_NULL) return comm;
  struct active_set *set = malloc(sizeof *set);
  if (!set) shmemi_fatal(routine, "out of memory");
  *set = (struct active_set){start, log_stride, size, create_comm(routine, start, log_stride, size),
                             NULL};
  pthread_mutex_lock(&active_sets_lock);
  set->next = active_sets;
  active_sets = set;
  pthread_mutex_unlock(&active_sets_lock);
  return set->comm;
}

void shmemi_active_sets_finalize(void) {
  pthread_mutex_lock(&active_sets_lock);
  struct active_set *set = active_sets;
  active_sets = NULL;
  pthread_mutex_unlock(&active_sets_lock);
  while (set) {
    struct active_set *next = set->next;
    MPI_Comm_free(&set->comm);
    free(set);
    set = next;
  }
}

static void check_result(const char *routine, int rc) {
  if (rc != 0) shmemi_fatal(routine, "the collective failed (count too large or bad argument)");
}

/* ---- Barrier and sync --------------------------------------------------------------------- */

/* Completes the calling PE's RMA and AMOs on the default context, then waits for the set. */
void pshmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  (void)pSync;
  MPI_Comm comm = active_set_comm("shmem_barrier", PE_start, logPE_stride, PE_size);
  shmemi_quiet_default();
  MPI_Barrier(comm);
}
SHMEMI_WEAK_ALIAS(shmem_barrier);

/* Waits for the set; completes nothing. */
void pshmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  (void)pSync;
  MPI_Barrier(active_set_comm("shmem_sync", PE_start, logPE_stride, PE_size));
}
SHMEMI_WEAK_ALIAS(shmem_sync);

/* ---- Data movement: 32- and 64-bit elements ----------------------------------------------- */

/* PE_root is the index of the root in the active set; the root's dest is not written. */
static void active_set_broadcast(const char *routine, void *dest, const void *source, size_t nbytes,
                                 int root, int start, int log_stride, int size) {
  MPI_Comm comm = active_set_comm(routine, start, log_stride, size);
  if (root < 0 || root >= size) shmemi_fatal(routine, "PE_root %d is not in the active set", root);
  check_result(routine, shmemi_coll_broadcast(comm, dest, source, nbytes, root, 0));
}

#define DEFINE_ACTIVE_SET_SIZED(BITS)                                                              \
  void pshmem_broadcast##BITS(void *dest, const void *source, size_t nelems, int PE_root,          \
                              int PE_start, int logPE_stride, int PE_size, long *pSync) {          \
    (void)pSync;                                                                                   \
    active_set_broadcast("shmem_broadcast" #BITS, dest, source, nelems *(BITS / CHAR_BIT),         \
                         PE_root, PE_start, logPE_stride, PE_size);                                \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_broadcast##BITS);                                                        \
  void pshmem_collect##BITS(void *dest, const void *source, size_t nelems, int PE_start,           \
                            int logPE_stride, int PE_size, long *pSync) {                          \
    (void)pSync;                                                                                   \
    MPI_Comm comm = active_set_comm("shmem_collect" #BITS, PE_start, logPE_stride, PE_size);       \
    check_result("shmem_collect" #BITS,                                                            \
                 shmemi_coll_collect(comm, dest, source, nelems *(BITS / CHAR_BIT)));              \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_collect##BITS);                                                          \
  void pshmem_fcollect##BITS(void *dest, const void *source, size_t nelems, int PE_start,          \
                             int logPE_stride, int PE_size, long *pSync) {                         \
    (void)pSync;                                                                                   \
    MPI_Comm comm = active_set_comm("shmem_fcollect" #BITS, PE_start, logPE_stride, PE_size);      \
    check_result("shmem_fcollect" #BITS,                                                           \
                 shmemi_coll_fcollect(comm, dest, source, nelems *(BITS / CHAR_BIT)));             \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_fcollect##BITS);                                                         \
  void pshmem_alltoall##BITS(void *dest, const void *source, size_t nelems, int PE_start,          \
                             int logPE_stride, int PE_size, long *pSync) {                         \
    (void)pSync;                                                                                   \
    MPI_Comm comm = active_set_comm("shmem_alltoall" #BITS, PE_start, logPE_stride, PE_size);      \
    check_result("shmem_alltoall" #BITS,                                                           \
                 shmemi_coll_alltoall(comm, dest, source, nelems *(BITS / CHAR_BIT)));             \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_alltoall##BITS);                                                         \
  void pshmem_alltoalls##BITS(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,        \
                              size_t nelems, int PE_start, int logPE_stride, int PE_size,          \
                              long *pSync) {                                                       \
    (void)pSync;                                                                                   \
    MPI_Comm comm = active_set_comm("shmem_alltoalls" #BITS, PE_start, logPE_stride, PE_size);     \
    check_result("shmem_alltoalls" #BITS,                                                          \
                 shmemi_coll_alltoalls(comm, dest, source, dst, sst, nelems, BITS / CHAR_BIT));    \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_alltoalls##BITS);
DEFINE_ACTIVE_SET_SIZED(32)
DEFINE_ACTIVE_SET_SIZED(64)

/* ---- Reductions: shmem_TYPENAME_OP_to_all ------------------------------------------------- */

static void active_set_reduce(const char *routine, void *dest, const void *source, int nreduce,
                              int start, int log_stride, int size, MPI_Datatype type, MPI_Op op) {
  MPI_Comm comm = active_set_comm(routine, start, log_stride, size);
  if (nreduce < 0) shmemi_fatal(routine, "negative nreduce %d", nreduce);
  check_result(routine, shmemi_coll_reduce(comm, dest, source, (size_t)nreduce, type, op));
}

#define DEFINE_TO_ALL(TYPE, TYPENAME, OPNAME, MPI_OP)                                              \
  void pshmem_##TYPENAME##_##OPNAME##_to_all(TYPE *dest, const TYPE *source, int nreduce,          \
                                             int PE_start, int logPE_stride, int PE_size,          \
                                             TYPE *pWrk, long *pSync) {                            \
    (void)pWrk;                                                                                    \
    (void)pSync;                                                                                   \
    active_set_reduce("shmem_" #TYPENAME "_" #OPNAME "_to_all", dest, source, nreduce, PE_start,   \
                      logPE_stride, PE_size, SHMEMI_MPI_TYPE_##TYPENAME, MPI_OP);                  \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_##OPNAME##_to_all);
#define DEFINE_TO_ALL_BITWISE(TYPE, TYPENAME)                                                      \
  DEFINE_TO_ALL(TYPE, TYPENAME, and, MPI_BAND)                                                     \
  DEFINE_TO_ALL(TYPE, TYPENAME, or, MPI_BOR)                                                       \
  DEFINE_TO_ALL(TYPE, TYPENAME, xor, MPI_BXOR)
#define DEFINE_TO_ALL_MINMAX(TYPE, TYPENAME)                                                       \
  DEFINE_TO_ALL(TYPE, TYPENAME, max, MPI_MAX)                                                      \
  DEFINE_TO_ALL(TYPE, TYPENAME, min, MPI_MIN)
#define DEFINE_TO_ALL_ARITH(TYPE, TYPENAME)                                                        \
  DEFINE_TO_ALL(TYPE, TYPENAME, sum, MPI_SUM)                                                      \
  DEFINE_TO_ALL(TYPE, TYPENAME, prod, MPI_PROD)
SHMEM_MPI_TO_ALL_BITWISE_TYPES(DEFINE_TO_ALL_BITWISE)
SHMEM_MPI_TO_ALL_MINMAX_TYPES(DEFINE_TO_ALL_MINMAX)
SHMEM_MPI_TO_ALL_ARITH_TYPES(DEFINE_TO_ALL_ARITH)
