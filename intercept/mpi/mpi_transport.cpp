// The engine's Transport over MPI: batches and annotation messages on a private duplicate of
// MPI_COMM_WORLD, clock payloads on private duplicates of the application's communicators (with
// the application's tags, so that they match exactly like the application's messages),
// collective exchanges with a user-defined reduction, and one-sided deposits in tool windows.
#include "mpi_state.h"
#include "rmarace/core/wire.h"

#include <algorithm>
#include <cstring>
#include <functional>

namespace rmarace::mpi {

namespace {

constexpr int kTagBatch = 1;
constexpr int kTagReply = 2;
constexpr int kTagAnnotation = 16;
constexpr int kTagEpochOpen = 1;
constexpr int kTagEpochClose = 2;
constexpr std::size_t kAnnotationSlots = 16;
constexpr double kPollInterval = 0.005; // seconds

// A collective contribution as one array: [N, G, clock (N), sent (G), ledger count]. The layout
// travels with the data so that the reduction needs no side channel.
void reduceContribution(void *in, void *inout, int *, MPI_Datatype *) {
  const auto *a = static_cast<const uint64_t *>(in);
  auto *b = static_cast<uint64_t *>(inout);
  std::size_t n = a[0], g = a[1];
  for (std::size_t i = 2; i < 2 + n; ++i) b[i] = std::max(a[i], b[i]);
  for (std::size_t i = 2 + n; i < 2 + n + g; ++i) b[i] += a[i];
  b[2 + n + g] = std::max(a[2 + n + g], b[2 + n + g]);
}

std::vector<std::byte> packPayload(const ClockPayload &p) {
  std::vector<std::byte> out;
  WireWriter w(out);
  w.putClock(p.clock);
  w.put<uint32_t>(static_cast<uint32_t>(p.ledger.size()));
  for (const LedgerEntry &e : p.ledger) w.put(e);
  w.put<uint64_t>(p.replyToken);
  return out;
}

ClockPayload unpackPayload(const std::vector<std::byte> &bytes) {
  WireReader r(bytes);
  ClockPayload p;
  p.clock = r.getClock();
  p.ledger.resize(r.get<uint32_t>());
  for (LedgerEntry &e : p.ledger) e = r.get<LedgerEntry>();
  p.replyToken = r.get<uint64_t>();
  return p;
}

std::vector<std::byte> receiveBytes(int source, int tag, MPI_Comm comm, int *actualSource) {
  MPI_Status status;
  PMPI_Probe(source, tag, comm, &status);
  int count = 0;
  PMPI_Get_count(&status, MPI_BYTE, &count);
  std::vector<std::byte> bytes(static_cast<std::size_t>(count));
  PMPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, tag, comm, MPI_STATUS_IGNORE);
  if (actualSource) *actualSource = status.MPI_SOURCE;
  return bytes;
}

} // namespace

MpiTransport::MpiTransport(State &state, MPI_Comm toolComm, Rank worldSize)
    : state_(state), toolComm_(toolComm), worldSize_(static_cast<std::size_t>(worldSize)) {
  PMPI_Op_create(&reduceContribution, 1, &reduceOp_);
  // Annotation resources: kAnnotationSlots deposits per rank.
  MPI_Aint bytes = static_cast<MPI_Aint>(kAnnotationSlots * 2 * worldSize_ * sizeof(uint64_t));
  void *base = nullptr;
  PMPI_Win_allocate(bytes, sizeof(uint64_t), MPI_INFO_NULL, toolComm_, &base, &annotationWindow_);
  std::memset(base, 0, static_cast<std::size_t>(bytes));
  PMPI_Barrier(toolComm_);
}

MpiTransport::~MpiTransport() {
  waitSends();
  if (annotationWindow_ != MPI_WIN_NULL) PMPI_Win_free(&annotationWindow_);
  if (reduceOp_ != MPI_OP_NULL) PMPI_Op_free(&reduceOp_);
}

