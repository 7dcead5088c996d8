/* Atomic memory operations (OpenSHMEM 1.5 section 9.8) as MPI_Fetch_and_op, MPI_Compare_and_swap
 * and MPI_Accumulate with the MPI datatype of the C type: MPI_NO_OP for fetch, MPI_REPLACE for
 * set and swap, MPI_SUM for add and inc, MPI_BAND/BOR/BXOR for the bitwise ones. Fetching AMOs
 * wait for the value (MPI_Win_flush); the non-fetching ones complete locally and are completed
 * remotely by a quiet. The _nbi fetching AMOs complete before returning (allowed: a library may
 * complete more than asked). */
#include "core.h"

/* The object an AMO updates. */
struct amo {
  shmem_ctx_t ctx;
  const void *dest;
  int pe;
  MPI_Datatype type;
  size_t size;
  const char *routine;
};
#define SHMEMI_AMO(TYPE, TYPENAME, DEST)                                                           \
  (&(struct amo){ctx, DEST, pe, SHMEMI_MPI_TYPE(TYPENAME), sizeof(TYPE), routine})

static void fetch_op(const struct amo *amo, const void *operand, void *result, MPI_Op op) {
  struct shmemi_remote r = shmemi_remote(amo->ctx, amo->dest, amo->size, amo->pe, amo->routine);
  MPI_Fetch_and_op(operand, result, amo->type, r.pe, r.disp, op, r.win);
  MPI_Win_flush(r.pe, r.win);
}

static void update(const struct amo *amo, const void *operand, MPI_Op op) {
  struct shmemi_remote r = shmemi_remote(amo->ctx, amo->dest, amo->size, amo->pe, amo->routine);
  MPI_Accumulate(operand, 1, amo->type, r.pe, r.disp, 1, amo->type, op, r.win);
  MPI_Win_flush_local(r.pe, r.win);
}

static void compare_swap(const struct amo *amo, const void *cond, const void *value, void *result) {
  struct shmemi_remote r = shmemi_remote(amo->ctx, amo->dest, amo->size, amo->pe, amo->routine);
  MPI_Compare_and_swap(value, cond, result, amo->type, r.pe, r.disp, r.win);
  MPI_Win_flush(r.pe, r.win);
}

/* fetch, set, swap: extended AMO types. */
#define SHMEMI_AMO_EXTENDED(TYPE, TYPENAME)                                                        \
  static TYPE TYPENAME##_atomic_fetch_impl(shmem_ctx_t ctx, const char *routine,                   \
                                           const TYPE *source, int pe) {                           \
    TYPE result;                                                                                   \
    fetch_op(SHMEMI_AMO(TYPE, TYPENAME, source), NULL, &result, MPI_NO_OP);                        \
    return result;                                                                                 \
  }                                                                                                \
  static void TYPENAME##_atomic_fetch_nbi_impl(shmem_ctx_t ctx, const char *routine, TYPE *fetch,  \
                                               const TYPE *source, int pe) {                       \
    fetch_op(SHMEMI_AMO(TYPE, TYPENAME, source), NULL, fetch, MPI_NO_OP);                          \
  }                                                                                                \
  static void TYPENAME##_atomic_set_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,         \
                                         TYPE value, int pe) {                                     \
    update(SHMEMI_AMO(TYPE, TYPENAME, dest), &value, MPI_REPLACE);                                 \
  }                                                                                                \
  static void TYPENAME##_atomic_swap_nbi_impl(shmem_ctx_t ctx, const char *routine, TYPE *fetch,   \
                                              TYPE *dest, TYPE value, int pe) {                    \
    fetch_op(SHMEMI_AMO(TYPE, TYPENAME, dest), &value, fetch, MPI_REPLACE);                        \
  }                                                                                                \
  static TYPE TYPENAME##_atomic_swap_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,        \
                                          TYPE value, int pe) {                                    \
    TYPE result;                                                                                   \
    TYPENAME##_atomic_swap_nbi_impl(ctx, routine, &result, dest, value, pe);                       \
    return result;                                                                                 \
  }                                                                                                \
  SHMEMI_CTX_PAIR_VALUE(TYPE, TYPENAME##_atomic_fetch, (const TYPE *source, int pe), (source, pe)) \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_fetch_nbi, (TYPE * fetch, const TYPE *source, int pe),    \
                       (fetch, source, pe))                                                        \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_set, (TYPE * dest, TYPE value, int pe),                   \
                       (dest, value, pe))                                                          \
  SHMEMI_CTX_PAIR_VALUE(TYPE, TYPENAME##_atomic_swap, (TYPE * dest, TYPE value, int pe),           \
                        (dest, value, pe))                                                         \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_swap_nbi,                                                 \
                       (TYPE * fetch, TYPE * dest, TYPE value, int pe), (fetch, dest, value, pe))
