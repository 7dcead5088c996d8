#include "mpi/attach.h"
#include "routines.h"

#include <cstdio>
#include <cstdlib>
#include <string>

// Teams as the library knows them (OpenSHMEM 1.5 only: null on older libraries).
extern "C" {
extern shmem_team_t SHMEM_TEAM_WORLD RMARACE_SHMEM_WEAK;
int pshmem_team_n_pes(shmem_team_t team) RMARACE_SHMEM_WEAK;
int pshmem_team_translate_pe(shmem_team_t src, int pe, shmem_team_t dest) RMARACE_SHMEM_WEAK;
}

namespace rmarace::shmem {

ContextId State::context(const void *handle) const {
  auto it = contexts.find(handle);
  return it == contexts.end() ? Semantics::kDefaultContext : it->second;
}

Team &State::team(shmem_team_t handle) {
  auto it = teams.find(handle);
  if (it != teams.end()) return it->second;
  Team t;
  int n = pshmem_team_n_pes && &SHMEM_TEAM_WORLD ? pshmem_team_n_pes(handle) : -1;
  if (n > 0 && handle != SHMEM_TEAM_WORLD)
    for (int i = 0; i < n; ++i)
      t.members.push_back(pshmem_team_translate_pe(handle, i, SHMEM_TEAM_WORLD));
  else
    t.members = semantics.world().members;
  return teams.emplace(handle, std::move(t)).first->second;
}

Team &State::activeSet(int start, int logStride, int size) {
  auto [it, added] = activeSets.try_emplace({start, logStride, size});
  if (added)
    for (int i = 0; i < size; ++i) it->second.members.push_back(start + (i << logStride));
  return it->second;
}

GroupView State::group(Team &team) {
  if (team.members == semantics.world().members) return semantics.world();
  if (team.channel == 0)
    team.channel =
        rmarace_mpi_group_channel(team.members.data(), static_cast<int>(team.members.size()));
  return GroupView{team.members, team.channel};
}

void Scope::check(Problem problem, const void *address) {
  if (problem == Problem::None) return;
  ErrorRecord e;
  e.kind = "not-symmetric";
  e.rank = sem().self();
  char where[32];
  std::snprintf(where, sizeof where, "%p", address);
  e.message = std::string(call()) + ": address " + where +
              " is not symmetric (neither from the symmetric heap nor global or static data)";
  e.location = runtime().resolve(site());
  runtime().reportError(e);
}

void missingRoutine(const char *name) {
  std::fprintf(stderr,
               "rmarace: error: the program calls %s, but its OpenSHMEM library does not "
               "provide it (OpenSHMEM 1.5 routine on an older library?)\n",
               name);
  std::abort();
}

} // namespace rmarace::shmem
