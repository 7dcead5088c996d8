/* The reproducer of the crash behind the real-world sweep's caf/comp_allocated_1 and
 * comp_allocated_2 (docs/realworld.md). Three small heap regions (16, 48 and 16 bytes) attached to a dynamic window,
 * detached, and the window freed: Open MPI 4.1.4's osc/ucx (Debian 12) dies in MPI_Win_free
 * (ucs_rcache_region_invalidate <- ucp_mem_unmap <- ompi_osc_ucx_free) without rmarace:
 *
 *   mpicc -g osc_ucx_dynamic_free.c -o osc_ucx_dynamic_free
 *   OMPI_MCA_osc=ucx,sm mpirun -np 2 ./osc_ucx_dynamic_free     # exit 139 (signal 11)
 *
 * OpenCoarrays' tests make the same calls (MPI_Win_create_dynamic, six MPI_Win_attach of 4 to 48
 * bytes, six MPI_Win_detach, MPI_Win_free) and get away with it natively; with rmarace's own
 * windows and allocations the heap layout differs and the same Open MPI bug strikes. rmarace's
 * guard region (intercept/mpi/ompi_dynamic_windows.h) makes this program run. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  size_t size[3] = {16, 48, 16};
  void *region[3];
  for (int i = 0; i < 3; i++) {
    region[i] = malloc(size[i]);
    MPI_Win_attach(win, region[i], (MPI_Aint)size[i]);
  }
  for (int i = 0; i < 3; i++) MPI_Win_detach(win, region[i]);
  MPI_Win_free(&win);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) printf("window freed\n");
  for (int i = 0; i < 3; i++) free(region[i]);
  MPI_Finalize();
  return 0;
}
