// Drives a Process over a Transport: the blocking form of the split-phase Process API, with the
// delivery guarantee enforced (every wait drains the batches its knowledge requires).
#pragma once

#include "rmarace/core/function_ref.h"
#include "rmarace/core/process.h"
#include "rmarace/core/visibility.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace rmarace {

// A collective exchange in progress (Transport::startExchange).
class PendingExchange {
public:
  virtual ~PendingExchange() = default;
  // Ends the exchange's life: deletes it, unless its transport keeps it for the next exchange of
  // the same means (a window's fences, one at a time).
  virtual void release() { delete this; }
  struct Release {
    void operator()(PendingExchange *p) const { p->release(); }
  };
};
using PendingExchangePtr = std::unique_ptr<PendingExchange, PendingExchange::Release>;

// How processes exchange tool data. Implemented over MPI by the runtime and in memory by the
// simulator. Blocking operations must keep delivering incoming batches while they block when the
// underlying transport needs that to make progress.
class RMARACE_API Transport {
public:
  virtual ~Transport() = default;
  // Batches travel FIFO per (origin, target) pair.
  virtual void send(Batch batch) = 0;
  // Delivers batches that have arrived, without blocking.
  virtual void poll(Process &process) = 0;
  // Blocks until one more batch from `origin` (or from anyone, origin < 0) was delivered.
  virtual void receiveBatch(Process &process, Rank origin) = 0;
  // Process-bound synchronisation payloads, matched FIFO per (from, to, queue).
  virtual void sendClock(Rank to, QueueId queue, const ClockPayload &payload) = 0;
  virtual ClockPayload receiveClock(Rank from, QueueId queue) = 0;
  // Answers to signals that asked for one (a synchronous send waits for its receive): the answer
  // travels back to the signaller under the token its signal carried (answer.replyToken).
  virtual void sendAnswer(Rank to, const ClockPayload &answer) = 0;
  // The answer under `token` if it arrives within `patienceSeconds`. A transport over a real
  // library waits no longer: the peer may answer only much later (it completes a non-blocking
  // receive late), and waiting for it could deadlock a correct program.
  virtual std::optional<ClockPayload> takeAnswer(Process &process, uint64_t token,
                                                 double patienceSeconds) = 0;
  // Collective exchange; returns the combination this member needs (see CollectiveKind).
  virtual CollectiveContribution exchange(const GroupView &group, CollectiveKind kind, Rank root,
                                          const CollectiveContribution &mine) = 0;
  // The same exchange in two phases, so that it can overlap the application's own collective.
  // `complete` says whether the finish happens in the same call on every member (then ledger
  // entries of small groups and the clock's thread entries can be exchanged after it; otherwise
  // the thread components must travel with the start). The default exchanges at finish.
  virtual PendingExchangePtr startExchange(const GroupView &group, CollectiveKind kind, Rank root,
                                           const CollectiveContribution &mine, bool complete);
  // The combination, valid while `pending` lives.
  virtual const CollectiveContribution &finishExchange(PendingExchange &pending, bool complete);
  // Resource deposits at their deposition process (merged element-wise by maximum), read and
  // written one-sidedly.
  virtual void deposit(ResourceId resource, Rank deposition, const ResourcePayload &payload) = 0;
  virtual ResourcePayload fetch(ResourceId resource, Rank deposition) = 0;
};

class RMARACE_API Tracker {
public:
  Tracker(Process &process, Transport &transport) : process_(process), transport_(transport) {}
  Process &process() { return process_; }
  Transport &transport() { return transport_; }

  // Sends sealed batches and delivers arrived ones.
  void pump();
  // Delivers batches until the process has everything its knowledge requires, then settles.
  void drain();

