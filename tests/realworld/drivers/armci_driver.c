/* A small ARMCI-MPI driver (libarmci-mpi-dev): contiguous, strided and vector put/get/accumulate,
 * non-blocking operations, read-modify-write and mutexes on memory from ARMCI_Malloc. Every
 * access of a process's own ARMCI memory is bracketed by ARMCI_Access_begin/end as ARMCI-MPI
 * requires for direct local access; remote updates are completed by ARMCI_Barrier (an
 * ARMCI_AllFence and a barrier). Rank 0 prints checksums that do not depend on timing. */
#include <armci.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64

static int me, nproc;

static void fill_local(double *dst, int n, double v) {
  for (int i = 0; i < n; i++) dst[i] = v + i;
}

static double checksum(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * (1 + i % 7);
  return s;
}

/* Sum a value over all ranks and print it from rank 0. */
static void report(const char *what, double local) {
  double total = 0;
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (me == 0) printf("%-28s %.1f\n", what, total);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  ARMCI_Init();
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &nproc);
  int right = (me + 1) % nproc, left = (me + nproc - 1) % nproc;

  double **base = malloc(nproc * sizeof(double *));
  ARMCI_Malloc((void **)base, N * N * sizeof(double));
  double *mine = base[me];
  double *buf = ARMCI_Malloc_local(N * N * sizeof(double));

  ARMCI_Access_begin(mine);
  memset(mine, 0, N * N * sizeof(double));
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* 1. contiguous put to the right neighbour, then get it back from the left one */
  fill_local(buf, N, 100.0 * me);
  ARMCI_Put(buf, base[right], N * sizeof(double), right);
  ARMCI_Barrier();
  ARMCI_Access_begin(mine);
  report("put (left's block)", checksum(mine, N));
  ARMCI_Access_end(mine);
  double got[N];
  ARMCI_Get(base[left], got, N * sizeof(double), left);
  report("get (left's left block)", checksum(got, N));
  ARMCI_Barrier();

  /* 2. accumulate into rank 0 from everybody (same datatype: atomic per element) */
  double scale = 2.0;
  fill_local(buf, N, 1.0 + me);
  ARMCI_Acc(ARMCI_ACC_DBL, &scale, buf, base[0] + N, N * sizeof(double), 0);
  ARMCI_Barrier();
  if (me == 0) {
    ARMCI_Access_begin(mine);
    report("acc into rank 0", checksum(mine + N, N));
    ARMCI_Access_end(mine);
  } else {
    report("acc into rank 0", 0);
  }

  /* 3. strided put of an 8x8 tile into the right neighbour's 2-d array (row length N) */
  for (int i = 0; i < 8 * 8; i++) buf[i] = me * 1000 + i;
  int src_stride[1] = {8 * sizeof(double)}, dst_stride[1] = {N * sizeof(double)};
  int count[2] = {8 * sizeof(double), 8};
  ARMCI_PutS(buf, src_stride, base[right] + 2 * N + 4, dst_stride, count, 1, right);
  ARMCI_Barrier();
  double tile[64];
  ARMCI_GetS(base[right] + 2 * N + 4, dst_stride, tile, src_stride, count, 1, right);
  report("strided put/get", checksum(tile, 64));
  ARMCI_Barrier();

  /* 4. strided accumulate into rank 0 */
  for (int i = 0; i < 64; i++) buf[i] = 1.0;
  scale = 1.0 + me;
  ARMCI_AccS(ARMCI_ACC_DBL, &scale, buf, src_stride, base[0] + 20 * N, dst_stride, count, 1, 0);
  ARMCI_Barrier();
  ARMCI_GetS(base[0] + 20 * N, dst_stride, tile, src_stride, count, 1, 0);
  report("strided acc", checksum(tile, 64));
  ARMCI_Barrier();

  /* 5. non-blocking put and get, completed with ARMCI_Wait */
  armci_hdl_t h;
  ARMCI_INIT_HANDLE(&h);
  fill_local(buf, N, 7.0 * me);
  ARMCI_NbPut(buf, base[left] + 30 * N, N * sizeof(double), left, &h);
  ARMCI_Wait(&h);
  ARMCI_Barrier();
  ARMCI_INIT_HANDLE(&h);
  ARMCI_NbGet(base[right] + 30 * N, got, N * sizeof(double), right, &h);
  ARMCI_Wait(&h);
  report("nb put/get", checksum(got, N));
  ARMCI_Barrier();

  /* 6. vector put: two segments into the right neighbour */
  double seg[2][4];
  void *src_ptrs[2] = {seg[0], seg[1]};
  void *dst_ptrs[2] = {base[right] + 40 * N, base[right] + 41 * N};
  for (int i = 0; i < 8; i++) seg[i / 4][i % 4] = me + i * 0.5;
  armci_giov_t iov;
  iov.src_ptr_array = src_ptrs;
  iov.dst_ptr_array = dst_ptrs;
  iov.bytes = 4 * sizeof(double);
  iov.ptr_array_len = 2;
  ARMCI_PutV(&iov, 1, right);
  ARMCI_Barrier();
  ARMCI_Access_begin(mine);
  report("vector put", mine[40 * N] + mine[40 * N + 3] + mine[41 * N + 1]);
  ARMCI_Access_end(mine);
  ARMCI_Barrier();

  /* 7. fetch-and-add on a counter at rank 0 */
  int **ctr = malloc(nproc * sizeof(int *));
  ARMCI_Malloc((void **)ctr, sizeof(int));
  ARMCI_Access_begin(ctr[me]);
  *ctr[me] = 0;
  ARMCI_Access_end(ctr[me]);
  ARMCI_Barrier();
  int old = 0, sum_old = 0;
  for (int k = 0; k < 5; k++) {
    ARMCI_Rmw(ARMCI_FETCH_AND_ADD, &old, ctr[0], 1, 0);
    sum_old += old;
  }
  ARMCI_Barrier();
  int final_ctr = ARMCI_GetValueInt(ctr[0], 0);
  report("fetch-and-add total", final_ctr / (double)nproc);
  int all_old = 0;
  MPI_Reduce(&sum_old, &all_old, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (me == 0) printf("%-28s %d\n", "fetch-and-add old values", all_old);
  ARMCI_Barrier();

  /* 8. mutex-protected read-modify-write at rank 0 */
  ARMCI_Create_mutexes(1);
  for (int k = 0; k < 3; k++) {
    ARMCI_Lock(0, 0);
    int v = ARMCI_GetValueInt(ctr[0], 0);
    ARMCI_PutValueInt(v + 10, ctr[0], 0);
    ARMCI_Fence(0);
    ARMCI_Unlock(0, 0);
  }
  ARMCI_Barrier();
  report("mutex counter", ARMCI_GetValueInt(ctr[0], 0) / (double)nproc);
  ARMCI_Destroy_mutexes();

  ARMCI_Barrier();
  ARMCI_Free(ctr[me]);
  ARMCI_Free_local(buf);
  ARMCI_Free(mine);
  free(ctr);
  free(base);
  ARMCI_Finalize();
  MPI_Finalize();
  return 0;
}
