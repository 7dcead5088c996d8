/* A program that starts MPI itself, then OpenSHMEM, uses both, and finalises both. */
/* NPROCS: 3 */
#include "check.h"

#include <mpi.h>

static int value;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  shmem_init();
  CHECK(shmem_my_pe() == rank, "PE %d is rank %d", shmem_my_pe(), rank);
  int npes = shmem_n_pes();
  shmem_int_atomic_add(&value, rank + 1, 0);
  shmem_barrier_all();
  int total = 0;
  int fetched = shmem_int_g(&value, 0);
  MPI_Allreduce(&fetched, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK(total == npes * npes * (npes + 1) / 2, "MPI sum of shmem values %d", total);
  shmem_finalize();
  int finalized = 1;
  MPI_Finalized(&finalized);
  CHECK(!finalized, "shmem_finalize must not finalise MPI it did not start");
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
