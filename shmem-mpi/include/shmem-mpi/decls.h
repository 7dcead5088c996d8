/* Prototypes of the core routines of OpenSHMEM 1.5 (chapter 9 without teams and collectives),
 * written once for both names of every routine: shmem.h includes this file with
 * SHMEM_MPI_FN(name) = shmem_##name, pshmem.h with pshmem_##name (the profiling interface of
 * section 10). No include guard on purpose; the includer defines and undefines SHMEM_MPI_FN.
 * Requires shmem-mpi/types.h. */
#ifndef SHMEM_MPI_FN
#error "include <shmem.h> or <pshmem.h>, not shmem-mpi/decls.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Library setup, exit and query (9.2) -------------------------------------------------- */
void SHMEM_MPI_FN(init)(void);
int SHMEM_MPI_FN(init_thread)(int requested, int *provided);
void SHMEM_MPI_FN(query_thread)(int *provided);
void SHMEM_MPI_FN(finalize)(void);
void SHMEM_MPI_FN(global_exit)(int status) __attribute__((noreturn));
int SHMEM_MPI_FN(my_pe)(void);
int SHMEM_MPI_FN(n_pes)(void);
int SHMEM_MPI_FN(pe_accessible)(int pe);
int SHMEM_MPI_FN(addr_accessible)(const void *addr, int pe);
void *SHMEM_MPI_FN(ptr)(const void *dest, int pe);
void SHMEM_MPI_FN(info_get_version)(int *major, int *minor);
void SHMEM_MPI_FN(info_get_name)(char *name);
void SHMEM_MPI_FN(pcontrol)(int level, ...);

/* ---- Memory management (9.3) -------------------------------------------------------------- */
void *SHMEM_MPI_FN(malloc)(size_t size);
void *SHMEM_MPI_FN(calloc)(size_t count, size_t size);
void *SHMEM_MPI_FN(align)(size_t alignment, size_t size);
void *SHMEM_MPI_FN(realloc)(void *ptr, size_t size);
void SHMEM_MPI_FN(free)(void *ptr);
void *SHMEM_MPI_FN(malloc_with_hints)(size_t size, long hints);

/* ---- Contexts (9.4.1) --------------------------------------------------------------------- */
int SHMEM_MPI_FN(ctx_create)(long options, shmem_ctx_t *ctx);
void SHMEM_MPI_FN(ctx_destroy)(shmem_ctx_t ctx);
int SHMEM_MPI_FN(team_create_ctx)(shmem_team_t team, long options, shmem_ctx_t *ctx);
int SHMEM_MPI_FN(ctx_get_team)(shmem_ctx_t ctx, shmem_team_t *team);

/* ---- Remote memory access (9.5) and put-with-signal (9.7) --------------------------------- */
#define SHMEM_MPI_DECL_RMA(TYPE, TYPENAME)                                                         \
  void SHMEM_MPI_FN(TYPENAME##_put)(TYPE * dest, const TYPE *source, size_t nelems, int pe);       \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_put)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source,        \
                                          size_t nelems, int pe);                                  \
  void SHMEM_MPI_FN(TYPENAME##_get)(TYPE * dest, const TYPE *source, size_t nelems, int pe);       \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_get)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source,        \
                                          size_t nelems, int pe);                                  \
  void SHMEM_MPI_FN(TYPENAME##_p)(TYPE * dest, TYPE value, int pe);                                \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_p)(shmem_ctx_t ctx, TYPE * dest, TYPE value, int pe);         \
  TYPE SHMEM_MPI_FN(TYPENAME##_g)(const TYPE *source, int pe);                                     \
  TYPE SHMEM_MPI_FN(ctx_##TYPENAME##_g)(shmem_ctx_t ctx, const TYPE *source, int pe);              \
  void SHMEM_MPI_FN(TYPENAME##_iput)(TYPE * dest, const TYPE *source, ptrdiff_t tst,               \
                                     ptrdiff_t sst, size_t nelems, int pe);                        \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_iput)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source,       \
                                           ptrdiff_t tst, ptrdiff_t sst, size_t nelems, int pe);   \
  void SHMEM_MPI_FN(TYPENAME##_iget)(TYPE * dest, const TYPE *source, ptrdiff_t dst,               \
                                     ptrdiff_t sst, size_t nelems, int pe);                        \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_iget)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source,       \
                                           ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);   \
  void SHMEM_MPI_FN(TYPENAME##_put_nbi)(TYPE * dest, const TYPE *source, size_t nelems, int pe);   \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_put_nbi)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source,    \
                                              size_t nelems, int pe);                              \
  void SHMEM_MPI_FN(TYPENAME##_get_nbi)(TYPE * dest, const TYPE *source, size_t nelems, int pe);   \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_get_nbi)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source,    \
                                              size_t nelems, int pe);                              \
  void SHMEM_MPI_FN(TYPENAME##_put_signal)(TYPE * dest, const TYPE *source, size_t nelems,         \
                                           uint64_t *sig_addr, uint64_t signal, int sig_op,        \
                                           int pe);                                                \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_put_signal)(shmem_ctx_t ctx, TYPE * dest, const TYPE *source, \
                                                 size_t nelems, uint64_t *sig_addr,                \
                                                 uint64_t signal, int sig_op, int pe);             \
  void SHMEM_MPI_FN(TYPENAME##_put_signal_nbi)(TYPE * dest, const TYPE *source, size_t nelems,     \
                                               uint64_t *sig_addr, uint64_t signal, int sig_op,    \
                                               int pe);                                            \
  void SHMEM_MPI_FN(ctx_##TYPENAME##_put_signal_nbi)(                                              \
      shmem_ctx_t ctx, TYPE * dest, const TYPE *source, size_t nelems, uint64_t *sig_addr,         \
      uint64_t signal, int sig_op, int pe);
