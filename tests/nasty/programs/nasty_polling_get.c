/* Nasty-MPI's first case (Fig. 5, after Luecke et al.): polling a flag with gets that no
 * synchronisation completes. Libraries that perform the get at the call see the flag at once;
 * gets issued at the unlock never show it inside the loop (bounded here, so the run ends). */
#include <mpi.h>
#include <stdio.h>

#define POLLS 1000

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *mem;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  *mem = 1; /* the flag is already set */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    int check = 0, polls = 0;
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    while (check == 0 && polls < POLLS) {
      MPI_Get(&check, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
      ++polls; /* missing synchronisation: nothing completes the get */
    }
    MPI_Win_unlock(1, win);
    printf("flag %s\n", polls < POLLS ? "seen" : "not seen");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
