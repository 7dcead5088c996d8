/* collectives: MPI_Barrier and small MPI_Allreduce calls with a little compute in between, and no
 * RMA at all. It isolates what a race detector pays for tracking synchronisation: every
 * collective is a synchronisation point whose clocks must be exchanged, while no memory needs
 * checking. Each reduction feeds the next compute phase, so the collectives cannot be elided.
 *
 * Usage: collectives [iterations [work]]   (work: mixing rounds between two collectives) */
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
  int iterations = argc > 1 ? atoi(argv[1]) : 80000;
  int work = argc > 2 ? atoi(argv[2]) : 1500;

  uint64_t state = (uint64_t)rank + 1;
  for (int it = 0; it < iterations; it++) {
    for (int w = 0; w < work; w++) state = mix(state);
    MPI_Barrier(MPI_COMM_WORLD);
    uint64_t sum_in[2] = {state, state >> 40}, sum[2], max_in = state % 1000003, max;
    MPI_Allreduce(sum_in, sum, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&max_in, &max, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    state ^= sum[0] + sum[1] * max;
  }

  uint64_t total;
  MPI_Reduce(&state, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("collectives: iterations=%d work=%d ranks=%d\n", iterations, work, nprocs);
    printf("checksum: %016llx\n", (unsigned long long)total);
  }
  MPI_Finalize();
  return 0;
}
