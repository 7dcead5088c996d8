#include "pruning.h"

#include "race_reporter.h"
#include "rmarace/core/sync.h"

#include <algorithm>
#include <vector>

namespace rmarace {

Pruning::Pruning(SyncState &sync, AccessHistory &history, OwnAccesses &own, TargetChecker &target,
                 const RaceReporter &reporter)
    : sync_(sync), history_(history), own_(own), target_(target), reporter_(reporter),
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
  for (const auto &[origin, peer] : target_.incoming())
    for (uint32_t id : peer.live) sites = std::min(sites, target_.remote(id).regionStart);
  sync_.pruneSitesBelow(sites);
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
    if (remote.inUse(id) && !remoteMarked[id] && !a.open && !a.provisional &&
        a.regionEnd != kEpochInfinity &&
        (sync_.threadCount() == 1 || knownToEveryThread(a.completion)))
      remote.release(id);
  }
  // A released access can no longer be ordered against anything: forget that it waits.
  for (auto &[origin, peer] : target_.incoming())
    std::erase_if(peer.awaitingOriginCompletion, [&](uint32_t id) { return !remote.inUse(id); });
  target_.dropFinishedSelfWrites();
}

} // namespace rmarace
