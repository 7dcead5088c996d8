/* Every AMO class: fetch/set/swap (extended), compare_swap/fetch_inc/inc/fetch_add/add
 * (standard), the bitwise ones, the fetching _nbi forms completed by quiet, contexts, the C11
 * generics and the deprecated 1.4 names. */
/* NPROCS: 3 */
#include "check.h"

static long counter;
static int icounter;
static unsigned int bits;
static double dval;
static uint64_t u64;

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  long long *ll = shmem_calloc(1, sizeof *ll);
  shmem_barrier_all();

  /* fetch_add / add / inc / fetch_inc from every PE on PE 0. */
  long before = shmem_long_atomic_fetch_add(&counter, 10, 0);
  CHECK(before >= 0 && before < 17 * npes, "fetch_add returned %ld", before);
  shmem_long_atomic_add(&counter, 5, 0);
  shmem_long_atomic_inc(&counter, 0);
  long fi = shmem_atomic_fetch_inc(&counter, 0);
  CHECK(fi >= 0, "fetch_inc");
  shmem_atomic_add(&icounter, me + 1, 0);
  shmem_atomic_inc(SHMEM_CTX_DEFAULT, ll, 0);
  shmem_longlong_atomic_add(ll, 2, 0);
  shmem_barrier_all();
  if (me == 0) {
    CHECK(counter == 17L * npes, "counter = %ld", counter);
    CHECK(icounter == npes * (npes + 1) / 2, "icounter = %d", icounter);
    CHECK(*ll == 3LL * npes, "ll = %lld", *ll);
  }
  CHECK(shmem_long_atomic_fetch(&counter, 0) == 17L * npes, "atomic_fetch");
  CHECK(shmem_atomic_fetch(&icounter, 0) == npes * (npes + 1) / 2, "generic atomic_fetch");
  shmem_barrier_all();

  /* set / swap / compare_swap: PE 0 owns the words; each PE uses its own slot via swap. */
  if (me == 0) shmem_double_atomic_set(&dval, 1.5, npes - 1);
  shmem_barrier_all();
  if (me == npes - 1) CHECK(dval == 1.5, "double set: %g", dval);
  shmem_barrier_all();
  if (me == 1) {
    double old = shmem_atomic_swap(&dval, 2.5, npes - 1);
    CHECK(old == 1.5, "double swap old %g", old);
    CHECK(shmem_double_atomic_fetch(&dval, npes - 1) == 2.5, "double fetch");
  }
  shmem_barrier_all();
  /* compare_swap: exactly one PE wins. */
  int won = shmem_int_atomic_compare_swap(&icounter, npes * (npes + 1) / 2, -1, 0) ==
            npes * (npes + 1) / 2;
  int *wins = shmem_calloc(1, sizeof *wins);
  if (won) shmem_int_atomic_inc(wins, 0);
  shmem_barrier_all();
  if (me == 0) CHECK(*wins == 1 && icounter == -1, "compare_swap winners %d", *wins);

  /* bitwise: each PE sets its bit, then toggles bit 16+me, then clears bit 16+me with and. */
  shmem_uint_atomic_or(&bits, 1u << me, 0);
  unsigned int prev = shmem_uint_atomic_fetch_xor(&bits, 1u << (16 + me), 0);
  (void)prev;
  shmem_atomic_fetch_and(&bits, ~(1u << (16 + me)), 0);
  shmem_atomic_xor(SHMEM_CTX_DEFAULT, &bits, 1u << (8 + me), 0);
  shmem_barrier_all();
  unsigned int expect = 0;
  for (int p = 0; p < npes; ++p) expect |= (1u << p) | (1u << (8 + p));
  if (me == 0) CHECK(bits == expect, "bits = %#x, expected %#x", bits, expect);
  shmem_barrier_all();
  uint64_t all = shmem_uint64_atomic_fetch_or(&u64, 0, 0);
  CHECK(all == 0, "fetch_or");

  /* fetching nbi AMOs, completed by quiet. */
  shmem_barrier_all();
  long f1 = -7, f2 = -7, f3 = -7, f4 = -7;
  double f5 = -7;
  shmem_long_atomic_fetch_nbi(&f1, &counter, 0);
  shmem_long_atomic_fetch_inc_nbi(&f2, &counter, 1);
  shmem_atomic_fetch_add_nbi(&f3, &counter, 0, 0);
  shmem_atomic_compare_swap_nbi(&f4, &counter, -12345L, 0L, 0);
  shmem_double_atomic_swap_nbi(&f5, &dval, 2.5, npes - 1);
  uint64_t f6 = 7;
  shmem_uint64_atomic_fetch_and_nbi(&f6, &u64, 0, 0);
  shmem_quiet();
  CHECK(f1 == 17L * npes && f3 == 17L * npes && f4 == 17L * npes, "fetch nbi %ld %ld %ld", f1, f3,
        f4);
  CHECK(f2 >= 0 && f2 < npes, "fetch_inc_nbi %ld", f2);
  CHECK(f5 == 2.5, "swap_nbi %g", f5);
  CHECK(f6 == 0, "fetch_and_nbi");
  int f7 = 0;
  shmem_ctx_int_atomic_fetch_add_nbi(SHMEM_CTX_DEFAULT, &f7, &icounter, 0, 0);
  shmem_ctx_quiet(SHMEM_CTX_DEFAULT);
  CHECK(f7 == -1, "ctx fetch_add_nbi %d", f7);

  /* deprecated 1.4 names */
  shmem_barrier_all();
  if (me == 0) counter = 0;
  shmem_barrier_all();
  shmem_long_add(&counter, 2, 0);
  shmem_long_inc(&counter, 0);
  (void)shmem_long_finc(&counter, 0);
  (void)shmem_long_fadd(&counter, 1, 0);
  shmem_barrier_all();
  CHECK(shmem_long_fetch(&counter, 0) == 5L * npes, "deprecated add/inc/finc/fadd");
  shmem_barrier_all();
  if (me == 0) {
    shmem_long_set(&counter, 3, 1);
    CHECK(shmem_long_swap(&counter, 4, 1) == 3, "deprecated swap");
    CHECK(shmem_long_cswap(&counter, 4, 5, 1) == 4, "deprecated cswap");
    CHECK(shmem_long_fetch(&counter, 1) == 5, "deprecated fetch");
    shmem_float_set((float *)&bits, 1.0f, 1);
  }
  shmem_barrier_all();
  shmem_free(wins);
  shmem_free(ll);
  shmem_finalize();
  return 0;
}
