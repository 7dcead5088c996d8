/* A small Global Arrays driver (libglobalarrays-dev, on ARMCI-MPI): a 2-d distributed array of
 * doubles written with NGA_Put, read with NGA_Get, updated with NGA_Acc, local access with
 * NGA_Access/NGA_Release, a shared counter with NGA_Read_inc, scatter/gather, and the collective
 * operations GA_Copy, GA_Add, GA_Scale, GA_Transpose, GA_Ddot and GA_Dgemm. GA_Sync separates the
 * phases. Rank 0 prints results that do not depend on timing. */
#include <ga.h>
#include <macdecls.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 48

static int me, nproc;

static double patch_sum(int g, int lo0, int lo1, int hi0, int hi1) {
  int lo[2] = {lo0, lo1}, hi[2] = {hi0, hi1};
  int rows = hi0 - lo0 + 1, cols = hi1 - lo1 + 1, ld[1] = {cols};
  double *buf = malloc(sizeof(double) * rows * cols);
  NGA_Get(g, lo, hi, buf, ld);
  double s = 0;
  for (int i = 0; i < rows * cols; i++) s += buf[i] * (1 + i % 5);
  free(buf);
  GA_Sync(); /* nobody updates the array before everybody has read it */
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  GA_Initialize();
  MA_init(C_DBL, 100000, 100000);
  me = GA_Nodeid();
  nproc = GA_Nnodes();

  int dims[2] = {N, N}, chunk[2] = {-1, -1};
  int g_a = NGA_Create(C_DBL, 2, dims, "A", chunk);
  int g_b = GA_Duplicate(g_a, "B");
  int g_c = GA_Duplicate(g_a, "C");
  GA_Zero(g_a);

  /* 1. every rank puts a band of rows (a patch that is not its own in general) */
  int band = N / nproc;
  int lo[2] = {((me + 1) % nproc) * band, 0}, hi[2] = {lo[0] + band - 1, N - 1};
  if ((me + 1) % nproc == nproc - 1) hi[0] = N - 1;
  int rows = hi[0] - lo[0] + 1, ld[1] = {N};
  double *buf = malloc(sizeof(double) * rows * N);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < N; j++) buf[i * N + j] = (lo[0] + i) * 0.5 + j;
  NGA_Put(g_a, lo, hi, buf, ld);
  GA_Sync();
  double s = patch_sum(g_a, 0, 0, N - 1, N - 1);
  if (me == 0) printf("put/get checksum        %.2f\n", s);

  /* 2. every rank accumulates into the same central patch (same datatype, atomic per element) */
  int alo[2] = {N / 4, N / 4}, ahi[2] = {N / 4 + 15, N / 4 + 15}, ald[1] = {16};
  double acc[256];
  for (int i = 0; i < 256; i++) acc[i] = 1.0 + (i % 3);
  double alpha = 1.0 + me;
  NGA_Acc(g_a, alo, ahi, acc, ald, &alpha);
  GA_Sync();
  s = patch_sum(g_a, N / 4, N / 4, N / 4 + 15, N / 4 + 15);
  if (me == 0) printf("acc checksum            %.2f\n", s);

  /* 3. direct access to the local block */
  int mlo[2], mhi[2], mld[1];
  NGA_Distribution(g_a, me, mlo, mhi);
  double *p;
  NGA_Access(g_a, mlo, mhi, &p, mld);
  double local = 0;
  for (int i = 0; i <= mhi[0] - mlo[0]; i++)
    for (int j = 0; j <= mhi[1] - mlo[1]; j++) {
      local += p[i * mld[0] + j];
      p[i * mld[0] + j] += 1.0;
    }
  NGA_Release_update(g_a, mlo, mhi);
  GA_Dgop(&local, 1, "+");
  GA_Sync();
  if (me == 0) printf("local access sum        %.2f\n", local);

  /* 4. a shared counter: every rank takes 4 tickets */
  int g_n;
  int one = 1;
  g_n = NGA_Create(C_LONG, 1, &one, "counter", NULL);
  GA_Zero(g_n);
  GA_Sync();
  int sub[1] = {0};
  long tickets = 0;
  for (int k = 0; k < 4; k++) tickets += NGA_Read_inc(g_n, sub, 1);
  GA_Sync();
  long total = 0;
  int zero[1] = {0};
  NGA_Get(g_n, zero, zero, &total, NULL);
  double tsum = (double)tickets;
  GA_Dgop(&tsum, 1, "+");
  if (me == 0) printf("read_inc final %ld, sum of tickets %.0f\n", total, tsum);

  /* 5. scatter to the diagonal from rank 0, gather it back everywhere */
  GA_Zero(g_b);
  GA_Sync();
  int idx[N][2];
  int *subs[N];
  double vals[N];
  for (int i = 0; i < N; i++) {
    idx[i][0] = i;
    idx[i][1] = i;
    subs[i] = idx[i];
    vals[i] = i + 1.0;
  }
  if (me == 0) NGA_Scatter(g_b, vals, subs, N);
  GA_Sync();
  double back[N];
  NGA_Gather(g_b, back, subs, N);
  double gsum = 0;
  for (int i = 0; i < N; i++) gsum += back[i];
  GA_Dgop(&gsum, 1, "+");
  if (me == 0) printf("scatter/gather          %.2f\n", gsum);

  /* 6. collective operations */
  GA_Copy(g_a, g_c);
  double a = 2.0, b = -1.0;
  GA_Add(&a, g_a, &b, g_b, g_c);
  double half = 0.5;
  GA_Scale(g_c, &half);
  GA_Transpose(g_c, g_b);
  double dot = GA_Ddot(g_b, g_a);
  if (me == 0) printf("ddot                    %.4e\n", dot);
  GA_Dgemm('N', 'N', N, N, N, 1.0 / N, g_a, g_b, 0.0, g_c);
  s = patch_sum(g_c, 0, 0, N - 1, N - 1);
  if (me == 0) printf("dgemm checksum          %.6e\n", s);

  GA_Destroy(g_n);
  GA_Destroy(g_c);
  GA_Destroy(g_b);
  GA_Destroy(g_a);
  free(buf);
  GA_Terminate();
  MPI_Finalize();
  return 0;
}
