/* OpenSHMEM 1.5 teams (9.4.2 to 9.4.4), team-based collectives (9.9) and the deprecated
 * active-set collectives, with the C11 generic macros of the team collectives and shmem_sync.
 *
 * Included without SHMEM_MPI_FN (as shmem.h does): declares the shmem_ names once (include
 * guard) and defines the C11 generic macros. Included with SHMEM_MPI_FN(name) defined (as
 * pshmem.h does with pshmem_##name, like shmem-mpi/decls.h): declares SHMEM_MPI_FN(name) for
 * every routine and nothing else; no include guard on that path. Requires C99 or C++. */
#ifdef SHMEM_MPI_FN

#include "shmem-mpi/types.h"

#ifdef __cplusplus
extern "C" {
/* The complex types of the reductions are a GNU extension in C++. */
#define SHMEM_MPI_TEAMS_EXT __extension__
#else
#define SHMEM_MPI_TEAMS_EXT
#endif

/* ---- Teams (9.4.2 to 9.4.4) --------------------------------------------------------------- */
int SHMEM_MPI_FN(team_my_pe)(shmem_team_t team);
int SHMEM_MPI_FN(team_n_pes)(shmem_team_t team);
int SHMEM_MPI_FN(team_get_config)(shmem_team_t team, long config_mask, shmem_team_config_t *config);
int SHMEM_MPI_FN(team_translate_pe)(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int SHMEM_MPI_FN(team_split_strided)(shmem_team_t parent_team, int start, int stride, int size,
                                     const shmem_team_config_t *config, long config_mask,
                                     shmem_team_t *new_team);
int SHMEM_MPI_FN(team_split_2d)(shmem_team_t parent_team, int xrange,
                                const shmem_team_config_t *xaxis_config, long xaxis_mask,
                                shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                                long yaxis_mask, shmem_team_t *yaxis_team);
void SHMEM_MPI_FN(team_destroy)(shmem_team_t team);
int SHMEM_MPI_FN(team_sync)(shmem_team_t team);

/* ---- Team-based collectives (9.9) --------------------------------------------------------- */
#define SHMEM_MPI_DECL_TEAM_COLL(TYPE, TYPENAME)                                                   \
  int SHMEM_MPI_FN(TYPENAME##_broadcast)(shmem_team_t team, TYPE * dest, const TYPE *source,       \
                                         size_t nelems, int PE_root);                              \
  int SHMEM_MPI_FN(TYPENAME##_collect)(shmem_team_t team, TYPE * dest, const TYPE *source,         \
                                       size_t nelems);                                             \
  int SHMEM_MPI_FN(TYPENAME##_fcollect)(shmem_team_t team, TYPE * dest, const TYPE *source,        \
                                        size_t nelems);                                            \
  int SHMEM_MPI_FN(TYPENAME##_alltoall)(shmem_team_t team, TYPE * dest, const TYPE *source,        \
                                        size_t nelems);                                            \
  int SHMEM_MPI_FN(TYPENAME##_alltoalls)(shmem_team_t team, TYPE * dest, const TYPE *source,       \
                                         ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
SHMEM_MPI_RMA_TYPES(SHMEM_MPI_DECL_TEAM_COLL)
#undef SHMEM_MPI_DECL_TEAM_COLL

int SHMEM_MPI_FN(broadcastmem)(shmem_team_t team, void *dest, const void *source, size_t nelems,
                               int PE_root);
int SHMEM_MPI_FN(collectmem)(shmem_team_t team, void *dest, const void *source, size_t nelems);
int SHMEM_MPI_FN(fcollectmem)(shmem_team_t team, void *dest, const void *source, size_t nelems);
int SHMEM_MPI_FN(alltoallmem)(shmem_team_t team, void *dest, const void *source, size_t nelems);
int SHMEM_MPI_FN(alltoallsmem)(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                               ptrdiff_t sst, size_t nelems);

/* Reductions (9.9.7); the operator names are spelt out because and/or/xor are operators in C++. */
#define SHMEM_MPI_DECL_REDUCE(TYPE, NAME)                                                          \
  SHMEM_MPI_TEAMS_EXT int SHMEM_MPI_FN(NAME)(shmem_team_t team, TYPE * dest, const TYPE *source,   \
                                             size_t nreduce);
#define SHMEM_MPI_DECL_REDUCE_BITWISE(TYPE, TYPENAME)                                              \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_and_reduce)                                               \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_or_reduce)                                                \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_xor_reduce)
#define SHMEM_MPI_DECL_REDUCE_MINMAX(TYPE, TYPENAME)                                               \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_max_reduce)                                               \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_min_reduce)
#define SHMEM_MPI_DECL_REDUCE_ARITH(TYPE, TYPENAME)                                                \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_sum_reduce)                                               \
  SHMEM_MPI_DECL_REDUCE(TYPE, TYPENAME##_prod_reduce)
SHMEM_MPI_REDUCE_BITWISE_TYPES(SHMEM_MPI_DECL_REDUCE_BITWISE)
SHMEM_MPI_REDUCE_MINMAX_TYPES(SHMEM_MPI_DECL_REDUCE_MINMAX)
SHMEM_MPI_REDUCE_ARITH_TYPES(SHMEM_MPI_DECL_REDUCE_ARITH)
#undef SHMEM_MPI_DECL_REDUCE
#undef SHMEM_MPI_DECL_REDUCE_BITWISE
#undef SHMEM_MPI_DECL_REDUCE_MINMAX
#undef SHMEM_MPI_DECL_REDUCE_ARITH

/* ---- Deprecated active-set collectives (OpenSHMEM 1.4 API, still in 1.5) ------------------ */
void SHMEM_MPI_FN(barrier)(int PE_start, int logPE_stride, int PE_size, long *pSync);
void SHMEM_MPI_FN(sync)(int PE_start, int logPE_stride, int PE_size, long *pSync);

#define SHMEM_MPI_DECL_ACTIVE_SET_SIZED(NAME)                                                      \
  void SHMEM_MPI_FN(broadcast##NAME)(void *dest, const void *source, size_t nelems, int PE_root,   \
                                     int PE_start, int logPE_stride, int PE_size, long *pSync);    \
  void SHMEM_MPI_FN(collect##NAME)(void *dest, const void *source, size_t nelems, int PE_start,    \
                                   int logPE_stride, int PE_size, long *pSync);                    \
  void SHMEM_MPI_FN(fcollect##NAME)(void *dest, const void *source, size_t nelems, int PE_start,   \
                                    int logPE_stride, int PE_size, long *pSync);                   \
  void SHMEM_MPI_FN(alltoall##NAME)(void *dest, const void *source, size_t nelems, int PE_start,   \
                                    int logPE_stride, int PE_size, long *pSync);                   \
  void SHMEM_MPI_FN(alltoalls##NAME)(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, \
                                     size_t nelems, int PE_start, int logPE_stride, int PE_size,   \
                                     long *pSync);
SHMEM_MPI_DECL_ACTIVE_SET_SIZED(32)
SHMEM_MPI_DECL_ACTIVE_SET_SIZED(64)
#undef SHMEM_MPI_DECL_ACTIVE_SET_SIZED

#define SHMEM_MPI_DECL_TO_ALL(TYPE, NAME)                                                          \
  SHMEM_MPI_TEAMS_EXT void SHMEM_MPI_FN(NAME)(TYPE * dest, const TYPE *source, int nreduce,        \
                                              int PE_start, int logPE_stride, int PE_size,         \
                                              TYPE *pWrk, long *pSync);
#define SHMEM_MPI_DECL_TO_ALL_BITWISE(TYPE, TYPENAME)                                              \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_and_to_all)                                               \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_or_to_all)                                                \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_xor_to_all)
#define SHMEM_MPI_DECL_TO_ALL_MINMAX(TYPE, TYPENAME)                                               \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_max_to_all)                                               \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_min_to_all)
#define SHMEM_MPI_DECL_TO_ALL_ARITH(TYPE, TYPENAME)                                                \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_sum_to_all)                                               \
  SHMEM_MPI_DECL_TO_ALL(TYPE, TYPENAME##_prod_to_all)
SHMEM_MPI_TO_ALL_BITWISE_TYPES(SHMEM_MPI_DECL_TO_ALL_BITWISE)
SHMEM_MPI_TO_ALL_MINMAX_TYPES(SHMEM_MPI_DECL_TO_ALL_MINMAX)
SHMEM_MPI_TO_ALL_ARITH_TYPES(SHMEM_MPI_DECL_TO_ALL_ARITH)
#undef SHMEM_MPI_DECL_TO_ALL
#undef SHMEM_MPI_DECL_TO_ALL_BITWISE
#undef SHMEM_MPI_DECL_TO_ALL_MINMAX
#undef SHMEM_MPI_DECL_TO_ALL_ARITH

#undef SHMEM_MPI_TEAMS_EXT
#ifdef __cplusplus
}
#endif

#elif !defined(SHMEM_MPI_TEAMS_H)
#define SHMEM_MPI_TEAMS_H

#define SHMEM_MPI_FN(name) shmem_##name
#include "shmem-mpi/teams.h"
#undef SHMEM_MPI_FN

/* ---- C11 generic macros ------------------------------------------------------------------- */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L

/* The first and second argument of a variadic argument list with at least one argument. */
#define SHMEM_MPI_TEAMS_ARG0(...) SHMEM_MPI_TEAMS_ARG0_(__VA_ARGS__, 0)
#define SHMEM_MPI_TEAMS_ARG0_(first, ...) first
#define SHMEM_MPI_TEAMS_ARG1(...) SHMEM_MPI_TEAMS_ARG1_(__VA_ARGS__, 0)
#define SHMEM_MPI_TEAMS_ARG1_(first, second, ...) second

/* Selected when dest has a type the generic routine does not support (as in shmem.h); never
 * defined, so such a call fails to compile or link with this name in the message. */
void shmem_generic_unsupported_argument_type(void);

/* The C types of the selections, each once: the fixed-width, size_t and ptrdiff_t types are
 * typedefs of these and a _Generic must not name compatible types twice. */
#define SHMEM_MPI_TEAMS_C11_BITWISE(X, OP)                                                         \
  X(unsigned char, uchar, OP)                                                                      \
  X(unsigned short, ushort, OP)                                                                    \
  X(unsigned int, uint, OP)                                                                        \
  X(unsigned long, ulong, OP)                                                                      \
  X(unsigned long long, ulonglong, OP)                                                             \
  X(int8_t, int8, OP)                                                                              \
  X(int16_t, int16, OP)                                                                            \
  X(int32_t, int32, OP)                                                                            \
  X(int64_t, int64, OP)
#define SHMEM_MPI_TEAMS_C11_STANDARD(X, OP)                                                        \
  X(char, char, OP)                                                                                \
  X(signed char, schar, OP)                                                                        \
  X(short, short, OP)                                                                              \
  X(int, int, OP)                                                                                  \
  X(long, long, OP)                                                                                \
  X(long long, longlong, OP)                                                                       \
  X(unsigned char, uchar, OP)                                                                      \
  X(unsigned short, ushort, OP)                                                                    \
  X(unsigned int, uint, OP)                                                                        \
  X(unsigned long, ulong, OP)                                                                      \
  X(unsigned long long, ulonglong, OP)                                                             \
  X(float, float, OP)                                                                              \
  X(double, double, OP)                                                                            \
  X(long double, longdouble, OP)
#define SHMEM_MPI_TEAMS_C11_ARITH(X, OP)                                                           \
  SHMEM_MPI_TEAMS_C11_STANDARD(X, OP)                                                              \
  X(double _Complex, complexd, OP)                                                                 \
  X(float _Complex, complexf, OP)
#define SHMEM_MPI_TEAMS_C11_CASE(TYPE, TYPENAME, OP) TYPE * : shmem_##TYPENAME##_##OP,

/* Dispatch on the type of dest, the second argument (&* turns an array into a pointer). */
#define SHMEM_MPI_TEAMS_ON_DEST(TYPES, OP, ...)                                                    \
  _Generic(&*(SHMEM_MPI_TEAMS_ARG1(__VA_ARGS__)), TYPES(SHMEM_MPI_TEAMS_C11_CASE, OP) default      \
           : shmem_generic_unsupported_argument_type)(__VA_ARGS__)

#define shmem_broadcast(...)                                                                       \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, broadcast, __VA_ARGS__)
#define shmem_collect(...)                                                                         \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, collect, __VA_ARGS__)
#define shmem_fcollect(...)                                                                        \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, fcollect, __VA_ARGS__)
#define shmem_alltoall(...)                                                                        \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, alltoall, __VA_ARGS__)
#define shmem_alltoalls(...)                                                                       \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, alltoalls, __VA_ARGS__)
#define shmem_and_reduce(...)                                                                      \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_BITWISE, and_reduce, __VA_ARGS__)
#define shmem_or_reduce(...)                                                                       \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_BITWISE, or_reduce, __VA_ARGS__)
#define shmem_xor_reduce(...)                                                                      \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_BITWISE, xor_reduce, __VA_ARGS__)
#define shmem_max_reduce(...)                                                                      \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, max_reduce, __VA_ARGS__)
#define shmem_min_reduce(...)                                                                      \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_STANDARD, min_reduce, __VA_ARGS__)
#define shmem_sum_reduce(...)                                                                      \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_ARITH, sum_reduce, __VA_ARGS__)
#define shmem_prod_reduce(...)                                                                     \
  SHMEM_MPI_TEAMS_ON_DEST(SHMEM_MPI_TEAMS_C11_ARITH, prod_reduce, __VA_ARGS__)

/* shmem_sync(team) is shmem_team_sync; any other first argument selects the deprecated
 * active-set shmem_sync(PE_start, logPE_stride, PE_size, pSync) (the macro does not expand
 * recursively, so the inner shmem_sync is the function). */
#define shmem_sync(...)                                                                            \
  _Generic((SHMEM_MPI_TEAMS_ARG0(__VA_ARGS__)), shmem_team_t                                       \
           : shmem_team_sync, default                                                              \
           : shmem_sync)(__VA_ARGS__)

#endif /* C11 */
#endif /* SHMEM_MPI_FN, SHMEM_MPI_TEAMS_H */
