// The engine's Transport over MPI: batches and annotation messages on a private duplicate of
// MPI_COMM_WORLD, clock payloads on private duplicates of the application's communicators (with
// the application's tags, so that they match exactly like the application's messages),
// collective exchanges with a user-defined reduction, and one-sided deposits in tool windows.
#include "fence_area.h"
#include "mpi_state.h"
#include "rmarace/core/wire.h"
#include "rmarace/core/wire_records.h"
#include "rmarace/runtime/scoped_interceptor.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <functional>
#include <sched.h>

namespace rmarace::mpi {

namespace {

constexpr int kTagBatch = 1;
constexpr int kTagAnswer = 2;
// Queues of the other identifier domains (annotations, OpenSHMEM, GASPI) travel on the tool
// communicator: each domain shares kDomainTagRange tags from kTagDomainQueues + domain * range
// (within MPI's guaranteed tag bound of 32767).
constexpr int kTagDomainQueues = 16;
constexpr uint64_t kDomainTagRange = 8000;
constexpr int kTagEpochOpen = 1;
constexpr int kTagEpochClose = 2;
// Deposits of resources other than MPI locks (annotations, other programming models' signals and
// locks) share this many slots per rank; identifiers are hashed to slots. Two resources that
// share a slot synchronise more than they should (a race may be missed, never invented).
constexpr std::size_t kSharedResourceSlots = 256;
// Threads 1..kDepositThreads of every rank have a word of their own in a deposit (3.6); the
// components of higher-numbered threads do not travel through deposits.
constexpr std::size_t kDepositThreads = 15;
constexpr double kPollInterval = 0.005; // seconds
// The clock is read on every this many polls only: a read costs as much as the rest of a poll
// that finds it too early.
constexpr unsigned kPollsPerClockRead = 16;
// Flow control of batches. A rank that sends a peer batches faster than the peer processes them
// (lock epochs with no synchronisation back, where each rank runs at its own pace) would pile
// them up in the peer's memory without bound. Every kBatchesPerMarker-th batch to a peer is a
// marker, sent synchronously (MPI_Issend); before the next marker the previous one must have been
// received. Waiting receives this rank's own incoming batches (two ranks waiting for each
// other's markers both progress) and gives up after kMarkerPatience, so that a peer blocked in a
// call that waits for this rank cannot deadlock it; batches then go unthrottled until the peer
// has received the marker. The peer's backlog stays below about two markers' worth of batches
// whenever it polls.
constexpr uint64_t kBatchesPerMarker = 256;
constexpr double kMarkerPatience = 0.01; // seconds

// Spreads identifiers that differ in a few low or high bits over all slots (splitmix64's
// finaliser; std::hash of an integer is the identity).
uint64_t mixedHash(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Combines packed collective contributions (CollectiveContribution::packFixed), one per element
// of the exchange's datatype (MpiTransport::fixedType).
void reduceContribution(void *in, void *inout, int *length, MPI_Datatype *type) {
  int bytes = 0;
  PMPI_Type_size(*type, &bytes);
  auto words = static_cast<std::size_t>(bytes) / sizeof(uint64_t);
  for (int e = 0; e < *length; ++e)
    CollectiveContribution::combineFixed({static_cast<const uint64_t *>(in) + e * words, words},
                                         {static_cast<uint64_t *>(inout) + e * words, words});
}

std::vector<std::byte> packPayload(const ClockPayload &p) {
  std::vector<std::byte> out;
  WireWriter w(out);
  wire::encode(w, p);
  return out;
}

ClockPayload unpackPayload(const std::vector<std::byte> &bytes) {
  WireReader r(bytes);
  ClockPayload p;
  wire::decode(r, p);
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
  MPI_Aint bytes = static_cast<MPI_Aint>(kSharedResourceSlots * depositWords() * sizeof(uint64_t));
  void *base = nullptr;
  PMPI_Win_allocate(bytes, sizeof(uint64_t), MPI_INFO_NULL, toolComm_, &base,
                    &sharedResourceWindow_);
  std::memset(base, 0, static_cast<std::size_t>(bytes));
  PMPI_Barrier(toolComm_);
}

MpiTransport::~MpiTransport() {
  shutdown();
}

void MpiTransport::shutdown() {
  waitSends();
  if (rings_) rings_->free();
  rings_.reset();
  carriedReductions_.free();
  for (auto &[words, type] : fixedTypes_) PMPI_Type_free(&type);
  fixedTypes_.clear();
  if (sharedResourceWindow_ != MPI_WIN_NULL) PMPI_Win_free(&sharedResourceWindow_);
  if (reduceOp_ != MPI_OP_NULL) PMPI_Op_free(&reduceOp_);
  if (toolComm_ != MPI_COMM_NULL) PMPI_Comm_free(&toolComm_);
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
  for (auto &[peer, flow] : flow_) PMPI_Wait(&flow.marker.first, MPI_STATUS_IGNORE);
  flow_.clear();
  for (auto &[request, bytes] : pendingSends_) PMPI_Wait(&request, MPI_STATUS_IGNORE);
  pendingSends_.clear();
}

void MpiTransport::openBatchRings(bool want) {
  rings_ = BatchRings::create(toolComm_, want);
  if (!rings_) return;
  sentSeq_.assign(worldSize_, 0);
  nextSeq_.assign(worldSize_, 1);
}

void MpiTransport::send(Batch batch) {
  if (rings_ && rings_->reaches(batch.peer)) {
    uint64_t seq = ++sentSeq_[static_cast<std::size_t>(batch.peer)];
    if (rings_->push(batch.peer, seq, batch.bytes)) return;
    // No room in the ring: with MPI, its number after the bytes.
    const auto *raw = reinterpret_cast<const std::byte *>(&seq);
    batch.bytes.insert(batch.bytes.end(), raw, raw + sizeof seq);
  }
  PeerFlow &flow = flow_[batch.peer];
  bool marker = ++flow.sinceMarker >= kBatchesPerMarker && markerReceived(flow);
  if (!marker) {
    pendingSends_.emplace_back(MPI_REQUEST_NULL, std::move(batch.bytes));
    auto &[request, bytes] = pendingSends_.back();
    PMPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, batch.peer, kTagBatch,
               toolComm_, &request);
    return;
  }
  flow.sinceMarker = 0;
  flow.waited = false;
  flow.marker.second = std::move(batch.bytes);
  PMPI_Issend(flow.marker.second.data(), static_cast<int>(flow.marker.second.size()), MPI_BYTE,
              batch.peer, kTagBatch, toolComm_, &flow.marker.first);
}

bool MpiTransport::markerReceived(PeerFlow &flow) {
  int done = 0;
  PMPI_Test(&flow.marker.first, &done, MPI_STATUS_IGNORE);
  // One wait per marker: a peer that did not receive it within the patience does not poll now
  // (it is blocked, or computing), and waiting again would only slow this rank down.
  if (done || flow.waited) return done != 0;
  flow.waited = true;
  double deadline = PMPI_Wtime() + kMarkerPatience;
  while (!done && PMPI_Wtime() < deadline) {
    stashArrivedBatches();
    PMPI_Test(&flow.marker.first, &done, MPI_STATUS_IGNORE);
  }
  return done != 0;
}

bool MpiTransport::stashArrivedBatches(int source) {
  bool stashed = false;
  for (;;) {
    int flag = 0;
    MPI_Status status;
    PMPI_Iprobe(source, kTagBatch, toolComm_, &flag, &status);
    if (!flag) return stashed;
    receiveIntoStash(status.MPI_SOURCE);
    stashed = true;
  }
}

void MpiTransport::receiveIntoStash(int source) {
  int from = 0;
  Stashed s{0, 0, receiveBytes(source, kTagBatch, toolComm_, &from)};
  s.from = from;
  if (rings_ && rings_->reaches(from) && s.bytes.size() >= sizeof s.seq) {
    std::memcpy(&s.seq, s.bytes.data() + s.bytes.size() - sizeof s.seq, sizeof s.seq);
    s.bytes.resize(s.bytes.size() - sizeof s.seq);
  }
  stashed_.push_back(std::move(s));
}

bool MpiTransport::deliverStashed(Process &process, int source) {
  // MPI keeps each origin's order: the first stashed batch of an origin is its next one, unless
  // a ring reaches the origin, whose next one may still be in the ring.
  for (auto it = stashed_.begin(); it != stashed_.end(); ++it) {
    if (source != MPI_ANY_SOURCE && it->from != source) continue;
    bool numbered = rings_ && rings_->reaches(it->from);
    if (numbered && it->seq != nextSeq_[static_cast<std::size_t>(it->from)]) continue;
    Stashed s = std::move(*it);
    stashed_.erase(it);
    if (numbered) ++nextSeq_[static_cast<std::size_t>(s.from)];
    process.receive(s.from, s.bytes);
    return true;
  }
  return false;
}

bool MpiTransport::deliverFromRing(Process &process, int source) {
  if (!rings_) return false;
  auto take = [&](Rank origin) {
    BatchRings::Entry entry = rings_->front(origin);
    uint64_t &next = nextSeq_[static_cast<std::size_t>(origin)];
    if (entry.seq == 0 || entry.seq != next) return false;
    ++next;
    process.receive(origin, entry.bytes); // read in place
    rings_->consume(origin, entry);
    return true;
  };
  if (source != MPI_ANY_SOURCE) return rings_->reaches(source) && take(source);
  for (Rank origin : rings_->peers())
    if (take(origin)) return true;
  return false;
}

bool MpiTransport::deliverOne(Process &process, int source, bool block) {
  for (;;) {
    if (deliverStashed(process, source) || deliverFromRing(process, source)) return true;
    if (!block) return false;
    // Without rings that could hold it, MPI's blocking receive waits for the batch.
    if (!rings_ || (source != MPI_ANY_SOURCE && !rings_->reaches(source))) {
      receiveIntoStash(source);
      continue;
    }
    // It may come either way: poll both (the probe also makes MPI progress).
    if (!stashArrivedBatches(source)) sched_yield(); // the sender may share this core
  }
}

void MpiTransport::poll(Process &process) {
  // Probing costs a scheduling round when ranks share cores, and nothing depends on it: waits
  // receive what they need explicitly. Opportunistic delivery (earlier reports, fewer buffered
  // messages) is therefore rate-limited.
  if (++pollsSinceClockRead_ < kPollsPerClockRead) return;
  pollsSinceClockRead_ = 0;
  double now = PMPI_Wtime();
  if (now - lastPoll_ < kPollInterval) return;
  lastPoll_ = now;
  testSends();
  stashArrivedBatches();
  while (deliverOne(process, MPI_ANY_SOURCE, /*block=*/false)) {
  }
}

void MpiTransport::receiveBatch(Process &process, Rank origin) {
  deliverOne(process, origin < 0 ? MPI_ANY_SOURCE : origin, /*block=*/true);
}

MpiTransport::Route MpiTransport::route(Rank world, QueueId queue) const {
  if (rt::idDomain(queue) != rt::IdDomain::Mpi)
    return {toolComm_, world,
            kTagDomainQueues +
                static_cast<int>(static_cast<uint64_t>(rt::idDomain(queue)) * kDomainTagRange +
                                 rt::idLocal(queue) % kDomainTagRange)};
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

void MpiTransport::sendAnswer(Rank to, const ClockPayload &answer) {
  pendingSends_.emplace_back(MPI_REQUEST_NULL, packPayload(answer));
  auto &[request, bytes] = pendingSends_.back();
  PMPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, kTagAnswer, toolComm_,
             &request);
}

std::optional<ClockPayload> MpiTransport::arrivedAnswer(uint64_t token) {
  for (;;) {
    auto it = answers_.find(token);
    if (it != answers_.end()) {
      ClockPayload p = std::move(it->second);
      answers_.erase(it);
      return p;
    }
    int flag = 0;
    MPI_Status status;
    PMPI_Iprobe(MPI_ANY_SOURCE, kTagAnswer, toolComm_, &flag, &status);
    if (!flag) return std::nullopt;
    ClockPayload p = unpackPayload(receiveBytes(status.MPI_SOURCE, kTagAnswer, toolComm_, nullptr));
    answers_.emplace(p.replyToken, std::move(p));
  }
}

std::optional<ClockPayload> MpiTransport::takeAnswer(Process &process, uint64_t token,
                                                     double patienceSeconds) {
  double deadline = PMPI_Wtime() + patienceSeconds;
  do {
    if (std::optional<ClockPayload> p = arrivedAnswer(token)) return p;
    poll(process); // keeps batches flowing while waiting
  } while (PMPI_Wtime() < deadline);
  return std::nullopt;
}

uint64_t MpiTransport::broadcastFromFirst(uint64_t value) {
  PMPI_Bcast(&value, 1, MPI_UINT64_T, 0, toolComm_);
  return value;
}

std::vector<std::string> MpiTransport::gatherAtFirst(const std::string &mine) {
  int length = static_cast<int>(mine.size());
  int rank = 0;
  PMPI_Comm_rank(toolComm_, &rank);
  std::size_t members = worldSize_;
  std::vector<int> lengths(members), displs(members);
  PMPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, toolComm_);
  int total = 0;
  for (std::size_t i = 0; i < members; ++i) {
    displs[i] = total;
    total += lengths[i];
  }
  std::string all(static_cast<std::size_t>(rank == 0 ? total : 0), '\0');
  PMPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), displs.data(), MPI_CHAR,
               0, toolComm_);
  std::vector<std::string> parts;
  if (rank != 0) return parts;
  for (std::size_t i = 0; i < members; ++i)
    parts.push_back(
        all.substr(static_cast<std::size_t>(displs[i]), static_cast<std::size_t>(lengths[i])));
  return parts;
}

