// Direct accesses: plain loads and stores of another process's memory through shared memory (MPI
// shared windows, shmem_ptr). The reference tool ignores them (dissertation 6.4); here each is a
// remote access of the owner's memory that is complete when it returns and belongs to no access
// epoch: only synchronisation orders it, as it orders the owner's own loads and stores.
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/types.h"

#include <cstdint>
#include <vector>

namespace rmarace {

class OriginTracker;
class SegmentTable;

class DirectAccesses {
public:
  DirectAccesses(const SegmentTable &segments, OriginTracker &origin);

  // Handles the part of a plain access inside a mapping; returns the first address after it, or
  // addr when addr is not mapped.
  Address access(Address addr, uint64_t size, bool write, bool languageAtomic, LocationHandle site);
  // Forwards the merged accesses (before every other engine event).
  void flush();

private:
  // Direct accesses since the last engine event, merged per owner, segment, site and kind: they
  // share one epoch and complete at once, so one remote access stands for all of them.
  struct Pending {
    Rank owner = 0;
    SegmentId segment = 0;
    LocationHandle site = kNoLocation;
    bool write = false;
    bool languageAtomic = false;
    uint64_t accessSize = 0;
    ByteRanges offsets;
  };
  void issue(const Pending &d);

  const SegmentTable &segments_;
  OriginTracker &origin_;
  std::vector<Pending> pending_;
};

} // namespace rmarace