void MpiTransport::testSends() {
  while (!pendingSends_.empty()) {
    int done = 0;
    PMPI_Test(&pendingSends_.front().first, &done, MPI_STATUS_IGNORE);
    if (!done) break;
    pendingSends_.pop_front();
  }
}

void MpiTransport::waitSends() {
  for (auto &[request, bytes] : pendingSends_) PMPI_Wait(&request, MPI_STATUS_IGNORE);
  pendingSends_.clear();
}

void MpiTransport::send(Batch batch) {
  pendingSends_.emplace_back(MPI_REQUEST_NULL, std::move(batch.bytes));
  auto &[request, bytes] = pendingSends_.back();
  PMPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, batch.peer, kTagBatch,
             toolComm_, &request);
}

void MpiTransport::receiveOne(Process &process, int source) {
  int from = 0;
  std::vector<std::byte> bytes = receiveBytes(source, kTagBatch, toolComm_, &from);
  process.receive(from, std::move(bytes));
}

void MpiTransport::poll(Process &process) {
  // Probing costs a scheduling round when ranks share cores, and nothing depends on it: waits
  // receive what they need explicitly. Opportunistic delivery (earlier reports, fewer buffered
  // messages) is therefore rate-limited.
  double now = PMPI_Wtime();
  if (now - lastPoll_ < kPollInterval) return;
  lastPoll_ = now;
  testSends();
  for (;;) {
    int flag = 0;
    MPI_Status status;
    PMPI_Iprobe(MPI_ANY_SOURCE, kTagBatch, toolComm_, &flag, &status);
    if (!flag) break;
    receiveOne(process, status.MPI_SOURCE);
  }
}

void MpiTransport::receiveBatch(Process &process, Rank origin) {
  receiveOne(process, origin < 0 ? MPI_ANY_SOURCE : origin);
}

MpiTransport::Route MpiTransport::route(Rank world, QueueId queue) const {
  switch (queueKind(queue)) {
  case QueueKind::Message: {
    const Channel &ch = state_.channels.at(queueChannel(queue));
    return {ch.shadow, ch.localRank(world), queueTag(queue)};
  }
  case QueueKind::EpochOpen:
  case QueueKind::EpochClose: {
    SegmentId segment = static_cast<SegmentId>(queueChannel(queue));
    for (const auto &[win, w] : state_.windows) {
      if (w.segment != segment) continue;
      const Channel &ch = state_.channels.at(w.channel);
      return {ch.shadow, ch.localRank(world),
              queueKind(queue) == QueueKind::EpochOpen ? kTagEpochOpen : kTagEpochClose};
    }
    break;
  }
  case QueueKind::Annotation:
    return {toolComm_, world,
            kTagAnnotation + static_cast<int>(static_cast<uint32_t>(queueTag(queue)) % 16000u)};
  }
  return {MPI_COMM_NULL, MPI_PROC_NULL, 0};
}

void MpiTransport::sendClock(Rank to, QueueId queue, const ClockPayload &payload) {
  Route r = route(to, queue);
  if (r.comm == MPI_COMM_NULL) return;
  pendingSends_.emplace_back(MPI_REQUEST_NULL, packPayload(payload));
  auto &[request, bytes] = pendingSends_.back();
  PMPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, r.peer, r.tag, r.comm,
             &request);
}

ClockPayload MpiTransport::receiveClock(Rank from, QueueId queue) {
  ClockPayload payload;
  if (takePreconsumed(queue, from, payload)) return payload;
  Route r = route(from, queue);
  if (r.comm == MPI_COMM_NULL) return {VectorClock(worldSize_), {}};
  return unpackPayload(receiveBytes(r.peer, r.tag, r.comm, nullptr));
}

void MpiTransport::sendReply(Rank to, const ClockPayload &payload) {
  pendingSends_.emplace_back(MPI_REQUEST_NULL, packPayload(payload));
  auto &[request, bytes] = pendingSends_.back();
  PMPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, kTagReply, toolComm_,
             &request);
}

