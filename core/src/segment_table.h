// Remotely accessible memory of this process: the parts of each segment it exposes (one per
// window, several for dynamic windows), parts no longer exposed whose history may still be
// needed, and other processes' parts mapped into its address space (shared memory).
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/history.h"
#include "rmarace/core/types.h"

#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rmarace {

class ProcessHost;
class SyncState;
class TrackingListener;

class SegmentTable {
public:
  SegmentTable(AccessHistory &history, ProcessHost &host, const SyncState &sync);
  void setListener(TrackingListener *listener) { listener_ = listener; }

  void expose(SegmentId segment, Address base, uint64_t size, const std::string &name,
              bool dynamic);
  void unexpose(SegmentId segment, Address base);
  // Unmaps and unexposes every part of the segment and drops its history.
  void retire(SegmentId segment);
  // Drops the history of parts detached before `horizon`: no access that can still arrive
  // touches them.
  void releaseDetachedBefore(Epoch horizon);

  // Another process's part of a segment, mapped at [base, base+size) of this process.
  struct RemoteMapping {
    Address base = 0;
    SegmentId segment = 0;
    Rank owner = 0;
    uint64_t size = 0;
  };
  void mapRemote(SegmentId segment, Rank owner, Address base, uint64_t size);
  bool hasMappings() const { return !mappings_.empty(); }
  // The mapping containing addr, or nullptr.
  const RemoteMapping *mappingAt(Address addr) const;

  // Whether any byte of [addr, addr+size) is exposed or mapped.
  bool tracks(Address addr, uint64_t size) const {
    for (const ShadowRegion &r : history_.regions()) {
      if (r.size != 0 && addr < r.userBase + r.size && r.userBase < addr + size) return true;
    }
    auto mapped = mappings_.lower_bound(addr + size);
    return mapped != mappings_.begin() &&
           addr < std::prev(mapped)->first + std::prev(mapped)->second.size;
  }

  // The bytes of this process that a remote access to `offsets` of `segment` touches (absolute
  // addresses), or none after reporting an error: the segment is not exposed here, or the access
  // is out of its bounds.
  std::optional<ByteRanges> resolveTarget(SegmentId segment, const ByteRanges &offsets, Rank origin,
                                          LocationHandle site, const Location *siteLocation) const;

private:
  template <class Predicate> void releaseDetached(const Predicate &release);

  AccessHistory &history_;
  ProcessHost &host_;
  const SyncState &sync_;
  TrackingListener *listener_ = nullptr;

  struct Segment {
    std::string name;
    bool dynamic = false;
    std::vector<std::pair<Address, uint64_t>> parts; // base, size
    std::vector<uint32_t> regions;                   // history region indices
  };
  std::map<SegmentId, Segment> segments_;
  // Parts no longer exposed whose history may still be needed.
  struct Detached {
    SegmentId segment;
    uint32_t region;
    Epoch epoch;
    Address base;
    uint64_t size;
  };
  std::vector<Detached> detached_;
  std::map<Address, RemoteMapping> mappings_; // by base address
};

} // namespace rmarace
