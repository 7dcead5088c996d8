/* A dynamic window whose memory is attached, accessed, detached and freed over and over, then the
 * window freed (OpenCoarrays' allocatable components). Race-free. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  for (int round = 0; round < 20; ++round) {
    size_t n = 1024 * (round + 1);
    double *mem = malloc(n * sizeof(double));
    for (size_t i = 0; i < n; ++i) mem[i] = rank;
    MPI_Win_attach(win, mem, n * sizeof(double));
    MPI_Aint addr, remote;
    MPI_Get_address(mem, &addr);
    MPI_Sendrecv(&addr, 1, MPI_AINT, (rank + 1) % size, 0, &remote, 1, MPI_AINT,
                 (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double got = -1;
    MPI_Win_lock_all(0, win);
    MPI_Get(&got, 1, MPI_DOUBLE, (rank + size - 1) % size, remote, 1, MPI_DOUBLE, win);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_detach(win, mem);
    free(mem);
    if (round == 19) printf("rank %d got %g\n", rank, got);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