SHMEM_MPI_RMA_TYPES(SHMEM_MPI_DECL_RMA)
#undef SHMEM_MPI_DECL_RMA

/* The sized forms (SIZE in bits) and the mem forms (nelems in bytes). */
#define SHMEM_MPI_DECL_RMA_BLOCK(NAME)                                                             \
  void SHMEM_MPI_FN(NAME)(void *dest, const void *source, size_t nelems, int pe);                  \
  void SHMEM_MPI_FN(ctx_##NAME)(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,    \
                                int pe);
#define SHMEM_MPI_DECL_RMA_STRIDED(NAME)                                                           \
  void SHMEM_MPI_FN(NAME)(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,            \
                          size_t nelems, int pe);                                                  \
  void SHMEM_MPI_FN(ctx_##NAME)(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,    \
                                ptrdiff_t sst, size_t nelems, int pe);
#define SHMEM_MPI_DECL_RMA_SIGNAL(NAME)                                                            \
  void SHMEM_MPI_FN(NAME)(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,       \
                          uint64_t signal, int sig_op, int pe);                                    \
  void SHMEM_MPI_FN(ctx_##NAME)(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,    \
                                uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
#define SHMEM_MPI_DECL_RMA_SIZED(SIZE)                                                             \
  SHMEM_MPI_DECL_RMA_BLOCK(put##SIZE)                                                              \
  SHMEM_MPI_DECL_RMA_BLOCK(get##SIZE)                                                              \
  SHMEM_MPI_DECL_RMA_BLOCK(put##SIZE##_nbi)                                                        \
  SHMEM_MPI_DECL_RMA_BLOCK(get##SIZE##_nbi)                                                        \
  SHMEM_MPI_DECL_RMA_STRIDED(iput##SIZE)                                                           \
  SHMEM_MPI_DECL_RMA_STRIDED(iget##SIZE)                                                           \
  SHMEM_MPI_DECL_RMA_SIGNAL(put##SIZE##_signal)                                                    \
  SHMEM_MPI_DECL_RMA_SIGNAL(put##SIZE##_signal_nbi)
SHMEM_MPI_SIZES(SHMEM_MPI_DECL_RMA_SIZED)
SHMEM_MPI_DECL_RMA_BLOCK(putmem)
SHMEM_MPI_DECL_RMA_BLOCK(getmem)
SHMEM_MPI_DECL_RMA_BLOCK(putmem_nbi)
SHMEM_MPI_DECL_RMA_BLOCK(getmem_nbi)
SHMEM_MPI_DECL_RMA_SIGNAL(putmem_signal)
SHMEM_MPI_DECL_RMA_SIGNAL(putmem_signal_nbi)
#undef SHMEM_MPI_DECL_RMA_SIZED
#undef SHMEM_MPI_DECL_RMA_BLOCK
#undef SHMEM_MPI_DECL_RMA_STRIDED
#undef SHMEM_MPI_DECL_RMA_SIGNAL

uint64_t SHMEM_MPI_FN(signal_fetch)(const uint64_t *sig_addr);
uint64_t SHMEM_MPI_FN(signal_wait_until)(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* ---- Atomic memory operations (9.8) ------------------------------------------------------- */
/* Each AMO in a plain and a context form. */
#define SHMEM_MPI_DECL_AMO2(RET, NAME, ...)                                                        \
  RET SHMEM_MPI_FN(NAME)(__VA_ARGS__);                                                             \
  RET SHMEM_MPI_FN(ctx_##NAME)(shmem_ctx_t ctx, __VA_ARGS__);
#define SHMEM_MPI_DECL_AMO_EXTENDED(TYPE, TYPENAME)                                                \
  SHMEM_MPI_DECL_AMO2(TYPE, TYPENAME##_atomic_fetch, const TYPE *source, int pe)                   \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_set, TYPE *dest, TYPE value, int pe)                 \
  SHMEM_MPI_DECL_AMO2(TYPE, TYPENAME##_atomic_swap, TYPE *dest, TYPE value, int pe)                \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_fetch_nbi, TYPE *fetch, const TYPE *source, int pe)  \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_swap_nbi, TYPE *fetch, TYPE *dest, TYPE value, int pe)
#define SHMEM_MPI_DECL_AMO_STANDARD(TYPE, TYPENAME)                                                \
  SHMEM_MPI_DECL_AMO2(TYPE, TYPENAME##_atomic_compare_swap, TYPE *dest, TYPE cond, TYPE value,     \
                      int pe)                                                                      \
  SHMEM_MPI_DECL_AMO2(TYPE, TYPENAME##_atomic_fetch_inc, TYPE *dest, int pe)                       \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_inc, TYPE *dest, int pe)                             \
  SHMEM_MPI_DECL_AMO2(TYPE, TYPENAME##_atomic_fetch_add, TYPE *dest, TYPE value, int pe)           \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_add, TYPE *dest, TYPE value, int pe)                 \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_compare_swap_nbi, TYPE *fetch, TYPE *dest,           \
                      TYPE cond, TYPE value, int pe)                                               \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_fetch_inc_nbi, TYPE *fetch, TYPE *dest, int pe)      \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_fetch_add_nbi, TYPE *fetch, TYPE *dest, TYPE value,  \
                      int pe)
#define SHMEM_MPI_DECL_AMO_BITWISE_OP(TYPE, TYPENAME, OP)                                          \
  SHMEM_MPI_DECL_AMO2(TYPE, TYPENAME##_atomic_fetch_##OP, TYPE *dest, TYPE value, int pe)          \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_##OP, TYPE *dest, TYPE value, int pe)                \
  SHMEM_MPI_DECL_AMO2(void, TYPENAME##_atomic_fetch_##OP##_nbi, TYPE *fetch, TYPE *dest,           \
                      TYPE value, int pe)
#define SHMEM_MPI_DECL_AMO_BITWISE(TYPE, TYPENAME)                                                 \
  SHMEM_MPI_DECL_AMO_BITWISE_OP(TYPE, TYPENAME, and)                                               \
  SHMEM_MPI_DECL_AMO_BITWISE_OP(TYPE, TYPENAME, or)                                                \
  SHMEM_MPI_DECL_AMO_BITWISE_OP(TYPE, TYPENAME, xor)
SHMEM_MPI_AMO_EXTENDED_TYPES(SHMEM_MPI_DECL_AMO_EXTENDED)
SHMEM_MPI_AMO_STANDARD_TYPES(SHMEM_MPI_DECL_AMO_STANDARD)
SHMEM_MPI_AMO_BITWISE_TYPES(SHMEM_MPI_DECL_AMO_BITWISE)
#undef SHMEM_MPI_DECL_AMO_EXTENDED
#undef SHMEM_MPI_DECL_AMO_STANDARD
#undef SHMEM_MPI_DECL_AMO_BITWISE_OP
#undef SHMEM_MPI_DECL_AMO_BITWISE
#undef SHMEM_MPI_DECL_AMO2

/* Deprecated 1.4 names (no context forms). */
#define SHMEM_MPI_DEPRECATED_AMO_INTEGER_TYPES(X) X(int, int) X(long, long) X(long long, longlong)
#define SHMEM_MPI_DEPRECATED_AMO_ALL_TYPES(X)                                                      \
  SHMEM_MPI_DEPRECATED_AMO_INTEGER_TYPES(X) X(float, float) X(double, double)
#define SHMEM_MPI_DECL_AMO_DEPRECATED_INTEGER(TYPE, TYPENAME)                                      \
  TYPE SHMEM_MPI_FN(TYPENAME##_finc)(TYPE * dest, int pe);                                         \
  void SHMEM_MPI_FN(TYPENAME##_inc)(TYPE * dest, int pe);                                          \
  TYPE SHMEM_MPI_FN(TYPENAME##_fadd)(TYPE * dest, TYPE value, int pe);                             \
  void SHMEM_MPI_FN(TYPENAME##_add)(TYPE * dest, TYPE value, int pe);                              \
  TYPE SHMEM_MPI_FN(TYPENAME##_cswap)(TYPE * dest, TYPE cond, TYPE value, int pe);
#define SHMEM_MPI_DECL_AMO_DEPRECATED_ALL(TYPE, TYPENAME)                                          \
  TYPE SHMEM_MPI_FN(TYPENAME##_swap)(TYPE * dest, TYPE value, int pe);                             \
  TYPE SHMEM_MPI_FN(TYPENAME##_fetch)(const TYPE *source, int pe);                                 \
  void SHMEM_MPI_FN(TYPENAME##_set)(TYPE * dest, TYPE value, int pe);
SHMEM_MPI_DEPRECATED_AMO_INTEGER_TYPES(SHMEM_MPI_DECL_AMO_DEPRECATED_INTEGER)
SHMEM_MPI_DEPRECATED_AMO_ALL_TYPES(SHMEM_MPI_DECL_AMO_DEPRECATED_ALL)
#undef SHMEM_MPI_DECL_AMO_DEPRECATED_INTEGER
#undef SHMEM_MPI_DECL_AMO_DEPRECATED_ALL

/* ---- Point-to-point synchronisation (9.10) ------------------------------------------------ */
#define SHMEM_MPI_DECL_SYNC(TYPE, TYPENAME)                                                        \
  void SHMEM_MPI_FN(TYPENAME##_wait_until)(TYPE * ivar, int cmp, TYPE cmp_value);                  \
  int SHMEM_MPI_FN(TYPENAME##_test)(TYPE * ivar, int cmp, TYPE cmp_value);                         \
  void SHMEM_MPI_FN(TYPENAME##_wait)(TYPE * ivar, TYPE cmp_value);                                 \
  void SHMEM_MPI_FN(TYPENAME##_wait_until_all)(TYPE * ivars, size_t nelems, const int *status,     \
                                               int cmp, TYPE cmp_value);                           \
  size_t SHMEM_MPI_FN(TYPENAME##_wait_until_any)(TYPE * ivars, size_t nelems, const int *status,   \
                                                 int cmp, TYPE cmp_value);                         \
  size_t SHMEM_MPI_FN(TYPENAME##_wait_until_some)(TYPE * ivars, size_t nelems, size_t * indices,   \
                                                  const int *status, int cmp, TYPE cmp_value);     \
  void SHMEM_MPI_FN(TYPENAME##_wait_until_all_vector)(                                             \
      TYPE * ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values);                  \
  size_t SHMEM_MPI_FN(TYPENAME##_wait_until_any_vector)(                                           \
      TYPE * ivars, size_t nelems, const int *status, int cmp, TYPE *cmp_values);                  \
  size_t SHMEM_MPI_FN(TYPENAME##_wait_until_some_vector)(TYPE * ivars, size_t nelems,              \
                                                         size_t * indices, const int *status,      \
                                                         int cmp, TYPE *cmp_values);               \
  int SHMEM_MPI_FN(TYPENAME##_test_all)(TYPE * ivars, size_t nelems, const int *status, int cmp,   \
                                        TYPE cmp_value);                                           \
  size_t SHMEM_MPI_FN(TYPENAME##_test_any)(TYPE * ivars, size_t nelems, const int *status,         \
                                           int cmp, TYPE cmp_value);                               \
  size_t SHMEM_MPI_FN(TYPENAME##_test_some)(TYPE * ivars, size_t nelems, size_t * indices,         \
                                            const int *status, int cmp, TYPE cmp_value);           \
  int SHMEM_MPI_FN(TYPENAME##_test_all_vector)(TYPE * ivars, size_t nelems, const int *status,     \
                                               int cmp, TYPE *cmp_values);                         \
  size_t SHMEM_MPI_FN(TYPENAME##_test_any_vector)(TYPE * ivars, size_t nelems, const int *status,  \
                                                  int cmp, TYPE *cmp_values);                      \
  size_t SHMEM_MPI_FN(TYPENAME##_test_some_vector)(TYPE * ivars, size_t nelems, size_t * indices,  \
                                                   const int *status, int cmp, TYPE *cmp_values);
SHMEM_MPI_AMO_STANDARD_TYPES(SHMEM_MPI_DECL_SYNC)
SHMEM_MPI_SYNC_DEPRECATED_TYPES(SHMEM_MPI_DECL_SYNC)
#undef SHMEM_MPI_DECL_SYNC
/* Deprecated: waits until *ivar != cmp_value. */
void SHMEM_MPI_FN(wait)(long *ivar, long cmp_value);

/* ---- Memory ordering (9.11) and distributed locks (9.12) ---------------------------------- */
void SHMEM_MPI_FN(fence)(void);
void SHMEM_MPI_FN(ctx_fence)(shmem_ctx_t ctx);
void SHMEM_MPI_FN(quiet)(void);
void SHMEM_MPI_FN(ctx_quiet)(shmem_ctx_t ctx);
void SHMEM_MPI_FN(barrier_all)(void);
void SHMEM_MPI_FN(sync_all)(void);
void SHMEM_MPI_FN(set_lock)(long *lock);
void SHMEM_MPI_FN(clear_lock)(long *lock);
int SHMEM_MPI_FN(test_lock)(long *lock);

#ifdef __cplusplus
}
#endif
