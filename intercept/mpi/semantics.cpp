#include "semantics.h"

#include <algorithm>

namespace rmarace::mpi {

namespace {
// Long enough for a receiver that is already in its receive, short enough that a receiver which
// answers only much later (it completes a non-blocking receive late) costs little.
constexpr double kAnswerPatienceSeconds = 0.5;
} // namespace

uint64_t Semantics::send(Rank dest, QueueId queue, LocationHandle site, bool synchronous) {
  uint64_t token = synchronous ? tracker_.newAnswerToken() : 0;
  tracker_.signal(dest, queue, site, token);
  return token;
}

void Semantics::sendCompleted(Rank dest, uint64_t token, LocationHandle site) {
  if (token) tracker_.awaitAnswer(dest, token, kAnswerPatienceSeconds, site);
}

void Semantics::receive(Rank source, QueueId queue, LocationHandle site) {
  received(source, tracker_.transport().receiveClock(source, queue), site);
}

void Semantics::received(Rank source, const ClockPayload &payload, LocationHandle site,
                         bool absorbedAtProbe) {
  if (!absorbedAtProbe) tracker_.waitWith(source, payload, site);
  // A synchronous sender waits for this receive: the answer is the receive's signal back
  // (Table 3.1, footnote 1), after its wait.
  if (payload.replyToken) tracker_.answer(source, payload.replyToken, site);
}

namespace {
// A window's signal for PSCW notifications from `origin` to `target`.
SignalId pscwSignal(SegmentId window, Rank origin, Rank target) {
  return uint64_t{window} << 40 | uint64_t(static_cast<uint32_t>(origin)) << 20 |
         static_cast<uint32_t>(target);
}
} // namespace

Window &Semantics::defineWindow(SegmentId id, const std::string &name, const GroupView &group,
                                bool dynamic) {
  Window &w = windows_[id];
  w = Window{};
  w.id = id;
  w.name = name;
  w.group = group;
  w.dynamic = dynamic;
  w.fenceCompletion.kind = CompletionKind::CollectiveFlush;
  w.fenceCompletion.targets = group.members;
  w.fenceCompletion.context = id;
  return w;
}

void Semantics::freeWindow(SegmentId id, LocationHandle site) {
  auto it = windows_.find(id);
  if (it == windows_.end()) return;
  GroupView group = it->second.group;
  allToAll(group, site);
  tracker_.process().retireSegment(id);
  windows_.erase(it);
}

void Semantics::rma(Window &w, RmaOperation &op) {
  op.segment = w.id;
  op.context = w.id;
  bool passive = w.lockAll || w.locks.count(op.target);
  if (passive && op.target != self()) w.unconfirmed.insert(op.target);
  tracker_.issue(op);
}

void Semantics::requestCompleted(RequestId request, LocationHandle site) {
  Completion c;
  c.kind = CompletionKind::LocalComplete;
  c.request = request;
  c.site = site;
  tracker_.complete(c);
}

Semantics::Fence Semantics::fenceBegin(Window &w, bool noPrecede, bool noSucceed,
                                       LocationHandle site) {
  return fenceBegin(w, noPrecede, noSucceed, site, [&](const CollectiveContribution &mine) {
    return tracker_.transport().startExchange(w.group, CollectiveKind::AllToAll, 0, mine, true);
  });
}

Semantics::Fence Semantics::fenceBegin(Window &w, bool noPrecede, bool noSucceed,
                                       LocationHandle site, Tracker::StartExchange carried) {
  Fence f;
  f.endsEpoch = w.fenceEpochOpen && !noPrecede;
  w.fenceEpochOpen = !noSucceed;
  w.fenceCompletion.site = site;
  tracker_.complete(w.fenceCompletion);
  tracker_.process().closeActiveEpoch(w.id);
  f.exchange = tracker_.beginCollective(w.group, CollectiveKind::AllToAll, 0, site, carried);
  return f;
}

void Semantics::fenceEnd(Window &w, Fence &f) {
  if (f.endsEpoch) {
    tracker_.endCollective(f.exchange);
    return;
  }
  // No epoch ended: only the next epoch's RMA calls are ordered after every member's fence.
  const CollectiveContribution &exposure = tracker_.endExchangeOnly(f.exchange);
  tracker_.process().openActiveEpoch(w.id, Process::kAllRanks, {exposure.clock, exposure.ledger});
}

void Semantics::fence(Window &w, bool noPrecede, bool noSucceed, LocationHandle site) {
  Fence f = fenceBegin(w, noPrecede, noSucceed, site);
  fenceEnd(w, f);
}

void Semantics::lock(Window &w, Rank target, LockType type, LocationHandle site) {
  w.locks[target] = type;
  if (target == self()) {
    // An exclusive holder waits for every earlier release, a shared one only for exclusive ones
    // (3.3.3).
    tracker_.resourceWait(lockResource(w.id, target, type == LockType::Shared), target, site);
    return;
  }
  tracker_.process().openPassiveEpoch(w.id, target);
}

void Semantics::lockAll(Window &w, LocationHandle site) {
  w.lockAll = true;
  tracker_.process().openPassiveEpoch(w.id, Process::kAllRanks);
  // The own window is locked too, and that acquisition blocks.
  if (std::find(w.group.members.begin(), w.group.members.end(), self()) != w.group.members.end())
    tracker_.resourceWait(lockResource(w.id, self(), true), self(), site);
}

bool Semantics::needsConfirmation(const Window &w, Rank target) const {
  return w.unconfirmed.count(target) != 0;
}

void Semantics::acquisitionConfirmed(Window &w, Rank target) {
  if (!w.unconfirmed.erase(target)) return;
  bool exclusive = !w.lockAll && w.locks.count(target) && w.locks.at(target) == LockType::Exclusive;
  ResourcePayload deposit =
      tracker_.transport().fetch(lockResource(w.id, target, !exclusive), target);
  tracker_.process().acquisitionKnown(w.id, target, deposit);
  tracker_.pump();
}

void Semantics::confirmAll(Window &w) {
  std::vector<Rank> targets(w.unconfirmed.begin(), w.unconfirmed.end());
  for (Rank t : targets) acquisitionConfirmed(w, t);
}

void Semantics::unlock(Window &w, Rank target, LocationHandle site) {
  acquisitionConfirmed(w, target);
  Completion c;
  c.kind = CompletionKind::RemoteFlush;
  c.targets = {target};
  c.context = w.id;
  c.site = site;
  tracker_.complete(c);
  c.kind = CompletionKind::LocalFlush;
  tracker_.complete(c);
  bool exclusive = w.locks.count(target) && w.locks.at(target) == LockType::Exclusive;
  std::vector<ResourceId> released{lockResource(w.id, target, false)};
  if (exclusive) released.push_back(lockResource(w.id, target, true));
  tracker_.resourceSignal(released, target, site);
  w.locks.erase(target);
  if (target != self()) tracker_.process().closePassiveEpoch(w.id, target);
}

void Semantics::unlockAll(Window &w, LocationHandle site) {
  confirmAll(w);
  Completion c;
  c.kind = CompletionKind::RemoteFlush;
  c.targets = w.group.members;
  c.context = w.id;
  c.site = site;
  tracker_.complete(c);
  c.kind = CompletionKind::LocalFlush;
  tracker_.complete(c);
  // A shared release at every target, with one signal event.
  ResourcePayload payload = tracker_.process().depositClock(self(), site);
  tracker_.pump();
  for (Rank t : w.group.members) {
    ResourcePayload atTarget = payload;
    atTarget.sentToDeposition.assign(payload.sentToDeposition.size(), 0);
    for (const LedgerEntry &e : tracker_.process().sync().ledger().column(t))
      atTarget.sentToDeposition[static_cast<std::size_t>(e.origin)] = e.count;
    atTarget.sentToDeposition[static_cast<std::size_t>(self())] =
        tracker_.process().sync().ledger().sentTo(t);
    tracker_.transport().deposit(lockResource(w.id, t, false), t, atTarget);
  }
  w.lockAll = false;
  tracker_.process().closePassiveEpoch(w.id, Process::kAllRanks);
}

void Semantics::flush(Window &w, std::optional<Rank> target, LocationHandle site) {
  if (target)
    acquisitionConfirmed(w, *target);
  else
    confirmAll(w);
  Completion c;
  c.kind = CompletionKind::RemoteFlush;
  if (target) c.targets = {*target};
  c.context = w.id;
  c.site = site;
  tracker_.complete(c);
  c.kind = CompletionKind::LocalFlush;
  tracker_.complete(c);
}

void Semantics::flushLocal(Window &w, std::optional<Rank> target, LocationHandle site) {
  Completion c;
  c.kind = CompletionKind::LocalFlush;
  if (target) c.targets = {*target};
  c.context = w.id;
  c.site = site;
  tracker_.complete(c);
}

void Semantics::post(Window &w, const std::vector<Rank> &origins, LocationHandle site) {
  w.exposureGroup = origins;
  for (Rank o : origins) tracker_.signal(o, queueId(QueueKind::EpochOpen, w.id), site);
}

void Semantics::start(Window &w, const std::vector<Rank> &targets, LocationHandle) {
  w.accessGroup = targets;
  for (Rank t : targets) {
    ClockPayload post = tracker_.transport().receiveClock(t, queueId(QueueKind::EpochOpen, w.id));
    tracker_.process().openActiveEpoch(w.id, t, post);
  }
}

void Semantics::complete(Window &w, LocationHandle site) {
  Completion c;
  c.kind = CompletionKind::LocalFlush;
  c.targets = w.accessGroup;
  c.context = w.id;
  c.site = site;
  tracker_.complete(c);
  c.kind = CompletionKind::Fence;
  tracker_.complete(c);
  for (Rank t : w.accessGroup) {
    tracker_.notify(t, pscwSignal(w.id, self(), t), 1, w.id, /*includedOps=*/0, site);
    tracker_.signal(t, queueId(QueueKind::EpochClose, w.id), site);
  }
  tracker_.process().closeActiveEpoch(w.id);
  w.accessGroup.clear();
}

void Semantics::wait(Window &w, LocationHandle site) {
  for (Rank o : w.exposureGroup) {
    tracker_.wait(o, queueId(QueueKind::EpochClose, w.id), site);
    tracker_.targetWait(pscwSignal(w.id, o, self()), std::nullopt, site);
  }
  w.exposureGroup.clear();
}

bool Semantics::inAccessEpoch(const Window &w, Rank target) const {
  return w.fenceEpochOpen || w.lockAll || w.locks.count(target) ||
         std::find(w.accessGroup.begin(), w.accessGroup.end(), target) != w.accessGroup.end();
}

bool Semantics::inPassiveEpoch(const Window &w, std::optional<Rank> target) const {
  if (w.lockAll) return true;
  return target ? w.locks.count(*target) > 0 : !w.locks.empty();
}

std::optional<std::string> Semantics::openEpoch(const Window &w) const {
  if (w.lockAll) return "an MPI_Win_lock_all epoch";
  if (!w.locks.empty()) return "a lock on rank " + std::to_string(w.locks.begin()->first);
  if (!w.accessGroup.empty()) return "an access epoch of MPI_Win_start";
  if (!w.exposureGroup.empty()) return "an exposure epoch of MPI_Win_post";
  return std::nullopt;
}

} // namespace rmarace::mpi
