/* putfence: the simplest RMA loop, to show what rmarace costs per fence epoch. Every iteration
 * opens an epoch with MPI_Win_fence, puts a few 64-bit values into the right neighbour's window,
 * closes the epoch with a second fence, and then reads what arrived and refills the origin buffer
 * with a little compute in between. Race-free: the puts lie between the two fences of an
 * iteration, the window is read and the origin buffer rewritten only after the closing fence.
 *
 * Usage: putfence [iterations [elements [work]]]   (work: mixing rounds per iteration) */
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
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int iterations = argc > 1 ? atoi(argv[1]) : 100000;
  int elements = argc > 2 ? atoi(argv[2]) : 16;
  int work = argc > 3 ? atoi(argv[3]) : 1500;
  if (iterations < 1 || elements < 1 || work < 0) {
    if (rank == 0) fprintf(stderr, "usage: putfence [iterations [elements [work]]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  uint64_t *window;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)(elements * sizeof(uint64_t)), sizeof(uint64_t), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &window, &win);
  uint64_t *origin = malloc((size_t)elements * sizeof(uint64_t));
  for (int i = 0; i < elements; i++) {
    window[i] = 0;
    origin[i] = mix((uint64_t)rank * 1000 + (uint64_t)i);
  }
  int right = (rank + 1) % nprocs;

  uint64_t state = (uint64_t)rank + 1;
  for (int it = 0; it < iterations; it++) {
    MPI_Win_fence(0, win);
    MPI_Put(origin, elements, MPI_UINT64_T, right, 0, elements, MPI_UINT64_T, win);
    MPI_Win_fence(0, win);
    for (int i = 0; i < elements; i++) state ^= window[i] + (uint64_t)i;
    for (int w = 0; w < work; w++) state = mix(state);
    for (int i = 0; i < elements; i++) origin[i] = state + (uint64_t)i;
  }
  MPI_Win_fence(0, win);

  uint64_t total;
  MPI_Reduce(&state, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("putfence: iterations=%d elements=%d work=%d ranks=%d\n", iterations, elements, work,
           nprocs);
    printf("checksum: %016llx\n", (unsigned long long)total);
  }
  free(origin);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
