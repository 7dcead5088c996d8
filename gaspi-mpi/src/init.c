/* Start-up and shut-down in GPI-2's MPI mode: GASPI rank = rank in MPI_COMM_WORLD. MPI is
 * started here unless the program started it; then the program also finalises it. There is no
 * machine file and no service network: everything runs on a private duplicate of
 * MPI_COMM_WORLD. */
#include "internal.h"

#include <stdlib.h>

enum { RANK_LIMIT = 65535 }; /* gaspi_rank_t is unsigned short */

static void release_communicators(void) {
  if (gaspii_state.passive != MPI_COMM_NULL) MPI_Comm_free(&gaspii_state.passive);
  if (gaspii_state.world != MPI_COMM_NULL) MPI_Comm_free(&gaspii_state.world);
}

/* Processes on this node and this process's number among them. */
static void find_local_ranks(void) {
  MPI_Comm node;
  int local_rank = 0;
  int local_num = 1;
  MPI_Comm_split_type(gaspii_state.world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local_rank);
  MPI_Comm_size(node, &local_num);
  MPI_Comm_free(&node);
  gaspii_state.local_rank = (gaspi_rank_t)local_rank;
  gaspii_state.local_num = (gaspi_rank_t)local_num;
}

static void terminate(void) {
  gaspii_queues_finalize();
  gaspii_passive_finalize();
  gaspii_groups_finalize();
  gaspii_segments_finalize(); /* MPI_Win_free: collective */
  gaspii_control_finalize();
  gaspii_statistics_finalize();
  gaspii_state.initialized = 0;
  release_communicators();
  if (gaspii_state.owns_mpi) {
    MPI_Finalize();
    gaspii_state.owns_mpi = 0;
  }
}

/* Programs that return from main without gaspi_proc_term are terminated at exit, unless they
 * finalised MPI themselves (MPI_Finalize then frees the library's windows). */
static void terminate_at_exit(void) {
  int mpi_down = 0;
  MPI_Finalized(&mpi_down);
  if (gaspii_state.initialized && !mpi_down) terminate();
}

static gaspi_return_t start_mpi(const char *routine) {
  int mpi_up = 0;
  int mpi_down = 0;
  MPI_Initialized(&mpi_up);
  MPI_Finalized(&mpi_down);
  if (mpi_down) return gaspii_error(routine, GASPI_ERR_ENV, "MPI has already been finalised");
  int provided = MPI_THREAD_SINGLE;
  if (mpi_up) {
    MPI_Query_thread(&provided);
  } else {
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
      return gaspii_error(routine, GASPI_ERR_ENV, "MPI_Init_thread failed");
    gaspii_state.owns_mpi = 1;
  }
  gaspii_state.mpi_thread_level = provided;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_proc_init = pgaspi_proc_init
gaspi_return_t pgaspi_proc_init(const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_proc_init";
  (void)timeout_ms; /* start-up is a sequence of blocking MPI collectives */
  if (gaspii_state.initialized)
    return gaspii_error(routine, GASPI_ERR_INITED, "gaspi_proc_init was already called");
  GASPII_TRY(start_mpi(routine));
  gaspii_state.passive = MPI_COMM_NULL;
  MPI_Comm_dup(MPI_COMM_WORLD, &gaspii_state.world);
  int rank = 0;
  int nprocs = 0;
  MPI_Comm_rank(gaspii_state.world, &rank);
  MPI_Comm_size(gaspii_state.world, &nprocs);
  if (nprocs > RANK_LIMIT) {
    release_communicators();
    return gaspii_error(routine, GASPI_ERR_ENV, "%d processes: GASPI ranks end at %d", nprocs,
                        RANK_LIMIT);
  }
  MPI_Comm_dup(MPI_COMM_WORLD, &gaspii_state.passive);
  gaspii_state.rank = (gaspi_rank_t)rank;
  gaspii_state.nprocs = (gaspi_rank_t)nprocs;
  gaspii_state.config = gaspii_config_for_init();
  find_local_ranks();
  gaspii_time_init();
  gaspii_control_init();
  gaspii_segments_init();
  gaspii_queues_init();
  gaspii_groups_init();
  gaspii_passive_init();
  gaspii_statistics_init();
  /* Every table and window is ready before any process can target it. */
  MPI_Barrier(gaspii_state.world);
  gaspii_state.initialized = 1;
  static int exit_handler_registered;
  if (!exit_handler_registered && atexit(terminate_at_exit) == 0) exit_handler_registered = 1;
  return GASPI_SUCCESS;
}

/* Local in GPI-2. Here it frees the library's MPI windows, which MPI_Win_free does collectively:
 * in practice every process has to call it. */
#pragma weak gaspi_proc_term = pgaspi_proc_term
gaspi_return_t pgaspi_proc_term(const gaspi_timeout_t timeout_ms) {
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter("gaspi_proc_term"));
  terminate();
  return GASPI_SUCCESS;
}

#pragma weak gaspi_proc_rank = pgaspi_proc_rank
gaspi_return_t pgaspi_proc_rank(gaspi_rank_t *const rank) {
  static const char routine[] = "gaspi_proc_rank";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, rank, "rank"));
  *rank = gaspii_state.rank;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_proc_num = pgaspi_proc_num
gaspi_return_t pgaspi_proc_num(gaspi_rank_t *const proc_num) {
  static const char routine[] = "gaspi_proc_num";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, proc_num, "proc_num"));
  *proc_num = gaspii_state.nprocs;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_proc_local_rank = pgaspi_proc_local_rank
gaspi_return_t pgaspi_proc_local_rank(gaspi_rank_t *const local_rank) {
  static const char routine[] = "gaspi_proc_local_rank";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, local_rank, "local_rank"));
  *local_rank = gaspii_state.local_rank;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_proc_local_num = pgaspi_proc_local_num
gaspi_return_t pgaspi_proc_local_num(gaspi_rank_t *const local_num) {
  static const char routine[] = "gaspi_proc_local_num";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, local_num, "local_num"));
  *local_num = gaspii_state.local_num;
  return GASPI_SUCCESS;
}

#pragma weak gaspi_initialized = pgaspi_initialized
gaspi_return_t pgaspi_initialized(gaspi_number_t *initialized) {
  GASPII_TRY(gaspii_check_pointer("gaspi_initialized", initialized, "initialized"));
  *initialized = gaspii_state.initialized ? 1 : 0;
  return GASPI_SUCCESS;
}
