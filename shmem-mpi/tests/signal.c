/* put-with-signal: SET and ADD, blocking and nbi, sized/mem/typed, with shmem_signal_wait_until
 * and shmem_signal_fetch polling; seeing the signal implies seeing the data. */
/* NPROCS: 3 */
#include "check.h"

enum { N = 4096, ROUNDS = 20 };

static uint64_t sig_set;
static uint64_t sig_add;
static int data[N];

int main(void) {
  shmem_init();
  int me = shmem_my_pe();
  int npes = shmem_n_pes();
  uint64_t *hsig = shmem_calloc(1, sizeof *hsig);
  char *hdata = shmem_malloc(N);

  /* SET: PE 0 sends rounds of data to PE 1, each followed by its signal. */
  for (int r = 1; r <= ROUNDS; ++r) {
    if (me == 0) {
      int src[N];
      for (int i = 0; i < N; ++i) src[i] = r * N + i;
      if (r % 2)
        shmem_int_put_signal(data, src, N, &sig_set, (uint64_t)r, SHMEM_SIGNAL_SET, 1);
      else
        shmem_put_signal_nbi(data, src, N, &sig_set, (uint64_t)r, SHMEM_SIGNAL_SET, 1);
      shmem_quiet();
      /* wait for the receiver's acknowledgement */
      shmem_signal_wait_until(hsig, SHMEM_CMP_EQ, (uint64_t)r);
    } else if (me == 1) {
      uint64_t seen = shmem_signal_wait_until(&sig_set, SHMEM_CMP_GE, (uint64_t)r);
      CHECK(seen == (uint64_t)r, "signal %llu in round %d", (unsigned long long)seen, r);
      for (int i = 0; i < N; ++i) CHECK(data[i] == r * N + i, "round %d data[%d]", r, i);
      shmem_putmem_signal(hdata, "ack", 4, hsig, (uint64_t)r, SHMEM_SIGNAL_SET, 0);
    }
  }
  shmem_barrier_all();
  if (me == 0) CHECK(hdata[0] == 'a' && hdata[3] == 0, "putmem_signal data");

  /* ADD: every PE adds 1 to PE 0's counter after putting its slot; PE 0 polls signal_fetch. */
  uint64_t slot = (uint64_t)me + 100;
  uint64_t *slots = shmem_calloc((size_t)npes, sizeof *slots);
  shmem_put64_signal(slots + me, &slot, 1, &sig_add, 1, SHMEM_SIGNAL_ADD, 0);
  shmem_ctx_putmem_signal_nbi(SHMEM_CTX_DEFAULT, hdata + 8 + me, "x", 1, &sig_add, 1,
                              SHMEM_SIGNAL_ADD, 0);
  if (me == 0) {
    while (shmem_signal_fetch(&sig_add) < 2 * (uint64_t)npes) {
    }
    for (int p = 0; p < npes; ++p) CHECK(slots[p] == (uint64_t)p + 100, "slot %d", p);
    CHECK(shmem_signal_fetch(&sig_add) == 2 * (uint64_t)npes, "sum of ADD signals");
  }
  shmem_barrier_all();
  shmem_free(slots);
  shmem_free(hdata);
  shmem_free(hsig);
  shmem_finalize();
  return 0;
}