  // Process-bound signal and wait (Def. 3.5 (3), (4)).
  void signal(Rank to, QueueId queue, LocationHandle site, uint64_t replyToken = 0);
  void wait(Rank from, QueueId queue, LocationHandle site);
  void waitWith(Rank from, const ClockPayload &payload, LocationHandle site);
  // A token for a signal that asks its waiter for an answer.
  uint64_t newAnswerToken() { return nextAnswerToken_++; }
  // Answers a signal that asked for it: this process's clock goes back to `to` (a signal).
  void answer(Rank to, uint64_t token, LocationHandle site);
  // Waits for the answer to a signal that asked for one, at most `patienceSeconds`; an answer
  // that comes later is absorbed by the next absorbLateAnswers.
  void awaitAnswer(Rank from, uint64_t token, double patienceSeconds, LocationHandle site);
  void absorbLateAnswers(LocationHandle site);
  // Collective synchronisation (Def. 3.6 to 3.8, scan), possibly split around the application's
  // collective: begin contributes (the signal), end absorbs (the wait).
  struct Collective {
    const GroupView *group = nullptr; // the caller's, alive until the collective ends
    CollectiveKind kind = CollectiveKind::AllToAll;
    Rank root = 0;
    bool complete = true;
    PendingExchangePtr pending;
  };
  // `complete`: every member ends the exchange in the same call as it began it (a blocking
  // collective); false for the application's non-blocking collectives. `group` must outlive the
  // collective's end.
  Collective beginCollective(const GroupView &group, CollectiveKind kind, Rank root,
                             LocationHandle site, bool complete = true);
  // The same for a blocking collective, with the exchange started the way the caller says (one
  // that travels with the application's own synchronisation); the transport's finishExchange
  // ends it.
  using StartExchange = FunctionRef<PendingExchangePtr(const CollectiveContribution &mine)>;
  Collective beginCollective(const GroupView &group, CollectiveKind kind, Rank root,
                             LocationHandle site, StartExchange start);
  void endCollective(Collective &c);
  // A collective exchange that does not synchronise this process: the combination is returned
  // for the caller to use (e.g. to order only the next RMA operations), valid while `c` lives.
  const CollectiveContribution &endExchangeOnly(Collective &c);
  // A collective exchange begun and ended in one call, as one blocking exchange of the transport.
  void collective(const GroupView &group, CollectiveKind kind, Rank root, LocationHandle site);
  // The same, with the exchange the caller makes (one that also carries the application's data).
  // The exchange returns the combination (kept by the caller until the collective returns), or
  // null when every member's contribution equals the one it made to the group's previous exchange
  // of the same means: the combination is then the previous one, which this process absorbed and
  // which taught it nothing (its own contribution, clock included, stayed the same), so absorbing
  // it again would change nothing.
  using ExchangeNow =
      FunctionRef<const CollectiveContribution *(const CollectiveContribution &mine)>;
  void collective(const GroupView &group, CollectiveKind kind, Rank root, LocationHandle site,
                  ExchangeNow exchange);
  // Resource-bound signal and wait (Def. 3.5 (5), (6)).
  void resourceSignal(ResourceId resource, Rank deposition, LocationHandle site);
  void resourceWait(ResourceId resource, Rank deposition, LocationHandle site);
  // Deposits this process's clock at several resources with one signal event.
  void resourceSignal(const std::vector<ResourceId> &resources, Rank deposition,
                      LocationHandle site);

  // RMA events, forwarded with batches pumped afterwards.
  void issue(const RmaOperation &op);
  void complete(const Completion &completion);
  void notify(Rank target, SignalId signal, uint64_t value, ContextId context, uint32_t includedOps,
              LocationHandle site);
  void targetWait(SignalId signal, std::optional<uint64_t> value, LocationHandle site);

  // End of the program: a world-wide exchange delivers everything, then the process finishes.
  void finalize(const GroupView &world, LocationHandle site);

private:
  Process &process_;
  Transport &transport_;
  uint64_t nextAnswerToken_ = 1;
  std::vector<Batch> outgoing_;          // pump's, its buffer reused
  std::map<uint64_t, Rank> lateAnswers_; // token -> the peer that will answer
};

} // namespace rmarace
