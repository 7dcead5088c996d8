/* Remote memory access routines (OpenSHMEM 1.5 section 9.5): typed, sized and mem forms of put,
 * get, p, g, iput, iget, put_nbi and get_nbi, each with its context form. Blocking puts return
 * after local completion (MPI_Win_flush_local), blocking gets after MPI_Win_flush; the nbi forms
 * are completed by a quiet. */
#include "core.h"

/* Largest transfer handed to one MPI call (counts are int). */
static const size_t max_chunk = (size_t)1 << 30;

enum completion { NON_BLOCKING, BLOCKING };

void shmemi_put_bytes(const struct shmemi_remote *to, const void *source, size_t nbytes) {
  const char *src = source;
  MPI_Aint disp = to->disp;
  while (nbytes > 0) {
    int n = (int)(nbytes < max_chunk ? nbytes : max_chunk);
    MPI_Put(src, n, MPI_BYTE, to->pe, disp, n, MPI_BYTE, to->win);
    src += n;
    disp += n;
    nbytes -= (size_t)n;
  }
}

void shmemi_get_bytes(void *dest, const struct shmemi_remote *from, size_t nbytes) {
  char *dst = dest;
  MPI_Aint disp = from->disp;
  while (nbytes > 0) {
    int n = (int)(nbytes < max_chunk ? nbytes : max_chunk);
    MPI_Get(dst, n, MPI_BYTE, from->pe, disp, n, MPI_BYTE, from->win);
    dst += n;
    disp += n;
    nbytes -= (size_t)n;
  }
}

static void put(shmem_ctx_t ctx, void *dest, const void *source, size_t nbytes, int pe,
                enum completion completion, const char *routine) {
  struct shmemi_remote to = shmemi_remote(ctx, dest, nbytes, pe, routine);
  if (nbytes == 0) return;
  shmemi_put_bytes(&to, source, nbytes);
  if (completion == BLOCKING) MPI_Win_flush_local(to.pe, to.win);
}

static void get(shmem_ctx_t ctx, void *dest, const void *source, size_t nbytes, int pe,
                enum completion completion, const char *routine) {
  struct shmemi_remote from = shmemi_remote(ctx, source, nbytes, pe, routine);
  if (nbytes == 0) return;
  shmemi_get_bytes(dest, &from, nbytes);
  if (completion == BLOCKING) MPI_Win_flush(from.pe, from.win);
}

/* A strided layout: nelems elements of elem_size bytes, `stride` elements apart. */
struct strided {
  size_t nelems;
  size_t elem_size;
  ptrdiff_t stride;
};

static MPI_Datatype strided_type(struct strided layout, const char *routine) {
  if (layout.nelems > INT_MAX || layout.elem_size > INT_MAX)
    shmemi_fatal(routine, "%zu elements of %zu bytes: too large for one strided transfer",
                 layout.nelems, layout.elem_size);
  MPI_Datatype type;
  MPI_Type_create_hvector((int)layout.nelems, (int)layout.elem_size,
                          (MPI_Aint)(layout.stride * (ptrdiff_t)layout.elem_size), MPI_BYTE, &type);
  MPI_Type_commit(&type);
  return type;
}

/* The lowest address and the length of the bytes a strided layout at `base` touches. */
static const char *strided_span(const void *base, struct strided layout, size_t *length) {
  ptrdiff_t reach = (ptrdiff_t)(layout.nelems - 1) * layout.stride * (ptrdiff_t)layout.elem_size;
  const char *lo = (const char *)base + (reach < 0 ? reach : 0);
  *length = (size_t)(reach < 0 ? -reach : reach) + layout.elem_size;
  return lo;
}

static struct shmemi_remote strided_remote(shmem_ctx_t ctx, const void *addr, struct strided layout,
                                           int pe, const char *routine) {
  size_t length = 0;
  const char *lo = strided_span(addr, layout, &length);
  struct shmemi_remote remote = shmemi_remote(ctx, lo, length, pe, routine);
  remote.disp += (const char *)addr - lo;
  return remote;
}

