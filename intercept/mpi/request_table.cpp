#include "request_table.h"

#include <algorithm>

namespace rmarace::mpi {

RequestState &RequestTable::add(MPI_Request handle, const MPI_Request *slot, RequestState state) {
  std::vector<Entry> &list = entries_[handle];
  // A variable holds one request: an entry still listed for it was left behind (a static
  // request MPI never expects to be waited for twice).
  std::erase_if(list, [slot](const Entry &e) { return e.slot == slot; });
  list.push_back({nextId_++, slot, std::move(state)});
  return list.back().state;
}

std::optional<RequestTable::Claim> RequestTable::claim(MPI_Request handle, const MPI_Request *slot,
                                                       const std::vector<uint64_t> &taken) const {
  auto it = entries_.find(handle);
  if (it == entries_.end()) return std::nullopt;
  const Entry *chosen = nullptr;
  for (const Entry &e : it->second) {
    if (std::find(taken.begin(), taken.end(), e.id) != taken.end()) continue;
    if (e.slot == slot) {
      chosen = &e;
      break;
    }
    if (!chosen) chosen = &e;
  }
  if (!chosen) return std::nullopt;
  return Claim{chosen->state, chosen->id};
}

RequestState *RequestTable::find(MPI_Request handle) {
  auto it = entries_.find(handle);
  return it == entries_.end() || it->second.empty() ? nullptr : &it->second.front().state;
}

RequestState *RequestTable::find(MPI_Request handle, uint64_t id) {
  auto it = entries_.find(handle);
  if (it == entries_.end()) return nullptr;
  for (Entry &e : it->second)
    if (e.id == id) return &e.state;
  return nullptr;
}

void RequestTable::erase(MPI_Request handle, uint64_t id) {
  auto it = entries_.find(handle);
  if (it == entries_.end()) return;
  std::erase_if(it->second, [id](const Entry &e) { return e.id == id; });
  if (it->second.empty()) entries_.erase(it);
}

} // namespace rmarace::mpi
