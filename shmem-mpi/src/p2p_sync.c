/* Point-to-point synchronisation (OpenSHMEM 1.5 section 9.10): wait_until, test and their
 * all/any/some(_vector) forms, the deprecated wait forms and shmem_signal_wait_until. A symmetric
 * variable is read atomically with MPI_Fetch_and_op(MPI_NO_OP) on this PE, the way remote AMOs
 * and signals update it, so that a satisfied wait has seen the complete update. */
#define _GNU_SOURCE
#include "core.h"

#include <sched.h>
#include <string.h>

/* Open MPI's UCX one-sided component may need the target to progress (software RMA when the
 * transports cannot reach the target's memory directly): MPI_Iprobe drives MPI's progress. */
void shmemi_progress(void) {
  int flag = 0;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, shmemi_state.world, &flag, MPI_STATUS_IGNORE);
}

void shmemi_poll_pause(void) {
  shmemi_progress();
  sched_yield();
}

/* A load of `size` bytes that does not tear for the sizes of the AMO types. */
static void atomic_load(const void *addr, size_t size, void *out) {
  switch (size) {
  case sizeof(uint16_t):
    *(uint16_t *)out = __atomic_load_n((const uint16_t *)addr, __ATOMIC_ACQUIRE);
    break;
  case sizeof(uint32_t):
    *(uint32_t *)out = __atomic_load_n((const uint32_t *)addr, __ATOMIC_ACQUIRE);
    break;
  case sizeof(uint64_t):
    *(uint64_t *)out = __atomic_load_n((const uint64_t *)addr, __ATOMIC_ACQUIRE);
    break;
  default:
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    memcpy(out, addr, size);
  }
}

/* MPI_Win_sync (public and private copies agree), then an atomic load. Not an MPI atomic: with
 * Open MPI's UCX component an MPI_Fetch_and_op on this PE takes the window's accumulate lock,
 * and a PE polling that way starves the remote AMOs and signals it is waiting for. */
void shmemi_atomic_read_local(const void *addr, size_t size, MPI_Datatype type, void *out) {
  (void)type;
  int region = shmemi_region_of(addr, size);
  if (region >= 0) MPI_Win_sync(shmemi_state.win[region]);
  atomic_load(addr, size, out);
}

/* A type of the routines: its size, MPI datatype and three-way comparison. */
struct sync_type {
  size_t size;
  MPI_Datatype (*mpi_type)(void);
  int (*order)(const void *a, const void *b);
};

static int satisfies(int order, int cmp, const char *routine) {
  switch (cmp) {
  case SHMEM_CMP_EQ:
    return order == 0;
  case SHMEM_CMP_NE:
    return order != 0;
  case SHMEM_CMP_GT:
    return order > 0;
  case SHMEM_CMP_GE:
    return order >= 0;
  case SHMEM_CMP_LT:
    return order < 0;
  case SHMEM_CMP_LE:
    return order <= 0;
  default:
    shmemi_fatal(routine, "unknown comparison operator %d (SHMEM_CMP_*)", cmp);
  }
}

/* One wait or test: ivars[0..nelems) with an optional status mask, compared with one value or a
 * vector of values. */
struct sync_call {
  const struct sync_type *type;
  const char *routine;
  const void *ivars;
  size_t nelems;
  const int *status;
  int cmp;
  const void *values;
  int vector;
};

static int included(const struct sync_call *call, size_t i) {
  return !call->status || call->status[i] == 0;
}

static int element_satisfies(const struct sync_call *call, size_t i) {
  enum { MAX_ELEMENT_SIZE = 16 };
  unsigned char current[MAX_ELEMENT_SIZE];
  size_t size = call->type->size;
  shmemi_atomic_read_local((const char *)call->ivars + i * size, size, call->type->mpi_type(),
                           current);
  const void *value = (const char *)call->values + (call->vector ? i * size : 0);
  return satisfies(call->type->order(current, value), call->cmp, call->routine);
}

static size_t included_count(const struct sync_call *call) {
  size_t count = 0;
  for (size_t i = 0; i < call->nelems; ++i) count += (size_t)included(call, i);
  return count;
}

static int test_all(const struct sync_call *call) {
  for (size_t i = 0; i < call->nelems; ++i)
    if (included(call, i) && !element_satisfies(call, i)) return 0;
  return 1;
}

static size_t test_any(const struct sync_call *call) {
  for (size_t i = 0; i < call->nelems; ++i)
    if (included(call, i) && element_satisfies(call, i)) return i;
  return SIZE_MAX;
}

