// Plain loads and stores of this process (ld, st of Table 4.1), the hot path: every instrumented
// access of tracked memory ends here. An access is checked in program order against the own
// accesses in flight, recorded in the history of exposed memory (where it meets the remote
// accesses whose concurrent region contains its epoch), or handed to DirectAccesses when it
// touches another process's memory through shared memory.
#pragma once

#include "rmarace/core/types.h"

#include <cstdint>

namespace rmarace {

class AccessHistory;
class DirectAccesses;
struct ShadowRecord;
struct ShadowRegion;
class LocalSites;
class OwnAccesses;
class Pruning;
class RaceReporter;
class SegmentTable;
class SyncState;
class TargetChecker;

class LocalAccesses {
public:
  LocalAccesses(const SyncState &sync, AccessHistory &history, LocalSites &sites, OwnAccesses &own,
                const SegmentTable &segments, DirectAccesses &direct, const TargetChecker &target,
                RaceReporter &reporter, const Pruning &pruning);

  void access(Address addr, uint64_t size, bool write, bool languageAtomic, LocationHandle site);
  // Rows of `length` bytes, `step` apart from `first` (plain, not atomic): checks them all and
  // returns true if they lie in one exposed region and overlap no own pending access; otherwise
  // does nothing and returns false (the caller checks them one by one).
  bool accessRowsInOneRegion(Address first, uint64_t length, uint64_t step, uint64_t rows,
                             bool write, LocationHandle site);

private:
  ShadowRecord plainRecord(bool write, bool languageAtomic, LocationHandle site);
  // Records plain accesses of `rows` rows [addr + k * step, addr + k * step + size) inside
  // `region`, checking them against the remote accesses there.
  void insert(ShadowRegion &region, Address addr, uint64_t size, const ShadowRecord &record,
              uint64_t step, uint64_t rows);

  const SyncState &sync_;
  AccessHistory &history_;
  LocalSites &sites_;
  OwnAccesses &own_;
  const SegmentTable &segments_;
  DirectAccesses &direct_;
  const TargetChecker &target_;
  RaceReporter &reporter_;
  const Pruning &pruning_;
};

} // namespace rmarace
