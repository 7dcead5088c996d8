/* OpenSHMEM 1.5 over MPI-3 RMA (shmem-mpi): what programs include. Declares every routine of
 * chapter 9 (the core ones in shmem-mpi/decls.h, teams and collectives in shmem-mpi/teams.h) and,
 * in C11, the type-generic interfaces. Every routine also exists as pshmem_X (see pshmem.h). */
#ifndef SHMEM_H
#define SHMEM_H

#include "shmem-mpi/types.h"

#include <stddef.h>
#include <stdint.h>

#define SHMEM_MPI_FN(name) shmem_##name
#include "shmem-mpi/decls.h"
#undef SHMEM_MPI_FN

#ifdef __cplusplus
extern "C" {
#endif

/* Deprecated names of OpenSHMEM 1.0-1.2. */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmemalign(size_t alignment, size_t size);

#ifdef __cplusplus
}
#endif

/* ---- C11 type-generic interfaces (9.5-9.10) ----------------------------------------------- */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

/* Selected only when an argument has a type the generic routine does not support: the call then
 * fails to compile with this name in the message. Never defined. */
void shmem_generic_unsupported_argument_type(void);

#define SHMEM_MPI_ARG0(...) SHMEM_MPI_ARG0_(__VA_ARGS__, 0)
#define SHMEM_MPI_ARG0_(a0, ...) a0
#define SHMEM_MPI_ARG1(...) SHMEM_MPI_ARG1_(__VA_ARGS__, 0)
#define SHMEM_MPI_ARG1_(a0, a1, ...) a1

/* The C types of the generic selections: each TYPENAME once (int32_t and friends are aliases of
 * these on every supported platform, except where a table lists them itself). */
#define SHMEM_MPI_C11_RMA_TYPES(X, PREFIX, OP)                                                     \
  X(float, float, PREFIX, OP)                                                                      \
  X(double, double, PREFIX, OP)                                                                    \
  X(long double, longdouble, PREFIX, OP)                                                           \
  X(char, char, PREFIX, OP)                                                                        \
  X(signed char, schar, PREFIX, OP)                                                                \
  X(short, short, PREFIX, OP)                                                                      \
  X(int, int, PREFIX, OP)                                                                          \
  X(long, long, PREFIX, OP)                                                                        \
  X(long long, longlong, PREFIX, OP)                                                               \
  X(unsigned char, uchar, PREFIX, OP)                                                              \
  X(unsigned short, ushort, PREFIX, OP)                                                            \
  X(unsigned int, uint, PREFIX, OP)                                                                \
  X(unsigned long, ulong, PREFIX, OP)                                                              \
  X(unsigned long long, ulonglong, PREFIX, OP)
#define SHMEM_MPI_C11_AMO_STANDARD_TYPES(X, PREFIX, OP)                                            \
  X(int, int, PREFIX, OP)                                                                          \
  X(long, long, PREFIX, OP)                                                                        \
  X(long long, longlong, PREFIX, OP)                                                               \
  X(unsigned int, uint, PREFIX, OP)                                                                \
  X(unsigned long, ulong, PREFIX, OP)                                                              \
  X(unsigned long long, ulonglong, PREFIX, OP)
#define SHMEM_MPI_C11_AMO_EXTENDED_TYPES(X, PREFIX, OP)                                            \
  SHMEM_MPI_C11_AMO_STANDARD_TYPES(X, PREFIX, OP)                                                  \
  X(float, float, PREFIX, OP)                                                                      \
  X(double, double, PREFIX, OP)
#define SHMEM_MPI_C11_AMO_BITWISE_TYPES(X, PREFIX, OP)                                             \
  X(unsigned int, uint, PREFIX, OP)                                                                \
  X(unsigned long, ulong, PREFIX, OP)                                                              \
  X(unsigned long long, ulonglong, PREFIX, OP)                                                     \
  X(int32_t, int32, PREFIX, OP)                                                                    \
  X(int64_t, int64, PREFIX, OP)
#define SHMEM_MPI_C11_SYNC_TYPES(X, PREFIX, OP)                                                    \
  SHMEM_MPI_C11_AMO_STANDARD_TYPES(X, PREFIX, OP)                                                  \
  X(short, short, PREFIX, OP)                                                                      \
  X(unsigned short, ushort, PREFIX, OP)

/* One association per type: TYPE * (and const TYPE * for read-only first arguments). */
#define SHMEM_MPI_C11_CASE(TYPE, TYPENAME, PREFIX, OP) TYPE * : PREFIX##TYPENAME##_##OP,
#define SHMEM_MPI_C11_CASE_CONST(TYPE, TYPENAME, PREFIX, OP)                                       \
  TYPE * : PREFIX##TYPENAME##_##OP, const TYPE * : PREFIX##TYPENAME##_##OP,

/* A generic routine with a context form: a leading shmem_ctx_t selects the shmem_ctx_ routine by
 * the type of the second argument, otherwise the first argument selects the plain routine. */
