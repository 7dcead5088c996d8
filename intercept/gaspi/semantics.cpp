#include "semantics.h"

namespace rmarace::gaspi {

namespace {

// Identifiers in the GASPI domain: [kind | segment | notification]. GPI-2 has at most 256
// segments and 2^32 notification ids per segment.
enum class IdKind : uint64_t { Notification = 1, Passive = 2 };
constexpr unsigned kNotificationBits = 32;
constexpr unsigned kSegmentBits = 8;
constexpr unsigned kKindShift = kNotificationBits + kSegmentBits;

uint64_t gaspiId(IdKind kind, SegmentNumber segment = 0, NotificationNumber id = 0) {
  uint64_t seg = segment & ((uint64_t{1} << kSegmentBits) - 1);
  return rt::domainId(rt::IdDomain::Gaspi,
                      static_cast<uint64_t>(kind) << kKindShift | seg << kNotificationBits | id);
}

SignalId notificationId(SegmentNumber segment, NotificationNumber id) {
  return gaspiId(IdKind::Notification, segment, id);
}

// GASPI atomics are not posted to a queue: they complete in their call.
constexpr ContextId kAtomicContext = rt::smallIdBase(rt::IdDomain::Gaspi) + (1u << kSegmentBits);
constexpr uint32_t kAtomicBytes = sizeof(uint64_t); // gaspi_atomic_value_t

// A passive send waits for its receive; the receiver's answer is awaited this long at most (a
// receive that completes much later must not stall the sender forever).
constexpr double kAnswerPatienceSeconds = 0.5;

} // namespace

Semantics::Semantics(Tracker &tracker, GroupView world)
    : tracker_(tracker), world_(std::move(world)),
      nextRequest_(rt::domainId(rt::IdDomain::Gaspi, 1)) {}

SegmentId Semantics::segmentId(SegmentNumber segment) const {
  auto it = adopted_.find(segment);
  return it != adopted_.end() ? it->second : rt::smallIdBase(rt::IdDomain::Gaspi) + segment;
}

ContextId Semantics::queueContext(QueueNumber queue) {
  return rt::smallIdBase(rt::IdDomain::Gaspi) + queue;
}

// ---- Segments -----------------------------------------------------------------------------------

void Semantics::segmentCreated(SegmentNumber segment, Address base, uint64_t size) {
  if (segments_.count(segment)) segmentDeleted(segment);
  segments_[segment] = LocalSegment{base, size};
  tracker_.process().exposeMemory(segmentId(segment), base, size,
                                  "segment " + std::to_string(segment));
}

void Semantics::adopt(SegmentNumber segment, SegmentId engineSegment, Address base, uint64_t size) {
  adopted_[segment] = engineSegment;
  segments_[segment] = LocalSegment{base, size};
}

void Semantics::segmentDeleted(SegmentNumber segment) {
  if (!segments_.erase(segment)) return;
  tracker_.process().retireSegment(segmentId(segment));
}

std::optional<Address> Semantics::localAddress(SegmentNumber segment, uint64_t offset,
                                               uint64_t size) const {
  auto it = segments_.find(segment);
  if (it == segments_.end() || offset > it->second.size || size > it->second.size - offset)
    return std::nullopt;
  return it->second.base + offset;
}

// ---- One-sided communication --------------------------------------------------------------------

uint32_t Semantics::issueAll(LocationHandle site, QueueNumber queue, Rank rank,
                             const std::vector<Transfer> &transfers, bool writes,
                             RequestId request) {
  uint32_t issued = 0;
  for (const Transfer &t : transfers) {
    if (t.size == 0) continue; // GPI-2 posts nothing for an empty transfer (sheet A.8)
    RmaOperation op;
    op.site = site;
    op.target = rank;
    op.segment = segmentId(t.remoteSegment);
    op.context = queueContext(queue);
    op.targetRanges = ByteRanges(t.remoteOffset, t.size);
    ByteRanges local(t.local, t.size);
    if (writes) {
      op.remoteWrite = true;
      op.originRead = local;
    } else {
      op.remoteRead = true;
      op.originWrite = local;
    }
    op.request = request;
    tracker_.issue(op);
    ++issued;
  }
  return issued;
}

void Semantics::write(LocationHandle site, QueueNumber queue, Rank rank,
                      const std::vector<Transfer> &transfers) {
  issueAll(site, queue, rank, transfers, true, kNoRequest);
}

void Semantics::read(LocationHandle site, QueueNumber queue, Rank rank,
                     const std::vector<Transfer> &transfers) {
  issueAll(site, queue, rank, transfers, false, kNoRequest);
}

void Semantics::notifySlot(LocationHandle site, QueueNumber queue, Rank rank, SegmentNumber segment,
                           NotificationNumber id, uint64_t value, uint32_t includedOps) {
  SignalId signal = notificationId(segment, id);
  tracker_.notify(rank, signal, value, queueContext(queue), includedOps, site);
  // The waiter learns this process's clock from the slot's deposit at its own process.
  tracker_.resourceSignal(signal, rank, site);
}

void Semantics::notify(LocationHandle site, QueueNumber queue, Rank rank, SegmentNumber segment,
                       NotificationNumber id, uint64_t value) {
  Completion fence;
  fence.kind = CompletionKind::Fence;
  fence.site = site;
  fence.targets = {rank};
  fence.context = queueContext(queue);
  tracker_.complete(fence);
  notifySlot(site, queue, rank, segment, id, value, 0);
}

void Semantics::writeNotify(LocationHandle site, QueueNumber queue, Rank rank,
                            const std::vector<Transfer> &transfers,
                            SegmentNumber notificationSegment, NotificationNumber id,
                            uint64_t value) {
  uint32_t issued = issueAll(site, queue, rank, transfers, true, kNoRequest);
  notifySlot(site, queue, rank, notificationSegment, id, value, issued);
}

void Semantics::readNotify(LocationHandle site, QueueNumber queue, Rank rank,
                           const std::vector<Transfer> &transfers,
                           SegmentNumber notificationSegment, NotificationNumber id) {
  RequestId request = nextRequest_++;
  if (issueAll(site, queue, rank, transfers, false, request))
    readNotifications_[{notificationSegment, id}] = ReadNotification{request, queue};
}

void Semantics::wait(LocationHandle site, QueueNumber queue) {
  Completion c;
  c.kind = CompletionKind::LocalFlush;
  c.site = site;
  c.context = queueContext(queue);
  tracker_.complete(c);
  std::erase_if(readNotifications_, [&](const auto &entry) { return entry.second.queue == queue; });
}

void Semantics::observed(LocationHandle site, SegmentNumber segment, NotificationNumber id) {
  auto own = readNotifications_.find({segment, id});
  if (own != readNotifications_.end()) {
    Completion c;
    c.kind = CompletionKind::LocalComplete;
    c.site = site;
    c.context = queueContext(own->second.queue);
    c.request = own->second.request;
    tracker_.complete(c);
    readNotifications_.erase(own);
  }
  SignalId signal = notificationId(segment, id);
  tracker_.resourceWait(signal, self(), site);
  tracker_.targetWait(signal, std::nullopt, site);
}

// ---- Atomics ------------------------------------------------------------------------------------

void Semantics::atomic(LocationHandle site, Rank rank, SegmentNumber segment, uint64_t offset,
                       AtomicOp op, Address oldValue) {
  RmaOperation o;
  o.site = site;
  o.target = rank;
  o.segment = segmentId(segment);
  o.context = kAtomicContext;
  o.targetRanges = ByteRanges(offset, kAtomicBytes);
  o.remoteRead = true;
  o.remoteWrite = true;
  o.atomicity = Atomicity{op, BasicType::UnsignedLong, kAtomicBytes, /*anyOpCompatible=*/true};
  if (oldValue) o.originWrite = ByteRanges(oldValue, kAtomicBytes);
  o.locallyBlocking = true;
  o.remoteBlocking = true;
  tracker_.issue(o);
}

// ---- Passive communication ----------------------------------------------------------------------

uint64_t Semantics::passiveSending(LocationHandle site, Rank to, Address source, uint64_t size) {
  if (size) tracker_.process().access(source, size, /*write=*/false, false, site);
  uint64_t token = tracker_.newAnswerToken();
  tracker_.signal(to, gaspiId(IdKind::Passive), site, token);
  return token;
}

void Semantics::passiveSent(LocationHandle site, Rank to, uint64_t token) {
  tracker_.awaitAnswer(to, token, kAnswerPatienceSeconds, site);
}

void Semantics::passiveReceived(LocationHandle site, Rank from, Address dest, uint64_t size) {
  ClockPayload payload = tracker_.transport().receiveClock(from, gaspiId(IdKind::Passive));
  tracker_.waitWith(from, payload, site);
  if (payload.replyToken) tracker_.answer(from, payload.replyToken, site);
  if (size) tracker_.process().access(dest, size, /*write=*/true, false, site);
}

// ---- Collectives --------------------------------------------------------------------------------

void Semantics::collective(LocationHandle site, const GroupView &group, const ByteRanges &read,
                           const ByteRanges &written) {
  tracker_.collective(group, CollectiveKind::AllToAll, 0, site);
  Process &process = tracker_.process();
  for (const ByteRange &r : read.ranges()) process.access(r.begin, r.size(), false, false, site);
  for (const ByteRange &r : written.ranges()) process.access(r.begin, r.size(), true, false, site);
}

} // namespace rmarace::gaspi