static size_t test_some(const struct sync_call *call, size_t *indices) {
  size_t count = 0;
  for (size_t i = 0; i < call->nelems; ++i)
    if (included(call, i) && element_satisfies(call, i)) indices[count++] = i;
  return count;
}

/* After a satisfied wait: later loads see what the writer completed before its update. */
static void acquire(void) {
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  shmemi_sync_memory();
}

static void wait_all(const struct sync_call *call) {
  while (!test_all(call)) shmemi_poll_pause();
  acquire();
}

static size_t wait_any(const struct sync_call *call) {
  if (included_count(call) == 0) return SIZE_MAX;
  size_t index;
  while ((index = test_any(call)) == SIZE_MAX) shmemi_poll_pause();
  acquire();
  return index;
}

static size_t wait_some(const struct sync_call *call, size_t *indices) {
  if (included_count(call) == 0) return 0;
  size_t count;
  while ((count = test_some(call, indices)) == 0) shmemi_poll_pause();
  acquire();
  return count;
}

#define SHMEMI_SYNC_TYPED(TYPE, TYPENAME)                                                          \
  static MPI_Datatype TYPENAME##_mpi_type(void) {                                                  \
    return SHMEMI_MPI_TYPE(TYPENAME);                                                              \
  }                                                                                                \
  static int TYPENAME##_order(const void *a, const void *b) {                                      \
    TYPE x;                                                                                        \
    TYPE y;                                                                                        \
    memcpy(&x, a, sizeof x);                                                                       \
    memcpy(&y, b, sizeof y);                                                                       \
    return (x > y) - (x < y);                                                                      \
  }                                                                                                \
  static const struct sync_type TYPENAME##_sync_type = {sizeof(TYPE), TYPENAME##_mpi_type,         \
                                                        TYPENAME##_order};                         \
  SHMEMI_SYNC_ROUTINES(TYPE, TYPENAME)