#define SHMEM_MPI_C11_CTX(TYPES, CASE, OP, ...)                                                    \
  _Generic(SHMEM_MPI_ARG0(__VA_ARGS__), shmem_ctx_t                                                \
           : _Generic(SHMEM_MPI_ARG1(__VA_ARGS__), TYPES(CASE, shmem_ctx_, OP) default             \
                      : shmem_generic_unsupported_argument_type),                                  \
             TYPES(CASE, shmem_, OP) default                                                       \
           : shmem_generic_unsupported_argument_type)(__VA_ARGS__)
/* A generic routine without a context form. */
#define SHMEM_MPI_C11_PLAIN(TYPES, OP, ...)                                                        \
  _Generic(SHMEM_MPI_ARG0(__VA_ARGS__), TYPES(SHMEM_MPI_C11_CASE, shmem_, OP) default              \
           : shmem_generic_unsupported_argument_type)(__VA_ARGS__)

/* RMA (9.5) and put-with-signal (9.7). */
#define SHMEM_MPI_C11_RMA(OP, ...)                                                                 \
  SHMEM_MPI_C11_CTX(SHMEM_MPI_C11_RMA_TYPES, SHMEM_MPI_C11_CASE, OP, __VA_ARGS__)
#define shmem_put(...) SHMEM_MPI_C11_RMA(put, __VA_ARGS__)
#define shmem_get(...) SHMEM_MPI_C11_RMA(get, __VA_ARGS__)
#define shmem_p(...) SHMEM_MPI_C11_RMA(p, __VA_ARGS__)
#define shmem_g(...)                                                                               \
  SHMEM_MPI_C11_CTX(SHMEM_MPI_C11_RMA_TYPES, SHMEM_MPI_C11_CASE_CONST, g, __VA_ARGS__)
#define shmem_iput(...) SHMEM_MPI_C11_RMA(iput, __VA_ARGS__)
#define shmem_iget(...) SHMEM_MPI_C11_RMA(iget, __VA_ARGS__)
#define shmem_put_nbi(...) SHMEM_MPI_C11_RMA(put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) SHMEM_MPI_C11_RMA(get_nbi, __VA_ARGS__)
#define shmem_put_signal(...) SHMEM_MPI_C11_RMA(put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...) SHMEM_MPI_C11_RMA(put_signal_nbi, __VA_ARGS__)

/* AMOs (9.8). */
#define SHMEM_MPI_C11_AMO(TYPES, OP, ...)                                                          \
  SHMEM_MPI_C11_CTX(TYPES, SHMEM_MPI_C11_CASE, OP, __VA_ARGS__)
#define shmem_atomic_fetch(...)                                                                    \
  SHMEM_MPI_C11_CTX(SHMEM_MPI_C11_AMO_EXTENDED_TYPES, SHMEM_MPI_C11_CASE_CONST, atomic_fetch,      \
                    __VA_ARGS__)
#define shmem_atomic_set(...)                                                                      \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_EXTENDED_TYPES, atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...)                                                                     \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_EXTENDED_TYPES, atomic_swap, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...)                                                                \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_EXTENDED_TYPES, atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...)                                                                 \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_EXTENDED_TYPES, atomic_swap_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap(...)                                                             \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...)                                                                \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_inc(...)                                                                      \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...)                                                                \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_add(...)                                                                      \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_add, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...)                                                         \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...)                                                            \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...)                                                            \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_STANDARD_TYPES, atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_and(...)                                                                \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...)                                                                 \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...)                                                                \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_and(...)                                                                      \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_and, __VA_ARGS__)
#define shmem_atomic_or(...)                                                                       \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_or, __VA_ARGS__)
#define shmem_atomic_xor(...)                                                                      \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_xor, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...)                                                            \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...)                                                             \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...)                                                            \
  SHMEM_MPI_C11_AMO(SHMEM_MPI_C11_AMO_BITWISE_TYPES, atomic_fetch_xor_nbi, __VA_ARGS__)

/* Point-to-point synchronisation (9.10). */
#define SHMEM_MPI_C11_SYNC(OP, ...) SHMEM_MPI_C11_PLAIN(SHMEM_MPI_C11_SYNC_TYPES, OP, __VA_ARGS__)
#define shmem_wait_until(...) SHMEM_MPI_C11_SYNC(wait_until, __VA_ARGS__)
#define shmem_test(...) SHMEM_MPI_C11_SYNC(test, __VA_ARGS__)
#define shmem_wait_until_all(...) SHMEM_MPI_C11_SYNC(wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) SHMEM_MPI_C11_SYNC(wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) SHMEM_MPI_C11_SYNC(wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) SHMEM_MPI_C11_SYNC(wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) SHMEM_MPI_C11_SYNC(wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) SHMEM_MPI_C11_SYNC(wait_until_some_vector, __VA_ARGS__)
#define shmem_test_all(...) SHMEM_MPI_C11_SYNC(test_all, __VA_ARGS__)
#define shmem_test_any(...) SHMEM_MPI_C11_SYNC(test_any, __VA_ARGS__)
#define shmem_test_some(...) SHMEM_MPI_C11_SYNC(test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) SHMEM_MPI_C11_SYNC(test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) SHMEM_MPI_C11_SYNC(test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) SHMEM_MPI_C11_SYNC(test_some_vector, __VA_ARGS__)

#endif /* C11 */

/* Teams, team-based and active-set collectives (and their generic interfaces). */
#include "shmem-mpi/teams.h"

#endif /* SHMEM_H */