static void iput(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t tst, ptrdiff_t sst,
                 size_t nelems, size_t elem_size, int pe, const char *routine) {
  if (nelems == 0) {
    shmemi_ctx_world_pe(ctx, pe, routine);
    return;
  }
  struct strided target = {nelems, elem_size, tst};
  struct strided origin = {nelems, elem_size, sst};
  struct shmemi_remote to = strided_remote(ctx, dest, target, pe, routine);
  MPI_Datatype target_type = strided_type(target, routine);
  MPI_Datatype origin_type = strided_type(origin, routine);
  MPI_Put(source, 1, origin_type, to.pe, to.disp, 1, target_type, to.win);
  MPI_Win_flush_local(to.pe, to.win);
  MPI_Type_free(&target_type);
  MPI_Type_free(&origin_type);
}

static void iget(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                 size_t nelems, size_t elem_size, int pe, const char *routine) {
  if (nelems == 0) {
    shmemi_ctx_world_pe(ctx, pe, routine);
    return;
  }
  struct strided target = {nelems, elem_size, sst};
  struct strided origin = {nelems, elem_size, dst};
  struct shmemi_remote from = strided_remote(ctx, source, target, pe, routine);
  MPI_Datatype target_type = strided_type(target, routine);
  MPI_Datatype origin_type = strided_type(origin, routine);
  MPI_Get(dest, 1, origin_type, from.pe, from.disp, 1, target_type, from.win);
  MPI_Win_flush(from.pe, from.win);
  MPI_Type_free(&target_type);
  MPI_Type_free(&origin_type);
}

/* The typed routines: each in a plain and a context form, both strong pshmem_ names with weak
 * shmem_ aliases. */
