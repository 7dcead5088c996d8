/* The racing calls sit in a static function of a stripped program: its dynamic symbol table names
 * only exported functions, and the report must not name the nearest one instead. */
#include <mpi.h>
#include <stdio.h>

int exported_counter;

void exported_before(void) { exported_counter++; }

__attribute__((noinline)) static void put_from(int value, MPI_Win win) {
  MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
}

int main(int argc, char **argv) {
  int rank, *base;
  MPI_Win win;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  *base = 0;
  exported_before();
  MPI_Win_fence(0, win);
  if (rank != 1) put_from(rank, win);
  MPI_Win_fence(0, win);
  if (rank == 1) printf("value %s\n", *base == 0 || *base == 2 ? "0 or 2" : "other");
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
