// Collectives (OpenSHMEM 1.5 section 9.9): team-based ones and the deprecated active-set ones.
// Each is an exchange over its team (Table 3.2) after which the PE accesses its own buffers: PEs
// leave a collective at different times, so another PE's access to them right after its own call
// races with them.
#include "routines.h"

using namespace rmarace;
using namespace rmarace::shmem;

namespace {

// `root`: the root's PE number in the team (one-to-all), else ignored.
void collective(Scope &s, Team &team, CollectiveKind kind, int root, const ByteRanges &written,
                const ByteRanges &read) {
  Rank worldRoot =
      kind == CollectiveKind::OneToAll ? team.members.at(static_cast<std::size_t>(root)) : 0;
  s.sem().collective(s.st().group(team), kind, worldRoot, written, read, s.site());
}

} // namespace

// ---- Team-based collectives (return 0 on success) --------------------------------------------
#define RMARACE_TEAM_COLL(NAME, PARAMS, ARGS, TEAM, KIND, ROOT, WRITTEN, READ)                     \
  extern "C" int p##NAME PARAMS RMARACE_SHMEM_WEAK;                                                \
  extern "C" int NAME PARAMS {                                                                     \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    int rc = scope.blocking([&] { return routine ARGS; });                                         \
    if (scope && rc == 0 && TEAM) {                                                                \
      Team &t = scope.st().team(TEAM);                                                             \
      std::size_t npes = t.members.size();                                                         \
      (void)npes;                                                                                  \
      collective(scope, t, KIND, ROOT, WRITTEN, READ);                                             \
    }                                                                                              \
    return rc;                                                                                     \
  }

#define RMARACE_TEAM_DATA(T, NAME, ELEM)                                                           \
  RMARACE_TEAM_COLL(shmem_##NAME##broadcast,                                                       \
                    (shmem_team_t team, T * dest, const T *source, size_t nelems, int PE_root),    \
                    (team, dest, source, nelems, PE_root), team, CollectiveKind::OneToAll,         \
                    PE_root, bytesAt(dest, nelems *(ELEM)), bytesAt(source, nelems *(ELEM)))       \
  RMARACE_TEAM_COLL(shmem_##NAME##collect,                                                         \
                    (shmem_team_t team, T * dest, const T *source, size_t nelems),                 \
                    (team, dest, source, nelems), team, CollectiveKind::AllToAll, 0,               \
                    bytesAt(dest, nelems *(ELEM)), bytesAt(source, nelems *(ELEM)))                \
  RMARACE_TEAM_COLL(shmem_##NAME##fcollect,                                                        \
                    (shmem_team_t team, T * dest, const T *source, size_t nelems),                 \
                    (team, dest, source, nelems), team, CollectiveKind::AllToAll, 0,               \
                    bytesAt(dest, nelems *(ELEM)*npes), bytesAt(source, nelems *(ELEM)))           \
  RMARACE_TEAM_COLL(shmem_##NAME##alltoall,                                                        \
                    (shmem_team_t team, T * dest, const T *source, size_t nelems),                 \
                    (team, dest, source, nelems), team, CollectiveKind::AllToAll, 0,               \
                    bytesAt(dest, nelems *(ELEM)*npes), bytesAt(source, nelems *(ELEM)*npes))      \
  RMARACE_TEAM_COLL(                                                                               \
      shmem_##NAME##alltoalls,                                                                     \
      (shmem_team_t team, T * dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems), \
      (team, dest, source, dst, sst, nelems), team, CollectiveKind::AllToAll, 0,                   \
      strided(dest, dst, nelems *npes, ELEM), strided(source, sst, nelems *npes, ELEM))

#define RMARACE_TYPED_TEAM_DATA(T, N) RMARACE_TEAM_DATA(T, N##_, sizeof(T))
SHMEM_MPI_RMA_TYPES(RMARACE_TYPED_TEAM_DATA)

// The mem forms: shmem_broadcastmem, shmem_collectmem, ... (nelems in bytes).
#define RMARACE_MEM_COLL(NAME, PARAMS, ARGS, KIND, ROOT, WRITTEN, READ)                            \
  RMARACE_TEAM_COLL(NAME, PARAMS, ARGS, team, KIND, ROOT, WRITTEN, READ)
