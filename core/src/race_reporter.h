// Turns the races the checks find into reports: one report per pair of accesses (kind, ranks and
// locations), held until the concurrent region it shows has ended so that both bounds can be
// named and the race checked again against the whole region (metadata that arrived late may end
// it earlier; docs/design.md "Reports").
#pragma once

#include "access_records.h"
#include "rmarace/core/history.h"
#include "rmarace/core/race.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace rmarace {

class LocalSites;
class OwnAccesses;
class SyncState;
class TargetChecker;

// The RMA access whose concurrent region a report shows.
struct RegionSubject {
  enum Kind { Remote, Own } kind;
  uint32_t id;
};

// The other access of a race whose subject is a remote access, to check the race again once the
// subject's region is known in full.
struct Counterpart {
  enum Kind { None, Local, Own, Remote } kind = None;
  uint32_t id = 0;                  // own or remote access id
  Epoch epoch = 0;                  // epoch of a plain access
  ThreadId thread = kInitialThread; // ... and its thread
};

class RaceReporter {
public:
  RaceReporter(ProcessHost &host, const SyncState &sync, const AccessHistory &history,
               const LocalSites &sites, const OwnAccesses &own, const TargetChecker &target);

  void report(RaceKind kind, Address at, const AccessRecord &earlier, const AccessRecord &later,
              RegionSubject subject, Counterpart counterpart);
  // The region of `subject` has ended: its held reports are checked again and delivered.
  void releaseReports(RegionSubject::Kind kind, uint32_t id) {
    if (!held_.empty()) releaseHeld(kind, id);
  }
  // Delivers every held report as it is (end of the execution, abort).
  void flushHeld();
  // From the end of the execution on, reports are delivered at once.
  void stopHolding() { holding_ = false; }
  bool holding() const { return holding_; }
  bool holdsAny() const { return !held_.empty(); }
  // Calls mark(kind, id) for every access a held report refers to: it must outlive the report.
  template <class Mark> void markReferenced(Mark &&mark) const {
    for (const HeldReport &h : held_) {
      mark(h.subject.kind, h.subject.id);
      if (h.counterpart.kind == Counterpart::Own) mark(RegionSubject::Own, h.counterpart.id);
      if (h.counterpart.kind == Counterpart::Remote) mark(RegionSubject::Remote, h.counterpart.id);
    }
  }

  AccessRecord describeOwn(const OwnAccess &a) const;
  AccessRecord describeRemote(const RemoteAccess &a) const;
  AccessRecord describeLocal(const ShadowRecord &record, uint8_t mask) const;
  AccessRecord describeUntracked(const UntrackedAccess &access, uint64_t size) const;

private:
  void releaseHeld(RegionSubject::Kind kind, uint32_t id);
  ConcurrentRegion regionOf(const RemoteAccess &a) const;
  ConcurrentRegion regionOf(const OwnAccess &a) const;
  ConcurrentRegion regionOf(RegionSubject subject) const;
  bool stillRaces(RegionSubject subject, const Counterpart &counterpart) const;

  ProcessHost &host_;
  const SyncState &sync_;
  const AccessHistory &history_;
  const LocalSites &sites_;
  const OwnAccesses &own_;
  const TargetChecker &target_;

  struct HeldReport {
    RaceRecord race;
    RegionSubject subject;
    Counterpart counterpart;
    std::string key;
  };
  std::set<std::string> reported_;
  std::set<std::string> heldKeys_;
  std::vector<HeldReport> held_;
  bool holding_ = true;
};

} // namespace rmarace
