// The target side: remote accesses to this process's memory, as they arrive in batches, and the
// race check of each against the exact history of the bytes it touches (Fig. 4.9). Accesses of
// passive epochs whose lock acquisition the origin has not confirmed yet are provisional: they
// are recorded, and checked once the acquisition clock is known (docs/design.md "Precise MPI
// semantics"). Where their regions end is RegionEnds' concern.
#pragma once

#include "access_records.h"
#include "rmarace/core/history.h"
#include "rmarace/core/wire_records.h"
#include "slot_pool.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace rmarace {

class OwnAccesses;
class ProcessHost;
class Pruning;
class RaceReporter;
class RegionEnds;
class SegmentTable;
class SyncState;

// Per origin, what this process received from it.
struct PeerIn {
  std::map<LocationHandle, Location> locations;
  std::map<uint32_t, std::shared_ptr<const VectorClock>> snapshots;
  std::map<uint64_t, std::vector<uint32_t>> provisional; // lock epoch -> remote access ids
  // Remote access ids whose region end is not known, by sequence; compacted when it has doubled
  // (ids whose end became known meanwhile stay until then), so that long runs of short epochs
  // cost amortised constant time per access.
  std::vector<uint32_t> live;
  std::size_t liveAfterCompaction = 0;
  Epoch liveStartMin = kEpochInfinity; // the least region start of `live`
  // Remote access ids not completed yet (possibly fewer: closed ids leave at the next notice).
  std::vector<uint32_t> open;
  // Remote writes a target wait completed before the origin completed them itself: when the
  // origin's completion notice arrives, it still orders them before the origin's later accesses
  // (program order at the origin, completionSeq).
  std::vector<uint32_t> awaitingOriginCompletion;
  // The latest snapshot of this origin known to be covered by this process's clock.
  std::shared_ptr<const VectorClock> knownSnapshot;
};

class TargetChecker {
public:
  TargetChecker(const SyncState &sync, ProcessHost &host, AccessHistory &history,
                const SegmentTable &segments, const OwnAccesses &own, RaceReporter &reporter,
                Pruning &pruning, RegionEnds &ends);

  // Records of a batch from `origin`.
  void onLocation(Rank origin, wire::LocationRecord &&record);
  void onSnapshot(Rank origin, wire::SnapshotRecord &&record);
  void onRemoteAccess(Rank origin, const wire::RemoteAccessRecord &record);
  void onEpochClock(Rank origin, const wire::EpochClockRecord &record);

  // An RMA call of this process on its own memory (already resolved to `ranges`): also a remote
  // access of this memory, for the accesses of other origins.
  uint32_t recordSelfAccess(const RmaOperation &op, AccessKind kind, const ByteRanges &ranges,
                            Sequence seq, uint64_t fenceCount);

  // The execution ends: accesses of passive epochs whose acquisition never became known are
  // checked with what is known.
  void finishProvisional();
  // The execution ends early (abort): the same, judged with the clocks known now.
  void judgeProvisional();

  const RemoteAccess &remote(uint32_t id) const { return records_[id]; }
  RemoteAccess &remote(uint32_t id) { return records_[id]; }
  SlotPool<RemoteAccess> &records() { return records_; }
  const SlotPool<RemoteAccess> &records() const { return records_; }
  const std::map<Rank, PeerIn> &incoming() const { return incoming_; }
  PeerIn &incoming(Rank origin) { return incoming_[origin]; }
  std::map<Rank, PeerIn> &incoming() { return incoming_; }
  // Remote writes of this process to its own memory that a notification may still complete.
  const std::vector<uint32_t> &selfWrites() const { return selfWrites_; }
  // Forgets the self writes that completed or were released (at a target wait and at pruning, so
  // that programs that never notify themselves do not accumulate them).
  void dropFinishedSelfWrites();
  // Whether a received access waits for its check (a provisional one).
  bool checksPending() const { return provisional_ != 0; }
  // Whether `newer`, whose region has ended and whose clock this process knows, makes the record
  // of `older` redundant once every batch the clocks promise has been processed and no check is
  // pending (see the definition).
  bool replacesEnded(const RemoteAccess &newer, const RemoteAccess &older) const;
  // Whether the initial thread's clock covers the clock `r` was issued with.
  bool knowsClockOf(const RemoteAccess &r);
  // Removes from the history the older repeats that access `id` replaces (replacesEnded) and
  // appends their ids to `dropped` (marked superseded: their slots are for the caller to release).
  void dropRepeatsBefore(uint32_t id, std::vector<uint32_t> &dropped);
  // The source location an origin defined for `site`, if any.
  const Location *peerLocation(Rank origin, LocationHandle site) const;

  // The concurrent region of `r` as thread `t` of this process sees it (3.6): its first epoch
  // not ordered before the access, and its first epoch after the access's completion.
  Epoch regionStart(const RemoteAccess &r, ThreadId t) const;
  Epoch regionEnd(const RemoteAccess &r, ThreadId t) const;
  // Whether an origin buffer access of this process overlaps the concurrent region of `r`.
  bool overlapsOwn(const RemoteAccess &r, const OwnAccess &b) const;
  // Whether two remote accesses to this process's memory race (Fig. 4.9): they conflict, and
  // neither program order at a common origin, nor disjoint regions, nor external synchronisation
  // of their origins (Fig. 4.8) orders them.
  bool racing(const RemoteAccess &a, const RemoteAccess &b) const;

private:
  // Calls f(region index, lo, hi) for the part of `ranges` in each region of the history.
  template <class F> void forEachPart(const ByteRanges &ranges, F &&f) const {
    const auto &regions = history_.regions();
    for (const ByteRange &range : ranges.ranges()) {
      for (uint32_t index = 0; index < regions.size(); ++index) {
        Address lo = std::max(range.begin, regions[index].userBase);
        Address hi = std::min(range.end, regions[index].userBase + regions[index].size);
        if (regions[index].size != 0 && lo < hi) f(index, lo, hi);
      }
    }
  }
  bool completedBeforeIssue(const RemoteAccess &first, const RemoteAccess &second) const;
  // Checks a remote access against the history and records it there.
  void insert(uint32_t id);
  // Adds access `id` to the history, dropping the records it supersedes.
  void record(uint32_t id);
  void check(uint32_t id);
  // Whether `newer` makes the record of `older` redundant (see the definition).
  bool supersedes(const RemoteAccess &newer, const RemoteAccess &older) const;
  bool sameCall(const RemoteAccess &newer, const RemoteAccess &older) const;
  void finalizeProvisional(uint32_t id, const VectorClock &acquisition);

  const SyncState &sync_;
  ProcessHost &host_;
  AccessHistory &history_;
  const SegmentTable &segments_;
  const OwnAccesses &own_;
  RaceReporter &reporter_;
  Pruning &pruning_;
  RegionEnds &ends_;

  SlotPool<RemoteAccess> records_;
  std::map<Rank, PeerIn> incoming_;
  std::vector<uint32_t> selfWrites_;
  std::size_t provisional_ = 0; // received accesses whose check waits
};

} // namespace rmarace
