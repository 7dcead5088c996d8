#include "semantics.h"

#include "rmarace/runtime/id_space.h"

#include <algorithm>
#include <numeric>

namespace rmarace::shmem {

namespace {

// Identifiers of the synchronisation resources of symmetric objects, in the OpenSHMEM domain:
// [kind | segment | offset]. Objects larger than kOffsetBits share identifiers beyond it (they
// then synchronise more, never less).
enum class ResourceKind : uint64_t { Signal = 1, Lock = 2 };
constexpr unsigned kOffsetBits = 30;
constexpr unsigned kSegmentBits = rt::kSmallIdDomainShift;
constexpr unsigned kKindShift = kOffsetBits + kSegmentBits;

uint64_t resourceId(ResourceKind kind, const SymmetricAddress &at) {
  uint64_t segment = at.object->segment & ((uint64_t{1} << kSegmentBits) - 1);
  uint64_t offset = at.offset & ((uint64_t{1} << kOffsetBits) - 1);
  return rt::domainId(rt::IdDomain::Shmem,
                      static_cast<uint64_t>(kind) << kKindShift | segment << kOffsetBits | offset);
}

// Every distributed lock deposits its clock at the first PE.
constexpr Rank kLockDeposition = 0;

} // namespace

Semantics::Semantics(Tracker &tracker, GroupView world)
    : tracker_(tracker), world_(std::move(world)), nextContext_(kDefaultContext + 1) {
  contexts_[kDefaultContext] = Context{};
}

// ---- Memory
// ---------------------------------------------------------------------------------------

void Semantics::exposed(Address base, uint64_t size, const std::string &name) {
  const SymmetricObject &o = memory_.add(base, size, name);
  tracker_.process().exposeMemory(o.segment, base, size, name);
}

void Semantics::allocated(Address base, uint64_t size, const std::string &name,
                          LocationHandle site) {
  exposed(base, size, name);
  barrierAll(site);
}

void Semantics::freed(Address base, LocationHandle site) {
  barrierAll(site);
  if (std::optional<SegmentId> segment = memory_.remove(base))
    tracker_.process().retireSegment(*segment);
}

void Semantics::reallocated(Address old, Address base, uint64_t size, const std::string &name,
                            LocationHandle site) {
  if (std::optional<SegmentId> segment = memory_.remove(old))
    tracker_.process().retireSegment(*segment);
  allocated(base, size, name, site);
}

void Semantics::peerMapped(Address local, Rank pe, Address mapped) {
  std::optional<SymmetricAddress> at = memory_.find(local, 1);
  if (!at || pe == self()) return;
  tracker_.process().mapRemoteMemory(at->object->segment, pe, mapped - at->offset,
                                     at->object->size);
}

// ---- Contexts
// -------------------------------------------------------------------------------------

ContextId Semantics::createContext(std::vector<Rank> team) {
  ContextId id = nextContext_++;
  contexts_[id] = Context{std::move(team)};
  return id;
}

void Semantics::destroyContext(ContextId context, LocationHandle site) {
  quiet(context, site);
  contexts_.erase(context);
}

Rank Semantics::worldPe(ContextId context, int pe) const {
  auto it = contexts_.find(context);
  if (it == contexts_.end() || it->second.team.empty()) return pe;
  const std::vector<Rank> &team = it->second.team;
  return pe >= 0 && static_cast<std::size_t>(pe) < team.size() ? team[static_cast<std::size_t>(pe)]
                                                               : pe;
}

// ---- RMA, AMOs, signals
// ---------------------------------------------------------------------------

std::optional<RmaOperation> Semantics::operation(LocationHandle site, ContextId context, Rank pe,
                                                 const ByteRanges &remote) {
  std::optional<SymmetricAddress> at =
      memory_.find(remote.lowest(), remote.highest() - remote.lowest());
  if (!at) return std::nullopt;
  RmaOperation op;
  op.site = site;
  op.target = pe;
  op.segment = at->object->segment;
  op.context = context;
  op.targetRanges = remote.shifted(-static_cast<int64_t>(at->object->base));
  return op;
}

Problem Semantics::put(LocationHandle site, ContextId context, Rank pe, const ByteRanges &remote,
                       const ByteRanges &source, bool blocking) {
  std::optional<RmaOperation> op = operation(site, context, pe, remote);
  if (!op) return Problem::NotSymmetric;
  op->remoteWrite = true;
  op->originRead = source;
  op->locallyBlocking = blocking;
  tracker_.issue(*op);
  return Problem::None;
}

Problem Semantics::get(LocationHandle site, ContextId context, Rank pe, const ByteRanges &dest,
                       const ByteRanges &remote, bool blocking) {
  std::optional<RmaOperation> op = operation(site, context, pe, remote);
  if (!op) return Problem::NotSymmetric;
  op->remoteRead = true;
  op->originWrite = dest;
  op->locallyBlocking = blocking;
  op->remoteBlocking = blocking;
  tracker_.issue(*op);
  return Problem::None;
}

Problem Semantics::atomic(LocationHandle site, ContextId context, Rank pe, Address remote,
                          const Amo &amo, Address fetchBuffer, bool blocking) {
  std::optional<RmaOperation> op = operation(site, context, pe, ByteRanges(remote, amo.size));
  if (!op) return Problem::NotSymmetric;
  op->remoteRead = amo.fetches;
  op->remoteWrite = amo.modifies;
  // 9.8: AMOs on one object are atomic with each other when they use the same type.
  op->atomicity = Atomicity{amo.op, amo.type, amo.size, /*anyOpCompatible=*/true};
  if (fetchBuffer) op->originWrite = ByteRanges(fetchBuffer, amo.size);
  op->locallyBlocking = blocking;
  op->remoteBlocking = blocking && amo.fetches;
  tracker_.issue(*op);
  if (amo.modifies) notifyAt(*memory_.find(remote, amo.size), pe, context, site);
  return Problem::None;
}

Problem Semantics::putSignal(LocationHandle site, ContextId context, Rank pe,
                             const ByteRanges &remote, const ByteRanges &source, Address signal,
                             bool add, bool blocking) {
  std::optional<SymmetricAddress> sig = memory_.find(signal, sizeof(uint64_t));
  if (!sig) return Problem::NotSymmetric;
  if (!remote.empty()) {
    std::optional<RmaOperation> data = operation(site, context, pe, remote);
    if (!data) return Problem::NotSymmetric;
    data->remoteWrite = true;
    data->originRead = source;
    data->locallyBlocking = blocking;
    tracker_.issue(*data);
    // The signal's arrival implies this call's data arrived (9.7.3): a notify completes the data
    // put at a wait that observes the signal, and the update below another one for itself.
    tracker_.notify(pe, resourceId(ResourceKind::Signal, *sig), 0, context,
                    /*includedOps=*/1, site);
  }
  Amo update{add ? AtomicOp::Sum : AtomicOp::Replace, kSignalType, sizeof(uint64_t), false, true};
  return atomic(site, context, pe, signal, update, 0, blocking);
}

void Semantics::notifyAt(const SymmetricAddress &at, Rank pe, ContextId context,
                         LocationHandle site) {
  SignalId id = resourceId(ResourceKind::Signal, at);
  tracker_.notify(pe, id, 0, context, /*includedOps=*/1, site);
  tracker_.resourceSignal(id, pe, site);
}

Problem Semantics::observed(Address ivar, BasicType type, uint32_t size, LocationHandle site) {
  std::optional<SymmetricAddress> at = memory_.find(ivar, size);
  if (!at) return Problem::NotSymmetric;
  SignalId id = resourceId(ResourceKind::Signal, *at);
  tracker_.resourceWait(id, self(), site);
  tracker_.targetWait(id, std::nullopt, site);
  Amo read{AtomicOp::NoOp, type, size, /*fetches=*/true, /*modifies=*/false};
  return atomic(site, kDefaultContext, self(), ivar, read, 0, true);
}

// ---- Ordering, completion, collectives
// ------------------------------------------------------------

void Semantics::complete(ContextId context, const std::vector<Rank> &targets, CompletionKind kind,
                         LocationHandle site) {
  Completion c;
  c.kind = kind;
  c.site = site;
  c.context = context;
  c.targets = targets;
  tracker_.complete(c);
}

void Semantics::quiet(ContextId context, LocationHandle site) {
  complete(context, {}, CompletionKind::RemoteFlush, site);
  complete(context, {}, CompletionKind::LocalFlush, site);
}

void Semantics::fence(ContextId context, LocationHandle site) {
  complete(context, {}, CompletionKind::Fence, site);
}

void Semantics::barrierAll(LocationHandle site) {
  barrier(world_, site);
}

void Semantics::barrier(const GroupView &team, LocationHandle site) {
  complete(kDefaultContext, team.members, CompletionKind::CollectiveFlush, site);
  tracker_.collective(team, CollectiveKind::AllToAll, 0, site);
}

void Semantics::sync(const GroupView &team, LocationHandle site) {
  tracker_.collective(team, CollectiveKind::AllToAll, 0, site);
}

void Semantics::collective(const GroupView &team, CollectiveKind kind, Rank root,
                           const ByteRanges &written, const ByteRanges &read, LocationHandle site) {
  tracker_.collective(team, kind, root, site);
  Process &process = tracker_.process();
  for (const ByteRange &r : read.ranges()) process.access(r.begin, r.size(), false, false, site);
  for (const ByteRange &r : written.ranges()) process.access(r.begin, r.size(), true, false, site);
}

// ---- Locks
// ----------------------------------------------------------------------------------------

Problem Semantics::lockAcquired(Address lock, LocationHandle site) {
  std::optional<SymmetricAddress> at = memory_.find(lock, sizeof(long));
  if (!at) return Problem::NotSymmetric;
  tracker_.resourceWait(resourceId(ResourceKind::Lock, *at), kLockDeposition, site);
  return Problem::None;
}

Problem Semantics::lockReleasing(Address lock, LocationHandle site) {
  std::optional<SymmetricAddress> at = memory_.find(lock, sizeof(long));
  if (!at) return Problem::NotSymmetric;
  quiet(kDefaultContext, site); // 9.11: shmem_clear_lock implies a quiet
  tracker_.resourceSignal(resourceId(ResourceKind::Lock, *at), kLockDeposition, site);
  return Problem::None;
}

} // namespace rmarace::shmem
