/* What the files of the core part share: the library state, the windows, contexts, address
 * translation and the MPI datatypes of the typed routines. */
#ifndef SHMEM_MPI_CORE_H
#define SHMEM_MPI_CORE_H

#include "internal.h"
#include "shmem.h"

#include <limits.h>

/* shmem_X as a weak alias of the strong pshmem_X (OpenSHMEM 1.5 section 10). */
#define SHMEMI_ALIAS(name) extern __typeof__(p##name) name __attribute__((weak, alias("p" #name)));

#define SHMEMI_UNPAREN(...) __VA_ARGS__
/* A routine NAME in its context form pshmem_ctx_NAME(ctx, PARAMS) and its plain form
 * pshmem_NAME(PARAMS) (default context), both calling NAME##_impl(ctx, routine name, ARGS), plus
 * the weak shmem_ aliases. PARAMS and ARGS are parenthesised lists. */
#define SHMEMI_CTX_PAIR_VALUE(RET, NAME, PARAMS, ARGS)                                             \
  RET pshmem_ctx_##NAME(shmem_ctx_t ctx, SHMEMI_UNPAREN PARAMS) {                                  \
    return NAME##_impl(ctx, "shmem_ctx_" #NAME, SHMEMI_UNPAREN ARGS);                              \
  }                                                                                                \
  RET pshmem_##NAME(SHMEMI_UNPAREN PARAMS) {                                                       \
    return NAME##_impl(SHMEM_CTX_DEFAULT, "shmem_" #NAME, SHMEMI_UNPAREN ARGS);                    \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_ctx_##NAME)                                                                   \
  SHMEMI_ALIAS(shmem_##NAME)
#define SHMEMI_CTX_PAIR_VOID(NAME, PARAMS, ARGS)                                                   \
  void pshmem_ctx_##NAME(shmem_ctx_t ctx, SHMEMI_UNPAREN PARAMS) {                                 \
    NAME##_impl(ctx, "shmem_ctx_" #NAME, SHMEMI_UNPAREN ARGS);                                     \
  }                                                                                                \
  void pshmem_##NAME(SHMEMI_UNPAREN PARAMS) {                                                      \
    NAME##_impl(SHMEM_CTX_DEFAULT, "shmem_" #NAME, SHMEMI_UNPAREN ARGS);                           \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_ctx_##NAME)                                                                   \
  SHMEMI_ALIAS(shmem_##NAME)

/* The windows a remote address can live in. */
enum shmemi_region { SHMEMI_REGION_HEAP, SHMEMI_REGION_DATA, SHMEMI_REGION_COUNT };

struct shmemi_state {
  int initialized;
  int owns_mpi;     /* shmem-mpi called MPI_Init and calls MPI_Finalize */
  int thread_level; /* SHMEM_THREAD_* provided */
  MPI_Comm world;
  int my_pe;
  int n_pes;
  /* Symmetric heap: MPI_Win_allocate_shared on the node, exposed to all by a world window. */
  MPI_Comm node;
  MPI_Win heap_shared_win;
  char *heap_base;
  size_t heap_size;
  char **peer_heap_base; /* n_pes entries, NULL for PEs on other nodes */
  /* Windows per region; region bounds in this process. */
  MPI_Win win[SHMEMI_REGION_COUNT];
  char *region_base[SHMEMI_REGION_COUNT];
  size_t region_size[SHMEMI_REGION_COUNT];
};
extern struct shmemi_state shmemi_state;

/* Fails with a clear message unless the library is initialised. */
void shmemi_require_init(const char *routine);

/* Where a symmetric address lives on PE `world_pe`: window and displacement. */
struct shmemi_remote {
  MPI_Win win;
  MPI_Aint disp;
  int pe; /* world PE number = rank in the window */
};
/* Region of [addr, addr + len) or -1 when it is not symmetric. */
int shmemi_region_of(const void *addr, size_t len);
/* Translates `addr` (len bytes) on PE `pe` of context `ctx`; shmemi_fatal on an invalid context,
 * PE or a non-symmetric address. */
struct shmemi_remote shmemi_remote(shmem_ctx_t ctx, const void *addr, size_t len, int pe,
                                   const char *routine);
/* World PE number of `pe` in the team of `ctx` (fatal when out of range). */
int shmemi_ctx_world_pe(shmem_ctx_t ctx, int pe, const char *routine);

/* Completion: every window (a library may complete more than the context asked for). */
void shmemi_quiet_all(void);
/* Makes remote updates of this PE's memory visible to its loads (MPI_Win_sync on all windows). */
void shmemi_sync_memory(void);
void shmemi_barrier_all(void);

/* Contexts. */
struct shmemi_ctx {
  struct shmem_impl_ctx_t handle; /* first: a shmem_ctx_t points here */
  shmem_team_t team;              /* SHMEM_TEAM_INVALID for the world team */
  long options;
  struct shmemi_ctx *next;
};
void shmemi_ctx_finalize(void);

/* Heap and data segment set-up (heap.c, segments.c). */
void shmemi_heap_init(void);
void shmemi_heap_finalize(void);
void shmemi_data_init(void);
void shmemi_data_finalize(void);

/* Byte transfers (rma.c), used by the typed, sized and signal routines. */
void shmemi_put_bytes(const struct shmemi_remote *to, const void *source, size_t nbytes);
void shmemi_get_bytes(void *dest, const struct shmemi_remote *from, size_t nbytes);

/* Local atomic read of a symmetric (or plain local) object of `size` bytes whose MPI type is
 * `type` into `out` (p2p_sync.c). */
void shmemi_atomic_read_local(const void *addr, size_t size, MPI_Datatype type, void *out);
/* Drives MPI's progress engine (for RMA targeting this PE). */
void shmemi_progress(void);
/* One step of a polling loop: lets MPI and the other processes on the core progress. */
void shmemi_poll_pause(void);

/* MPI datatype of each TYPENAME (SHMEMI_MPI_TYPE(int) -> MPI_INT). */
#define SHMEMI_MPI_TYPE(TYPENAME) SHMEMI_MPI_TYPE_##TYPENAME
#define SHMEMI_MPI_TYPE_float MPI_FLOAT
#define SHMEMI_MPI_TYPE_double MPI_DOUBLE
#define SHMEMI_MPI_TYPE_short MPI_SHORT
#define SHMEMI_MPI_TYPE_ushort MPI_UNSIGNED_SHORT
#define SHMEMI_MPI_TYPE_int MPI_INT
#define SHMEMI_MPI_TYPE_long MPI_LONG
#define SHMEMI_MPI_TYPE_longlong MPI_LONG_LONG
#define SHMEMI_MPI_TYPE_uint MPI_UNSIGNED
#define SHMEMI_MPI_TYPE_ulong MPI_UNSIGNED_LONG
#define SHMEMI_MPI_TYPE_ulonglong MPI_UNSIGNED_LONG_LONG
#define SHMEMI_MPI_TYPE_int32 MPI_INT32_T
#define SHMEMI_MPI_TYPE_int64 MPI_INT64_T
#define SHMEMI_MPI_TYPE_uint32 MPI_UINT32_T
#define SHMEMI_MPI_TYPE_uint64 MPI_UINT64_T
#define SHMEMI_MPI_TYPE_size MPI_UINT64_T
#define SHMEMI_MPI_TYPE_ptrdiff MPI_INT64_T
_Static_assert(sizeof(size_t) == sizeof(uint64_t), "size_t AMOs use MPI_UINT64_T");
_Static_assert(sizeof(ptrdiff_t) == sizeof(int64_t), "ptrdiff_t AMOs use MPI_INT64_T");

#endif /* SHMEM_MPI_CORE_H */
