/* fill_omp: the cost of remembering untracked accesses in a multithreaded rank
 * (docs/hybrid.md, "Buffers filled by another thread"). Every iteration, the threads of a rank
 * fill a private origin buffer in an OpenMP parallel loop (a little compute per element), then the
 * master thread puts the buffer into the right neighbour's window between two fences and reads
 * what arrived. Race-free: the loop's barrier orders the fill before the put, the closing fence
 * the put before the next fill. In a multithreaded process each store of the fill is an access of
 * memory the engine does not track yet, logged per thread; this is the loop that pays for it.
 *
 * Usage: fill_omp [iterations [elements]]   (run with OMP_NUM_THREADS threads per rank) */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t mix(uint64_t z) { /* splitmix64 */
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int iterations = argc > 1 ? atoi(argv[1]) : 1000;
  int elements = argc > 2 ? atoi(argv[2]) : 1 << 18;
  if (iterations < 1 || elements < 1 || provided < MPI_THREAD_FUNNELED) {
    if (rank == 0) fprintf(stderr, "usage: fill_omp [iterations [elements]] (needs FUNNELED)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  uint64_t *window;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)((size_t)elements * sizeof(uint64_t)), sizeof(uint64_t),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  uint64_t *origin = malloc((size_t)elements * sizeof(uint64_t));
  for (int i = 0; i < elements; i++) window[i] = 0;
  int right = (rank + 1) % nprocs;
  uint64_t checksum = 0;
  double start = MPI_Wtime();
  for (int it = 0; it < iterations; it++) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < elements; i++)
      origin[i] = mix((uint64_t)it * (uint64_t)elements + (uint64_t)i + (uint64_t)rank);
    MPI_Win_fence(0, win);
    MPI_Put(origin, elements, MPI_UINT64_T, right, 0, elements, MPI_UINT64_T, win);
    MPI_Win_fence(0, win);
    checksum ^= window[it % elements];
  }
  double elapsed = MPI_Wtime() - start;
  uint64_t total = 0;
  MPI_Reduce(&checksum, &total, 1, MPI_UINT64_T, MPI_BXOR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("fill_omp: %d iterations of %d elements, %.3f s\n", iterations, elements, elapsed);
    printf("checksum: %016llx\n", (unsigned long long)total);
  }
  free(origin);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
