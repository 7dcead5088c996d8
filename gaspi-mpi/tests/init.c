/* Start-up and shut-down: routines before init return GASPI_ERR_NOINIT, init twice
 * GASPI_ERR_INITED, rank/num match MPI_COMM_WORLD, the local ranks, connect, ping, versions,
 * time and a healthy state vector. */
/* NPROCS: 3 */
#include "check.h"

#include <stdlib.h>

int main(void) {
  gaspi_rank_t rank = 0;
  gaspi_rank_t num = 0;
  gaspi_number_t initialized = 1;
  OK(gaspi_initialized(&initialized));
  CHECK(initialized == 0, "initialized before init: %u", initialized);
  EXPECT(gaspi_proc_rank(&rank), GASPI_ERR_NOINIT);
  EXPECT(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK), GASPI_ERR_NOINIT);
  EXPECT(gaspi_proc_term(GASPI_BLOCK), GASPI_ERR_NOINIT);

  OK(gaspi_proc_init(GASPI_BLOCK));
  EXPECT(gaspi_proc_init(GASPI_BLOCK), GASPI_ERR_INITED);
  OK(gaspi_initialized(&initialized));
  CHECK(initialized == 1, "initialized after init: %u", initialized);
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  int mpi_rank = -1;
  int mpi_size = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
  CHECK(rank == mpi_rank && num == mpi_size, "rank %u/%u, MPI %d/%d", rank, num, mpi_rank,
        mpi_size);
  CHECK(num == 3, "%u processes", num);

  gaspi_rank_t local_rank = 99;
  gaspi_rank_t local_num = 0;
  OK(gaspi_proc_local_rank(&local_rank));
  OK(gaspi_proc_local_num(&local_num));
  CHECK(local_num == 3 && local_rank == rank, "local rank %u of %u", local_rank, local_num);

  for (gaspi_rank_t r = 0; r < num; ++r) {
    OK(gaspi_connect(r, GASPI_BLOCK));
    OK(gaspi_proc_ping(r, GASPI_BLOCK));
  }
  EXPECT(gaspi_connect(num, GASPI_BLOCK), GASPI_ERR_INV_RANK);
  EXPECT(gaspi_proc_ping(num, GASPI_BLOCK), GASPI_ERR_INV_RANK);
  OK(gaspi_disconnect((gaspi_rank_t)((rank + 1) % num), GASPI_BLOCK));
  EXPECT(gaspi_proc_rank(NULL), GASPI_ERR_NULLPTR);

  float version = 0;
  OK(gaspi_version(&version));
  CHECK(version > 1.59f && version < 1.61f, "version %f", (double)version);
  gaspi_network_t network = GASPI_IB;
  OK(gaspi_network_type(&network));
  CHECK(network == GASPI_ETHERNET, "network %d", (int)network);

  gaspi_state_t states[3] = {GASPI_STATE_CORRUPT, GASPI_STATE_CORRUPT, GASPI_STATE_CORRUPT};
  OK(gaspi_state_vec_get(states));
  for (int r = 0; r < 3; ++r) CHECK(states[r] == GASPI_STATE_HEALTHY, "state of %d", r);
  EXPECT(gaspi_proc_kill(rank, GASPI_BLOCK), GASPI_ERR_INV_RANK);

  gaspi_time_t start = 0;
  gaspi_time_t later = 0;
  gaspi_cycles_t ticks_start = 0;
  gaspi_cycles_t ticks_later = 0;
  gaspi_float mhz = 0;
  OK(gaspi_time_get(&start));
  OK(gaspi_time_ticks(&ticks_start));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  for (int i = 0; i < 1000; ++i) gaspi_delay();
  OK(gaspi_time_get(&later));
  OK(gaspi_time_ticks(&ticks_later));
  OK(gaspi_cpu_frequency(&mhz));
  CHECK(start >= 0 && later >= start, "time %f then %f", (double)start, (double)later);
  CHECK(ticks_later > ticks_start && mhz > 0, "ticks %lu then %lu at %f MHz", ticks_start,
        ticks_later, (double)mhz);

  gaspi_printf("gaspi_printf from every rank\n");
  gaspi_printf_to(0, "gaspi_printf_to rank 0 only\n");
  gaspi_print_affinity_mask();

  OK(gaspi_proc_term(GASPI_BLOCK));
  OK(gaspi_initialized(&initialized));
  CHECK(initialized == 0, "initialized after term: %u", initialized);
  EXPECT(gaspi_proc_rank(&rank), GASPI_ERR_NOINIT);
  return 0;
}
