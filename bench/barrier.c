/* barrier: a loop of MPI_Barrier with a little compute in between and no RMA, to show what
 * rmarace costs per synchronisation: each barrier is an all-to-all synchronisation whose clocks
 * the tool must exchange, and nothing else happens.
 *
 * Usage: barrier [iterations [work]]   (work: mixing rounds between two barriers) */
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
  int iterations = argc > 1 ? atoi(argv[1]) : 150000;
  int work = argc > 2 ? atoi(argv[2]) : 1500;
  if (iterations < 1 || work < 0) {
    if (rank == 0) fprintf(stderr, "usage: barrier [iterations [work]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  uint64_t state = (uint64_t)rank + 1;
  for (int it = 0; it < iterations; it++) {
    for (int w = 0; w < work; w++) state = mix(state);
    MPI_Barrier(MPI_COMM_WORLD);
  }

  uint64_t total;
  MPI_Reduce(&state, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("barrier: iterations=%d work=%d ranks=%d\n", iterations, work, nprocs);
    printf("checksum: %016llx\n", (unsigned long long)total);
  }
  MPI_Finalize();
  return 0;
}
