/* GPI-2's MPI mode: the program starts MPI itself, then GASPI, and uses both. Each model has one
 * race: an MPI_Put and a gaspi_write, each read by the target before it is complete. */
#include <GASPI.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  gaspi_proc_init(GASPI_BLOCK);
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int *winbuf;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &winbuf, &win);
  *winbuf = 0;
  MPI_Win_fence(0, win);
  int one = 1;
  if (me == 0) MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (me == 1) printf("mpi %d\n", *winbuf);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  gaspi_segment_create(0, 16, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED);
  gaspi_pointer_t base;
  gaspi_segment_ptr(0, &base);
  int *seg = base;
  if (me == 0) gaspi_write(0, 0, 1, 0, 4, sizeof(int), 0, GASPI_BLOCK);
  if (me == 1) printf("gaspi %d\n", seg[1]);
  gaspi_wait(0, GASPI_BLOCK);
  gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK);
  gaspi_proc_term(GASPI_BLOCK);
  MPI_Finalize();
  return 0;
}
