/* What teams.c, collectives.c and active_set.c share (the team part of shmem-mpi). Not
 * installed; the contract with the core part is internal.h. */
#ifndef SHMEM_MPI_TEAM_PART_H
#define SHMEM_MPI_TEAM_PART_H

#include "internal.h"
#include "shmem-mpi/teams.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* The profiling names pshmem_X of every routine of the team part. */
#define SHMEM_MPI_FN(name) pshmem_##name
#include "shmem-mpi/teams.h"
#undef SHMEM_MPI_FN

/* Routines are defined as pshmem_X; shmem_X is a weak alias of it (profiling interface, 10). */
#define SHMEMI_WEAK_ALIAS(name)                                                                    \
  extern __typeof__(p##name) name __attribute__((weak, alias("p" #name)))

/* Return value of a team routine or collective that failed. */
#define SHMEMI_TEAM_ERROR (-1)

/* MPI datatypes of the reduction types, by TYPENAME. Plain char is not an MPI reduction type,
 * so it reduces as the signed or unsigned char it is. */
#define SHMEMI_MPI_TYPE_float MPI_FLOAT
#define SHMEMI_MPI_TYPE_double MPI_DOUBLE
#define SHMEMI_MPI_TYPE_longdouble MPI_LONG_DOUBLE
#if CHAR_MIN < 0
#define SHMEMI_MPI_TYPE_char MPI_SIGNED_CHAR
#else
#define SHMEMI_MPI_TYPE_char MPI_UNSIGNED_CHAR
#endif
#define SHMEMI_MPI_TYPE_schar MPI_SIGNED_CHAR
#define SHMEMI_MPI_TYPE_short MPI_SHORT
#define SHMEMI_MPI_TYPE_int MPI_INT
#define SHMEMI_MPI_TYPE_long MPI_LONG
#define SHMEMI_MPI_TYPE_longlong MPI_LONG_LONG
#define SHMEMI_MPI_TYPE_uchar MPI_UNSIGNED_CHAR
#define SHMEMI_MPI_TYPE_ushort MPI_UNSIGNED_SHORT
#define SHMEMI_MPI_TYPE_uint MPI_UNSIGNED
#define SHMEMI_MPI_TYPE_ulong MPI_UNSIGNED_LONG
#define SHMEMI_MPI_TYPE_ulonglong MPI_UNSIGNED_LONG_LONG
#define SHMEMI_MPI_TYPE_int8 MPI_INT8_T
#define SHMEMI_MPI_TYPE_int16 MPI_INT16_T
#define SHMEMI_MPI_TYPE_int32 MPI_INT32_T
#define SHMEMI_MPI_TYPE_int64 MPI_INT64_T
#define SHMEMI_MPI_TYPE_uint8 MPI_UINT8_T
#define SHMEMI_MPI_TYPE_uint16 MPI_UINT16_T
#define SHMEMI_MPI_TYPE_uint32 MPI_UINT32_T
#define SHMEMI_MPI_TYPE_uint64 MPI_UINT64_T
#if SIZE_MAX == UINT64_MAX
#define SHMEMI_MPI_TYPE_size MPI_UINT64_T
#elif SIZE_MAX == UINT32_MAX
#define SHMEMI_MPI_TYPE_size MPI_UINT32_T
#else
#error "size_t is neither 32 nor 64 bits wide"
#endif
#if PTRDIFF_MAX == INT64_MAX
#define SHMEMI_MPI_TYPE_ptrdiff MPI_INT64_T
#elif PTRDIFF_MAX == INT32_MAX
#define SHMEMI_MPI_TYPE_ptrdiff MPI_INT32_T
#else
#error "ptrdiff_t is neither 32 nor 64 bits wide"
#endif
#define SHMEMI_MPI_TYPE_complexd MPI_C_DOUBLE_COMPLEX
#define SHMEMI_MPI_TYPE_complexf MPI_C_FLOAT_COMPLEX

/* ---- Collectives over an MPI communicator (collectives.c) --------------------------------- */
/* Each returns 0 or SHMEMI_TEAM_ERROR (a count beyond what MPI takes, bad strides, MPI error).
 * source == dest is the in-place form; sizes are in bytes unless they say elements. */

/* dest of every rank = source of root; the root's dest is written only if update_root. */
int shmemi_coll_broadcast(MPI_Comm comm, void *dest, const void *source, size_t nbytes, int root,
                          int update_root);
/* Concatenation of every rank's source in rank order; nbytes may differ between ranks. */
int shmemi_coll_collect(MPI_Comm comm, void *dest, const void *source, size_t nbytes);
/* As collect with the same nbytes on every rank. */
int shmemi_coll_fcollect(MPI_Comm comm, void *dest, const void *source, size_t nbytes);
/* Block j of source goes to block (my rank) of dest of rank j. */
int shmemi_coll_alltoall(MPI_Comm comm, void *dest, const void *source, size_t nbytes);
/* As alltoall with blocks of nelems elements of elem_size bytes at strides sst and dst. */
int shmemi_coll_alltoalls(MPI_Comm comm, void *dest, const void *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, size_t elem_size);
/* dest = op over every rank's source, elementwise. */
int shmemi_coll_reduce(MPI_Comm comm, void *dest, const void *source, size_t count,
                       MPI_Datatype type, MPI_Op op);

/* ---- Active sets (active_set.c) ----------------------------------------------------------- */
/* Frees the cached communicators of the active sets (from shmemi_teams_finalize). */
void shmemi_active_sets_finalize(void);

#endif /* SHMEM_MPI_TEAM_PART_H */
