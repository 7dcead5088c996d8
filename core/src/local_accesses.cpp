#include "local_accesses.h"

#include "direct_accesses.h"
#include "local_sites.h"
#include "own_accesses.h"
#include "pruning.h"
#include "race_reporter.h"
#include "rmarace/core/conflict.h"
#include "rmarace/core/history.h"
#include "rmarace/core/sync.h"
#include "segment_table.h"
#include "target_checker.h"

namespace rmarace {

namespace {
AccessKind kindOf(const ShadowRecord &plain) {
  return plain.kind == RecordKind::Store ? AccessKind::Store : AccessKind::Load;
}
} // namespace

LocalAccesses::LocalAccesses(const SyncState &sync, AccessHistory &history, LocalSites &sites,
                             OwnAccesses &own, const SegmentTable &segments, DirectAccesses &direct,
                             const TargetChecker &target, RaceReporter &reporter,
                             const Pruning &pruning)
    : sync_(sync), history_(history), sites_(sites), own_(own), segments_(segments),
      direct_(direct), target_(target), reporter_(reporter), pruning_(pruning) {}

// Inline: built for every checked access.
[[gnu::always_inline]] inline ShadowRecord
LocalAccesses::plainRecord(bool write, bool languageAtomic, LocationHandle site) {
  ShadowRecord record;
  record.kind = write ? RecordKind::Store : RecordKind::Load;
  record.languageAtomic = languageAtomic;
  record.subject = sites_.intern(site);
  record.epoch = sync_.epoch();
  record.thread = sync_.currentThread();
  return record;
}

void LocalAccesses::access(Address addr, uint64_t size, bool write, bool languageAtomic,
                           LocationHandle site) {
  if (size == 0) return;
  AccessKind kind = write ? AccessKind::Store : AccessKind::Load;
  if (own_.hasPending()) own_.checkPlainAgainstPending(addr, size, kind, languageAtomic, site);
  ShadowRegion *region = history_.find(addr);
  if (!region) {
    if (!segments_.hasMappings()) return;
    Address next = direct_.access(addr, size, write, languageAtomic, site);
    if (next != addr && next < addr + size)
      access(next, addr + size - next, write, languageAtomic, site);
    return;
  }
  insert(*region, addr, size, plainRecord(write, languageAtomic, site), 0, 1);
  // An access may straddle two regions (adjacent windows).
  Address regionEnd = region->userBase + region->size;
  if (addr + size > regionEnd)
    access(regionEnd, addr + size - regionEnd, write, languageAtomic, site);
}

bool LocalAccesses::accessRowsInOneRegion(Address first, uint64_t length, uint64_t step,
                                          uint64_t rows, bool write, LocationHandle site) {
  uint64_t span = (rows - 1) * step + length;
  ShadowRegion *region = history_.find(first);
  if (!region || first + span > region->userBase + region->size ||
      (own_.hasPending() && own_.pendingOverlaps(first, span)))
    return false;
  ShadowRecord record = plainRecord(write, false, site);
  insert(*region, first, length, record, step, rows);
  return true;
}

void LocalAccesses::insert(ShadowRegion &region, Address addr, uint64_t size,
                           const ShadowRecord &record, uint64_t step, uint64_t rows) {
  // Built on every access but called only when the transition cache misses: it captures little.
  auto visit = [this, &record, size](const ShadowRecord &x, Address granule, uint8_t overlap) {
    if (x.kind != RecordKind::Remote) return; // own accesses are checked in program order
    const RemoteAccess &r = target_.remote(x.subject);
    if (r.origin == sync_.self() || r.provisional) return;
    if (r.languageAtomic && record.languageAtomic) return; // C/C++ atomics do not race
    if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {kindOf(record), nullptr, nullptr})) return;
    Epoch now = record.epoch;
    if (now < target_.regionStart(r, record.thread) || now >= target_.regionEnd(r, record.thread))
      return;
    AccessRecord later = reporter_.describeLocal(record, 0);
    later.size = size;
    reporter_.report(RaceKind::Remote, firstByte(granule, overlap), reporter_.describeRemote(r),
                     later, {RegionSubject::Remote, x.subject},
                     {Counterpart::Local, 0, now, record.thread});
  };
  auto live = [this](const ShadowRecord &r) { return pruning_.live(r); };
  if (rows == 1)
    history_.insertLocal(region, addr, addr + size, record, visit, live);
  else
    history_.insertLocalRows(region, addr, size, step, rows, record, visit, live);
}

} // namespace rmarace