SHMEM_MPI_AMO_EXTENDED_TYPES(SHMEMI_AMO_EXTENDED)

/* compare_swap, fetch_inc, inc, fetch_add, add: standard AMO types. */
#define SHMEMI_AMO_STANDARD(TYPE, TYPENAME)                                                        \
  static void TYPENAME##_atomic_compare_swap_nbi_impl(shmem_ctx_t ctx, const char *routine,        \
                                                      TYPE *fetch, TYPE *dest, TYPE cond,          \
                                                      TYPE value, int pe) {                        \
    compare_swap(SHMEMI_AMO(TYPE, TYPENAME, dest), &cond, &value, fetch);                          \
  }                                                                                                \
  static TYPE TYPENAME##_atomic_compare_swap_impl(shmem_ctx_t ctx, const char *routine,            \
                                                  TYPE *dest, TYPE cond, TYPE value, int pe) {     \
    TYPE result;                                                                                   \
    TYPENAME##_atomic_compare_swap_nbi_impl(ctx, routine, &result, dest, cond, value, pe);         \
    return result;                                                                                 \
  }                                                                                                \
  static void TYPENAME##_atomic_fetch_add_nbi_impl(shmem_ctx_t ctx, const char *routine,           \
                                                   TYPE *fetch, TYPE *dest, TYPE value, int pe) {  \
    fetch_op(SHMEMI_AMO(TYPE, TYPENAME, dest), &value, fetch, MPI_SUM);                            \
  }                                                                                                \
  static TYPE TYPENAME##_atomic_fetch_add_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,   \
                                               TYPE value, int pe) {                               \
    TYPE result;                                                                                   \
    TYPENAME##_atomic_fetch_add_nbi_impl(ctx, routine, &result, dest, value, pe);                  \
    return result;                                                                                 \
  }                                                                                                \
  static void TYPENAME##_atomic_fetch_inc_nbi_impl(shmem_ctx_t ctx, const char *routine,           \
                                                   TYPE *fetch, TYPE *dest, int pe) {              \
    TYPENAME##_atomic_fetch_add_nbi_impl(ctx, routine, fetch, dest, (TYPE)1, pe);                  \
  }                                                                                                \
  static TYPE TYPENAME##_atomic_fetch_inc_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,   \
                                               int pe) {                                           \
    return TYPENAME##_atomic_fetch_add_impl(ctx, routine, dest, (TYPE)1, pe);                      \
  }                                                                                                \
  static void TYPENAME##_atomic_add_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,         \
                                         TYPE value, int pe) {                                     \
    update(SHMEMI_AMO(TYPE, TYPENAME, dest), &value, MPI_SUM);                                     \
  }                                                                                                \
  static void TYPENAME##_atomic_inc_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,         \
                                         int pe) {                                                 \
    TYPENAME##_atomic_add_impl(ctx, routine, dest, (TYPE)1, pe);                                   \
  }                                                                                                \
  SHMEMI_CTX_PAIR_VALUE(TYPE, TYPENAME##_atomic_compare_swap,                                      \
                        (TYPE * dest, TYPE cond, TYPE value, int pe), (dest, cond, value, pe))     \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_compare_swap_nbi,                                         \
                       (TYPE * fetch, TYPE * dest, TYPE cond, TYPE value, int pe),                 \
                       (fetch, dest, cond, value, pe))                                             \
  SHMEMI_CTX_PAIR_VALUE(TYPE, TYPENAME##_atomic_fetch_add, (TYPE * dest, TYPE value, int pe),      \
                        (dest, value, pe))                                                         \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_fetch_add_nbi,                                            \
                       (TYPE * fetch, TYPE * dest, TYPE value, int pe), (fetch, dest, value, pe))  \
  SHMEMI_CTX_PAIR_VALUE(TYPE, TYPENAME##_atomic_fetch_inc, (TYPE * dest, int pe), (dest, pe))      \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_fetch_inc_nbi, (TYPE * fetch, TYPE * dest, int pe),       \
                       (fetch, dest, pe))                                                          \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_add, (TYPE * dest, TYPE value, int pe),                   \
                       (dest, value, pe))                                                          \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_inc, (TYPE * dest, int pe), (dest, pe))
SHMEM_MPI_AMO_STANDARD_TYPES(SHMEMI_AMO_STANDARD)