std::vector<uint64_t> MpiTransport::sumOverAll(const std::vector<uint64_t> &values) {
  std::vector<uint64_t> totals(values.size());
  PMPI_Allreduce(values.data(), totals.data(), static_cast<int>(values.size()), MPI_UINT64_T,
                 MPI_SUM, toolComm_);
  return totals;
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

template <class Entry>
std::vector<Entry> MpiTransport::exchangeEntries(const Channel &ch, CollectiveKind kind, Rank root,
                                                 const std::vector<Entry> &mine) {
  int size = static_cast<int>(ch.group.members.size());
  int bytes = static_cast<int>(mine.size() * sizeof(Entry));
  if (kind == CollectiveKind::OneToAll) {
    int rootLocal = ch.localRank(root);
    PMPI_Bcast(&bytes, 1, MPI_INT, rootLocal, ch.shadow);
    std::vector<Entry> entries(static_cast<std::size_t>(bytes) / sizeof(Entry));
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
  std::vector<Entry> all(static_cast<std::size_t>(total) / sizeof(Entry));
  PMPI_Allgatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE,
                  ch.shadow);
  if (kind != CollectiveKind::Scan) return all;
  // A scan member hears only from the members before it.
  int me = ch.localRank(state_.runtime->rank());
  std::size_t upto = static_cast<std::size_t>(displs[static_cast<std::size_t>(me)] +
                                              counts[static_cast<std::size_t>(me)]) /
                     sizeof(Entry);
  all.resize(upto);
  return all;
}

namespace {
// Says once per process that an order through deposits (or non-blocking collectives) is lost, so
// that a report it causes is not taken at face value.
std::atomic<bool> warnedThreadsBeyond{false};
void warnThreadBeyondDeposits(ClockSlot slot) {
  if (warnedThreadsBeyond.exchange(true)) return;
  std::fprintf(stderr,
               "rmarace: warning: thread %u of rank %d synchronises through a lock (or another "
               "resource deposit, or a non-blocking collective), which carries threads 1 to %zu "
               "of each rank only; what it orders through these is not seen, and a race reported "
               "with thread %u may not be one (docs/hybrid.md)\n",
               static_cast<unsigned>(slot.thread), static_cast<int>(slot.rank), kDepositThreads,
               static_cast<unsigned>(slot.thread));
}
} // namespace

// A collective exchange: the fixed part travels by one collective of the tool's communicator,
// blocking when every member finishes it in the call that starts it, non-blocking when it
// overlaps the application's own collective.
struct MpiExchange final : MpiPendingExchange {
  MpiExchange() : MpiPendingExchange(Means::Reduction) {}
  MPI_Request request = MPI_REQUEST_NULL;
  std::vector<uint64_t> send, receive;
  std::size_t toolWords = 0; // of send and receive; the carried reduction's bytes follow
  std::optional<CarriedReduction> carried;
  MPI_Datatype type = MPI_UINT64_T;
  MPI_Op op = MPI_OP_NULL;
  int elements = 0;
  GroupView group;
  CollectiveKind kind = CollectiveKind::AllToAll;
  Rank root = 0;
  std::vector<LedgerEntry> ledger;
  std::vector<ThreadEntry> threads;
  CollectiveContribution combined; // once finished
};

CollectiveContribution MpiTransport::exchange(const GroupView &group, CollectiveKind kind,
                                              Rank root, const CollectiveContribution &mine) {
  return exchangeCarrying(group, kind, root, mine, std::nullopt);
}

CollectiveContribution
MpiTransport::exchangeCarrying(const GroupView &group, CollectiveKind kind, Rank root,
                               const CollectiveContribution &mine,
                               const std::optional<CarriedReduction> &carried) {
  std::unique_ptr<MpiExchange> p = prepareExchange(group, kind, root, mine, true, carried);
  const Channel &ch = state_.channels.at(group.channel);
  MPI_Comm shadow = ch.shadow; // read under the engine lock
  int rootLocal = kind == CollectiveKind::OneToAll ? ch.localRank(root) : 0;
  {
    // A blocking collective: Open MPI's tuned algorithms take about two thirds of the time of
    // the non-blocking schedule and its wait on an oversubscribed node.
    rt::BlockingRegion unlocked; // the other members may need this thread's engine meanwhile
    switch (kind) {
    case CollectiveKind::AllToAll:
    case CollectiveKind::AllToOne:
      PMPI_Allreduce(p->send.data(), p->receive.data(), p->elements, p->type, p->op, shadow);
      break;
    case CollectiveKind::Scan:
      PMPI_Scan(p->send.data(), p->receive.data(), p->elements, p->type, p->op, shadow);
      break;
    case CollectiveKind::OneToAll:
      p->receive = p->send;
      PMPI_Bcast(p->receive.data(), p->elements, p->type, rootLocal, shadow);
      break;
    }
  }
  return concludeExchange(*p, true);
}

std::unique_ptr<MpiExchange>
MpiTransport::prepareExchange(const GroupView &group, CollectiveKind kind, Rank root,
                              const CollectiveContribution &mine, bool complete,
                              const std::optional<CarriedReduction> &carried) {
  auto p = std::make_unique<MpiExchange>();
  p->group = group;
  p->kind = kind;
  p->root = root;
  p->ledger = mine.ledger;
  p->threads.assign(mine.clock.threadEntries().begin(), mine.clock.threadEntries().end());
  // An exchange finished in different calls by its members cannot be followed by a second one:
  // the thread components travel in the fixed part, with room for as many as a deposit has.
  std::size_t threadWords = complete ? 0 : kDepositThreads;
  for (const ThreadEntry &e : mine.clock.threadEntries())
    if (!complete && e.slot.thread > threadWords) {
      warnThreadBeyondDeposits(e.slot);
      break;
    }
  p->send = mine.packFixed(threadWords);
  p->toolWords = p->send.size();
  // One element of a contiguous datatype: MPI never splits an element between the steps of a
  // reduction (a reduce-scatter does split a vector of words), and the operation combines whole
  // contributions only.
  p->type = fixedType(p->send.size());
  p->op = reduceOp_;
  p->elements = 1;
  if (carried) { // one element: the tool's words, then the application's bytes
    p->carried = carried;
    p->send.resize(CarriedReductions::words(p->toolWords, *carried));
    std::memcpy(p->send.data() + p->toolWords, carried->send, carried->bytes);
    p->type = carriedReductions_.datatype(p->toolWords, *carried);
    p->op = carriedReductions_.op();
    p->elements = 1;
  }
  p->receive.resize(p->send.size());
  return p;
}

PendingExchangePtr MpiTransport::startExchange(const GroupView &group, CollectiveKind kind,
                                               Rank root, const CollectiveContribution &mine,
                                               bool complete) {
  std::unique_ptr<MpiExchange> p = prepareExchange(group, kind, root, mine, complete, std::nullopt);
  const Channel &ch = state_.channels.at(group.channel);
  switch (kind) {
  case CollectiveKind::AllToAll:
  case CollectiveKind::AllToOne: // every member learns the ledger size; only the root absorbs
    PMPI_Iallreduce(p->send.data(), p->receive.data(), p->elements, p->type, p->op, ch.shadow,
                    &p->request);
    break;
  case CollectiveKind::Scan:
    PMPI_Iscan(p->send.data(), p->receive.data(), p->elements, p->type, p->op, ch.shadow,
               &p->request);
    break;
  case CollectiveKind::OneToAll:
    p->receive = p->send;
    PMPI_Ibcast(p->receive.data(), p->elements, p->type, ch.localRank(root), ch.shadow,
                &p->request);
    break;
  }
  return PendingExchangePtr(p.release());
}

const CollectiveContribution &MpiTransport::finishExchange(PendingExchange &pending,
                                                           bool complete) {
  auto &mine = static_cast<MpiPendingExchange &>(pending); // this transport's exchanges only
  if (mine.means == MpiPendingExchange::Means::FenceArea) {
    auto *carried = static_cast<FenceAreaExchange *>(&mine);
    std::optional<CollectiveContribution> combined;
    {
      rt::BlockingRegion unlocked; // the other members may need this thread's engine meanwhile
      combined = carried->area->finish(*carried);
    }
    carried->combined = combined
                            ? std::move(*combined)
                            : exchange(carried->group, CollectiveKind::AllToAll, 0, carried->mine);
    return carried->combined;
  }
  if (mine.means == MpiPendingExchange::Means::Board) {
    auto *onBoard = static_cast<BoardFenceExchange *>(&mine);
    CollectiveBoard &board = *onBoard->board;
    bool combined = false;
    {
      rt::BlockingRegion unlocked; // the other members may need this thread's engine meanwhile
      combined = board.finishFence(*onBoard);
    }
    if (combined) return board.combined();
    onBoard->fallback =
        exchange(board.group(), CollectiveKind::AllToAll, 0, board.fenceContribution());
    return onBoard->fallback;
  }
  auto &p = static_cast<MpiExchange &>(mine);
  {
    rt::BlockingRegion unlocked; // the other members may need this thread's engine meanwhile
    PMPI_Wait(&p.request, MPI_STATUS_IGNORE);
  }
  p.combined = concludeExchange(p, complete);
  return p.combined;
}

CollectiveContribution MpiTransport::concludeExchange(MpiExchange &p, bool complete) {
  if (p.carried && p.carried->recv)
    std::memcpy(p.carried->recv, p.receive.data() + p.toolWords, p.carried->bytes);
  p.receive.resize(p.toolWords);
  CollectiveContribution combined = CollectiveContribution::unpackFixed(p.receive);
  // Ledger entries need a second, variable-size exchange. It keeps its order among the channel's
  // collectives only when every member finishes inside the same call (not for the application's
  // non-blocking collectives, whose completion points differ).
  if (!complete) return combined;
  const Channel &ch = state_.channels.at(p.group.channel);
  uint64_t sizes[] = {CollectiveContribution::fixedLedgerLength(p.receive),
                      CollectiveContribution::fixedThreadEntryCount(p.receive)};
  if (p.kind == CollectiveKind::Scan)
    PMPI_Allreduce(MPI_IN_PLACE, sizes, 2, MPI_UINT64_T, MPI_MAX, ch.shadow);
  if (sizes[0] > 0) combined.ledger = exchangeEntries(ch, p.kind, p.root, p.ledger);
  // Components of threads other than initial ones (3.6), the largest of each.
  if (sizes[1] > 0) {
    VectorClock threads(combined.clock.size());
    for (const ThreadEntry &e : exchangeEntries(ch, p.kind, p.root, p.threads))
      if (e.epoch > threads.at(e.slot)) threads.set(e.slot, e.epoch);
    combined.clock.merge(threads);
  }
  return combined;
}

MPI_Datatype MpiTransport::fixedType(std::size_t words) {
  auto [it, added] = fixedTypes_.try_emplace(words, MPI_DATATYPE_NULL);
  if (added) {
    PMPI_Type_contiguous(static_cast<int>(words), MPI_UINT64_T, &it->second);
    PMPI_Type_commit(&it->second);
  }
  return it->second;
}

MPI_Win MpiTransport::createLockArea(const Channel &ch) {
  // A shared and an exclusive deposit per rank.
  MPI_Aint bytes = static_cast<MPI_Aint>(2 * depositWords() * sizeof(uint64_t));
  void *base = nullptr;
  MPI_Win win = MPI_WIN_NULL;
  PMPI_Win_allocate(bytes, sizeof(uint64_t), MPI_INFO_NULL, ch.shadow, &base, &win);
  std::memset(base, 0, static_cast<std::size_t>(bytes));
  PMPI_Barrier(ch.shadow); // nobody deposits before every area is cleared
  return win;
}

std::shared_ptr<FenceArea> MpiTransport::createFenceArea(const Channel &ch) {
  return FenceArea::create(ch, worldSize_);
}

std::unique_ptr<CollectiveBoard> MpiTransport::createBoard(const Channel &ch, bool want,
                                                           uint64_t proposed) {
  return CollectiveBoard::create(ch, worldSize_, want, proposed);
}

const CollectiveContribution *MpiTransport::exchangeOnBoard(CollectiveBoard &board,
                                                            const CollectiveContribution &mine,
                                                            FunctionRef<void()> round,
                                                            CollectiveContribution &fallback) {
  uint64_t posted = board.post(mine);
  CollectiveBoard::Outcome outcome = CollectiveBoard::Outcome::Combined;
  {
    rt::BlockingRegion unlocked; // the other members may need this thread's engine meanwhile
    round();
    outcome = board.collect(posted, CollectiveBoard::RoundOf::Collective);
  }
  switch (outcome) {
  case CollectiveBoard::Outcome::Combined:
    return &board.combined();
  case CollectiveBoard::Outcome::Repeated:
    return nullptr;
  case CollectiveBoard::Outcome::NeedsReduction:
    break;
  }
  fallback = exchange(board.group(), CollectiveKind::AllToAll, 0, mine);
  return &fallback;
}

MpiTransport::DepositSlot MpiTransport::depositSlot(ResourceId resource, Rank deposition) const {
  DepositSlot d{MPI_WIN_NULL, deposition, 0, depositWords()};
  if (rt::idDomain(resource) != rt::IdDomain::Mpi) {
    d.win = sharedResourceWindow_;
    d.disp = static_cast<MPI_Aint>(mixedHash(resource) % kSharedResourceSlots * d.words);
    return d;
  }
  for (const auto &[handle, w] : state_.windows) {
    if (w.segment != lockResourceWindow(resource)) continue;
    d.win = w.toolWindow;
    d.peer = state_.channels.at(w.channel).localRank(deposition);
    d.disp = lockResourceExclusiveSlot(resource) ? static_cast<MPI_Aint>(d.words) : 0;
  }
  return d;
}

// A deposit is merged by a MAX accumulate, so every component has a fixed word: the ranks'
// initial threads, the batches sent to the deposition process, then kDepositThreads words per rank.
std::size_t MpiTransport::depositWords() const {
  return worldSize_ * (2 + kDepositThreads);
}

std::size_t MpiTransport::threadWord(ClockSlot slot) const {
  return 2 * worldSize_ + static_cast<std::size_t>(slot.rank) * kDepositThreads + slot.thread - 1;
}

void MpiTransport::deposit(ResourceId resource, Rank deposition, const ResourcePayload &payload) {
  auto [win, peer, disp, slot] = depositSlot(resource, deposition);
  if (win == MPI_WIN_NULL) return;
  std::vector<uint64_t> data(payload.clock.entries().begin(), payload.clock.entries().end());
  data.resize(worldSize_, 0);
  data.insert(data.end(), payload.sentToDeposition.begin(), payload.sentToDeposition.end());
  data.resize(slot, 0);
  for (const ThreadEntry &e : payload.clock.threadEntries()) {
    if (static_cast<std::size_t>(e.slot.rank) >= worldSize_) continue;
    if (e.slot.thread <= kDepositThreads)
      data[threadWord(e.slot)] = e.epoch;
    else
      warnThreadBeyondDeposits(e.slot);
  }
  PMPI_Win_lock(MPI_LOCK_SHARED, peer, 0, win);
  PMPI_Accumulate(data.data(), static_cast<int>(slot), MPI_UINT64_T, peer, disp,
                  static_cast<int>(slot), MPI_UINT64_T, MPI_MAX, win);
  PMPI_Win_unlock(peer, win);
}

ResourcePayload MpiTransport::fetch(ResourceId resource, Rank deposition) {
  auto [win, peer, disp, slot] = depositSlot(resource, deposition);
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
  p.sentToDeposition.assign(data.begin() + static_cast<long>(worldSize_),
                            data.begin() + static_cast<long>(2 * worldSize_));
  for (Rank r = 0; static_cast<std::size_t>(r) < worldSize_; ++r)
    for (ThreadId t = 1; t <= kDepositThreads; ++t)
      if (Epoch e = data[threadWord({r, t})]) p.clock.set(ClockSlot{r, t}, e);
  return p;
}

} // namespace rmarace::mpi
