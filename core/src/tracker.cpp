#include "rmarace/core/tracker.h"

namespace rmarace {

namespace {
struct DeferredExchange final : PendingExchange {
  GroupView group;
  CollectiveKind kind;
  Rank root;
  CollectiveContribution mine;
  CollectiveContribution combined;
};
} // namespace

PendingExchangePtr Transport::startExchange(const GroupView &group, CollectiveKind kind, Rank root,
                                            const CollectiveContribution &mine, bool) {
  auto *p = new DeferredExchange;
  p->group = group;
  p->kind = kind;
  p->root = root;
  p->mine = mine;
  return PendingExchangePtr(p);
}

const CollectiveContribution &Transport::finishExchange(PendingExchange &pending, bool) {
  auto &p = static_cast<DeferredExchange &>(pending);
  p.combined = exchange(p.group, p.kind, p.root, p.mine);
  return p.combined;
}

void Tracker::pump() {
  if (process_.hasOutgoing()) {
    process_.takeOutgoing(outgoing_);
    for (Batch &b : outgoing_) transport_.send(std::move(b));
    outgoing_.clear();
  }
  transport_.poll(process_);
}

void Tracker::drain() {
  pump();
  for (;;) {
    BatchLedger::Shortfall s = process_.shortfall();
    if (!s.perOrigin.empty())
      transport_.receiveBatch(process_, s.perOrigin.front().first);
    else if (s.groupUnmet)
      transport_.receiveBatch(process_, -1);
    else
      break;
  }
  process_.settle();
  pump();
}

void Tracker::signal(Rank to, QueueId queue, LocationHandle site, uint64_t replyToken) {
  ClockPayload payload = process_.signal(to, site, queue);
  payload.replyToken = replyToken;
  pump(); // batches before the payload: the waiter will ask for them
  transport_.sendClock(to, queue, payload);
}

void Tracker::answer(Rank to, uint64_t token, LocationHandle site) {
  ClockPayload payload = process_.signal(to, site);
  payload.replyToken = token;
  pump(); // batches before the answer: the signaller will ask for them
  transport_.sendAnswer(to, payload);
}

void Tracker::awaitAnswer(Rank from, uint64_t token, double patienceSeconds, LocationHandle site) {
  if (std::optional<ClockPayload> answer = transport_.takeAnswer(process_, token, patienceSeconds))
    waitWith(from, *answer, site);
  else
    lateAnswers_[token] = from;
}

void Tracker::absorbLateAnswers(LocationHandle site) {
  for (auto it = lateAnswers_.begin(); it != lateAnswers_.end();) {
    std::optional<ClockPayload> answer = transport_.takeAnswer(process_, it->first, 0);
    if (!answer) {
      ++it;
      continue;
    }
    waitWith(it->second, *answer, site);
    it = lateAnswers_.erase(it);
  }
}

void Tracker::wait(Rank from, QueueId queue, LocationHandle site) {
  waitWith(from, transport_.receiveClock(from, queue), site);
}

void Tracker::waitWith(Rank from, const ClockPayload &payload, LocationHandle site) {
  process_.wait(from, payload, site);
  drain();
}

Tracker::Collective Tracker::beginCollective(const GroupView &group, CollectiveKind kind, Rank root,
                                             LocationHandle site, bool complete) {
  const CollectiveContribution &mine = process_.contribute(group, kind, site);
  pump();
  return {&group, kind, root, complete,
          transport_.startExchange(group, kind, root, mine, complete)};
}

Tracker::Collective Tracker::beginCollective(const GroupView &group, CollectiveKind kind, Rank root,
                                             LocationHandle site, StartExchange start) {
  const CollectiveContribution &mine = process_.contribute(group, kind, site);
  pump();
  return {&group, kind, root, true, start(mine)};
}

void Tracker::endCollective(Collective &c) {
  const CollectiveContribution &combined = transport_.finishExchange(*c.pending, c.complete);
  process_.absorbCollective(*c.group, c.kind, c.root, combined, !c.complete);
  drain();
}

const CollectiveContribution &Tracker::endExchangeOnly(Collective &c) {
  return transport_.finishExchange(*c.pending, true);
}

void Tracker::collective(const GroupView &group, CollectiveKind kind, Rank root,
                         LocationHandle site) {
  CollectiveContribution combined;
  collective(group, kind, root, site, [&](const CollectiveContribution &mine) {
    combined = transport_.exchange(group, kind, root, mine);
    return &combined;
  });
}

void Tracker::collective(const GroupView &group, CollectiveKind kind, Rank root,
                         LocationHandle site, ExchangeNow exchange) {
  const CollectiveContribution &mine = process_.contribute(group, kind, site);
  pump();
  const CollectiveContribution *combined = exchange(mine);
  if (!combined) return; // the previous combination again, absorbed then
  process_.absorbCollective(group, kind, root, *combined, /*separated=*/false);
  drain();
}

void Tracker::resourceSignal(ResourceId resource, Rank deposition, LocationHandle site) {
  resourceSignal(std::vector<ResourceId>{resource}, deposition, site);
}

void Tracker::resourceSignal(const std::vector<ResourceId> &resources, Rank deposition,
                             LocationHandle site) {
  ResourcePayload payload = process_.depositClock(deposition, site);
  pump();
  for (ResourceId r : resources) transport_.deposit(r, deposition, payload);
}

void Tracker::resourceWait(ResourceId resource, Rank deposition, LocationHandle site) {
  process_.acquireResource(deposition, transport_.fetch(resource, deposition), site);
  drain();
}

void Tracker::issue(const RmaOperation &op) {
  process_.issue(op);
  pump();
}

void Tracker::complete(const Completion &completion) {
  process_.complete(completion);
  pump();
}

void Tracker::notify(Rank target, SignalId signal, uint64_t value, ContextId context,
                     uint32_t includedOps, LocationHandle site) {
  process_.notify(target, signal, value, context, includedOps, site);
  pump();
}

void Tracker::targetWait(SignalId signal, std::optional<uint64_t> value, LocationHandle site) {
  process_.targetWait(signal, value, site);
  pump();
}

void Tracker::finalize(const GroupView &world, LocationHandle site) {
  collective(world, CollectiveKind::AllToAll, 0, site);
  process_.finish();
}

} // namespace rmarace
