// Put and get routines (OpenSHMEM 1.5 sections 9.5 and 9.6): typed, sized and mem forms, blocking
// and _nbi, p/g, iput/iget, each also on a context. One definition per shape; the type tables
// expand them.
#include "nasty_nbi.h"
#include "routines.h"

using namespace rmarace::shmem;

// NAME(dest, source, nelems, pe) and NAME(ctx, dest, source, nelems, pe). Non-blocking forms are
// held under the nasty schedule (nasty_nbi.h) after the semantics has seen them.
#define RMARACE_TRANSFER(NAME, CTXNAME, DT, ST, ELEM, HOOK, BLOCKING)                              \
  extern "C" void p##NAME(DT *, const ST *, size_t, int) RMARACE_SHMEM_WEAK;                       \
  extern "C" void NAME(DT *dest, const ST *source, size_t nelems, int pe) {                        \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    if (scope) HOOK(scope, nullptr, dest, source, nelems *(ELEM), pe, BLOCKING);                   \
    auto *routine = require(p##NAME, "p" #NAME);                                                   \
    if (!(BLOCKING) && scope && holdNbi([=] { routine(dest, source, nelems, pe); })) return;       \
    routine(dest, source, nelems, pe);                                                             \
  }                                                                                                \
  extern "C" void p##CTXNAME(shmem_ctx_t, DT *, const ST *, size_t, int) RMARACE_SHMEM_WEAK;       \
  extern "C" void CTXNAME(shmem_ctx_t ctx, DT *dest, const ST *source, size_t nelems, int pe) {    \
    RMARACE_SHMEM_SCOPE(#CTXNAME);                                                                 \
    if (scope) HOOK(scope, ctx, dest, source, nelems *(ELEM), pe, BLOCKING);                       \
    auto *routine = require(p##CTXNAME, "p" #CTXNAME);                                             \
    if (!(BLOCKING) && scope && holdNbi([=] { routine(ctx, dest, source, nelems, pe); })) return;  \
    routine(ctx, dest, source, nelems, pe);                                                        \
  }

// NAME(dest, source, dst, sst, nelems, pe) and the context form.
#define RMARACE_STRIDED(NAME, CTXNAME, DT, ST, ELEM, HOOK)                                         \
  extern "C" void p##NAME(DT *, const ST *, ptrdiff_t, ptrdiff_t, size_t, int) RMARACE_SHMEM_WEAK; \
  extern "C" void NAME(DT *dest, const ST *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,    \
                       int pe) {                                                                   \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    if (scope) HOOK(scope, nullptr, dest, source, dst, sst, nelems, ELEM, pe);                     \
    require(p##NAME, "p" #NAME)(dest, source, dst, sst, nelems, pe);                               \
  }                                                                                                \
  extern "C" void p##CTXNAME(shmem_ctx_t, DT *, const ST *, ptrdiff_t, ptrdiff_t, size_t, int)     \
      RMARACE_SHMEM_WEAK;                                                                          \
  extern "C" void CTXNAME(shmem_ctx_t ctx, DT *dest, const ST *source, ptrdiff_t dst,              \
                          ptrdiff_t sst, size_t nelems, int pe) {                                  \
    RMARACE_SHMEM_SCOPE(#CTXNAME);                                                                 \
    if (scope) HOOK(scope, ctx, dest, source, dst, sst, nelems, ELEM, pe);                         \
    require(p##CTXNAME, "p" #CTXNAME)(ctx, dest, source, dst, sst, nelems, pe);                    \
  }

// The four transfer shapes of one element type: blocking and non-blocking put and get.
#define RMARACE_TRANSFERS(PREFIX, SUFFIX, T, ELEM)                                                 \
  RMARACE_TRANSFER(shmem_##PREFIX##put##SUFFIX, shmem_ctx_##PREFIX##put##SUFFIX, T, T, ELEM,       \
                   onPut, true)                                                                    \
  RMARACE_TRANSFER(shmem_##PREFIX##get##SUFFIX, shmem_ctx_##PREFIX##get##SUFFIX, T, T, ELEM,       \
                   onGet, true)                                                                    \
  RMARACE_TRANSFER(shmem_##PREFIX##put##SUFFIX##_nbi, shmem_ctx_##PREFIX##put##SUFFIX##_nbi, T, T, \
                   ELEM, onPut, false)                                                             \
  RMARACE_TRANSFER(shmem_##PREFIX##get##SUFFIX##_nbi, shmem_ctx_##PREFIX##get##SUFFIX##_nbi, T, T, \
                   ELEM, onGet, false)

// Typed: shmem_int_put, shmem_int_p, shmem_int_iput, ...
#define RMARACE_TYPED_RMA(T, N)                                                                    \
  RMARACE_TRANSFERS(N##_, , T, sizeof(T))                                                          \
  RMARACE_STRIDED(shmem_##N##_iput, shmem_ctx_##N##_iput, T, T, sizeof(T), onStridedPut)           \
  RMARACE_STRIDED(shmem_##N##_iget, shmem_ctx_##N##_iget, T, T, sizeof(T), onStridedGet)           \
  extern "C" void pshmem_##N##_p(T *, T, int) RMARACE_SHMEM_WEAK;                                  \
  extern "C" void shmem_##N##_p(T *dest, T value, int pe) {                                        \
    RMARACE_SHMEM_SCOPE("shmem_" #N "_p");                                                         \
    if (scope) onPut(scope, nullptr, dest, nullptr, sizeof(T), pe, true);                          \
    require(pshmem_##N##_p, "pshmem_" #N "_p")(dest, value, pe);                                   \
  }                                                                                                \
  extern "C" void pshmem_ctx_##N##_p(shmem_ctx_t, T *, T, int) RMARACE_SHMEM_WEAK;                 \
  extern "C" void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe) {                   \
    RMARACE_SHMEM_SCOPE("shmem_ctx_" #N "_p");                                                     \
    if (scope) onPut(scope, ctx, dest, nullptr, sizeof(T), pe, true);                              \
    require(pshmem_ctx_##N##_p, "pshmem_ctx_" #N "_p")(ctx, dest, value, pe);                      \
  }                                                                                                \
  extern "C" T pshmem_##N##_g(const T *, int) RMARACE_SHMEM_WEAK;                                  \
  extern "C" T shmem_##N##_g(const T *source, int pe) {                                            \
    RMARACE_SHMEM_SCOPE("shmem_" #N "_g");                                                         \
    if (scope) onGet(scope, nullptr, nullptr, source, sizeof(T), pe, true);                        \
    return require(pshmem_##N##_g, "pshmem_" #N "_g")(source, pe);                                 \
  }                                                                                                \
  extern "C" T pshmem_ctx_##N##_g(shmem_ctx_t, const T *, int) RMARACE_SHMEM_WEAK;                 \
  extern "C" T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe) {                       \
    RMARACE_SHMEM_SCOPE("shmem_ctx_" #N "_g");                                                     \
    if (scope) onGet(scope, ctx, nullptr, source, sizeof(T), pe, true);                            \
    return require(pshmem_ctx_##N##_g, "pshmem_ctx_" #N "_g")(ctx, source, pe);                    \
  }

// Sized: shmem_put32, shmem_iget64, ... (SIZE in bits).
#define RMARACE_SIZED_RMA(SIZE)                                                                    \
  RMARACE_TRANSFERS(, SIZE, void, SIZE / kBitsPerByte)                                             \
  RMARACE_STRIDED(shmem_iput##SIZE, shmem_ctx_iput##SIZE, void, void, SIZE / kBitsPerByte,         \
                  onStridedPut)                                                                    \
  RMARACE_STRIDED(shmem_iget##SIZE, shmem_ctx_iget##SIZE, void, void, SIZE / kBitsPerByte,         \
                  onStridedGet)

SHMEM_MPI_RMA_TYPES(RMARACE_TYPED_RMA)
SHMEM_MPI_SIZES(RMARACE_SIZED_RMA)
// Untyped: shmem_putmem, shmem_getmem_nbi, ... (nelems in bytes).
RMARACE_TRANSFERS(, mem, void, 1)
