/* OpenSHMEM 1.5 team-based collectives (9.9) as MPI collectives on the team's communicator over
 * the local symmetric buffers. Data movement is in bytes; reductions use the MPI datatype of the
 * element type. No synchronisation beyond what the MPI collective does (the standard promises
 * none). */
#include "team_part.h"

#include <stdlib.h>
#include <string.h>

/* ---- Collectives over a communicator ------------------------------------------------------ */

static int mpi_result(int rc) {
  return rc == MPI_SUCCESS ? 0 : SHMEMI_TEAM_ERROR;
}

/* MPI counts are int. */
static int fits_count(size_t count) {
  return count <= (size_t)INT_MAX;
}

static int comm_rank(MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  return rank;
}

static int comm_size(MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  return size;
}

int shmemi_coll_broadcast(MPI_Comm comm, void *dest, const void *source, size_t nbytes, int root,
                          int update_root) {
  if (!fits_count(nbytes)) return SHMEMI_TEAM_ERROR;
  void *buffer = dest;
  if (comm_rank(comm) == root) {
    if (!update_root)
      buffer = (void *)source; /* MPI_Bcast only reads the root's buffer */
    else if (dest != source && nbytes > 0)
      memcpy(dest, source, nbytes);
  }
  return mpi_result(MPI_Bcast(buffer, (int)nbytes, MPI_BYTE, root, comm));
}

int shmemi_coll_fcollect(MPI_Comm comm, void *dest, const void *source, size_t nbytes) {
  if (!fits_count(nbytes)) return SHMEMI_TEAM_ERROR;
  const void *send = source;
  if (source == dest) { /* MPI_IN_PLACE expects the own block at its place in dest */
    size_t offset = (size_t)comm_rank(comm) * nbytes;
    if (offset > 0 && nbytes > 0) memcpy((char *)dest + offset, dest, nbytes);
    send = MPI_IN_PLACE;
  }
  int count = (int)nbytes;
  return mpi_result(MPI_Allgather(send, count, MPI_BYTE, dest, count, MPI_BYTE, comm));
}

/* Byte counts and displacements of the blocks of a collect, from every rank's nbytes. */
struct collect_layout {
  int *counts;
  int *displs;
};

static void collect_layout_free(struct collect_layout *layout) {
  free(layout->counts);
  free(layout->displs);
}

static int collect_layout_make(MPI_Comm comm, size_t nbytes, struct collect_layout *layout) {
  int n_ranks = comm_size(comm);
  uint64_t mine = nbytes, total = 0;
  uint64_t *sizes = malloc((size_t)n_ranks * sizeof *sizes);
  layout->counts = malloc((size_t)n_ranks * sizeof *layout->counts);
  layout->displs = malloc((size_t)n_ranks * sizeof *layout->displs);
  if (!sizes || !layout->counts || !layout->displs)
    shmemi_fatal("shmem_collect", "out of memory for %d PEs", n_ranks);
  int rc = mpi_result(MPI_Allgather(&mine, 1, MPI_UINT64_T, sizes, 1, MPI_UINT64_T, comm));
  for (int rank = 0; rank < n_ranks && rc == 0; ++rank) {
    if (sizes[rank] > (uint64_t)INT_MAX - total) rc = SHMEMI_TEAM_ERROR;
    layout->counts[rank] = (int)sizes[rank];
    layout->displs[rank] = (int)total;
    total += sizes[rank];
  }
  free(sizes);
  return rc;
}

int shmemi_coll_collect(MPI_Comm comm, void *dest, const void *source, size_t nbytes) {
  struct collect_layout layout;
  int rc = collect_layout_make(comm, nbytes, &layout);
  if (rc == 0) {
    int me = comm_rank(comm);
    const void *send = source;
    if (source == dest) { /* the own block may overlap its place in dest */
      if (nbytes > 0) memmove((char *)dest + layout.displs[me], dest, nbytes);
      send = MPI_IN_PLACE;
    }
    rc = mpi_result(MPI_Allgatherv(send, layout.counts[me], MPI_BYTE, dest, layout.counts,
                                   layout.displs, MPI_BYTE, comm));
  }
  collect_layout_free(&layout);
  return rc;
}

int shmemi_coll_alltoall(MPI_Comm comm, void *dest, const void *source, size_t nbytes) {
  if (!fits_count(nbytes)) return SHMEMI_TEAM_ERROR;
  const void *send = source == dest ? MPI_IN_PLACE : source;
  int count = (int)nbytes;
  return mpi_result(MPI_Alltoall(send, count, MPI_BYTE, dest, count, MPI_BYTE, comm));
}

