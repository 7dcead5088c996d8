// Teams and their synchronisation (OpenSHMEM 1.5 section 9.4.3, 9.9.3): the front end remembers
// which world PEs a team has; team_sync and the deprecated active-set sync and barrier are
// exchanges over exactly those PEs.
#include "mpi/attach.h"
#include "nasty_nbi.h"
#include "routines.h"

#include <algorithm>

using namespace rmarace;
using namespace rmarace::shmem;

namespace {

// PEs `start + i * stride` of the parent, i < size, as world ranks.
std::vector<Rank> strided(const Team &parent, int start, int stride, int size) {
  std::vector<Rank> members;
  for (int i = 0; i < size; ++i)
    members.push_back(parent.members.at(static_cast<std::size_t>(start + i * stride)));
  return members;
}

void remember(Scope &s, shmem_team_t handle, std::vector<Rank> members) {
  if (!handle) return;
  s.st().teams[handle] = Team{std::move(members), 0};
}

} // namespace

extern "C" {

int pshmem_team_split_strided(shmem_team_t parent, int start, int stride, int size,
                              const shmem_team_config_t *config, long config_mask,
                              shmem_team_t *new_team) RMARACE_SHMEM_WEAK;
int pshmem_team_split_2d(shmem_team_t parent, int xrange, const shmem_team_config_t *xaxis_config,
                         long xaxis_mask, shmem_team_t *xaxis_team,
                         const shmem_team_config_t *yaxis_config, long yaxis_mask,
                         shmem_team_t *yaxis_team) RMARACE_SHMEM_WEAK;
void pshmem_team_destroy(shmem_team_t team) RMARACE_SHMEM_WEAK;
int pshmem_team_sync(shmem_team_t team) RMARACE_SHMEM_WEAK;
void pshmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync) RMARACE_SHMEM_WEAK;
void pshmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync) RMARACE_SHMEM_WEAK;

int shmem_team_split_strided(shmem_team_t parent, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team) {
  RMARACE_SHMEM_SCOPE("shmem_team_split_strided");
  auto split = require(pshmem_team_split_strided, "pshmem_team_split_strided");
  int rc = scope.blocking(
      [&] { return split(parent, start, stride, size, config, config_mask, new_team); });
  if (scope && rc == 0)
    remember(scope, *new_team, strided(scope.st().team(parent), start, stride, size));
  return rc;
}

int shmem_team_split_2d(shmem_team_t parent, int xrange, const shmem_team_config_t *xaxis_config,
                        long xaxis_mask, shmem_team_t *xaxis_team,
                        const shmem_team_config_t *yaxis_config, long yaxis_mask,
                        shmem_team_t *yaxis_team) {
  RMARACE_SHMEM_SCOPE("shmem_team_split_2d");
  auto split = require(pshmem_team_split_2d, "pshmem_team_split_2d");
  int rc = scope.blocking([&] {
    return split(parent, xrange, xaxis_config, xaxis_mask, xaxis_team, yaxis_config, yaxis_mask,
                 yaxis_team);
  });
  if (!scope || rc != 0) return rc;
  // 9.4.3: parent PE p is (p mod xrange, p div xrange); the x-axis team is its row, the y-axis
  // team its column.
  const Team &p = scope.st().team(parent);
  int n = static_cast<int>(p.members.size());
  int me = static_cast<int>(std::find(p.members.begin(), p.members.end(), scope.sem().self()) -
                            p.members.begin());
  int xr = std::min(xrange, n);
  if (xr <= 0 || me >= n) return rc;
  int row = me / xr, column = me % xr;
  int rowSize = std::min(xr, n - row * xr);
  int columnSize = (n - column + xr - 1) / xr;
  remember(scope, *xaxis_team, strided(p, row * xr, 1, rowSize));
  remember(scope, *yaxis_team, strided(p, column, xr, columnSize));
  return rc;
}

void shmem_team_destroy(shmem_team_t team) {
  RMARACE_SHMEM_SCOPE("shmem_team_destroy");
  completeNbi(); // the team's contexts go with it
  if (scope) {
    auto it = scope.st().teams.find(team);
    if (it != scope.st().teams.end()) {
      if (it->second.channel) rmarace_mpi_release_channel(it->second.channel);
      scope.st().teams.erase(it);
    }
  }
  scope.blocking([&] { require(pshmem_team_destroy, "pshmem_team_destroy")(team); });
}

int shmem_team_sync(shmem_team_t team) {
  RMARACE_SHMEM_SCOPE("shmem_team_sync");
  int rc = scope.blocking([&] { return require(pshmem_team_sync, "pshmem_team_sync")(team); });
  if (scope && rc == 0 && team)
    scope.sem().sync(scope.st().group(scope.st().team(team)), scope.site());
  return rc;
}

void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  RMARACE_SHMEM_SCOPE("shmem_sync");
  scope.blocking(
      [&] { require(pshmem_sync, "pshmem_sync")(PE_start, logPE_stride, PE_size, pSync); });
  if (scope)
    scope.sem().sync(scope.st().group(scope.st().activeSet(PE_start, logPE_stride, PE_size)),
                     scope.site());
}

void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync) {
  RMARACE_SHMEM_SCOPE("shmem_barrier");
  completeNbi(); // like shmem_barrier_all, the active-set barrier completes what this PE issued
  scope.blocking(
      [&] { require(pshmem_barrier, "pshmem_barrier")(PE_start, logPE_stride, PE_size, pSync); });
  if (scope)
    scope.sem().barrier(scope.st().group(scope.st().activeSet(PE_start, logPE_stride, PE_size)),
                        scope.site());
}

} // extern "C"
