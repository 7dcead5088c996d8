/* A matrix transpose whose matrices live in an RMA window, after the Parallel Research Kernels'
 * MPI RMA Transpose (MPIRMA/Transpose) in its default, active-target form. B = A^T for an
 * order x order matrix stored column-major in column blocks: rank p owns columns
 * [p * cb, (p + 1) * cb) of A and of B, cb = order / ranks. Rank p's window (MPI_Win_allocate)
 * holds its block of A, its block of B and the receive area Work_in of ranks - 1 tiles of
 * cb x cb, one per peer (PRK keeps A and B in private memory; here they are window memory, so
 * every loop of the kernel reads or writes tracked memory).
 *
 * Every iteration, as PRK: the diagonal tile is transposed locally, B += A^T (tiled loops);
 * MPI_Win_fence; in phase 1 .. ranks - 1 the tile of A that belongs to rank
 * send_to = (p - phase) mod ranks is transposed (tiled) into its own origin buffer Work_out[phase]
 * and MPI_Put into slot phase - 1 of send_to's Work_in; MPI_Win_fence; every received tile is
 * added into B (B += Work_in); A += 1. After `iterations` iterations
 * B(i, j) = iterations * (order * i + j) + iterations * (iterations - 1) / 2 exactly (A(i, j)
 * starts as order * j + i), which the
 * program verifies (PRK's check, with tolerance 0: all values are integers below 2^53).
 *
 * Race-free: the puts of an iteration run between its two fences and write only Work_in, which
 * the owner reads only after the second fence (which completes them) and before the first fence
 * of the next iteration (after which the next puts may land). A and B are never targets of RMA.
 * An origin buffer Work_out[phase] is written only after the first fence of the iteration, and
 * its previous put was completed by the second fence of the previous iteration.
 *
 * Usage: transpose_window [order [iterations [tile]]] (default 2000 150 32; order must be a
 * multiple of the number of ranks). Prints a checksum (the sum of B, an exact integer): the same
 * bits from every build. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static long argument(int argc, char **argv, int index, long fallback) {
  return argc > index ? strtol(argv[index], NULL, 10) : fallback;
}

static long min_long(long a, long b) {
  return a < b ? a : b;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long order = argument(argc, argv, 1, 2000);
  long iterations = argument(argc, argv, 2, 150);
  long tile = argument(argc, argv, 3, 32);
  if (order < size || order % size != 0 || iterations < 1 || tile < 1) {
    if (rank == 0)
      fprintf(stderr, "usage: transpose_window [order [iterations [tile]]]: order a multiple of "
                      "the number of ranks, iterations and tile positive\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const long cb = order / size;   /* columns per rank */
  const long block = order * cb;  /* elements of a column block of A or B */
  const long tileElems = cb * cb; /* elements of the tile a rank sends to one peer */
  const long peers = size - 1;

  /* Window: A block, B block, Work_in (one cb x cb tile per peer). */
  double *base;
  MPI_Win win;
  MPI_Win_allocate((MPI_Aint)((2 * block + peers * tileElems) * (long)sizeof(double)),
                   sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  double *a = base, *b = base + block, *workIn = base + 2 * block;
  /* One origin buffer per phase, as PRK: a tile is never rewritten while its put may be active. */
  double *workOut = malloc((size_t)(peers > 0 ? peers * tileElems : 1) * sizeof(double));
  const long colStart = rank * cb;
  for (long j = 0; j < cb; j++)
    for (long i = 0; i < order; i++) {
      a[i + order * j] = (double)(order * (j + colStart) + i);
      b[i + order * j] = 0.0;
    }

  for (long it = 0; it < iterations; it++) {
    /* The diagonal tile: B(colStart + j, i) += A(colStart + i, j), both local. */
    for (long it0 = 0; it0 < cb; it0 += tile)
      for (long jt = 0; jt < cb; jt += tile)
        for (long i = it0; i < min_long(cb, it0 + tile); i++)
          for (long j = jt; j < min_long(cb, jt + tile); j++)
            b[(colStart + j) + order * i] += a[(colStart + i) + order * j];

    MPI_Win_fence(0, win);
    for (long phase = 1; phase < size; phase++) {
      const int sendTo = (int)((rank - phase + size) % size);
      const long rowStart = sendTo * cb;
      double *out = workOut + (phase - 1) * tileElems;
      /* out(j, i) = A(rowStart + i, j): the part of B that sendTo owns, transposed. */
      for (long it0 = 0; it0 < cb; it0 += tile)
        for (long jt = 0; jt < cb; jt += tile)
          for (long i = it0; i < min_long(cb, it0 + tile); i++)
            for (long j = jt; j < min_long(cb, jt + tile); j++)
              out[j + cb * i] = a[(rowStart + i) + order * j];
      MPI_Put(out, (int)tileElems, MPI_DOUBLE, sendTo,
              (MPI_Aint)(2 * block + (phase - 1) * tileElems), (int)tileElems, MPI_DOUBLE, win);
    }
    MPI_Win_fence(0, win);
    /* The tile from rank recvFrom = (rank + phase) mod size holds its rows of my columns. */
    for (long phase = 1; phase < size; phase++) {
      const long recvFrom = (rank + phase) % size;
      const double *in = workIn + (phase - 1) * tileElems;
      for (long i = 0; i < cb; i++)
        for (long j = 0; j < cb; j++) b[(recvFrom * cb + j) + order * i] += in[j + cb * i];
    }
    for (long k = 0; k < block; k++) a[k] += 1.0;
  }

  /* PRK's verification, exact: B(r, colStart + c) = T * (order * r + colStart + c)
   * + T (T - 1) / 2 with T = iterations. */
  const double addit = (double)(iterations * (iterations - 1) / 2);
  long wrong = 0;
  double local = 0.0;
  for (long c = 0; c < cb; c++)
    for (long r = 0; r < order; r++) {
      double expected = (double)iterations * (double)(order * r + colStart + c) + addit;
      double value = b[r + order * c];
      wrong += value != expected;
      local += value;
    }
  long wrongTotal = 0;
  MPI_Reduce(&wrong, &wrongTotal, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  double *sums = rank == 0 ? malloc((size_t)size * sizeof(double)) : NULL;
  MPI_Gather(&local, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int status = 0;
  if (rank == 0) {
    double total = 0.0;
    for (int r = 0; r < size; r++) total += sums[r];
    printf("transpose_window: order=%ld iterations=%ld tile=%ld ranks=%d\n", order, iterations,
           tile, size);
    if (wrongTotal != 0) {
      fprintf(stderr, "transpose_window: %ld elements of B are wrong\n", wrongTotal);
      status = 1;
    }
    printf("checksum: %.0f\n", total);
    free(sums);
  }
  MPI_Win_fence(0, win);
  free(workOut);
  MPI_Win_free(&win);
  MPI_Finalize();
  return status;
}
