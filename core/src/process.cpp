// Process: the facade over the parts of the engine (process_parts.h). It owns the clock state,
// orders the parts' work around synchronisation events, and forwards everything else.
#include "process_parts.h"

namespace rmarace {

Process::Process(Rank self, Rank worldSize, ProcessHost &host)
    : Process(self, worldSize, host, Options{}) {}

Process::Process(Rank self, Rank worldSize, ProcessHost &host, Options options)
    : sync_(self, worldSize), parts_(std::make_unique<Parts>(sync_, host, options)) {}

Process::~Process() = default;

void Process::setTrackingListener(TrackingListener *listener) {
  parts_->segments.setListener(listener);
  parts_->own.setListener(listener);
}

// ---- Threads ------------------------------------------------------------------------------------
// A thread's synchronisation starts an epoch like a process's; knowing completions may make
// completed buffer accesses irrelevant to every thread.

void Process::setThread(ThreadId t) {
  if (t == sync_.currentThread()) return;
  eventInEpoch();
  parts_->direct.flush();
  sync_.setCurrentThread(t);
}

void Process::threadCreated(ThreadId child, LocationHandle site) {
  eventInEpoch();
  parts_->direct.flush();
  sync_.fork(child, site);
  onEpochChange();
}

void Process::threadJoined(ThreadId child, LocationHandle site) {
  eventInEpoch();
  parts_->direct.flush();
  sync_.join(child, site);
  onEpochChange();
  parts_->own.sweepCompleted();
}

void Process::threadEnded(ThreadId t) {
  eventInEpoch();
  sync_.endThread(t);
  parts_->own.sweepCompleted();
}

void Process::threadResumed(ThreadId t) {
  eventInEpoch();
  sync_.resumeThread(t);
}

void Process::release(uint64_t object, LocationHandle site) {
  eventInEpoch();
  parts_->direct.flush();
  sync_.release(object, site);
  onEpochChange();
}

void Process::acquire(uint64_t object, LocationHandle site) {
  if (!sync_.hasNews(object)) return;
  eventInEpoch();
  parts_->direct.flush();
  sync_.acquire(object, site);
  onEpochChange();
  parts_->own.sweepCompleted();
}

bool Process::objectKnowsAllOf(uint64_t object, ThreadId t) const {
  if (t >= sync_.threadCount()) return false;
  return sync_.released(object, {sync_.self(), t}) >= sync_.epochOf(t);
}

// ---- Memory -------------------------------------------------------------------------------------

void Process::exposeMemory(SegmentId segment, Address base, uint64_t size, const std::string &name,
                           bool dynamic) {
  eventInEpoch();
  if (countedSegments_.insert(segment).second) ++counts_.segments;
  parts_->segments.expose(segment, base, size, name, dynamic);
}

void Process::unexposeMemory(SegmentId segment, Address base) {
  eventInEpoch();
  parts_->segments.unexpose(segment, base);
}

void Process::retireSegment(SegmentId segment) {
  // Counted already: only live segments are remembered, so that a program that creates and
  // frees windows in a loop does not grow the set (an id used again is another segment).
  countedSegments_.erase(segment);
  eventInEpoch();
  parts_->direct.flush();
  parts_->segments.retire(segment);
}

void Process::mapRemoteMemory(SegmentId segment, Rank owner, Address base, uint64_t size) {
  eventInEpoch();
  parts_->segments.mapRemote(segment, owner, base, size);
}

bool Process::tracks(Address addr, uint64_t size) const {
  return parts_->segments.tracks(addr, size) || parts_->own.pendingOverlaps(addr, size);
}

// ---- Plain accesses -----------------------------------------------------------------------------

std::optional<Epoch> Process::epochOfThread(ThreadId t) const {
  if (t >= sync_.threadCount()) return std::nullopt;
  return sync_.epochOf(t);
}

void Process::access(Address addr, uint64_t size, bool write, bool languageAtomic,
                     LocationHandle site) {
  eventInEpoch();
  ++counts_.accesses;
  parts_->local.access(addr, size, write, languageAtomic, site);
}

void Process::accessRows(Address first, uint64_t length, uint64_t step, uint64_t rows, bool write,
                         LocationHandle site) {
  if (rows == 0 || length == 0) return;
  eventInEpoch();
  // The common case: every row inside one exposed region, none near an own pending access.
  if (parts_->local.accessRowsInOneRegion(first, length, step, rows, write, site)) {
    counts_.accesses += rows;
    return;
  }
  for (uint64_t row = 0; row < rows; ++row) {
    Address begin = first + row * step;
    if (tracks(begin, length)) access(begin, length, write, false, site);
  }
}

// ---- RMA calls, completion and access epochs ----------------------------------------------------
// Direct accesses merged since the last event are forwarded before every other event.

void Process::issue(const RmaOperation &op) {
  eventInEpoch();
  ++counts_.operations;
  parts_->direct.flush();
  parts_->origin.issue(op);
}

void Process::complete(const Completion &completion) {
  eventInEpoch();
  parts_->direct.flush();
  parts_->origin.complete(completion);
}

void Process::notify(Rank target, SignalId signal, uint64_t value, ContextId context,
                     uint32_t includedOps, LocationHandle site) {
  eventInEpoch();
  parts_->direct.flush();
  parts_->origin.notify(target, signal, value, context, includedOps, site);
}

void Process::targetWait(SignalId signal, std::optional<uint64_t> value, LocationHandle site) {
  eventInEpoch();
  parts_->direct.flush();
  parts_->origin.ownWritesCompleted(parts_->ends.targetWait(signal, value), site);
}

void Process::openPassiveEpoch(ContextId context, Rank target) {
  eventInEpoch();
  parts_->epochs.openPassive(context, target);
}

void Process::acquisitionKnown(ContextId context, Rank target, const ResourcePayload &deposit) {
  eventInEpoch();
  parts_->epochs.acquisitionKnown(context, target, deposit);
}

void Process::closePassiveEpoch(ContextId context, Rank target) {
  eventInEpoch();
  parts_->epochs.closePassive(context, target);
}

void Process::openActiveEpoch(ContextId context, Rank target, const ClockPayload &post) {
  eventInEpoch();
  parts_->epochs.openActive(context, target, post);
}

void Process::closeActiveEpoch(ContextId context) {
  eventInEpoch();
  parts_->epochs.closeActive(context);
}

// ---- Synchronisation ----------------------------------------------------------------------------
// Signals (and contributions, deposits) first seal the open batches: the ledger entries they
// carry then count every batch sent before them (docs/design.md "Delivery guarantee"). Every
// synchronisation starts an epoch, which versions the snapshots of remote accesses and
// invalidates the history's transition cache.

void Process::onEpochChange() {
  parts_->epochs.clockChanged();
  parts_->history.newGeneration();
  collectIfGrown();
}

void Process::collectIfGrown() {
  if (parts_->history.shouldCollect() || parts_->pruning.shouldCollect()) collectGarbage();
}

ClockPayload Process::signal(Rank destination, LocationHandle site,
                             std::optional<uint64_t> stream) {
  parts_->direct.flush();
  parts_->outbox.sealAll();
  sync_.tick(site);
  onEpochChange();
  return sync_.signalPayload(destination, stream);
}

void Process::wait(Rank from, const ClockPayload &payload, LocationHandle site) {
  parts_->direct.flush();
  sync_.tick(site);
  sync_.absorb(from, payload);
  onEpochChange();
}

const CollectiveContribution &Process::contribute(const GroupView &group, CollectiveKind kind,
                                                  LocationHandle site) {
  parts_->direct.flush();
  parts_->outbox.sealAll();
  // A synchronisation starts an epoch so that the events before it and those after it are told
  // apart. When the current epoch has no event yet (it began at an earlier synchronisation and
  // nothing happened since), the contribution continues it instead: what the others learn of
  // this process is the same (every event before the epoch, here every event so far). The epoch
  // ends when the collective teaches this process something (absorbCollective), as at a wait.
  // So a loop of collectives with nothing tracked in between keeps one epoch per member, and
  // the members learn nothing new from each other.
  bool continued = epochEmpty_ && !sync_.multithreaded();
  if (continued) {
    sync_.restartEpoch(site);
  } else {
    sync_.tick(site);
    onEpochChange();
  }
  epochEmpty_ = true;
  Parts::Contribution &mine = parts_->contributed[sync_.currentThread()];
  mine.epoch = epoch();
  mine.site = site;
  mine.continued = continued;
  sync_.contribution(group, kind, mine.contribution);
  return mine.contribution;
}

void Process::absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                               const CollectiveContribution &combined, bool separated) {
  parts_->direct.flush();
  // When the program ran between contributing and absorbing (a non-blocking collective's
  // initiation and completion), the wait is an event of its own (Def. 3.5 (4)): what happened in
  // between is not ordered after it. A blocking collective is one event (3.3.2).
  // A contribution that continued its epoch: the wait starts one once it learns anything.
  const Parts::Contribution &mine = parts_->contributed[sync_.currentThread()];
  bool waits = sync_.waitsIn(kind, root);
  if (waits && (separated || (mine.continued && !combined.clock.lessOrEqual(sync_.clock())))) {
    sync_.tick(mine.site);
    epochEmpty_ = true;
  }
  uint64_t clockBefore = sync_.clockVersion();
  sync_.absorbCollective(group, kind, root, combined, mine.epoch);
  if (sync_.clockVersion() != clockBefore) onEpochChange();
}