/* One block of an alltoalls: nelems elements at the given stride; the extent covers the block
 * so that the block for rank j starts j blocks further. */
static void strided_block_type(size_t nelems, ptrdiff_t stride, size_t elem_size,
                               MPI_Datatype *type) {
  MPI_Datatype elem, vector;
  MPI_Aint stride_bytes = (MPI_Aint)stride * (MPI_Aint)elem_size;
  MPI_Type_contiguous((int)elem_size, MPI_BYTE, &elem);
  MPI_Type_create_hvector((int)nelems, 1, stride_bytes, elem, &vector);
  MPI_Type_create_resized(vector, 0, (MPI_Aint)nelems * stride_bytes, type);
  MPI_Type_commit(type);
  MPI_Type_free(&vector);
  MPI_Type_free(&elem);
}

/* The in-place alltoalls reads a copy of source (the strides of source and dest may differ). */
static void *alltoalls_source_copy(MPI_Comm comm, const void *source, ptrdiff_t sst, size_t nelems,
                                   size_t elem_size) {
  size_t last = ((size_t)comm_size(comm) * nelems - 1) * (size_t)sst;
  size_t span = (last + 1) * elem_size;
  void *copy = malloc(span);
  if (!copy) shmemi_fatal("shmem_alltoalls", "out of memory for %zu bytes", span);
  return memcpy(copy, source, span);
}

int shmemi_coll_alltoalls(MPI_Comm comm, void *dest, const void *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, size_t elem_size) {
  if (dst < 1 || sst < 1 || !fits_count(nelems) || !fits_count(elem_size)) return SHMEMI_TEAM_ERROR;
  if (nelems == 0) return 0;
  void *copy = source == dest ? alltoalls_source_copy(comm, source, sst, nelems, elem_size) : NULL;
  MPI_Datatype send_type, recv_type;
  strided_block_type(nelems, sst, elem_size, &send_type);
  strided_block_type(nelems, dst, elem_size, &recv_type);
  int rc = mpi_result(MPI_Alltoall(copy ? copy : source, 1, send_type, dest, 1, recv_type, comm));
  MPI_Type_free(&send_type);
  MPI_Type_free(&recv_type);
  free(copy);
  return rc;
}

int shmemi_coll_reduce(MPI_Comm comm, void *dest, const void *source, size_t count,
                       MPI_Datatype type, MPI_Op op) {
  if (!fits_count(count)) return SHMEMI_TEAM_ERROR;
  const void *send = source == dest ? MPI_IN_PLACE : source;
  return mpi_result(MPI_Allreduce(send, dest, (int)count, type, op, comm));
}

/* ---- Team-based collectives (9.9) --------------------------------------------------------- */

static int team_broadcast(shmem_team_t team, void *dest, const void *source, size_t nbytes,
                          int root) {
  const struct shmemi_team *record = shmemi_team(team);
  if (!record || root < 0 || root >= record->n_pes) return SHMEMI_TEAM_ERROR;
  return shmemi_coll_broadcast(record->comm, dest, source, nbytes, root, 1);
}

typedef int (*coll_bytes_fn)(MPI_Comm comm, void *dest, const void *source, size_t nbytes);

static int team_coll(shmem_team_t team, coll_bytes_fn coll, void *dest, const void *source,
                     size_t nbytes) {
  const struct shmemi_team *record = shmemi_team(team);
  return record ? coll(record->comm, dest, source, nbytes) : SHMEMI_TEAM_ERROR;
}

static int team_alltoalls(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                          ptrdiff_t sst, size_t nelems, size_t elem_size) {
  const struct shmemi_team *record = shmemi_team(team);
  if (!record) return SHMEMI_TEAM_ERROR;
  return shmemi_coll_alltoalls(record->comm, dest, source, dst, sst, nelems, elem_size);
}

static int team_reduce(shmem_team_t team, void *dest, const void *source, size_t nreduce,
                       MPI_Datatype type, MPI_Op op) {
  const struct shmemi_team *record = shmemi_team(team);
  return record ? shmemi_coll_reduce(record->comm, dest, source, nreduce, type, op)
                : SHMEMI_TEAM_ERROR;
}

