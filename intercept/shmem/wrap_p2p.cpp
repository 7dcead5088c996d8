// Point-to-point synchronisation (OpenSHMEM 1.5 section 9.10): a wait that returns, and a test
// that reports success, have observed the updates of the objects they report as satisfied.
#include "routines.h"

#include <cstdint>

using namespace rmarace;
using namespace rmarace::shmem;

namespace {

bool inWaitSet(const int *status, std::size_t i) {
  return !status || status[i] == 0;
}

// Every object of the wait set (wait_until_all, a successful test_all).
template <class T> void observeAll(Scope &s, T *ivars, std::size_t nelems, const int *status) {
  for (std::size_t i = 0; i < nelems; ++i)
    if (inWaitSet(status, i)) onObserved(s, ivars + i);
}

// The objects named by `indices[0..count)` (wait_until_some, test_some).
template <class T>
void observeSome(Scope &s, T *ivars, const std::size_t *indices, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) onObserved(s, ivars + indices[i]);
}

} // namespace

// NAME(ivar-like PARAMS) blocking: the library call runs without the engine lock.
#define RMARACE_WAIT(R, NAME, PARAMS, ARGS, OBSERVE)                                               \
  extern "C" R p##NAME PARAMS RMARACE_SHMEM_WEAK;                                                  \
  extern "C" R NAME PARAMS {                                                                       \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    R result = scope.blocking([&] { return routine ARGS; });                                       \
    if (scope) OBSERVE;                                                                            \
    return result;                                                                                 \
  }
#define RMARACE_WAIT_VOID(NAME, PARAMS, ARGS, OBSERVE)                                             \
  extern "C" void p##NAME PARAMS RMARACE_SHMEM_WEAK;                                               \
  extern "C" void NAME PARAMS {                                                                    \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    scope.blocking([&] { routine ARGS; });                                                         \
    if (scope) OBSERVE;                                                                            \
  }

// The routines of one comparison-value form: CMP is `T cmp_value` or `T *cmp_values`.
#define RMARACE_WAIT_FORMS(T, N, SUFFIX, CMP, CMPARG)                                              \
  RMARACE_WAIT_VOID(shmem_##N##_wait_until_all##SUFFIX,                                            \
                    (T * ivars, size_t nelems, const int *status, int cmp, CMP),                   \
                    (ivars, nelems, status, cmp, CMPARG),                                          \
                    observeAll(scope, ivars, nelems, status))                                      \
  RMARACE_WAIT(size_t, shmem_##N##_wait_until_any##SUFFIX,                                         \
               (T * ivars, size_t nelems, const int *status, int cmp, CMP),                        \
               (ivars, nelems, status, cmp, CMPARG),                                               \
               (result != SIZE_MAX ? onObserved(scope, ivars + result) : void()))                  \
  RMARACE_WAIT(size_t, shmem_##N##_wait_until_some##SUFFIX,                                        \
               (T * ivars, size_t nelems, size_t * indices, const int *status, int cmp, CMP),      \
               (ivars, nelems, indices, status, cmp, CMPARG),                                      \
               observeSome(scope, ivars, indices, result))                                         \
  RMARACE_WAIT(int, shmem_##N##_test_all##SUFFIX,                                                  \
               (T * ivars, size_t nelems, const int *status, int cmp, CMP),                        \
               (ivars, nelems, status, cmp, CMPARG),                                               \
               (result ? observeAll(scope, ivars, nelems, status) : void()))                       \
  RMARACE_WAIT(size_t, shmem_##N##_test_any##SUFFIX,                                               \
               (T * ivars, size_t nelems, const int *status, int cmp, CMP),                        \
               (ivars, nelems, status, cmp, CMPARG),                                               \
               (result != SIZE_MAX ? onObserved(scope, ivars + result) : void()))                  \
  RMARACE_WAIT(size_t, shmem_##N##_test_some##SUFFIX,                                              \
               (T * ivars, size_t nelems, size_t * indices, const int *status, int cmp, CMP),      \
               (ivars, nelems, indices, status, cmp, CMPARG),                                      \
               observeSome(scope, ivars, indices, result))

#define RMARACE_WAITS(T, N)                                                                        \
  RMARACE_WAIT_VOID(shmem_##N##_wait_until, (T * ivar, int cmp, T cmp_value),                      \
                    (ivar, cmp, cmp_value), onObserved(scope, ivar))                               \
  RMARACE_WAIT(int, shmem_##N##_test, (T * ivar, int cmp, T cmp_value), (ivar, cmp, cmp_value),    \
               (result ? onObserved(scope, ivar) : void()))                                        \
  RMARACE_WAIT_FORMS(T, N, , T cmp_value, cmp_value)                                               \
  RMARACE_WAIT_FORMS(T, N, _vector, T *cmp_values, cmp_values)

SHMEM_MPI_AMO_STANDARD_TYPES(RMARACE_WAITS)
SHMEM_MPI_SYNC_DEPRECATED_TYPES(RMARACE_WAITS)

// Deprecated shmem_TYPENAME_wait (wait while the object equals the value) and shmem_wait.
#define RMARACE_OLD_WAIT(T, N)                                                                     \
  RMARACE_WAIT_VOID(shmem_##N##_wait, (T * ivar, T cmp_value), (ivar, cmp_value),                  \
                    onObserved(scope, ivar))
RMARACE_OLD_WAIT(short, short)
RMARACE_OLD_WAIT(int, int)
RMARACE_OLD_WAIT(long, long)
RMARACE_OLD_WAIT(long long, longlong)
RMARACE_WAIT_VOID(shmem_wait, (long *ivar, long cmp_value), (ivar, cmp_value),
                  onObserved(scope, ivar))