ResourcePayload Process::depositClock(Rank deposition, LocationHandle site) {
  parts_->direct.flush();
  parts_->outbox.sealAll();
  sync_.tick(site);
  onEpochChange();
  return sync_.resourcePayload(deposition);
}

void Process::acquireResource(Rank deposition, const ResourcePayload &deposit,
                              LocationHandle site) {
  parts_->direct.flush();
  sync_.tick(site);
  sync_.absorbResource(deposition, deposit);
  onEpochChange();
}

void Process::tick(LocationHandle site) {
  parts_->direct.flush();
  sync_.tick(site);
  onEpochChange();
}

void Process::settle() {
  Parts &p = *parts_;
  // A wait that brought nothing (a collective of members that did nothing since the previous
  // one): no event, batch or clock change since the last settle, no knowledge others gained of
  // this process. Every step below would find what it found then.
  if (!changedSinceSettle_ && sync_.clockVersion() == settledClockVersion_ &&
      !sync_.hasStagedNews()) {
    sync_.dropStaged();
    return;
  }
  p.inbox.drain();
  sync_.commitKnownBy();
  p.pruning.updateHorizon();
  p.segments.releaseDetachedBefore(p.pruning.horizon());
  p.ends.resolve();
  if (!p.ends.ended().empty())
    p.pruning.reclaimRepeats(p.inbox.queued() == 0 && sync_.ledger().satisfied());
  p.origin.completeAcknowledged();
  p.own.sweepCompleted();
  p.history.newGeneration();
  collectIfGrown();
  changedSinceSettle_ = false;
  settledClockVersion_ = sync_.clockVersion();
}

