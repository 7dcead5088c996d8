#include "pruning.h"

#include "race_reporter.h"
#include "rmarace/core/sync.h"

#include <algorithm>
#include <vector>

namespace rmarace {

Pruning::Pruning(SyncState &sync, AccessHistory &history, OwnAccesses &own, TargetChecker &target,
                 RegionEnds &ends, const RaceReporter &reporter)
    : sync_(sync), history_(history), own_(own), target_(target), ends_(ends), reporter_(reporter),
      horizon_(sync.pruneHorizon()) {}

void Pruning::updateHorizon() {
  Epoch h = sync_.pruneHorizon();
  // Accesses of unconfirmed lock epochs are checked later, against what is recorded now.
  for (const auto &[origin, peer] : target_.incoming()) {
    for (const auto &[epochId, ids] : peer.provisional) {
      for (uint32_t id : ids) h = std::min(h, target_.remote(id).regionStart);
    }
  }
  horizon_ = h;
  threadHorizons_.assign(sync_.threadCount(), 0);
  threadHorizons_[kInitialThread] = h;
  for (ThreadId t = 1; t < sync_.threadCount(); ++t) {
    Epoch ht = sync_.pruneHorizon(t);
    for (const auto &[origin, peer] : target_.incoming())
      for (const auto &[epochId, ids] : peer.provisional)
        for (uint32_t id : ids) ht = std::min(ht, target_.regionStart(target_.remote(id), t));
    threadHorizons_[t] = ht;
  }
  // Received accesses whose region is still open may be reported later, naming where their
  // region started.
  Epoch sites = h;
  for (const auto &[origin, peer] : target_.incoming()) sites = std::min(sites, peer.liveStartMin);
  sync_.pruneSitesBelow(sites);
}

bool Pruning::shouldCollect() const {
  std::size_t records = target_.records().countInUse() + own_.records().countInUse();
  return records > std::max(kRecordCollectionFloor, 2 * recordsAfterCollect_);
}

bool Pruning::knownToEveryThread(const CompletionPoint &point) const {
  return point.known() && sync_.knownToEveryThread(point.slot(), point.threshold);
}

void Pruning::collectGarbage() {
  updateHorizon();
  SlotPool<OwnAccess> &own = own_.records();
  SlotPool<RemoteAccess> &remote = target_.records();
  std::vector<bool> ownMarked(own.size(), false), remoteMarked(remote.size(), false);
  auto mark = [&](RegionSubject::Kind kind, uint32_t id) {
    (kind == RegionSubject::Remote ? remoteMarked : ownMarked)[id] = true;
  };
  auto markRecord = [&](const ShadowRecord &r) {
    if (r.kind == RecordKind::Buffer) mark(RegionSubject::Own, r.subject);
    if (r.kind == RecordKind::Remote) mark(RegionSubject::Remote, r.subject);
  };
  auto isLive = [this](const ShadowRecord &r) { return live(r); };
  history_.collect(markRecord, isLive);
  reporter_.markReferenced(mark);
  for (uint32_t id = 0; id < own.size(); ++id) {
    if (own.inUse(id) && !own[id].pending && !ownMarked[id]) own.release(id);
  }
  for (uint32_t id = 0; id < remote.size(); ++id) {
    const RemoteAccess &a = remote[id];
    if (!remote.inUse(id) || remoteMarked[id] || a.open || a.provisional) continue;
    bool ended = a.regionEnd != kEpochInfinity &&
                 (sync_.threadCount() == 1 || knownToEveryThread(a.completion));
    if (!ended && !a.superseded) continue;
    if (!ended) ends_.forget(id);
    remote.release(id);
  }
  // A released access can no longer be ordered against anything: forget that it waits, and let
  // no list name its slot, which a new access may take.
  auto released = [&](uint32_t id) { return !remote.inUse(id); };
  for (auto &[origin, peer] : target_.incoming()) {
    std::erase_if(peer.awaitingOriginCompletion, released);
    std::erase_if(peer.open, released);
    std::erase_if(peer.live, released);
    ends_.compactLive(origin);
  }
  recordsAfterCollect_ = remote.countInUse() + own.countInUse();
  target_.dropFinishedSelfWrites();
  // Released or about to be: no list of candidates may name a slot a new access may take.
  dropped_.clear();
  ends_.clearEnded();
}

void Pruning::reclaimRepeats(bool delivered) {
  if (ends_.ended().empty()) return;
  // Otherwise the candidates are dropped too: a later repeat's end finds every older repeat
  // still in the history, so this only delays their reclamation, and the list stays bounded in
  // runs where a check is always pending (lock epochs of other ranks).
  if (!delivered || target_.checksPending()) {
    ends_.clearEnded();
    return;
  }
  SlotPool<RemoteAccess> &remote = target_.records();
  for (uint32_t id : ends_.ended()) {
    if (!remote.inUse(id)) continue;
    const RemoteAccess &a = remote[id];
    if (a.origin == sync_.self() || a.provisional || a.regionEnd == kEpochInfinity) continue;
    target_.dropRepeatsBefore(id, dropped_);
  }
  ends_.clearEnded();
  if (dropped_.size() >= std::max(kDroppedFloor, remote.countInUse() / 4)) releaseDropped();
}

void Pruning::releaseDropped() {
  SlotPool<RemoteAccess> &remote = target_.records();
  std::vector<uint32_t> referenced; // by held reports: released by a collection
  reporter_.markReferenced([&](RegionSubject::Kind kind, uint32_t id) {
    if (kind == RegionSubject::Remote) referenced.push_back(id);
  });
  std::sort(referenced.begin(), referenced.end());
  std::vector<uint32_t> gone;
  std::vector<Rank> origins;
  for (uint32_t id : dropped_) {
    if (!remote.inUse(id) || std::binary_search(referenced.begin(), referenced.end(), id)) continue;
    gone.push_back(id);
    origins.push_back(remote[id].origin);
  }
  dropped_.clear();
  std::sort(gone.begin(), gone.end());
  gone.erase(std::unique(gone.begin(), gone.end()), gone.end());
  std::sort(origins.begin(), origins.end());
  origins.erase(std::unique(origins.begin(), origins.end()), origins.end());
  auto released = [&](uint32_t id) { return std::binary_search(gone.begin(), gone.end(), id); };
  // Their regions have ended (RegionEnds waits for none of them): only the lists by origin may
  // still name them.
  for (Rank origin : origins) {
    PeerIn &peer = target_.incoming(origin);
    std::erase_if(peer.open, released);
    std::erase_if(peer.live, released);
    std::erase_if(peer.awaitingOriginCompletion, released);
  }
  for (uint32_t id : gone) remote.release(id);
}

} // namespace rmarace
