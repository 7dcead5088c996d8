/* stencil: the Parallel Research Kernels' Stencil with MPI RMA (PRK MPIRMA/Stencil).
 *
 * A star stencil of radius R is applied to an n x n grid distributed over a 2D process grid. Each
 * iteration packs the R boundary rows/columns next to every neighbour into origin buffers and
 * MPI_Puts them into that neighbour's halo slot, a window made with MPI_Win_allocate; two fences
 * bracket the puts. The owner then unpacks its halo slots into its local array and runs the
 * stencil. As in PRK the input is linear in the coordinates, so the L1 norm of the output is known
 * exactly ((COEFX + COEFY) per iteration) and checks the halo exchange.
 *
 * Built with -fopenmp it is the hybrid version (bench/run's stencil_omp): the unpack, stencil and
 * update loops run in OpenMP parallel loops, the halo exchange on the master thread
 * (MPI_THREAD_FUNNELED); the result is bit for bit the same.
 *
 * Usage: stencil [n [iterations]] */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef _OPENMP
#define PARALLEL_FOR _Pragma("omp parallel for")
#else
#define PARALLEL_FOR
#endif

#define R 2 /* stencil radius, the PRK default */
#define COEFX 1.0
#define COEFY 1.0

/* Halo slots of the window, named after the side of the tile they fill. */
enum { BOTTOM, TOP, LEFT, RIGHT, NSIDES };

/* Block distribution of n points over p parts: start and length of part i. */
static void split(long n, int p, int i, long *start, long *len) {
  *start = i * (n / p) + (i < n % p ? i : n % p);
  *len = n / p + (i < n % p);
}

/* Offset of a halo slot in the window of a tile of w x h points. */
static long slot_offset(int side, long w, long h) {
  switch (side) {
  case BOTTOM:
    return 0;
  case TOP:
    return R * w;
  case LEFT:
    return 2 * R * w;
  default:
    return 2 * R * w + R * h;
  }
}

static long max_l(long a, long b) {
  return a > b ? a : b;
}
static long min_l(long a, long b) {
  return a < b ? a : b;
}

