/* MPI and OpenSHMEM in one program: a race in an MPI window and one in the symmetric heap, each
 * reported at the level the program wrote it. */
#include <mpi.h>
#include <shmem.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  shmem_init();
  int me = shmem_my_pe();
  int *wbuf;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &wbuf, &win);
  *wbuf = 0;
  MPI_Win_fence(0, win);
  int one = 1;
  if (me == 0) MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (me == 1) *wbuf = 2;
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);

  int *x = shmem_malloc(sizeof(int));
  shmem_barrier_all();
  if (me == 0) shmem_int_p(x, 1, 1);
  if (me == 1) *x = 3;
  shmem_barrier_all();
  shmem_free(x);
  shmem_finalize();
  MPI_Finalize();
  return 0;
}