std::optional<ClockPayload> MpiTransport::takeReply(uint64_t token) {
  for (;;) {
    auto it = replies_.find(token);
    if (it != replies_.end()) {
      ClockPayload p = std::move(it->second);
      replies_.erase(it);
      return p;
    }
    int flag = 0;
    MPI_Status status;
    PMPI_Iprobe(MPI_ANY_SOURCE, kTagReply, toolComm_, &flag, &status);
    if (!flag) return std::nullopt;
    ClockPayload p = unpackPayload(receiveBytes(status.MPI_SOURCE, kTagReply, toolComm_, nullptr));
    replies_.emplace(p.replyToken, std::move(p));
  }
}

std::optional<ClockPayload> MpiTransport::awaitReply(Process &process, uint64_t token,
                                                     double seconds) {
  double deadline = PMPI_Wtime() + seconds;
  do {
    if (std::optional<ClockPayload> p = takeReply(token)) return p;
    poll(process); // keeps batches flowing while waiting
  } while (PMPI_Wtime() < deadline);
  return std::nullopt;
}

void MpiTransport::preconsume(QueueId queue, Rank from) {
  Route r = route(from, queue);
  if (r.comm == MPI_COMM_NULL) return;
  preconsumed_[{queue, from}].push_back(
      unpackPayload(receiveBytes(r.peer, r.tag, r.comm, nullptr)));
}

bool MpiTransport::takePreconsumed(QueueId queue, Rank from, ClockPayload &payload) {
  auto it = preconsumed_.find({queue, from});
  if (it == preconsumed_.end() || it->second.empty()) return false;
  payload = std::move(it->second.front());
  it->second.pop_front();
  if (it->second.empty()) preconsumed_.erase(it);
  return true;
}

bool MpiTransport::peekPreconsumed(QueueId queue, Rank from, ClockPayload &payload) const {
  auto it = preconsumed_.find({queue, from});
  if (it == preconsumed_.end() || it->second.empty()) return false;
  payload = it->second.front();
  return true;
}

std::vector<uint64_t> MpiTransport::packFixed(const CollectiveContribution &c) const {
  std::vector<uint64_t> v;
  v.reserve(3 + c.clock.size() + c.sentToMember.size());
  v.push_back(c.clock.size());
  v.push_back(c.sentToMember.size());
  v.insert(v.end(), c.clock.entries().begin(), c.clock.entries().end());
  v.insert(v.end(), c.sentToMember.begin(), c.sentToMember.end());
  v.push_back(c.ledger.size());
  return v;
}

CollectiveContribution MpiTransport::unpackFixed(const std::vector<uint64_t> &v,
                                                 std::size_t members) const {
  CollectiveContribution c;
  std::size_t n = v[0];
  c.clock = VectorClock(std::vector<Epoch>(v.begin() + 2, v.begin() + 2 + static_cast<long>(n)));
  c.sentToMember.assign(v.begin() + 2 + static_cast<long>(n),
                        v.begin() + 2 + static_cast<long>(n + members));
  return c;
}

