/* gaspi_proc_kill: rank 0 kills rank 1, which is blocked in notify_waitsome; rank 1 prints who
 * killed it and exits with status 9, so the job ends with 9. Before that, rank 0's state vector
 * marks rank 1 as corrupt. */
/* EXIT_CODE: 9 */
/* EXPECT_STDERR: gaspi-mpi: killed by rank 0 */
#include "check.h"

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank = 0;
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_segment_create(0, 64, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (rank == 1) {
    gaspi_notification_id_t id = 0;
    gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK); /* never returns */
    CHECK(0, "rank 1 survived the kill");
  }
  gaspi_state_t states[2] = {GASPI_STATE_CORRUPT, GASPI_STATE_CORRUPT};
  OK(gaspi_state_vec_get(states));
  CHECK(states[0] == GASPI_STATE_HEALTHY && states[1] == GASPI_STATE_HEALTHY, "before: %d %d",
        (int)states[0], (int)states[1]);
  OK(gaspi_proc_kill(1, GASPI_BLOCK));
  OK(gaspi_state_vec_get(states));
  CHECK(states[0] == GASPI_STATE_HEALTHY && states[1] == GASPI_STATE_CORRUPT, "after: %d %d",
        (int)states[0], (int)states[1]);
  EXPECT(gaspi_proc_ping(1, GASPI_BLOCK), GASPI_ERROR);
  /* mpirun ends the job when rank 1 exits with 9; wait for that here. */
  gaspi_notification_id_t id = 0;
  gaspi_notify_waitsome(0, 0, 1, &id, GASPI_BLOCK);
  return 0;
}
