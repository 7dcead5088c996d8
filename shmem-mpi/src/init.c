/* Library setup, exit and query routines (OpenSHMEM 1.5 section 9.2) and the deprecated
 * start-up names. MPI is started here unless the program started it (as GPI-2's MPI mode). */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const routine_init = "shmem_init";

static int mpi_thread_level(int shmem_level) {
  switch (shmem_level) {
  case SHMEM_THREAD_SINGLE:
    return MPI_THREAD_SINGLE;
  case SHMEM_THREAD_FUNNELED:
    return MPI_THREAD_FUNNELED;
  case SHMEM_THREAD_SERIALIZED:
    return MPI_THREAD_SERIALIZED;
  case SHMEM_THREAD_MULTIPLE:
    return MPI_THREAD_MULTIPLE;
  default:
    shmemi_fatal("shmem_init_thread", "unknown thread level %d", shmem_level);
  }
}

static int shmem_thread_level(int mpi_level) {
  if (mpi_level == MPI_THREAD_MULTIPLE) return SHMEM_THREAD_MULTIPLE;
  if (mpi_level == MPI_THREAD_SERIALIZED) return SHMEM_THREAD_SERIALIZED;
  if (mpi_level == MPI_THREAD_FUNNELED) return SHMEM_THREAD_FUNNELED;
  return SHMEM_THREAD_SINGLE;
}

static void finalize(void);

/* Programs that return from main without shmem_finalize are finalised at exit, unless they
 * finalised MPI themselves. */
static void finalize_at_exit(void) {
  int mpi_down = 0;
  MPI_Finalized(&mpi_down);
  if (shmemi_state.initialized && !mpi_down) finalize();
}

static void start_mpi(int requested) {
  int mpi_up = 0;
  int provided = MPI_THREAD_SINGLE;
  MPI_Initialized(&mpi_up);
  if (mpi_up) {
    MPI_Query_thread(&provided);
  } else {
    if (MPI_Init_thread(NULL, NULL, mpi_thread_level(requested), &provided) != MPI_SUCCESS)
      shmemi_fatal(routine_init, "MPI_Init_thread failed");
    shmemi_state.owns_mpi = 1;
  }
  int level = shmem_thread_level(provided);
  shmemi_state.thread_level = level < requested ? level : requested;
}

static void init(int requested) {
  if (shmemi_state.initialized) return;
  start_mpi(requested);
  MPI_Comm_dup(MPI_COMM_WORLD, &shmemi_state.world);
  MPI_Comm_rank(shmemi_state.world, &shmemi_state.my_pe);
  MPI_Comm_size(shmemi_state.world, &shmemi_state.n_pes);
  shmemi_heap_init();
  shmemi_data_init();
  shmemi_state.initialized = 1;
  shmemi_teams_init();
  static int exit_handler_registered;
  if (!exit_handler_registered && atexit(finalize_at_exit) == 0) exit_handler_registered = 1;
  MPI_Barrier(shmemi_state.world);
}

static void finalize(void) {
  if (!shmemi_state.initialized) return;
  shmemi_barrier_all();
  shmemi_teams_finalize();
  shmemi_ctx_finalize();
  shmemi_data_finalize();
  shmemi_heap_finalize();
  shmemi_state.initialized = 0;
  MPI_Comm_free(&shmemi_state.world);
  if (shmemi_state.owns_mpi) {
    MPI_Finalize();
    shmemi_state.owns_mpi = 0;
  }
}

void pshmem_init(void) {
  init(SHMEM_THREAD_SINGLE);
}
SHMEMI_ALIAS(shmem_init)

int pshmem_init_thread(int requested, int *provided) {
  init(requested);
  if (provided) *provided = shmemi_state.thread_level;
  return 0;
}
SHMEMI_ALIAS(shmem_init_thread)

void pshmem_query_thread(int *provided) {
  shmemi_require_init("shmem_query_thread");
  *provided = shmemi_state.thread_level;
}
SHMEMI_ALIAS(shmem_query_thread)

void pshmem_finalize(void) {
  finalize();
}
SHMEMI_ALIAS(shmem_finalize)

void pshmem_global_exit(int status) {
  fflush(stdout);
  fflush(stderr);
  int mpi_up = 0;
  int mpi_down = 0;
  MPI_Initialized(&mpi_up);
  MPI_Finalized(&mpi_down);
  if (mpi_up && !mpi_down) MPI_Abort(MPI_COMM_WORLD, status);
  exit(status);
}
SHMEMI_ALIAS(shmem_global_exit)

static int my_pe(void) {
  return shmemi_state.initialized ? shmemi_state.my_pe : -1;
}
static int n_pes(void) {
  return shmemi_state.initialized ? shmemi_state.n_pes : -1;
}

int pshmem_my_pe(void) {
  return my_pe();
}
SHMEMI_ALIAS(shmem_my_pe)

int pshmem_n_pes(void) {
  return n_pes();
}
SHMEMI_ALIAS(shmem_n_pes)

int pshmem_pe_accessible(int pe) {
  return shmemi_state.initialized && pe >= 0 && pe < shmemi_state.n_pes;
}
SHMEMI_ALIAS(shmem_pe_accessible)

int pshmem_addr_accessible(const void *addr, int pe) {
  return shmemi_state.initialized && pe >= 0 && pe < shmemi_state.n_pes &&
         shmemi_region_of(addr, 1) >= 0;
}
SHMEMI_ALIAS(shmem_addr_accessible)

void *pshmem_ptr(const void *dest, int pe) {
  shmemi_require_init("shmem_ptr");
  if (pe < 0 || pe >= shmemi_state.n_pes) return NULL;
  int region = shmemi_region_of(dest, 1);
  if (region < 0) return NULL;
  if (pe == shmemi_state.my_pe) return (void *)(uintptr_t)dest;
  if (region != SHMEMI_REGION_HEAP || !shmemi_state.peer_heap_base[pe]) return NULL;
  return shmemi_state.peer_heap_base[pe] + ((const char *)dest - shmemi_state.heap_base);
}
SHMEMI_ALIAS(shmem_ptr)

void pshmem_info_get_version(int *major, int *minor) {
  *major = SHMEM_MAJOR_VERSION;
  *minor = SHMEM_MINOR_VERSION;
}
SHMEMI_ALIAS(shmem_info_get_version)

void pshmem_info_get_name(char *name) {
  snprintf(name, SHMEM_MAX_NAME_LEN, "%s", SHMEM_VENDOR_STRING);
}
SHMEMI_ALIAS(shmem_info_get_name)

void pshmem_pcontrol(int level, ...) {
  (void)level;
}
SHMEMI_ALIAS(shmem_pcontrol)

/* Deprecated names (OpenSHMEM 1.0-1.2). */
void pstart_pes(int npes) {
  (void)npes;
  init(SHMEM_THREAD_SINGLE);
}
extern __typeof__(pstart_pes) start_pes __attribute__((weak, alias("pstart_pes")));

int p_my_pe(void) {
  return my_pe();
}
extern __typeof__(p_my_pe) _my_pe __attribute__((weak, alias("p_my_pe")));

int p_num_pes(void) {
  return n_pes();
}
extern __typeof__(p_num_pes) _num_pes __attribute__((weak, alias("p_num_pes")));
