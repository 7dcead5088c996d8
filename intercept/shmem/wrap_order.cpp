// Ordering, completion and locks (OpenSHMEM 1.5 sections 9.4.1, 9.9.1, 9.9.2, 9.11 and 9.12):
// quiet, fence, barrier_all, sync_all, contexts, distributed locks.
#include "nasty_nbi.h"
#include "routines.h"

using namespace rmarace;
using namespace rmarace::shmem;

extern "C" {

void pshmem_quiet(void) RMARACE_SHMEM_WEAK;
void pshmem_fence(void) RMARACE_SHMEM_WEAK;
void pshmem_ctx_quiet(shmem_ctx_t ctx) RMARACE_SHMEM_WEAK;
void pshmem_ctx_fence(shmem_ctx_t ctx) RMARACE_SHMEM_WEAK;
void pshmem_barrier_all(void) RMARACE_SHMEM_WEAK;
void pshmem_sync_all(void) RMARACE_SHMEM_WEAK;
int pshmem_ctx_create(long options, shmem_ctx_t *ctx) RMARACE_SHMEM_WEAK;
int pshmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx) RMARACE_SHMEM_WEAK;
void pshmem_ctx_destroy(shmem_ctx_t ctx) RMARACE_SHMEM_WEAK;
void pshmem_set_lock(long *lock) RMARACE_SHMEM_WEAK;
void pshmem_clear_lock(long *lock) RMARACE_SHMEM_WEAK;
int pshmem_test_lock(long *lock) RMARACE_SHMEM_WEAK;

void shmem_quiet(void) {
  RMARACE_SHMEM_SCOPE("shmem_quiet");
  completeNbi();
  require(pshmem_quiet, "pshmem_quiet")();
  if (scope) scope.sem().quiet(Semantics::kDefaultContext, scope.site());
}

void shmem_ctx_quiet(shmem_ctx_t ctx) {
  RMARACE_SHMEM_SCOPE("shmem_ctx_quiet");
  completeNbi();
  require(pshmem_ctx_quiet, "pshmem_ctx_quiet")(ctx);
  if (scope && ctx) scope.sem().quiet(scope.st().context(ctx), scope.site());
}

void shmem_fence(void) {
  RMARACE_SHMEM_SCOPE("shmem_fence");
  completeNbi();
  require(pshmem_fence, "pshmem_fence")();
  if (scope) scope.sem().fence(Semantics::kDefaultContext, scope.site());
}

void shmem_ctx_fence(shmem_ctx_t ctx) {
  RMARACE_SHMEM_SCOPE("shmem_ctx_fence");
  completeNbi();
  require(pshmem_ctx_fence, "pshmem_ctx_fence")(ctx);
  if (scope && ctx) scope.sem().fence(scope.st().context(ctx), scope.site());
}

void shmem_barrier_all(void) {
  RMARACE_SHMEM_SCOPE("shmem_barrier_all");
  completeNbi();
  scope.blocking([] { require(pshmem_barrier_all, "pshmem_barrier_all")(); });
  if (scope) scope.sem().barrierAll(scope.site());
}

void shmem_sync_all(void) {
  RMARACE_SHMEM_SCOPE("shmem_sync_all");
  scope.blocking([] { require(pshmem_sync_all, "pshmem_sync_all")(); });
  if (scope) scope.sem().sync(scope.sem().world(), scope.site());
}

// ---- Contexts ---------------------------------------------------------------------------------

int shmem_ctx_create(long options, shmem_ctx_t *ctx) {
  RMARACE_SHMEM_SCOPE("shmem_ctx_create");
  int rc = require(pshmem_ctx_create, "pshmem_ctx_create")(options, ctx);
  if (scope && rc == 0 && *ctx) scope.st().contexts[*ctx] = scope.sem().createContext({});
  return rc;
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx) {
  RMARACE_SHMEM_SCOPE("shmem_team_create_ctx");
  int rc = require(pshmem_team_create_ctx, "pshmem_team_create_ctx")(team, options, ctx);
  if (scope && rc == 0 && *ctx)
    scope.st().contexts[*ctx] = scope.sem().createContext(scope.st().team(team).members);
  return rc;
}

// Destroying a context completes its operations.
void shmem_ctx_destroy(shmem_ctx_t ctx) {
  RMARACE_SHMEM_SCOPE("shmem_ctx_destroy");
  completeNbi();
  require(pshmem_ctx_destroy, "pshmem_ctx_destroy")(ctx);
  if (!scope || !ctx) return;
  auto it = scope.st().contexts.find(ctx);
  if (it == scope.st().contexts.end()) return;
  scope.sem().destroyContext(it->second, scope.site());
  scope.st().contexts.erase(it);
}

// ---- Distributed locks --------------------------------------------------------------------------

void shmem_set_lock(long *lock) {
  RMARACE_SHMEM_SCOPE("shmem_set_lock");
  scope.blocking([&] { require(pshmem_set_lock, "pshmem_set_lock")(lock); });
  if (scope)
    scope.check(scope.sem().lockAcquired(reinterpret_cast<Address>(lock), scope.site()), lock);
}

void shmem_clear_lock(long *lock) {
  RMARACE_SHMEM_SCOPE("shmem_clear_lock");
  completeNbi();
  if (scope)
    scope.check(scope.sem().lockReleasing(reinterpret_cast<Address>(lock), scope.site()), lock);
  require(pshmem_clear_lock, "pshmem_clear_lock")(lock);
}

int shmem_test_lock(long *lock) {
  RMARACE_SHMEM_SCOPE("shmem_test_lock");
  int held = require(pshmem_test_lock, "pshmem_test_lock")(lock);
  if (scope && held == 0)
    scope.check(scope.sem().lockAcquired(reinterpret_cast<Address>(lock), scope.site()), lock);
  return held;
}

} // extern "C"
