// Atomic memory operations (OpenSHMEM 1.5 section 9.8): blocking and _nbi, on contexts, and the
// deprecated 1.4 names. Every AMO is an atomic remote access of its type; the modifying ones are
// also signals to a wait on the object (Table 3.4).
#include "routines.h"

using namespace rmarace;
using namespace rmarace::shmem;

// One routine: NAME(PARAMS) returning R; ARGS forwards them; DEST and FETCH name the object and
// the fetch buffer (nullptr for blocking routines, which return the value).
#define RMARACE_AMO_ONE(R, NAME, PARAMS, ARGS, CTX, DEST, FETCH, AMO, BLOCKING)                    \
  extern "C" R p##NAME PARAMS RMARACE_SHMEM_WEAK;                                                  \
  extern "C" R NAME PARAMS {                                                                       \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    if (scope) onAmo(scope, CTX, DEST, AMO, FETCH, pe, BLOCKING);                                  \
    return require(p##NAME, "p" #NAME) ARGS;                                                       \
  }

// The default-context and the context form of one routine.
#define RMARACE_AMO(R, N, OP, PARAMS, ARGS, DEST, FETCH, AMO, BLOCKING)                            \
  RMARACE_AMO_ONE(R, shmem_##N##_atomic_##OP, PARAMS, ARGS, nullptr, DEST, FETCH, AMO, BLOCKING)   \
  RMARACE_AMO_ONE(R, shmem_ctx_##N##_atomic_##OP, (shmem_ctx_t ctx, RMARACE_UNPAREN PARAMS),       \
                  (ctx, RMARACE_UNPAREN ARGS), ctx, DEST, FETCH, AMO, BLOCKING)
#define RMARACE_UNPAREN(...) __VA_ARGS__

#define RMARACE_FETCHING(T, OP) amoOf<T>(AtomicOp::OP, true, true)
#define RMARACE_UPDATING(T, OP) amoOf<T>(AtomicOp::OP, false, true)

// Standard AMO types: inc, add, compare_swap and their fetching and _nbi forms.
#define RMARACE_STANDARD_AMOS(T, N)                                                                \
  RMARACE_AMO(T, N, fetch_inc, (T * dest, int pe), (dest, pe), dest, nullptr,                      \
              RMARACE_FETCHING(T, Sum), true)                                                      \
  RMARACE_AMO(void, N, inc, (T * dest, int pe), (dest, pe), dest, nullptr,                         \
              RMARACE_UPDATING(T, Sum), true)                                                      \
  RMARACE_AMO(T, N, fetch_add, (T * dest, T value, int pe), (dest, value, pe), dest, nullptr,      \
              RMARACE_FETCHING(T, Sum), true)                                                      \
  RMARACE_AMO(void, N, add, (T * dest, T value, int pe), (dest, value, pe), dest, nullptr,         \
              RMARACE_UPDATING(T, Sum), true)                                                      \
  RMARACE_AMO(T, N, compare_swap, (T * dest, T cond, T value, int pe), (dest, cond, value, pe),    \
              dest, nullptr, RMARACE_FETCHING(T, CompareAndSwap), true)                            \
  RMARACE_AMO(void, N, fetch_inc_nbi, (T * fetch, T * dest, int pe), (fetch, dest, pe), dest,      \
              fetch, RMARACE_FETCHING(T, Sum), false)                                              \
  RMARACE_AMO(void, N, fetch_add_nbi, (T * fetch, T * dest, T value, int pe),                      \
              (fetch, dest, value, pe), dest, fetch, RMARACE_FETCHING(T, Sum), false)              \
  RMARACE_AMO(void, N, compare_swap_nbi, (T * fetch, T * dest, T cond, T value, int pe),           \
              (fetch, dest, cond, value, pe), dest, fetch, RMARACE_FETCHING(T, CompareAndSwap),    \
              false)

// Extended AMO types: fetch, set, swap and their _nbi forms.
#define RMARACE_EXTENDED_AMOS(T, N)                                                                \
  RMARACE_AMO(T, N, fetch, (const T *source, int pe), (source, pe), source, nullptr,               \
              amoOf<T>(AtomicOp::NoOp, true, false), true)                                         \
  RMARACE_AMO(void, N, set, (T * dest, T value, int pe), (dest, value, pe), dest, nullptr,         \
              RMARACE_UPDATING(T, Replace), true)                                                  \
  RMARACE_AMO(T, N, swap, (T * dest, T value, int pe), (dest, value, pe), dest, nullptr,           \
              RMARACE_FETCHING(T, Swap), true)                                                     \
  RMARACE_AMO(void, N, fetch_nbi, (T * fetch, const T *source, int pe), (fetch, source, pe),       \
              source, fetch, amoOf<T>(AtomicOp::NoOp, true, false), false)                         \
  RMARACE_AMO(void, N, swap_nbi, (T * fetch, T * dest, T value, int pe), (fetch, dest, value, pe), \
              dest, fetch, RMARACE_FETCHING(T, Swap), false)

// Bitwise AMO types: and, or, xor, fetching, and _nbi.
#define RMARACE_BITWISE_AMO(T, N, OP, KIND)                                                        \
  RMARACE_AMO(T, N, fetch_##OP, (T * dest, T value, int pe), (dest, value, pe), dest, nullptr,     \
              RMARACE_FETCHING(T, KIND), true)                                                     \
  RMARACE_AMO(void, N, OP, (T * dest, T value, int pe), (dest, value, pe), dest, nullptr,          \
              RMARACE_UPDATING(T, KIND), true)                                                     \
  RMARACE_AMO(void, N, fetch_##OP##_nbi, (T * fetch, T * dest, T value, int pe),                   \
              (fetch, dest, value, pe), dest, fetch, RMARACE_FETCHING(T, KIND), false)
#define RMARACE_BITWISE_AMOS(T, N)                                                                 \
  RMARACE_BITWISE_AMO(T, N, and, BitAnd)                                                           \
  RMARACE_BITWISE_AMO(T, N, or, BitOr)                                                             \
  RMARACE_BITWISE_AMO(T, N, xor, BitXor)

SHMEM_MPI_AMO_STANDARD_TYPES(RMARACE_STANDARD_AMOS)
SHMEM_MPI_AMO_EXTENDED_TYPES(RMARACE_EXTENDED_AMOS)
SHMEM_MPI_AMO_BITWISE_TYPES(RMARACE_BITWISE_AMOS)

// ---- Deprecated 1.4 names (no context forms) -------------------------------------------------
#define RMARACE_OLD_AMO(R, NAME, PARAMS, ARGS, DEST, AMO)                                          \
  RMARACE_AMO_ONE(R, NAME, PARAMS, ARGS, nullptr, DEST, nullptr, AMO, true)
#define RMARACE_OLD_INTEGER_AMOS(T, N)                                                             \
  RMARACE_OLD_AMO(T, shmem_##N##_finc, (T * dest, int pe), (dest, pe), dest,                       \
                  RMARACE_FETCHING(T, Sum))                                                        \
  RMARACE_OLD_AMO(void, shmem_##N##_inc, (T * dest, int pe), (dest, pe), dest,                     \
                  RMARACE_UPDATING(T, Sum))                                                        \
  RMARACE_OLD_AMO(T, shmem_##N##_fadd, (T * dest, T value, int pe), (dest, value, pe), dest,       \
                  RMARACE_FETCHING(T, Sum))                                                        \
  RMARACE_OLD_AMO(void, shmem_##N##_add, (T * dest, T value, int pe), (dest, value, pe), dest,     \
                  RMARACE_UPDATING(T, Sum))                                                        \
  RMARACE_OLD_AMO(T, shmem_##N##_cswap, (T * dest, T cond, T value, int pe),                       \
                  (dest, cond, value, pe), dest, RMARACE_FETCHING(T, CompareAndSwap))
#define RMARACE_OLD_EXTENDED_AMOS(T, N)                                                            \
  RMARACE_OLD_AMO(T, shmem_##N##_fetch, (const T *source, int pe), (source, pe), source,           \
                  amoOf<T>(AtomicOp::NoOp, true, false))                                           \
  RMARACE_OLD_AMO(void, shmem_##N##_set, (T * dest, T value, int pe), (dest, value, pe), dest,     \
                  RMARACE_UPDATING(T, Replace))                                                    \
  RMARACE_OLD_AMO(T, shmem_##N##_swap, (T * dest, T value, int pe), (dest, value, pe), dest,       \
                  RMARACE_FETCHING(T, Swap))
#define RMARACE_OLD_INTEGER_TYPES(X) X(int, int) X(long, long) X(long long, longlong)

RMARACE_OLD_INTEGER_TYPES(RMARACE_OLD_INTEGER_AMOS)
RMARACE_OLD_INTEGER_TYPES(RMARACE_OLD_EXTENDED_AMOS)
RMARACE_OLD_EXTENDED_AMOS(float, float)
RMARACE_OLD_EXTENDED_AMOS(double, double)