// ---- Transport ----------------------------------------------------------------------------------

bool Process::hasOutgoing() const {
  return parts_->outbox.hasSealed();
}

std::vector<Batch> Process::takeOutgoing() {
  return parts_->outbox.takeSealed();
}

void Process::takeOutgoing(std::vector<Batch> &into) {
  parts_->outbox.takeSealed(into);
}

void Process::flushBatches() {
  parts_->direct.flush();
  parts_->outbox.sealAll();
}

void Process::receive(Rank origin, std::span<const std::byte> bytes) {
  changedSinceSettle_ = true;
  parts_->inbox.receive(origin, bytes);
  collectIfGrown();
}

void Process::finish() {
  Parts &p = *parts_;
  if (p.finished) return;
  p.finished = true;
  eventInEpoch();
  p.reporter.stopHolding();
  p.direct.flush();
  p.inbox.drain();
  // Passive epochs whose acquisition never became known: check them with what is known.
  p.target.finishProvisional();
  flushPendingReports();
}

void Process::flushPendingReports() {
  parts_->reporter.flushHeld();
}

void Process::judgeProvisional() {
  eventInEpoch();
  parts_->target.judgeProvisional();
}

// ---- Introspection ------------------------------------------------------------------------------

Process::Stats Process::stats() const {
  const Parts &p = *parts_;
  Stats s;
  const SlotPool<OwnAccess> &own = p.own.records();
  for (uint32_t id = 0; id < own.size(); ++id)
    s.pendingOwnAccesses += own.inUse(id) && own[id].pending;
  s.ownAccessRecords = own.countInUse();
  s.liveRemoteAccesses = p.target.records().countInUse();
  s.shadowCellBytes = p.history.cellBytes();
  s.shadowSetBytes = p.history.setBytes();
  s.liveShadowSets = p.history.liveSetCount();
  s.queuedBatches = p.inbox.queued();
  return s;
}

void Process::collectGarbage() {
  parts_->pruning.collectGarbage();
}

} // namespace rmarace