/* fetch_and/or/xor and and/or/xor: bitwise AMO types. */
#define SHMEMI_AMO_BITWISE_OP(TYPE, TYPENAME, OP, MPI_OP)                                          \
  static void TYPENAME##_atomic_fetch_##OP##_nbi_impl(                                             \
      shmem_ctx_t ctx, const char *routine, TYPE *fetch, TYPE *dest, TYPE value, int pe) {         \
    fetch_op(SHMEMI_AMO(TYPE, TYPENAME, dest), &value, fetch, MPI_OP);                             \
  }                                                                                                \
  static TYPE TYPENAME##_atomic_fetch_##OP##_impl(shmem_ctx_t ctx, const char *routine,            \
                                                  TYPE *dest, TYPE value, int pe) {                \
    TYPE result;                                                                                   \
    TYPENAME##_atomic_fetch_##OP##_nbi_impl(ctx, routine, &result, dest, value, pe);               \
    return result;                                                                                 \
  }                                                                                                \
  static void TYPENAME##_atomic_##OP##_impl(shmem_ctx_t ctx, const char *routine, TYPE *dest,      \
                                            TYPE value, int pe) {                                  \
    update(SHMEMI_AMO(TYPE, TYPENAME, dest), &value, MPI_OP);                                      \
  }                                                                                                \
  SHMEMI_CTX_PAIR_VALUE(TYPE, TYPENAME##_atomic_fetch_##OP, (TYPE * dest, TYPE value, int pe),     \
                        (dest, value, pe))                                                         \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_fetch_##OP##_nbi,                                         \
                       (TYPE * fetch, TYPE * dest, TYPE value, int pe), (fetch, dest, value, pe))  \
  SHMEMI_CTX_PAIR_VOID(TYPENAME##_atomic_##OP, (TYPE * dest, TYPE value, int pe), (dest, value, pe))
#define SHMEMI_AMO_BITWISE(TYPE, TYPENAME)                                                         \
  SHMEMI_AMO_BITWISE_OP(TYPE, TYPENAME, and, MPI_BAND)                                             \
  SHMEMI_AMO_BITWISE_OP(TYPE, TYPENAME, or, MPI_BOR)                                               \
  SHMEMI_AMO_BITWISE_OP(TYPE, TYPENAME, xor, MPI_BXOR)
SHMEM_MPI_AMO_BITWISE_TYPES(SHMEMI_AMO_BITWISE)

/* Deprecated 1.4 names on the default context. */
#define SHMEMI_AMO_DEPRECATED_INTEGER(TYPE, TYPENAME)                                              \
  TYPE pshmem_##TYPENAME##_finc(TYPE *dest, int pe) {                                              \
    return TYPENAME##_atomic_fetch_inc_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_finc", dest,   \
                                            pe);                                                   \
  }                                                                                                \
  void pshmem_##TYPENAME##_inc(TYPE *dest, int pe) {                                               \
    TYPENAME##_atomic_inc_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_inc", dest, pe);            \
  }                                                                                                \
  TYPE pshmem_##TYPENAME##_fadd(TYPE *dest, TYPE value, int pe) {                                  \
    return TYPENAME##_atomic_fetch_add_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_fadd", dest,   \
                                            value, pe);                                            \
  }                                                                                                \
  void pshmem_##TYPENAME##_add(TYPE *dest, TYPE value, int pe) {                                   \
    TYPENAME##_atomic_add_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_add", dest, value, pe);     \
  }                                                                                                \
  TYPE pshmem_##TYPENAME##_cswap(TYPE *dest, TYPE cond, TYPE value, int pe) {                      \
    return TYPENAME##_atomic_compare_swap_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_cswap",     \
                                               dest, cond, value, pe);                             \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_##TYPENAME##_finc)                                                            \
  SHMEMI_ALIAS(shmem_##TYPENAME##_inc)                                                             \
  SHMEMI_ALIAS(shmem_##TYPENAME##_fadd)                                                            \
  SHMEMI_ALIAS(shmem_##TYPENAME##_add)                                                             \
  SHMEMI_ALIAS(shmem_##TYPENAME##_cswap)
#define SHMEMI_AMO_DEPRECATED_ALL(TYPE, TYPENAME)                                                  \
  TYPE pshmem_##TYPENAME##_swap(TYPE *dest, TYPE value, int pe) {                                  \
    return TYPENAME##_atomic_swap_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_swap", dest, value, \
                                       pe);                                                        \
  }                                                                                                \
  TYPE pshmem_##TYPENAME##_fetch(const TYPE *source, int pe) {                                     \
    return TYPENAME##_atomic_fetch_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_fetch", source,    \
                                        pe);                                                       \
  }                                                                                                \
  void pshmem_##TYPENAME##_set(TYPE *dest, TYPE value, int pe) {                                   \
    TYPENAME##_atomic_set_impl(SHMEM_CTX_DEFAULT, "shmem_" #TYPENAME "_set", dest, value, pe);     \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_##TYPENAME##_swap)                                                            \
  SHMEMI_ALIAS(shmem_##TYPENAME##_fetch)                                                           \
  SHMEMI_ALIAS(shmem_##TYPENAME##_set)
SHMEM_MPI_DEPRECATED_AMO_INTEGER_TYPES(SHMEMI_AMO_DEPRECATED_INTEGER)
SHMEM_MPI_DEPRECATED_AMO_ALL_TYPES(SHMEMI_AMO_DEPRECATED_ALL)