RMARACE_MEM_COLL(shmem_broadcastmem,
                 (shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root),
                 (team, dest, source, nelems, PE_root), CollectiveKind::OneToAll, PE_root,
                 bytesAt(dest, nelems), bytesAt(source, nelems))
RMARACE_MEM_COLL(shmem_collectmem,
                 (shmem_team_t team, void *dest, const void *source, size_t nelems),
                 (team, dest, source, nelems), CollectiveKind::AllToAll, 0, bytesAt(dest, nelems),
                 bytesAt(source, nelems))
RMARACE_MEM_COLL(shmem_fcollectmem,
                 (shmem_team_t team, void *dest, const void *source, size_t nelems),
                 (team, dest, source, nelems), CollectiveKind::AllToAll, 0,
                 bytesAt(dest, nelems *npes), bytesAt(source, nelems))
RMARACE_MEM_COLL(shmem_alltoallmem,
                 (shmem_team_t team, void *dest, const void *source, size_t nelems),
                 (team, dest, source, nelems), CollectiveKind::AllToAll, 0,
                 bytesAt(dest, nelems *npes), bytesAt(source, nelems *npes))
RMARACE_MEM_COLL(shmem_alltoallsmem,
                 (shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                  size_t nelems),
                 (team, dest, source, dst, sst, nelems), CollectiveKind::AllToAll, 0,
                 strided(dest, dst, nelems *npes, 1), strided(source, sst, nelems *npes, 1))

// Reductions over a team: every member gets the result (all-to-all).
#define RMARACE_REDUCE(T, N, OP)                                                                   \
  RMARACE_TEAM_COLL(shmem_##N##_##OP##_reduce,                                                     \
                    (shmem_team_t team, T * dest, const T *source, size_t nreduce),                \
                    (team, dest, source, nreduce), team, CollectiveKind::AllToAll, 0,              \
                    bytesAt(dest, nreduce * sizeof(T)), bytesAt(source, nreduce * sizeof(T)))
#define RMARACE_REDUCE_BITWISE(T, N)                                                               \
  RMARACE_REDUCE(T, N, and) RMARACE_REDUCE(T, N, or) RMARACE_REDUCE(T, N, xor)
#define RMARACE_REDUCE_MINMAX(T, N) RMARACE_REDUCE(T, N, max) RMARACE_REDUCE(T, N, min)
#define RMARACE_REDUCE_ARITH(T, N) RMARACE_REDUCE(T, N, sum) RMARACE_REDUCE(T, N, prod)
SHMEM_MPI_REDUCE_BITWISE_TYPES(RMARACE_REDUCE_BITWISE)
SHMEM_MPI_REDUCE_MINMAX_TYPES(RMARACE_REDUCE_MINMAX)
SHMEM_MPI_REDUCE_ARITH_TYPES(RMARACE_REDUCE_ARITH)

