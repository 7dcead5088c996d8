// State of the OpenSHMEM front end: the semantics layer, and what the program's context and team
// handles mean to it. Created when the library's initialisation returns, on the MPI front end's
// transport (intercept/mpi/attach.h).
#pragma once

#include "semantics.h"
#include "shmem-mpi/types.h"

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace rmarace::shmem {

// A team (or deprecated active set) as the engine knows it: the world ranks of its PEs in team
// order, and the tool channel it synchronises over, created at its first collective.
struct Team {
  std::vector<Rank> members;
  uint64_t channel = 0;
};

struct State {
  explicit State(Tracker &tracker, GroupView world) : semantics(tracker, std::move(world)) {}
  Semantics semantics;
  std::map<const void *, ContextId> contexts; // ctx handle -> context; others: the default
  std::map<const void *, Team> teams;         // team handle -> team
  std::map<std::tuple<int, int, int>, Team> activeSets; // (PE_start, logPE_stride, PE_size)

  ContextId context(const void *handle) const;
  // The team behind a handle: one the program split, or a predefined one asked from the library.
  Team &team(shmem_team_t handle);
  // A deprecated active set (PE_start, logPE_stride, PE_size).
  Team &activeSet(int start, int logStride, int size);
  // The group a collective of a team synchronises: creates its channel on first use.
  GroupView group(Team &team);
};

State *state(); // nullptr outside shmem_init .. shmem_finalize

} // namespace rmarace::shmem
