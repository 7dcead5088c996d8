/* A remote race whose report is held until its region ends, then a crash on the target: SIGSEGV,
   or SIGABRT when the program gets an argument. */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *base;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  *base = 0;
  int value = 1;
  MPI_Win_fence(0, win);
  if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win); /* line 17 */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1) {
    printf("%d\n", *base); /* line 20: races with the put */
    raise(argc > 1 ? SIGABRT : SIGSEGV);
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
