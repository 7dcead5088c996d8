/* Process control: gaspi_proc_kill through a kill flag in a small control window, the state
 * vector, gaspi_proc_ping and the (trivial) connection routines. The target of a kill notices the
 * flag in its next GASPI call or polling step, prints who killed it and exits. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The control window holds one int per process: 0, or the killer's rank + 1. */
static int *kill_flag;
static const MPI_Aint KILL_FLAG_DISPLACEMENT = 0;

void gaspii_control_init(void) {
  MPI_Win_allocate((MPI_Aint)sizeof(int), (int)sizeof(int), MPI_INFO_NULL, gaspii_state.world,
                   &kill_flag, &gaspii_state.control_win);
  *kill_flag = 0;
  MPI_Win_lock_all(MPI_MODE_NOCHECK, gaspii_state.control_win);
  gaspii_state.killed = calloc(gaspii_state.nprocs, 1);
}

void gaspii_control_finalize(void) {
  kill_flag = NULL; /* the window memory goes away */
  MPI_Win_unlock_all(gaspii_state.control_win);
  MPI_Win_free(&gaspii_state.control_win);
  free(gaspii_state.killed);
  gaspii_state.killed = NULL;
}

void gaspii_check_killed(void) {
  if (!kill_flag) return;
  gaspii_rma_lock();
  MPI_Win_sync(gaspii_state.control_win);
  gaspii_rma_unlock();
  int killer = __atomic_load_n(kill_flag, __ATOMIC_ACQUIRE);
  if (killer == 0) return;
  fflush(stdout);
  fprintf(stderr, "gaspi-mpi: killed by rank %d\n", killer - 1);
  fflush(stderr);
  /* _exit: the exit handlers would try to terminate the library collectively. */
  _exit(GASPII_EXIT_KILLED);
}

#pragma weak gaspi_proc_kill = pgaspi_proc_kill
gaspi_return_t pgaspi_proc_kill(const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_proc_kill";
  (void)timeout_ms; /* the flag is set with one flushed accumulate */
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_rank(routine, rank));
  if (rank == gaspii_state.rank)
    return gaspii_error(routine, GASPI_ERR_INV_RANK, "a process cannot kill itself");
  int killer = gaspii_state.rank + 1;
  gaspii_rma_lock();
  MPI_Accumulate(&killer, 1, MPI_INT, rank, KILL_FLAG_DISPLACEMENT, 1, MPI_INT, MPI_REPLACE,
                 gaspii_state.control_win);
  MPI_Win_flush(rank, gaspii_state.control_win);
  gaspii_rma_unlock();
  gaspii_lock();
  gaspii_state.killed[rank] = 1;
  gaspii_unlock();
  return GASPI_SUCCESS;
}

#pragma weak gaspi_state_vec_get = pgaspi_state_vec_get
gaspi_return_t pgaspi_state_vec_get(gaspi_state_vector_t state_vector) {
  static const char routine[] = "gaspi_state_vec_get";
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_pointer(routine, state_vector, "state_vector"));
  gaspii_lock();
  for (gaspi_rank_t r = 0; r < gaspii_state.nprocs; ++r)
    state_vector[r] = gaspii_state.killed[r] ? GASPI_STATE_CORRUPT : GASPI_STATE_HEALTHY;
  gaspii_unlock();
  return GASPI_SUCCESS;
}

static int was_killed(gaspi_rank_t rank) {
  gaspii_lock();
  int killed = gaspii_state.killed[rank];
  gaspii_unlock();
  return killed;
}

/* A round trip to the target's control window: an atomic read of its kill flag. */
#pragma weak gaspi_proc_ping = pgaspi_proc_ping
gaspi_return_t pgaspi_proc_ping(const gaspi_rank_t rank, gaspi_timeout_t tout) {
  static const char routine[] = "gaspi_proc_ping";
  (void)tout;
  GASPII_TRY(gaspii_enter(routine));
  GASPII_TRY(gaspii_check_rank(routine, rank));
  if (was_killed(rank)) return gaspii_error(routine, GASPI_ERROR, "rank %u was killed", rank);
  int unused = 0;
  int value = 0;
  gaspii_rma_lock();
  MPI_Fetch_and_op(&unused, &value, MPI_INT, rank, KILL_FLAG_DISPLACEMENT, MPI_NO_OP,
                   gaspii_state.control_win);
  MPI_Win_flush(rank, gaspii_state.control_win);
  gaspii_rma_unlock();
  return value == 0 ? GASPI_SUCCESS : GASPI_ERROR;
}

/* MPI connects every pair of processes at start-up: connecting is only an argument check. */
#pragma weak gaspi_connect = pgaspi_connect
gaspi_return_t pgaspi_connect(const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_connect";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  return gaspii_check_rank(routine, rank);
}

#pragma weak gaspi_disconnect = pgaspi_disconnect
gaspi_return_t pgaspi_disconnect(const gaspi_rank_t rank, const gaspi_timeout_t timeout_ms) {
  static const char routine[] = "gaspi_disconnect";
  (void)timeout_ms;
  GASPII_TRY(gaspii_enter(routine));
  return gaspii_check_rank(routine, rank);
}