#define SHMEMI_SYNC_ROUTINES(TYPE, TYPENAME)                                                       \
  void pshmem_##TYPENAME##_wait_until(TYPE *ivar, int cmp, TYPE cmp_value) {                       \
    wait_all(&(struct sync_call){&TYPENAME##_sync_type, "shmem_" #TYPENAME "_wait_until", ivar, 1, \
                                 NULL, cmp, &cmp_value, 0});                                       \
  }                                                                                                \
  int pshmem_##TYPENAME##_test(TYPE *ivar, int cmp, TYPE cmp_value) {                              \
    shmemi_progress();                                                                             \
    int satisfied = test_all(&(struct sync_call){                                                  \
        &TYPENAME##_sync_type, "shmem_" #TYPENAME "_test", ivar, 1, NULL, cmp, &cmp_value, 0});    \
    if (satisfied) acquire();                                                                      \
    return satisfied;                                                                              \
  }                                                                                                \
  void pshmem_##TYPENAME##_wait(TYPE *ivar, TYPE cmp_value) {                                      \
    wait_all(&(struct sync_call){&TYPENAME##_sync_type, "shmem_" #TYPENAME "_wait", ivar, 1, NULL, \
                                 SHMEM_CMP_NE, &cmp_value, 0});                                    \
  }                                                                                                \
  SHMEMI_SYNC_MULTI(TYPE, TYPENAME, , cmp_value, &cmp_value, 0)                                    \
  SHMEMI_SYNC_MULTI(TYPE, TYPENAME, _vector, *cmp_values, cmp_values, 1)                           \
  SHMEMI_ALIAS(shmem_##TYPENAME##_wait_until)                                                      \
  SHMEMI_ALIAS(shmem_##TYPENAME##_test)                                                            \
  SHMEMI_ALIAS(shmem_##TYPENAME##_wait)

/* The all/any/some forms with one comparison value (SUFFIX empty, VALUE_PARAM cmp_value) or a
 * vector of them (SUFFIX _vector, VALUE_PARAM *cmp_values). */
#define SHMEMI_SYNC_MULTI(TYPE, TYPENAME, SUFFIX, VALUE_PARAM, VALUES, VECTOR)                     \
  void pshmem_##TYPENAME##_wait_until_all##SUFFIX(TYPE *ivars, size_t nelems, const int *status,   \
                                                  int cmp, TYPE VALUE_PARAM) {                     \
    wait_all(&(struct sync_call){&TYPENAME##_sync_type,                                            \
                                 "shmem_" #TYPENAME "_wait_until_all" #SUFFIX, ivars, nelems,      \
                                 status, cmp, VALUES, VECTOR});                                    \
  }                                                                                                \
  size_t pshmem_##TYPENAME##_wait_until_any##SUFFIX(TYPE *ivars, size_t nelems, const int *status, \
                                                    int cmp, TYPE VALUE_PARAM) {                   \
    return wait_any(&(struct sync_call){&TYPENAME##_sync_type,                                     \
                                        "shmem_" #TYPENAME "_wait_until_any" #SUFFIX, ivars,       \
                                        nelems, status, cmp, VALUES, VECTOR});                     \
  }                                                                                                \
  size_t pshmem_##TYPENAME##_wait_until_some##SUFFIX(                                              \
      TYPE *ivars, size_t nelems, size_t *indices, const int *status, int cmp, TYPE VALUE_PARAM) { \
    return wait_some(&(struct sync_call){&TYPENAME##_sync_type,                                    \
                                         "shmem_" #TYPENAME "_wait_until_some" #SUFFIX, ivars,     \
                                         nelems, status, cmp, VALUES, VECTOR},                     \
                     indices);                                                                     \
  }                                                                                                \
  int pshmem_##TYPENAME##_test_all##SUFFIX(TYPE *ivars, size_t nelems, const int *status, int cmp, \
                                           TYPE VALUE_PARAM) {                                     \
    shmemi_progress();                                                                             \
    int all = test_all(&(struct sync_call){&TYPENAME##_sync_type,                                  \
                                           "shmem_" #TYPENAME "_test_all" #SUFFIX, ivars, nelems,  \
                                           status, cmp, VALUES, VECTOR});                          \
    if (all) acquire();                                                                            \
    return all;                                                                                    \
  }                                                                                                \
  size_t pshmem_##TYPENAME##_test_any##SUFFIX(TYPE *ivars, size_t nelems, const int *status,       \
                                              int cmp, TYPE VALUE_PARAM) {                         \
    shmemi_progress();                                                                             \
    size_t index = test_any(&(struct sync_call){&TYPENAME##_sync_type,                             \
                                                "shmem_" #TYPENAME "_test_any" #SUFFIX, ivars,     \
                                                nelems, status, cmp, VALUES, VECTOR});             \
    if (index != SIZE_MAX) acquire();                                                              \
    return index;                                                                                  \
  }                                                                                                \
  size_t pshmem_##TYPENAME##_test_some##SUFFIX(TYPE *ivars, size_t nelems, size_t *indices,        \
                                               const int *status, int cmp, TYPE VALUE_PARAM) {     \
    shmemi_progress();                                                                             \
    size_t count = test_some(&(struct sync_call){&TYPENAME##_sync_type,                            \
                                                 "shmem_" #TYPENAME "_test_some" #SUFFIX, ivars,   \
                                                 nelems, status, cmp, VALUES, VECTOR},             \
                             indices);                                                             \
    if (count) acquire();                                                                          \
    return count;                                                                                  \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_##TYPENAME##_wait_until_all##SUFFIX)                                          \
  SHMEMI_ALIAS(shmem_##TYPENAME##_wait_until_any##SUFFIX)                                          \
  SHMEMI_ALIAS(shmem_##TYPENAME##_wait_until_some##SUFFIX)                                         \
  SHMEMI_ALIAS(shmem_##TYPENAME##_test_all##SUFFIX)                                                \
  SHMEMI_ALIAS(shmem_##TYPENAME##_test_any##SUFFIX)                                                \
  SHMEMI_ALIAS(shmem_##TYPENAME##_test_some##SUFFIX)

SHMEM_MPI_AMO_STANDARD_TYPES(SHMEMI_SYNC_TYPED)
SHMEM_MPI_SYNC_DEPRECATED_TYPES(SHMEMI_SYNC_TYPED)

void pshmem_wait(long *ivar, long cmp_value) {
  wait_all(&(struct sync_call){&long_sync_type, "shmem_wait", ivar, 1, NULL, SHMEM_CMP_NE,
                               &cmp_value, 0});
}
SHMEMI_ALIAS(shmem_wait)

uint64_t pshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value) {
  shmemi_require_init("shmem_signal_wait_until");
  uint64_t value;
  for (;;) {
    shmemi_atomic_read_local(sig_addr, sizeof value, MPI_UINT64_T, &value);
    uint64_t expected = cmp_value;
    if (satisfies(uint64_order(&value, &expected), cmp, "shmem_signal_wait_until")) break;
    shmemi_poll_pause();
  }
  acquire();
  return value;
}
SHMEMI_ALIAS(shmem_signal_wait_until)
