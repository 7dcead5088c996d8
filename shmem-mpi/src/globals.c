/* The library state, fatal errors and the translation of symmetric addresses to windows. */
#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum { SHMEMI_FATAL_EXIT_CODE = 1, SHMEMI_MESSAGE_MAX = 1024 };

struct shmemi_state shmemi_state;

int shmemi_my_pe(void) {
  return shmemi_state.my_pe;
}
int shmemi_n_pes(void) {
  return shmemi_state.n_pes;
}
MPI_Comm shmemi_world_comm(void) {
  return shmemi_state.world;
}
int shmemi_initialized(void) {
  return shmemi_state.initialized;
}

void shmemi_fatal(const char *routine, const char *format, ...) {
  char message[SHMEMI_MESSAGE_MAX];
  va_list args;
  va_start(args, format);
  vsnprintf(message, sizeof message, format, args);
  va_end(args);
  int mpi_up = 0;
  int mpi_down = 0;
  MPI_Initialized(&mpi_up);
  MPI_Finalized(&mpi_down);
  if (mpi_up && !mpi_down && shmemi_state.initialized)
    fprintf(stderr, "shmem-mpi: %s: %s (on PE %d)\n", routine, message, shmemi_state.my_pe);
  else
    fprintf(stderr, "shmem-mpi: %s: %s\n", routine, message);
  fflush(stdout);
  fflush(stderr);
  if (mpi_up && !mpi_down) MPI_Abort(MPI_COMM_WORLD, SHMEMI_FATAL_EXIT_CODE);
  exit(SHMEMI_FATAL_EXIT_CODE);
}

void shmemi_require_init(const char *routine) {
  if (!shmemi_state.initialized)
    shmemi_fatal(routine, "called before shmem_init or after shmem_finalize");
}

int shmemi_region_of(const void *addr, size_t len) {
  const char *p = addr;
  for (int r = 0; r < SHMEMI_REGION_COUNT; ++r) {
    const char *base = shmemi_state.region_base[r];
    size_t size = shmemi_state.region_size[r];
    if (base && p >= base && p < base + size && len <= (size_t)(base + size - p)) return r;
  }
  return -1;
}

int shmemi_ctx_world_pe(shmem_ctx_t ctx, int pe, const char *routine) {
  shmemi_require_init(routine);
  if (ctx == SHMEM_CTX_INVALID) shmemi_fatal(routine, "invalid context (SHMEM_CTX_INVALID)");
  const struct shmemi_ctx *c = (const struct shmemi_ctx *)ctx;
  if (c->team == SHMEM_TEAM_INVALID) {
    if (pe < 0 || pe >= shmemi_state.n_pes)
      shmemi_fatal(routine, "PE %d out of range (the job has %d PEs)", pe, shmemi_state.n_pes);
    return pe;
  }
  int world_pe = shmemi_team_world_pe(c->team, pe);
  if (world_pe < 0) shmemi_fatal(routine, "PE %d out of range of the context's team", pe);
  return world_pe;
}

struct shmemi_remote shmemi_remote(shmem_ctx_t ctx, const void *addr, size_t len, int pe,
                                   const char *routine) {
  int world_pe = shmemi_ctx_world_pe(ctx, pe, routine);
  int region = shmemi_region_of(addr, len);
  if (region < 0)
    shmemi_fatal(routine,
                 "address %p (%zu bytes) is not symmetric: neither in the symmetric heap nor in "
                 "the executable's data or bss",
                 addr, len);
  struct shmemi_remote remote = {shmemi_state.win[region],
                                 (MPI_Aint)((const char *)addr - shmemi_state.region_base[region]),
                                 world_pe};
  return remote;
}
