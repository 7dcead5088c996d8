/* Global and static variables (data and bss of the executable) as RMA and AMO targets. */
/* NPROCS: 3 */
#include "check.h"

int global_initialised[8] = {1, 2, 3, 4, 5, 6, 7, 8};
long global_bss[8];
static double static_array[8];

static int put_into_static(int pe, int value) {
  static int local_static;
  shmem_int_p(&local_static, value, pe);
  shmem_barrier_all();
  return local_static;
}

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  int right = (me + 1) % npes;
  int left = (me + npes - 1) % npes;
  int ibuf[8];
  for (int i = 0; i < 8; ++i) ibuf[i] = me * 10 + i;
  shmem_int_put(global_initialised, ibuf, 8, right);
  shmem_long_atomic_add(&global_bss[me], me + 1, 0);
  double dv = 0.5 * me;
  shmem_double_put(&static_array[me], &dv, 1, right);
  shmem_barrier_all();
  CHECK(global_initialised[7] == left * 10 + 7, "initialised global");
  if (me == 0)
    for (int p = 0; p < npes; ++p) CHECK(global_bss[p] == p + 1, "bss global %d", p);
  CHECK(static_array[left] == 0.5 * left, "static array");
  CHECK(put_into_static(right, 100 + me) == 100 + left, "function-local static");
  CHECK(shmem_long_g(&global_bss[1], 0) == 2, "g on a global");
  shmem_finalize();
  return 0;
}
