#include "mpi/attach.h"
#include "routines.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>

namespace rmarace::gaspi {

std::optional<GroupView> State::group(unsigned group) const {
  if (group == GASPI_GROUP_ALL) return semantics.world();
  auto it = groups.find(group);
  if (it == groups.end()) return std::nullopt;
  return it->second;
}

void State::committed(unsigned group, const std::vector<Rank> &ranks) {
  if (group == GASPI_GROUP_ALL) return;
  deleted(group);
  if (ranks == semantics.world().members) {
    groups[group] = semantics.world();
    return;
  }
  std::vector<int> members(ranks.begin(), ranks.end());
  uint64_t channel = rmarace_mpi_group_channel(members.data(), static_cast<int>(members.size()));
  groups[group] = GroupView{ranks, channel};
}

void State::deleted(unsigned group) {
  auto it = groups.find(group);
  if (it == groups.end()) return;
  if (it->second.channel != semantics.world().channel)
    rmarace_mpi_release_channel(it->second.channel);
  groups.erase(it);
}

void Scope::error(const char *kind, const std::string &message) {
  ErrorRecord e;
  e.kind = kind;
  e.rank = sem().self();
  e.message = std::string(call()) + ": " + message;
  e.location = runtime().resolve(site());
  runtime().reportError(e);
}

const char *queueCall(const char *call, unsigned queue) {
  static std::mutex mutex;
  static std::set<std::string> names;
  std::lock_guard<std::mutex> hold(mutex);
  return names.insert(std::string(call) + " (queue " + std::to_string(queue) + ")").first->c_str();
}

void missingRoutine(const char *name) {
  std::fprintf(stderr,
               "rmarace: error: the program calls %s, but its GASPI library does not provide it\n",
               name);
  std::abort();
}

} // namespace rmarace::gaspi
