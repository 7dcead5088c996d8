#include "segment_table.h"

#include "rmarace/core/history.h"
#include "rmarace/core/process.h"
#include "rmarace/core/sync.h"

#include <algorithm>

namespace rmarace {

SegmentTable::SegmentTable(AccessHistory &history, ProcessHost &host, const SyncState &sync)
    : history_(history), host_(host), sync_(sync) {}

void SegmentTable::expose(SegmentId segment, Address base, uint64_t size, const std::string &name,
                          bool dynamic) {
  Segment &s = segments_[segment];
  s.name = name;
  s.dynamic = s.dynamic || dynamic;
  if (size == 0) return;
  s.parts.emplace_back(base, size);
  s.regions.push_back(history_.addRegion(base, size, segment, name));
  if (listener_) listener_->tracked(base, base + size);
}

void SegmentTable::unexpose(SegmentId segment, Address base) {
  auto it = segments_.find(segment);
  if (it == segments_.end()) return;
  Segment &s = it->second;
  for (std::size_t i = 0; i < s.parts.size(); ++i) {
    if (s.parts[i].first != base) continue;
    // New remote accesses to the part are errors from now on, but accesses issued before may
    // still arrive or be finalised: the history stays until none can (releaseDetachedBefore).
    detached_.push_back({segment, s.regions[i], sync_.epoch(), base, s.parts[i].second});
    s.parts.erase(s.parts.begin() + static_cast<std::ptrdiff_t>(i));
    s.regions.erase(s.regions.begin() + static_cast<std::ptrdiff_t>(i));
    return;
  }
}

template <class Predicate> void SegmentTable::releaseDetached(const Predicate &release) {
  std::erase_if(detached_, [&](const Detached &d) {
    if (!release(d)) return false;
    if (listener_) listener_->untracked(d.base, d.base + d.size);
    history_.removeRegion(d.region);
    return true;
  });
}

void SegmentTable::releaseDetachedBefore(Epoch horizon) {
  releaseDetached([&](const Detached &d) { return horizon > d.epoch; });
}

void SegmentTable::retire(SegmentId segment) {
  std::erase_if(mappings_, [&](const auto &entry) {
    if (entry.second.segment != segment) return false;
    if (listener_) listener_->untracked(entry.first, entry.first + entry.second.size);
    return true;
  });
  auto it = segments_.find(segment);
  if (it == segments_.end()) return;
  while (!it->second.parts.empty()) unexpose(segment, it->second.parts.front().first);
  releaseDetached([&](const Detached &d) { return d.segment == segment; });
  segments_.erase(it);
}

void SegmentTable::mapRemote(SegmentId segment, Rank owner, Address base, uint64_t size) {
  if (size == 0 || owner == sync_.self()) return;
  mappings_[base] = RemoteMapping{base, segment, owner, size};
  if (listener_) listener_->tracked(base, base + size);
}

const SegmentTable::RemoteMapping *SegmentTable::mappingAt(Address addr) const {
  auto it = mappings_.upper_bound(addr);
  if (it == mappings_.begin()) return nullptr;
  --it;
  return addr < it->first + it->second.size ? &it->second : nullptr;
}

std::optional<ByteRanges> SegmentTable::resolveTarget(SegmentId segment, const ByteRanges &offsets,
                                                      Rank origin, LocationHandle site,
                                                      const Location *siteLocation) const {
  Rank self = sync_.self();
  auto error = [&](const std::string &message) {
    ErrorRecord e;
    e.kind = "out-of-bounds";
    e.rank = self;
    e.message = message;
    e.location = siteLocation ? *siteLocation : host_.resolve(site);
    host_.reportError(e);
    return std::nullopt;
  };
  auto it = segments_.find(segment);
  if (it == segments_.end())
    return error("RMA access from rank " + std::to_string(origin) +
                 " to a window or segment that rank " + std::to_string(self) + " does not expose");
  const Segment &s = it->second;
  if (s.dynamic) {
    for (const ByteRange &r : offsets.ranges()) {
      bool inside = std::any_of(s.parts.begin(), s.parts.end(), [&](const auto &p) {
        return r.begin >= p.first && r.end <= p.first + p.second;
      });
      if (!inside)
        return error("RMA access from rank " + std::to_string(origin) + " to address " +
                     std::to_string(r.begin) + " (" + std::to_string(r.size()) +
                     " bytes) of dynamic window '" + s.name + "' at rank " + std::to_string(self) +
                     ", which is not attached there");
    }
    return offsets;
  }
  uint64_t size = s.parts.empty() ? 0 : s.parts.front().second;
  Address base = s.parts.empty() ? 0 : s.parts.front().first;
  if (offsets.highest() > size)
    return error("RMA access from rank " + std::to_string(origin) + " to bytes [" +
                 std::to_string(offsets.lowest()) + ", " + std::to_string(offsets.highest()) +
                 ") of window '" + s.name + "' at rank " + std::to_string(self) +
                 ", which has only " + std::to_string(size) + " bytes there");
  return offsets.shifted(static_cast<int64_t>(base));
}

} // namespace rmarace
