/* Put-with-signal (OpenSHMEM 1.5 section 9.7): the data put is completed at the target
 * (MPI_Win_flush) before the signal is updated atomically (MPI_Accumulate on MPI_UINT64_T with
 * MPI_REPLACE for SHMEM_SIGNAL_SET, MPI_SUM for SHMEM_SIGNAL_ADD), so that a PE seeing the signal
 * sees the data. The nbi forms complete like the blocking ones. */
#include "core.h"

static MPI_Op signal_op(int sig_op, const char *routine) {
  if (sig_op == SHMEM_SIGNAL_SET) return MPI_REPLACE;
  if (sig_op == SHMEM_SIGNAL_ADD) return MPI_SUM;
  shmemi_fatal(routine, "unknown signal operator %d (SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD)",
               sig_op);
}

static void put_signal(shmem_ctx_t ctx, const char *routine, void *dest, const void *source,
                       size_t nbytes, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe) {
  MPI_Op op = signal_op(sig_op, routine);
  struct shmemi_remote data = shmemi_remote(ctx, dest, nbytes, pe, routine);
  struct shmemi_remote sig = shmemi_remote(ctx, sig_addr, sizeof *sig_addr, pe, routine);
  if (nbytes > 0) {
    shmemi_put_bytes(&data, source, nbytes);
    MPI_Win_flush(data.pe, data.win);
  }
  MPI_Accumulate(&signal, 1, MPI_UINT64_T, sig.pe, sig.disp, 1, MPI_UINT64_T, op, sig.win);
  MPI_Win_flush_local(sig.pe, sig.win);
}

#define SHMEMI_SIGNAL_ROUTINES(NAME, TYPE, ELEM_BYTES)                                             \
  static void NAME##_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest, const TYPE *source,    \
                          size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op,          \
                          int pe) {                                                                \
    put_signal(ctx, routine, dest, source, nelems *(ELEM_BYTES), sig_addr, signal, sig_op, pe);    \
  }                                                                                                \
  SHMEMI_CTX_PAIR_VOID(NAME,                                                                       \
                       (TYPE * dest, const TYPE *source, size_t nelems, uint64_t *sig_addr,        \
                        uint64_t signal, int sig_op, int pe),                                      \
                       (dest, source, nelems, sig_addr, signal, sig_op, pe))
#define SHMEMI_SIGNAL_PAIR(NAME, TYPE, ELEM_BYTES)                                                 \
  SHMEMI_SIGNAL_ROUTINES(NAME##_signal, TYPE, ELEM_BYTES)                                          \
  SHMEMI_SIGNAL_ROUTINES(NAME##_signal_nbi, TYPE, ELEM_BYTES)

#define SHMEMI_SIGNAL_TYPED(TYPE, TYPENAME) SHMEMI_SIGNAL_PAIR(TYPENAME##_put, TYPE, sizeof(TYPE))
SHMEM_MPI_RMA_TYPES(SHMEMI_SIGNAL_TYPED)
#define SHMEMI_BITS_PER_BYTE 8
#define SHMEMI_SIGNAL_SIZED(SIZE) SHMEMI_SIGNAL_PAIR(put##SIZE, void, (SIZE) / SHMEMI_BITS_PER_BYTE)
SHMEM_MPI_SIZES(SHMEMI_SIGNAL_SIZED)
SHMEMI_SIGNAL_PAIR(putmem, void, 1)

uint64_t pshmem_signal_fetch(const uint64_t *sig_addr) {
  shmemi_require_init("shmem_signal_fetch");
  uint64_t value;
  shmemi_progress();
  shmemi_atomic_read_local(sig_addr, sizeof value, MPI_UINT64_T, &value);
  return value;
}
SHMEMI_ALIAS(shmem_signal_fetch)