std::vector<LedgerEntry> MpiTransport::exchangeLedger(const Channel &ch, CollectiveKind kind,
                                                      Rank root,
                                                      const std::vector<LedgerEntry> &mine) {
  int size = static_cast<int>(ch.group.members.size());
  int bytes = static_cast<int>(mine.size() * sizeof(LedgerEntry));
  if (kind == CollectiveKind::OneToAll) {
    int rootLocal = ch.localRank(root);
    PMPI_Bcast(&bytes, 1, MPI_INT, rootLocal, ch.shadow);
    std::vector<LedgerEntry> entries(static_cast<std::size_t>(bytes) / sizeof(LedgerEntry));
    if (ch.group.members[static_cast<std::size_t>(rootLocal)] == state_.runtime->rank())
      entries = mine;
    PMPI_Bcast(entries.data(), bytes, MPI_BYTE, rootLocal, ch.shadow);
    return entries;
  }
  std::vector<int> counts(static_cast<std::size_t>(size)), displs(static_cast<std::size_t>(size));
  PMPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, ch.shadow);
  int total = 0;
  for (int i = 0; i < size; ++i) {
    displs[static_cast<std::size_t>(i)] = total;
    total += counts[static_cast<std::size_t>(i)];
  }
  std::vector<LedgerEntry> all(static_cast<std::size_t>(total) / sizeof(LedgerEntry));
  PMPI_Allgatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE,
                  ch.shadow);
  if (kind != CollectiveKind::Scan) return all;
  // A scan member hears only from the members before it.
  int me = ch.localRank(state_.runtime->rank());
  std::size_t upto = static_cast<std::size_t>(displs[static_cast<std::size_t>(me)] +
                                              counts[static_cast<std::size_t>(me)]) /
                     sizeof(LedgerEntry);
  all.resize(upto);
  return all;
}

CollectiveContribution MpiTransport::exchange(const GroupView &group, CollectiveKind kind,
                                              Rank root, const CollectiveContribution &mine) {
  std::unique_ptr<PendingExchange> p = startExchange(group, kind, root, mine);
  return finishExchange(*p, true);
}

namespace {
// A collective exchange in flight: the fixed part travels by a non-blocking collective.
struct MpiExchange final : PendingExchange {
  MPI_Request request = MPI_REQUEST_NULL;
  std::vector<uint64_t> send, receive;
  GroupView group;
  CollectiveKind kind = CollectiveKind::AllToAll;
  Rank root = 0;
  std::vector<LedgerEntry> ledger;
};
} // namespace

std::unique_ptr<PendingExchange> MpiTransport::startExchange(const GroupView &group,
                                                             CollectiveKind kind, Rank root,
                                                             const CollectiveContribution &mine) {
  auto p = std::make_unique<MpiExchange>();
  const Channel &ch = state_.channels.at(group.channel);
  p->group = group;
  p->kind = kind;
  p->root = root;
  p->ledger = mine.ledger;
  p->send = packFixed(mine);
  p->receive.resize(p->send.size());
  int n = static_cast<int>(p->send.size());
  switch (kind) {
  case CollectiveKind::AllToAll:
  case CollectiveKind::AllToOne: // every member learns the ledger size; only the root absorbs
    PMPI_Iallreduce(p->send.data(), p->receive.data(), n, MPI_UINT64_T, reduceOp_, ch.shadow,
                    &p->request);
    break;
  case CollectiveKind::Scan:
    PMPI_Iscan(p->send.data(), p->receive.data(), n, MPI_UINT64_T, reduceOp_, ch.shadow,
               &p->request);
    break;
  case CollectiveKind::OneToAll:
    p->receive = p->send;
    PMPI_Ibcast(p->receive.data(), n, MPI_UINT64_T, ch.localRank(root), ch.shadow, &p->request);
    break;
  }
  return p;
}

CollectiveContribution MpiTransport::finishExchange(PendingExchange &pending, bool complete) {
  auto &p = static_cast<MpiExchange &>(pending);
  PMPI_Wait(&p.request, MPI_STATUS_IGNORE);
  CollectiveContribution combined = unpackFixed(p.receive, p.group.members.size());
  // Ledger entries need a second, variable-size exchange. It keeps its order among the channel's
  // collectives only when every member finishes inside the same call (not for the application's
  // non-blocking collectives, whose completion points differ).
  if (!complete) return combined;
  const Channel &ch = state_.channels.at(p.group.channel);
  uint64_t ledgerSize = p.receive.back();
  if (p.kind == CollectiveKind::Scan)
    PMPI_Allreduce(MPI_IN_PLACE, &ledgerSize, 1, MPI_UINT64_T, MPI_MAX, ch.shadow);
  if (ledgerSize > 0) combined.ledger = exchangeLedger(ch, p.kind, p.root, p.ledger);
  return combined;
}