#define DEFINE_TEAM_COLL(TYPE, TYPENAME)                                                           \
  int pshmem_##TYPENAME##_broadcast(shmem_team_t team, TYPE *dest, const TYPE *source,             \
                                    size_t nelems, int PE_root) {                                  \
    return team_broadcast(team, dest, source, nelems * sizeof(TYPE), PE_root);                     \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_broadcast);                                                 \
  int pshmem_##TYPENAME##_collect(shmem_team_t team, TYPE *dest, const TYPE *source,               \
                                  size_t nelems) {                                                 \
    return team_coll(team, shmemi_coll_collect, dest, source, nelems * sizeof(TYPE));              \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_collect);                                                   \
  int pshmem_##TYPENAME##_fcollect(shmem_team_t team, TYPE *dest, const TYPE *source,              \
                                   size_t nelems) {                                                \
    return team_coll(team, shmemi_coll_fcollect, dest, source, nelems * sizeof(TYPE));             \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_fcollect);                                                  \
  int pshmem_##TYPENAME##_alltoall(shmem_team_t team, TYPE *dest, const TYPE *source,              \
                                   size_t nelems) {                                                \
    return team_coll(team, shmemi_coll_alltoall, dest, source, nelems * sizeof(TYPE));             \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_alltoall);                                                  \
  int pshmem_##TYPENAME##_alltoalls(shmem_team_t team, TYPE *dest, const TYPE *source,             \
                                    ptrdiff_t dst, ptrdiff_t sst, size_t nelems) {                 \
    return team_alltoalls(team, dest, source, dst, sst, nelems, sizeof(TYPE));                     \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_alltoalls);
SHMEM_MPI_RMA_TYPES(DEFINE_TEAM_COLL)

int pshmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems,
                        int PE_root) {
  return team_broadcast(team, dest, source, nelems, PE_root);
}
SHMEMI_WEAK_ALIAS(shmem_broadcastmem);

int pshmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems) {
  return team_coll(team, shmemi_coll_collect, dest, source, nelems);
}
SHMEMI_WEAK_ALIAS(shmem_collectmem);

int pshmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems) {
  return team_coll(team, shmemi_coll_fcollect, dest, source, nelems);
}
SHMEMI_WEAK_ALIAS(shmem_fcollectmem);

int pshmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems) {
  return team_coll(team, shmemi_coll_alltoall, dest, source, nelems);
}
SHMEMI_WEAK_ALIAS(shmem_alltoallmem);

int pshmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst,
                        ptrdiff_t sst, size_t nelems) {
  return team_alltoalls(team, dest, source, dst, sst, nelems, 1);
}
SHMEMI_WEAK_ALIAS(shmem_alltoallsmem);

/* ---- Reductions (9.9.7) ------------------------------------------------------------------- */

#define DEFINE_REDUCE(TYPE, TYPENAME, OPNAME, MPI_OP)                                              \
  int pshmem_##TYPENAME##_##OPNAME##_reduce(shmem_team_t team, TYPE *dest, const TYPE *source,     \
                                            size_t nreduce) {                                      \
    return team_reduce(team, dest, source, nreduce, SHMEMI_MPI_TYPE_##TYPENAME, MPI_OP);           \
  }                                                                                                \
  SHMEMI_WEAK_ALIAS(shmem_##TYPENAME##_##OPNAME##_reduce);
#define DEFINE_REDUCE_BITWISE(TYPE, TYPENAME)                                                      \
  DEFINE_REDUCE(TYPE, TYPENAME, and, MPI_BAND)                                                     \
  DEFINE_REDUCE(TYPE, TYPENAME, or, MPI_BOR)                                                       \
  DEFINE_REDUCE(TYPE, TYPENAME, xor, MPI_BXOR)
#define DEFINE_REDUCE_MINMAX(TYPE, TYPENAME)                                                       \
  DEFINE_REDUCE(TYPE, TYPENAME, max, MPI_MAX)                                                      \
  DEFINE_REDUCE(TYPE, TYPENAME, min, MPI_MIN)
#define DEFINE_REDUCE_ARITH(TYPE, TYPENAME)                                                        \
  DEFINE_REDUCE(TYPE, TYPENAME, sum, MPI_SUM)                                                      \
  DEFINE_REDUCE(TYPE, TYPENAME, prod, MPI_PROD)
SHMEM_MPI_REDUCE_BITWISE_TYPES(DEFINE_REDUCE_BITWISE)
SHMEM_MPI_REDUCE_MINMAX_TYPES(DEFINE_REDUCE_MINMAX)
SHMEM_MPI_REDUCE_ARITH_TYPES(DEFINE_REDUCE_ARITH)