// ---- Deprecated active-set collectives ----------------------------------------------------------
#define RMARACE_ACTIVE_SET_PARAMS int PE_start, int logPE_stride, int PE_size
#define RMARACE_ACTIVE_COLL(R, NAME, PARAMS, ARGS, KIND, ROOT, WRITTEN, READ)                      \
  extern "C" void p##NAME PARAMS RMARACE_SHMEM_WEAK;                                               \
  extern "C" void NAME PARAMS {                                                                    \
    RMARACE_SHMEM_SCOPE(#NAME);                                                                    \
    auto routine = require(p##NAME, "p" #NAME);                                                    \
    scope.blocking([&] { routine ARGS; });                                                         \
    if (scope) {                                                                                   \
      Team &t = scope.st().activeSet(PE_start, logPE_stride, PE_size);                             \
      std::size_t npes = t.members.size();                                                         \
      (void)npes;                                                                                  \
      collective(scope, t, KIND, ROOT, WRITTEN, READ);                                             \
    }                                                                                              \
  }

// The active-set broadcast does not write the root's dest.
#define RMARACE_ACTIVE_DATA(SIZE)                                                                  \
  RMARACE_ACTIVE_COLL(void, shmem_broadcast##SIZE,                                                 \
                      (void *dest, const void *source, size_t nelems, int PE_root,                 \
                       RMARACE_ACTIVE_SET_PARAMS, long *pSync),                                    \
                      (dest, source, nelems, PE_root, PE_start, logPE_stride, PE_size, pSync),     \
                      CollectiveKind::OneToAll, PE_root,                                           \
                      (t.members.at(static_cast<std::size_t>(PE_root)) == scope.sem().self()       \
                           ? ByteRanges()                                                          \
                           : bytesAt(dest, nelems * SIZE / kBitsPerByte)),                         \
                      bytesAt(source, nelems *SIZE / kBitsPerByte))                                \
  RMARACE_ACTIVE_COLL(                                                                             \
      void, shmem_collect##SIZE,                                                                   \
      (void *dest, const void *source, size_t nelems, RMARACE_ACTIVE_SET_PARAMS, long *pSync),     \
      (dest, source, nelems, PE_start, logPE_stride, PE_size, pSync), CollectiveKind::AllToAll, 0, \
      bytesAt(dest, nelems *SIZE / kBitsPerByte), bytesAt(source, nelems *SIZE / kBitsPerByte))    \
  RMARACE_ACTIVE_COLL(                                                                             \
      void, shmem_fcollect##SIZE,                                                                  \
      (void *dest, const void *source, size_t nelems, RMARACE_ACTIVE_SET_PARAMS, long *pSync),     \
      (dest, source, nelems, PE_start, logPE_stride, PE_size, pSync), CollectiveKind::AllToAll, 0, \
      bytesAt(dest, nelems *npes *SIZE / kBitsPerByte),                                            \
      bytesAt(source, nelems *SIZE / kBitsPerByte))                                                \
  RMARACE_ACTIVE_COLL(                                                                             \
      void, shmem_alltoall##SIZE,                                                                  \
      (void *dest, const void *source, size_t nelems, RMARACE_ACTIVE_SET_PARAMS, long *pSync),     \
      (dest, source, nelems, PE_start, logPE_stride, PE_size, pSync), CollectiveKind::AllToAll, 0, \
      bytesAt(dest, nelems *npes *SIZE / kBitsPerByte),                                            \
      bytesAt(source, nelems *npes *SIZE / kBitsPerByte))                                          \
  RMARACE_ACTIVE_COLL(void, shmem_alltoalls##SIZE,                                                 \
                      (void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,               \
                       size_t nelems, RMARACE_ACTIVE_SET_PARAMS, long *pSync),                     \
                      (dest, source, dst, sst, nelems, PE_start, logPE_stride, PE_size, pSync),    \
                      CollectiveKind::AllToAll, 0,                                                 \
                      strided(dest, dst, nelems *npes, SIZE / kBitsPerByte),                       \
                      strided(source, sst, nelems *npes, SIZE / kBitsPerByte))
RMARACE_ACTIVE_DATA(32)
RMARACE_ACTIVE_DATA(64)

#define RMARACE_TO_ALL(T, N, OP)                                                                   \
  RMARACE_ACTIVE_COLL(                                                                             \
      void, shmem_##N##_##OP##_to_all,                                                             \
      (T * dest, const T *source, int nreduce, RMARACE_ACTIVE_SET_PARAMS, T *pWrk, long *pSync),   \
      (dest, source, nreduce, PE_start, logPE_stride, PE_size, pWrk, pSync),                       \
      CollectiveKind::AllToAll, 0, bytesAt(dest, static_cast<std::size_t>(nreduce) * sizeof(T)),   \
      bytesAt(source, static_cast<std::size_t>(nreduce) * sizeof(T)))
#define RMARACE_TO_ALL_BITWISE(T, N)                                                               \
  RMARACE_TO_ALL(T, N, and) RMARACE_TO_ALL(T, N, or) RMARACE_TO_ALL(T, N, xor)
#define RMARACE_TO_ALL_MINMAX(T, N) RMARACE_TO_ALL(T, N, max) RMARACE_TO_ALL(T, N, min)
#define RMARACE_TO_ALL_ARITH(T, N) RMARACE_TO_ALL(T, N, sum) RMARACE_TO_ALL(T, N, prod)
SHMEM_MPI_TO_ALL_BITWISE_TYPES(RMARACE_TO_ALL_BITWISE)
SHMEM_MPI_TO_ALL_MINMAX_TYPES(RMARACE_TO_ALL_MINMAX)
SHMEM_MPI_TO_ALL_ARITH_TYPES(RMARACE_TO_ALL_ARITH)
