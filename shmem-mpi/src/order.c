/* Memory ordering and barriers (OpenSHMEM 1.5 sections 9.9.2-9.9.3 and 9.11). Contexts share the
 * windows, so quiet and fence complete every window (MPI_Win_flush_all): more than a context's
 * own operations, which the specification allows. A fence must order puts and AMOs to each PE,
 * which MPI does not, so it completes them too. */
#include "core.h"

void shmemi_quiet_all(void) {
  for (int r = 0; r < SHMEMI_REGION_COUNT; ++r) MPI_Win_flush_all(shmemi_state.win[r]);
}

void shmemi_sync_memory(void) {
  for (int r = 0; r < SHMEMI_REGION_COUNT; ++r) MPI_Win_sync(shmemi_state.win[r]);
}

void shmemi_quiet_default(void) {
  shmemi_quiet_all();
}

void shmemi_barrier_all(void) {
  shmemi_quiet_all();
  MPI_Barrier(shmemi_state.world);
  shmemi_sync_memory();
}

void pshmem_quiet(void) {
  shmemi_require_init("shmem_quiet");
  shmemi_quiet_all();
}
SHMEMI_ALIAS(shmem_quiet)

void pshmem_ctx_quiet(shmem_ctx_t ctx) {
  if (ctx == SHMEM_CTX_INVALID) return;
  shmemi_require_init("shmem_ctx_quiet");
  shmemi_quiet_all();
}
SHMEMI_ALIAS(shmem_ctx_quiet)

void pshmem_fence(void) {
  shmemi_require_init("shmem_fence");
  shmemi_quiet_all();
}
SHMEMI_ALIAS(shmem_fence)

void pshmem_ctx_fence(shmem_ctx_t ctx) {
  if (ctx == SHMEM_CTX_INVALID) return;
  shmemi_require_init("shmem_ctx_fence");
  shmemi_quiet_all();
}
SHMEMI_ALIAS(shmem_ctx_fence)

void pshmem_barrier_all(void) {
  shmemi_require_init("shmem_barrier_all");
  shmemi_barrier_all();
}
SHMEMI_ALIAS(shmem_barrier_all)

void pshmem_sync_all(void) {
  shmemi_require_init("shmem_sync_all");
  MPI_Barrier(shmemi_state.world);
  shmemi_sync_memory();
}
SHMEMI_ALIAS(shmem_sync_all)