MPI_Win MpiTransport::createLockArea(const Channel &ch) {
  MPI_Aint bytes = static_cast<MPI_Aint>(2 * 2 * worldSize_ * sizeof(uint64_t));
  void *base = nullptr;
  MPI_Win win = MPI_WIN_NULL;
  PMPI_Win_allocate(bytes, sizeof(uint64_t), MPI_INFO_NULL, ch.shadow, &base, &win);
  std::memset(base, 0, static_cast<std::size_t>(bytes));
  PMPI_Barrier(ch.shadow); // nobody deposits before every area is cleared
  return win;
}

void MpiTransport::deposit(ResourceId resource, Rank deposition, const ResourcePayload &payload) {
  MPI_Win win = MPI_WIN_NULL;
  int peer = deposition;
  MPI_Aint disp = 0;
  std::size_t slot = 2 * worldSize_;
  if (resource & kAnnotationResourceBit) {
    win = annotationWindow_;
    disp = static_cast<MPI_Aint>(std::hash<uint64_t>{}(resource) % kAnnotationSlots * slot);
  } else {
    for (const auto &[handle, w] : state_.windows) {
      if (w.segment != lockResourceWindow(resource)) continue;
      win = w.toolWindow;
      peer = state_.channels.at(w.channel).localRank(deposition);
      disp = lockResourceExclusiveSlot(resource) ? static_cast<MPI_Aint>(slot) : 0;
    }
  }
  if (win == MPI_WIN_NULL) return;
  std::vector<uint64_t> data(payload.clock.entries().begin(), payload.clock.entries().end());
  data.resize(worldSize_, 0);
  data.insert(data.end(), payload.sentToDeposition.begin(), payload.sentToDeposition.end());
  data.resize(slot, 0);
  PMPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win);
  PMPI_Accumulate(data.data(), static_cast<int>(slot), MPI_UINT64_T, peer, disp,
                  static_cast<int>(slot), MPI_UINT64_T, MPI_MAX, win);
  PMPI_Win_unlock(peer, win);
}

ResourcePayload MpiTransport::fetch(ResourceId resource, Rank deposition) {
  MPI_Win win = MPI_WIN_NULL;
  int peer = deposition;
  MPI_Aint disp = 0;
  std::size_t slot = 2 * worldSize_;
  if (resource & kAnnotationResourceBit) {
    win = annotationWindow_;
    disp = static_cast<MPI_Aint>(std::hash<uint64_t>{}(resource) % kAnnotationSlots * slot);
  } else {
    for (const auto &[handle, w] : state_.windows) {
      if (w.segment != lockResourceWindow(resource)) continue;
      win = w.toolWindow;
      peer = state_.channels.at(w.channel).localRank(deposition);
      disp = lockResourceExclusiveSlot(resource) ? static_cast<MPI_Aint>(slot) : 0;
    }
  }
  if (win == MPI_WIN_NULL) return {};
  std::vector<uint64_t> data(slot, 0);
  PMPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win);
  PMPI_Get_accumulate(nullptr, 0, MPI_UINT64_T, data.data(), static_cast<int>(slot), MPI_UINT64_T,
                      peer, disp, static_cast<int>(slot), MPI_UINT64_T, MPI_NO_OP, win);
  PMPI_Win_unlock(peer, win);
  if (std::all_of(data.begin(), data.begin() + static_cast<long>(worldSize_),
                  [](uint64_t x) { return x == 0; }))
    return {};
  ResourcePayload p;
  p.clock =
      VectorClock(std::vector<Epoch>(data.begin(), data.begin() + static_cast<long>(worldSize_)));
  p.sentToDeposition.assign(data.begin() + static_cast<long>(worldSize_), data.end());
  return p;
}

} // namespace rmarace::mpi
