/* An MPI_Put past the end of the target's window part, on a window whose errors are returned:
   the program goes on, and the error report alone sets the exit code. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, *base, value[2] = {1, 2};
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
  MPI_Win_fence(0, win);
  if (rank == 0) {
    int rc = MPI_Put(value, 2, MPI_INT, 1, 1, 2, MPI_INT, win), error_class = -1;
    MPI_Error_class(rc, &error_class);
    printf("put returned MPI_ERR_RMA_RANGE: %d\n", error_class == MPI_ERR_RMA_RANGE);
  }
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
