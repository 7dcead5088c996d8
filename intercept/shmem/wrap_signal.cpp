// Put-with-signal and signal reads (OpenSHMEM 1.5 section 9.7.3 and 9.10).
#include "routines.h"

using namespace rmarace;
using namespace rmarace::shmem;

#define RMARACE_PUT_SIGNAL_ONE(NAME, PARAMS, ARGS, CTX, T, ELEM, BLOCKING)                         \
  extern "C" void p##NAME PARAMS RMARACE_SHMEM_WEAK;                                               \
  extern "C" void NAME PARAMS {                                                                    \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    if (scope)                                                                                     \
      onPutSignal(scope, CTX, dest, source, nelems *(ELEM), sig_addr, sig_op, pe, BLOCKING);       \
    require(p##NAME, "p" #NAME) ARGS;                                                              \
  }
#define RMARACE_PUT_SIGNAL_PARAMS(T)                                                               \
  T *dest, const T *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe
#define RMARACE_PUT_SIGNAL_ARGS dest, source, nelems, sig_addr, signal, sig_op, pe
// shmem_<STEM>_put<SUFFIX>_signal[_nbi] and the shmem_ctx_ forms.
#define RMARACE_PUT_SIGNAL(PREFIX, SUFFIX, T, ELEM)                                                \
  RMARACE_PUT_SIGNAL_ONE(shmem_##PREFIX##put##SUFFIX##_signal, (RMARACE_PUT_SIGNAL_PARAMS(T)),     \
                         (RMARACE_PUT_SIGNAL_ARGS), nullptr, T, ELEM, true)                        \
  RMARACE_PUT_SIGNAL_ONE(shmem_##PREFIX##put##SUFFIX##_signal_nbi, (RMARACE_PUT_SIGNAL_PARAMS(T)), \
                         (RMARACE_PUT_SIGNAL_ARGS), nullptr, T, ELEM, false)                       \
  RMARACE_PUT_SIGNAL_ONE(shmem_ctx_##PREFIX##put##SUFFIX##_signal,                                 \
                         (shmem_ctx_t ctx, RMARACE_PUT_SIGNAL_PARAMS(T)),                          \
                         (ctx, RMARACE_PUT_SIGNAL_ARGS), ctx, T, ELEM, true)                       \
  RMARACE_PUT_SIGNAL_ONE(shmem_ctx_##PREFIX##put##SUFFIX##_signal_nbi,                             \
                         (shmem_ctx_t ctx, RMARACE_PUT_SIGNAL_PARAMS(T)),                          \
                         (ctx, RMARACE_PUT_SIGNAL_ARGS), ctx, T, ELEM, false)

#define RMARACE_TYPED_PUT_SIGNAL(T, N) RMARACE_PUT_SIGNAL(N##_, , T, sizeof(T))
#define RMARACE_SIZED_PUT_SIGNAL(SIZE) RMARACE_PUT_SIGNAL(, SIZE, void, SIZE / kBitsPerByte)

SHMEM_MPI_RMA_TYPES(RMARACE_TYPED_PUT_SIGNAL)
SHMEM_MPI_SIZES(RMARACE_SIZED_PUT_SIGNAL)
RMARACE_PUT_SIGNAL(, mem, void, 1)

extern "C" {

uint64_t pshmem_signal_fetch(const uint64_t *sig_addr) RMARACE_SHMEM_WEAK;
uint64_t pshmem_signal_wait_until(uint64_t *sig_addr, int cmp,
                                  uint64_t cmp_value) RMARACE_SHMEM_WEAK;

// An atomic read of the local signal: the polling loop that ends with it has observed the
// updates that produced the value (Fig. 6.6). Every fetch observes: one that reads a value the
// loop does not accept synchronises no more than the loop's final one will.
uint64_t shmem_signal_fetch(const uint64_t *sig_addr) {
  RMARACE_SHMEM_SCOPE("shmem_signal_fetch");
  uint64_t value = require(pshmem_signal_fetch, "pshmem_signal_fetch")(sig_addr);
  if (scope) onObserved(scope, sig_addr);
  return value;
}

uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value) {
  RMARACE_SHMEM_SCOPE("shmem_signal_wait_until");
  auto wait = require(pshmem_signal_wait_until, "pshmem_signal_wait_until");
  uint64_t value = scope.blocking([&] { return wait(sig_addr, cmp, cmp_value); });
  if (scope) onObserved(scope, sig_addr);
  return value;
}

} // extern "C"