#define SHMEMI_RMA_TYPED(TYPE, TYPENAME)                                                           \
  void pshmem_ctx_##TYPENAME##_put(shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, \
                                   int pe) {                                                       \
    put(ctx, dest, source, nelems * sizeof(TYPE), pe, BLOCKING, "shmem_ctx_" #TYPENAME "_put");    \
  }                                                                                                \
  void pshmem_##TYPENAME##_put(TYPE *dest, const TYPE *source, size_t nelems, int pe) {            \
    put(SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(TYPE), pe, BLOCKING,                      \
        "shmem_" #TYPENAME "_put");                                                                \
  }                                                                                                \
  void pshmem_ctx_##TYPENAME##_put_nbi(shmem_ctx_t ctx, TYPE *dest, const TYPE *source,            \
                                       size_t nelems, int pe) {                                    \
    put(ctx, dest, source, nelems * sizeof(TYPE), pe, NON_BLOCKING,                                \
        "shmem_ctx_" #TYPENAME "_put_nbi");                                                        \
  }                                                                                                \
  void pshmem_##TYPENAME##_put_nbi(TYPE *dest, const TYPE *source, size_t nelems, int pe) {        \
    put(SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(TYPE), pe, NON_BLOCKING,                  \
        "shmem_" #TYPENAME "_put_nbi");                                                            \
  }                                                                                                \
  void pshmem_ctx_##TYPENAME##_get(shmem_ctx_t ctx, TYPE *dest, const TYPE *source, size_t nelems, \
                                   int pe) {                                                       \
    get(ctx, dest, source, nelems * sizeof(TYPE), pe, BLOCKING, "shmem_ctx_" #TYPENAME "_get");    \
  }                                                                                                \
  void pshmem_##TYPENAME##_get(TYPE *dest, const TYPE *source, size_t nelems, int pe) {            \
    get(SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(TYPE), pe, BLOCKING,                      \
        "shmem_" #TYPENAME "_get");                                                                \
  }                                                                                                \
  void pshmem_ctx_##TYPENAME##_get_nbi(shmem_ctx_t ctx, TYPE *dest, const TYPE *source,            \
                                       size_t nelems, int pe) {                                    \
    get(ctx, dest, source, nelems * sizeof(TYPE), pe, NON_BLOCKING,                                \
        "shmem_ctx_" #TYPENAME "_get_nbi");                                                        \
  }                                                                                                \
  void pshmem_##TYPENAME##_get_nbi(TYPE *dest, const TYPE *source, size_t nelems, int pe) {        \
    get(SHMEM_CTX_DEFAULT, dest, source, nelems * sizeof(TYPE), pe, NON_BLOCKING,                  \
        "shmem_" #TYPENAME "_get_nbi");                                                            \
  }                                                                                                \
  void pshmem_ctx_##TYPENAME##_p(shmem_ctx_t ctx, TYPE *dest, TYPE value, int pe) {                \
    put(ctx, dest, &value, sizeof(TYPE), pe, BLOCKING, "shmem_ctx_" #TYPENAME "_p");               \
  }                                                                                                \
  void pshmem_##TYPENAME##_p(TYPE *dest, TYPE value, int pe) {                                     \
    put(SHMEM_CTX_DEFAULT, dest, &value, sizeof(TYPE), pe, BLOCKING, "shmem_" #TYPENAME "_p");     \
  }                                                                                                \
  TYPE pshmem_ctx_##TYPENAME##_g(shmem_ctx_t ctx, const TYPE *source, int pe) {                    \
    TYPE value;                                                                                    \
    get(ctx, &value, source, sizeof(TYPE), pe, BLOCKING, "shmem_ctx_" #TYPENAME "_g");             \
    return value;                                                                                  \
  }                                                                                                \
  TYPE pshmem_##TYPENAME##_g(const TYPE *source, int pe) {                                         \
    TYPE value;                                                                                    \
    get(SHMEM_CTX_DEFAULT, &value, source, sizeof(TYPE), pe, BLOCKING, "shmem_" #TYPENAME "_g");   \
    return value;                                                                                  \
  }                                                                                                \
  void pshmem_ctx_##TYPENAME##_iput(shmem_ctx_t ctx, TYPE *dest, const TYPE *source,               \
                                    ptrdiff_t tst, ptrdiff_t sst, size_t nelems, int pe) {         \
    iput(ctx, dest, source, tst, sst, nelems, sizeof(TYPE), pe, "shmem_ctx_" #TYPENAME "_iput");   \
  }                                                                                                \
  void pshmem_##TYPENAME##_iput(TYPE *dest, const TYPE *source, ptrdiff_t tst, ptrdiff_t sst,      \
                                size_t nelems, int pe) {                                           \
    iput(SHMEM_CTX_DEFAULT, dest, source, tst, sst, nelems, sizeof(TYPE), pe,                      \
         "shmem_" #TYPENAME "_iput");                                                              \
  }                                                                                                \
  void pshmem_ctx_##TYPENAME##_iget(shmem_ctx_t ctx, TYPE *dest, const TYPE *source,               \
                                    ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {         \
    iget(ctx, dest, source, dst, sst, nelems, sizeof(TYPE), pe, "shmem_ctx_" #TYPENAME "_iget");   \
  }                                                                                                \
  void pshmem_##TYPENAME##_iget(TYPE *dest, const TYPE *source, ptrdiff_t dst, ptrdiff_t sst,      \
                                size_t nelems, int pe) {                                           \
    iget(SHMEM_CTX_DEFAULT, dest, source, dst, sst, nelems, sizeof(TYPE), pe,                      \
         "shmem_" #TYPENAME "_iget");                                                              \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_put)                                                         \
  SHMEMI_ALIAS(shmem_##TYPENAME##_put)                                                             \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_put_nbi)                                                     \
  SHMEMI_ALIAS(shmem_##TYPENAME##_put_nbi)                                                         \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_get)                                                         \
  SHMEMI_ALIAS(shmem_##TYPENAME##_get)                                                             \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_get_nbi)                                                     \
  SHMEMI_ALIAS(shmem_##TYPENAME##_get_nbi)                                                         \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_p)                                                           \
  SHMEMI_ALIAS(shmem_##TYPENAME##_p)                                                               \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_g)                                                           \
  SHMEMI_ALIAS(shmem_##TYPENAME##_g)                                                               \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_iput)                                                        \
  SHMEMI_ALIAS(shmem_##TYPENAME##_iput)                                                            \
  SHMEMI_ALIAS(shmem_ctx_##TYPENAME##_iget)                                                        \
  SHMEMI_ALIAS(shmem_##TYPENAME##_iget)
SHMEM_MPI_RMA_TYPES(SHMEMI_RMA_TYPED)

/* Contiguous block routines of the sized (element of SIZE bits) and mem (bytes) forms. */
#define SHMEMI_RMA_BLOCK(NAME, IMPL, ELEM_BYTES, COMPLETION)                                       \
  void pshmem_ctx_##NAME(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe) { \
    IMPL(ctx, dest, source, nelems *(ELEM_BYTES), pe, COMPLETION, "shmem_ctx_" #NAME);             \
  }                                                                                                \
  void pshmem_##NAME(void *dest, const void *source, size_t nelems, int pe) {                      \
    IMPL(SHMEM_CTX_DEFAULT, dest, source, nelems *(ELEM_BYTES), pe, COMPLETION, "shmem_" #NAME);   \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_ctx_##NAME)                                                                   \
  SHMEMI_ALIAS(shmem_##NAME)
#define SHMEMI_RMA_STRIDED(NAME, IMPL, ELEM_BYTES)                                                 \
  void pshmem_ctx_##NAME(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,           \
                         ptrdiff_t sst, size_t nelems, int pe) {                                   \
    IMPL(ctx, dest, source, dst, sst, nelems, ELEM_BYTES, pe, "shmem_ctx_" #NAME);                 \
  }                                                                                                \
  void pshmem_##NAME(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,  \
                     int pe) {                                                                     \
    IMPL(SHMEM_CTX_DEFAULT, dest, source, dst, sst, nelems, ELEM_BYTES, pe, "shmem_" #NAME);       \
  }                                                                                                \
  SHMEMI_ALIAS(shmem_ctx_##NAME)                                                                   \
  SHMEMI_ALIAS(shmem_##NAME)
#define SHMEMI_BITS_PER_BYTE 8
#define SHMEMI_RMA_SIZED(SIZE)                                                                     \
  SHMEMI_RMA_BLOCK(put##SIZE, put, (SIZE) / SHMEMI_BITS_PER_BYTE, BLOCKING)                        \
  SHMEMI_RMA_BLOCK(get##SIZE, get, (SIZE) / SHMEMI_BITS_PER_BYTE, BLOCKING)                        \
  SHMEMI_RMA_BLOCK(put##SIZE##_nbi, put, (SIZE) / SHMEMI_BITS_PER_BYTE, NON_BLOCKING)              \
  SHMEMI_RMA_BLOCK(get##SIZE##_nbi, get, (SIZE) / SHMEMI_BITS_PER_BYTE, NON_BLOCKING)              \
  SHMEMI_RMA_STRIDED(iput##SIZE, iput, (SIZE) / SHMEMI_BITS_PER_BYTE)                              \
  SHMEMI_RMA_STRIDED(iget##SIZE, iget, (SIZE) / SHMEMI_BITS_PER_BYTE)
SHMEM_MPI_SIZES(SHMEMI_RMA_SIZED)
SHMEMI_RMA_BLOCK(putmem, put, 1, BLOCKING)
SHMEMI_RMA_BLOCK(getmem, get, 1, BLOCKING)
SHMEMI_RMA_BLOCK(putmem_nbi, put, 1, NON_BLOCKING)
SHMEMI_RMA_BLOCK(getmem_nbi, get, 1, NON_BLOCKING)
