#include "region_ends.h"

#include "outbox.h"
#include "race_reporter.h"
#include "rmarace/core/sync.h"
#include "target_checker.h"

#include <algorithm>

namespace rmarace {

RegionEnds::RegionEnds(SyncState &sync, TargetChecker &target, RaceReporter &reporter,
                       Outbox &outbox)
    : sync_(sync), target_(target), reporter_(reporter), outbox_(outbox) {}

void RegionEnds::setCompletion(uint32_t id, CompletionPoint point, Sequence completionSeq) {
  RemoteAccess &r = target_.remote(id);
  if (!r.open) return;
  r.open = false;
  r.completion = point;
  r.completionSeq = completionSeq;
  if (completionSeq != kNoSequence) r.originCompletion = point;
  endRegion(id);
}

void RegionEnds::endRegion(uint32_t id) {
  RemoteAccess &r = target_.remote(id);
  // The next wait of this process after the completion ends the region (Thm. 4.2).
  Epoch end = sync_.firstEpochKnowing(kInitialThread, r.completion.slot(), r.completion.threshold);
  if (end != kEpochInfinity) {
    r.regionEnd = end;
    noteEnded(id);
    reporter_.releaseReports(RegionSubject::Remote, id);
  } else {
    pending_[r.completion.slot()][r.completion.threshold].push_back(id);
  }
}

void RegionEnds::noteEnded(uint32_t id) {
  if (target_.remote(id).origin == sync_.self()) return; // superseded in program order instead
  // A process that does not wait (Process::settle) for long forgets the candidates: later repeats
  // find the older ones again.
  if (ended_.size() > kEndedFloor + 2 * target_.records().countInUse()) ended_.clear();
  ended_.push_back(id);
}

void RegionEnds::resolve() {
  std::vector<ClockSlot> &grown = grown_;
  sync_.takeAdvancedSlots(grown);
  // Completions at this process (its own accesses of its memory) end at its own epochs.
  for (const auto &[slot, byThreshold] : pending_)
    if (slot.rank == sync_.self()) grown.push_back(slot);
  const VectorClock &initial = sync_.clockOf(kInitialThread);
  for (ClockSlot slot : grown) {
    auto it = pending_.find(slot);
    if (it == pending_.end()) continue;
    auto &byThreshold = it->second;
    while (!byThreshold.empty() && byThreshold.begin()->first <= initial.at(slot)) {
      Epoch end = sync_.firstEpochKnowing(kInitialThread, slot, byThreshold.begin()->first);
      for (uint32_t id : byThreshold.begin()->second) {
        target_.remote(id).regionEnd = end;
        noteEnded(id);
        reporter_.releaseReports(RegionSubject::Remote, id);
      }
      byThreshold.erase(byThreshold.begin());
    }
    if (byThreshold.empty()) pending_.erase(it);
  }
}

namespace {

// Whether a completion notice of the access's origin completes it.
bool completes(const wire::CompletionNotice &notice, const RemoteAccess &r) {
  bool matches = notice.single ? r.seq == notice.single
                               : r.seq < notice.bound &&
                                     (notice.context == kAnyContext || notice.context == r.context);
  return matches && (r.kind == AccessKind::RemoteRead ? notice.reads : notice.writes);
}

} // namespace

void RegionEnds::onCompletionNotice(Rank origin, const wire::CompletionNotice &notice) {
  PeerIn &peer = target_.incoming(origin);
  std::erase_if(peer.open, [&](uint32_t id) {
    const RemoteAccess &r = target_.remote(id);
    if (r.open && completes(notice, r))
      setCompletion(id, {origin, notice.threshold, notice.thread}, notice.completionSeq);
    return !r.open;
  });
  if (peer.live.size() >= std::max(kLiveCompactionFloor, 2 * peer.liveAfterCompaction))
    compactLive(origin);
  std::erase_if(peer.awaitingOriginCompletion, [&](uint32_t id) {
    RemoteAccess &r = target_.remote(id);
    if (!completes(notice, r)) return false;
    // It replaced older repeats the origin had not completed (TargetChecker::replacesEnded): a
    // completion of this access alone would order it before later accesses of its origin that
    // those are not ordered before. Without it those stay checked against this one.
    if (notice.single && r.replacedUncompleted) return true;
    r.completionSeq = notice.completionSeq;
    r.originCompletion = {origin, notice.threshold, notice.thread};
    // Ended at a target wait: now it may replace older repeats (Pruning::reclaimRepeats).
    if (r.regionEnd != kEpochInfinity) noteEnded(id);
    return true;
  });
}

void RegionEnds::compactLive(Rank origin) {
  PeerIn &peer = target_.incoming(origin);
  std::erase_if(peer.live,
                [this](uint32_t id) { return target_.remote(id).regionEnd != kEpochInfinity; });
  peer.liveAfterCompaction = peer.live.size();
  peer.liveStartMin = kEpochInfinity;
  for (uint32_t id : peer.live)
    peer.liveStartMin = std::min(peer.liveStartMin, target_.remote(id).regionStart);
}

void RegionEnds::forget(uint32_t id) {
  const RemoteAccess &r = target_.remote(id);
  if (r.open || r.regionEnd != kEpochInfinity) return;
  auto slot = pending_.find(r.completion.slot());
  if (slot == pending_.end()) return;
  auto at = slot->second.find(r.completion.threshold);
  if (at == slot->second.end()) return;
  std::erase(at->second, id);
  if (at->second.empty()) slot->second.erase(at);
  if (slot->second.empty()) pending_.erase(slot);
}

void RegionEnds::completeAtTargetWait(uint32_t id) {
  RemoteAccess &r = target_.remote(id);
  CompletionPoint here{sync_.self(), sync_.epoch(), sync_.currentThread()};
  if (r.open) {
    setCompletion(id, here, kNoSequence);
    if (r.origin != sync_.self()) target_.incoming(r.origin).awaitingOriginCompletion.push_back(id);
    return;
  }
  // A completion notice arrived first, but its region end is not known yet: this wait is earlier.
  if (r.regionEnd != kEpochInfinity) return;
  auto slots = pending_.find(r.completion.slot());
  if (slots != pending_.end()) {
    auto at = slots->second.find(r.completion.threshold);
    if (at != slots->second.end()) std::erase(at->second, id);
  }
  r.completion = here;
  endRegion(id);
}

void RegionEnds::onNotify(Rank origin, const wire::NotifyRecord &notify) {
  notifications_.emplace(notify.signal, Notification{origin, notify});
}

std::vector<uint32_t> RegionEnds::targetWait(SignalId signal, std::optional<uint64_t> value) {
  // Remote writes fence-ordered before an observed notification are complete at this wait
  // (R7, R8). The caller has synchronised (ticked) and drained before.
  std::map<Rank, std::vector<Sequence>> acks;
  std::vector<uint32_t> ownWrites;
  auto [lo, hi] = notifications_.equal_range(signal);
  for (auto it = lo; it != hi;) {
    Rank origin = it->second.origin;
    const wire::NotifyRecord &n = it->second.record;
    if (value && n.value != *value) {
      ++it;
      continue;
    }
    bool self = origin == sync_.self();
    if (self) target_.dropFinishedSelfWrites();
    for (uint32_t id : self ? target_.selfWrites() : target_.incoming(origin).live) {
      const RemoteAccess &r = target_.remote(id);
      if (r.origin != origin || r.regionEnd != kEpochInfinity) continue;
      if (r.kind != AccessKind::RemoteWrite || r.seq >= n.notifySeq) continue;
      if (std::find(n.unordered.begin(), n.unordered.end(), r.seq) != n.unordered.end()) continue;
      bool fenced =
          (n.context == kAnyContext || r.context == n.context) && r.fenceCount < n.fenceBound;
      if (!fenced && (r.seq < n.associatedFirst || r.seq > n.associated)) continue;
      if (r.bufferPending) acks[origin].push_back(r.seq);
      if (self) ownWrites.push_back(id);
      completeAtTargetWait(id);
    }
    compactLive(origin);
    it = notifications_.erase(it);
  }
  for (auto &[origin, seqs] : acks) {
    wire::AckRecord ack;
    ack.threshold = sync_.epoch();
    ack.thread = sync_.currentThread();
    ack.seqs = std::move(seqs);
    outbox_.append(outbox_.open(origin), ack);
  }
  return ownWrites;
}

} // namespace rmarace
