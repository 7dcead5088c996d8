/* Shared set-up of the misuse programs: errors return instead of aborting, so that each call's
 * result is printed and the program goes on. */
#include <mpi.h>
#include <stdio.h>
static int rank, size;
static int *base;
static MPI_Win win;
static void setup(void) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
}
static void say(const char *what, int rc) {
  printf("rank %d: %s returned %s\n", rank, what, rc == MPI_SUCCESS ? "MPI_SUCCESS" : "an error");
  fflush(stdout);
}
