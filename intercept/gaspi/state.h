// State of the GASPI front end: the semantics layer and the groups the program committed, as the
// engine knows them. Created when gaspi_proc_init returns, on the MPI front end's transport
// (intercept/mpi/attach.h).
#pragma once

#include "semantics.h"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace rmarace::gaspi {

struct State {
  State(Tracker &tracker, GroupView world) : semantics(tracker, std::move(world)) {}
  Semantics semantics;
  // Committed groups other than GASPI_GROUP_ALL: world ranks in group order and a tool channel.
  std::map<unsigned, GroupView> groups;

  // The group a collective over `group` synchronises; empty if the program never committed it.
  std::optional<GroupView> group(unsigned group) const;
  // gaspi_group_commit returned: `ranks` are the members (collective over them).
  void committed(unsigned group, const std::vector<Rank> &ranks);
  void deleted(unsigned group);
};

State *state(); // nullptr outside gaspi_proc_init .. gaspi_proc_term

} // namespace rmarace::gaspi