int main(int argc, char **argv) {
#ifdef _OPENMP
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED) {
    fprintf(stderr, "stencil: MPI_THREAD_FUNNELED is not supported\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
#else
  MPI_Init(&argc, &argv);
#endif
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  long n = argc > 1 ? atol(argv[1]) : 3000;
  int iterations = argc > 2 ? atoi(argv[2]) : 250;

  int dims[2] = {0, 0};
  MPI_Dims_create(nprocs, 2, dims);
  int px = dims[0], py = dims[1], ix = rank % px, iy = rank / px;
  long istart, width, jstart, height;
  split(n, px, ix, &istart, &width);
  split(n, py, iy, &jstart, &height);
  if (width < R || height < R) {
    if (rank == 0) fprintf(stderr, "stencil: grid %ld too small for %d ranks\n", n, nprocs);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  int nbr[NSIDES] = {
      [BOTTOM] = iy > 0 ? rank - px : MPI_PROC_NULL,
      [TOP] = iy < py - 1 ? rank + px : MPI_PROC_NULL,
      [LEFT] = ix > 0 ? rank - 1 : MPI_PROC_NULL,
      [RIGHT] = ix < px - 1 ? rank + 1 : MPI_PROC_NULL,
  };
  long slot_len[NSIDES] = {R * width, R * width, R * height, R * height};
  long slot_off[NSIDES], total = 2 * R * (width + height);
  for (int s = 0; s < NSIDES; s++) slot_off[s] = slot_offset(s, width, height);
  /* Where my data goes in each neighbour's window: the slot of the side facing me, whose offset
   * depends on the neighbour's tile size (tiles differ by one point when p does not divide n). */
  const int facing[NSIDES] = {[BOTTOM] = TOP, [TOP] = BOTTOM, [LEFT] = RIGHT, [RIGHT] = LEFT};
  long target_off[NSIDES] = {0};
  for (int s = 0; s < NSIDES; s++) {
    if (nbr[s] == MPI_PROC_NULL) continue;
    long start, nw = width, nh = height;
    if (s == BOTTOM || s == TOP)
      split(n, py, iy + (s == TOP ? 1 : -1), &start, &nh);
    else
      split(n, px, ix + (s == RIGHT ? 1 : -1), &start, &nw);
    target_off[s] = slot_offset(facing[s], nw, nh);
  }

  double *halo; /* the window: halo slots written by the neighbours' puts */
  MPI_Win win;
  MPI_Win_allocate(total * (MPI_Aint)sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &halo, &win);
  double *out_buf = malloc(total * sizeof(double)); /* origin buffers of the puts */

  /* Local tile with R halo points on each side; OUT holds the interior only. */
  long lw = width + 2 * R;
  double *in = calloc(lw * (height + 2 * R), sizeof(double));
  double *out = calloc(width * height, sizeof(double));
#define IN(i, j) in[((j) + R) * lw + (i) + R]
#define OUT(i, j) out[(j)*width + (i)]
  for (long j = 0; j < height; j++)
    for (long i = 0; i < width; i++) IN(i, j) = COEFX * (istart + i) + COEFY * (jstart + j);

  double weight[R + 1];
  for (int k = 1; k <= R; k++) weight[k] = 1.0 / (2.0 * k * R);

  /* Points at least R away from the global border are updated. */
  long i0 = max_l(istart, R) - istart, i1 = min_l(istart + width, n - R) - istart;
  long j0 = max_l(jstart, R) - jstart, j1 = min_l(jstart + height, n - R) - jstart;

  for (int iter = 0; iter < iterations; iter++) {
    /* The R rows/columns next to each neighbour, in the order its unpack reads them. */
    for (int s = 0; s < NSIDES; s++) {
      if (nbr[s] == MPI_PROC_NULL) continue;
      double *p = out_buf + slot_off[s];
      if (s == BOTTOM || s == TOP) {
        long jb = s == BOTTOM ? 0 : height - R;
        for (long j = jb; j < jb + R; j++)
          for (long i = 0; i < width; i++) *p++ = IN(i, j);
      } else {
        long ib = s == LEFT ? 0 : width - R;
        for (long j = 0; j < height; j++)
          for (long i = ib; i < ib + R; i++) *p++ = IN(i, j);
      }
    }
    /* Opens the epoch: every neighbour has unpacked the previous iteration's halos. */
    MPI_Win_fence(0, win);
    for (int s = 0; s < NSIDES; s++) {
      if (nbr[s] == MPI_PROC_NULL) continue;
      MPI_Put(out_buf + slot_off[s], (int)slot_len[s], MPI_DOUBLE, nbr[s], target_off[s],
              (int)slot_len[s], MPI_DOUBLE, win);
    }
    /* Closes it: the puts have landed in the halo slots. */
    MPI_Win_fence(0, win);
    for (int s = 0; s < NSIDES; s++) {
      if (nbr[s] == MPI_PROC_NULL) continue;
      const double *p = halo + slot_off[s];
      if (s == BOTTOM || s == TOP) {
        long jb = s == BOTTOM ? -R : height;
        PARALLEL_FOR
        for (long j = jb; j < jb + R; j++)
          for (long i = 0; i < width; i++) IN(i, j) = p[(j - jb) * width + i];
      } else {
        long ib = s == LEFT ? -R : width;
        PARALLEL_FOR
        for (long j = 0; j < height; j++)
          for (long i = ib; i < ib + R; i++) IN(i, j) = p[j * R + i - ib];
      }
    }

    PARALLEL_FOR
    for (long j = j0; j < j1; j++)
      for (long i = i0; i < i1; i++) {
        double v = OUT(i, j);
        for (int k = 1; k <= R; k++)
          v +=
              weight[k] * (IN(i + k, j) - IN(i - k, j)) + weight[k] * (IN(i, j + k) - IN(i, j - k));
        OUT(i, j) = v;
      }
    PARALLEL_FOR
    for (long j = 0; j < height; j++)
      for (long i = 0; i < width; i++) IN(i, j) += 1.0;
  }

  /* L1 norm, summed per rank and then over ranks in rank order so the bits never change. */
  double local = 0.0;
  for (long j = j0; j < j1; j++)
    for (long i = i0; i < i1; i++) local += fabs(OUT(i, j));
  double *parts = rank == 0 ? malloc(nprocs * sizeof(double)) : NULL;
  MPI_Gather(&local, 1, MPI_DOUBLE, parts, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int status = 0;
  if (rank == 0) {
    double norm = 0.0;
    for (int r = 0; r < nprocs; r++) norm += parts[r];
    norm /= (double)(n - 2 * R) * (double)(n - 2 * R);
    double reference = iterations * (COEFX + COEFY);
    printf("stencil: n=%ld iterations=%d ranks=%d grid=%dx%d\n", n, iterations, nprocs, px, py);
    if (fabs(norm - reference) > 1e-8 * reference) {
      fprintf(stderr, "stencil: norm %.17g differs from the reference %.17g\n", norm, reference);
      status = 1;
    }
    printf("checksum: %.17g\n", norm);
    free(parts);
  }
  MPI_Win_free(&win);
  free(out_buf);
  free(in);
  free(out);
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
