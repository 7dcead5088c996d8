// Test helpers: MPI-, OpenSHMEM- and GASPI-like verbs for simulated ranks. MPI verbs go through
// the same semantics layer as the runtime's PMPI wrappers (the point-to-point verbs add the
// footnotes of Table 3.1 the semantics layer leaves to its caller); OpenSHMEM and GASPI verbs
// spell out the mapping of Tables 3.2, 3.3, 3.4 and 4.2 and section 4.1.2 for the routines the
// scenarios use, each routine in one place.
#pragma once

#include "gaspi/semantics.h"
#include "mpi/semantics.h"
#include "rmarace/sim/simulator.h"
#include "shmem/semantics.h"

#include <deque>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rmarace::test {

using sim::SimRank;
using sim::Simulator;

// ---- Simulation-only scheduling -----------------------------------------------------------------
// The simulator has no memory values, so a blocking routine that waits for a value written by
// another rank (shmem_wait_until, gaspi_notify_waitsome) cannot tell by itself when to
// return. The writer therefore sends a token with its update, and the waiter names
// the ranks whose update it waits for and blocks on their tokens. Tokens carry no clock and no
// ledger: they order the simulated execution, never the model (the waiter's synchronisation is
// the resource wait the verb issues after the token arrived).
inline constexpr QueueId kTokenQueue = QueueId{0xE} << 60;
inline void sendToken(SimRank &r, Rank to, uint64_t key) {
  r.tracker().transport().sendClock(to, kTokenQueue | key, ClockPayload{});
}
inline void awaitToken(SimRank &r, Rank from, uint64_t key) {
  (void)r.tracker().transport().receiveClock(from, kTokenQueue | key);
}

// The vector clock of a rank's process, as plain entries (to record it in a test).
inline std::vector<Epoch> clockOf(SimRank &r) {
  std::span<const Epoch> e = r.process().sync().clock().entries();
  return {e.begin(), e.end()};
}

// MPI on a simulated rank. Windows are world-wide segments created with Simulator::segment.
class Mpi {
public:
  explicit Mpi(SimRank &r) : r_(r), sem_(r.tracker()) {}
  Rank rank() const { return r_.rank(); }
  SimRank &sim() { return r_; }
  mpi::Semantics &semantics() { return sem_; }

  mpi::Window &win(SegmentId id) {
    try {
      return sem_.window(id);
    } catch (const std::out_of_range &) {
      return sem_.defineWindow(id, "win", r_.world(), false);
    }
  }
  LocationHandle at(uint32_t line, const char *call) { return r_.site(line, call); }

  // Point-to-point and collectives.
  void send(Rank dest, int tag, uint32_t line) {
    sem_.send(dest, mpi::queueId(mpi::QueueKind::Message, 0, tag), at(line, "MPI_Send"));
  }
  void recv(Rank source, int tag, uint32_t line) {
    sem_.receive(source, mpi::queueId(mpi::QueueKind::Message, 0, tag), at(line, "MPI_Recv"));
  }
  void barrier(uint32_t line) { sem_.allToAll(r_.world(), at(line, "MPI_Barrier")); }
  void allreduce(uint32_t line) { sem_.allToAll(r_.world(), at(line, "MPI_Allreduce")); }
  void bcast(Rank root, uint32_t line) { sem_.oneToAll(r_.world(), root, at(line, "MPI_Bcast")); }
  void reduce(Rank root, uint32_t line) { sem_.allToOne(r_.world(), root, at(line, "MPI_Reduce")); }

  // RMA communication. `from` is an address of this rank (origin buffer).
  RmaOperation op(SegmentId w, Rank target, uint64_t disp, uint64_t bytes, uint32_t line,
                  const char *call) {
    RmaOperation o;
    o.site = at(line, call);
    o.target = target;
    o.targetRanges = ByteRanges(disp, bytes);
    (void)w;
    return o;
  }
  void put(SegmentId w, Rank target, uint64_t disp, Address from, uint64_t bytes, uint32_t line,
           const char *call = "MPI_Put", RequestId request = kNoRequest) {
    RmaOperation o = op(w, target, disp, bytes, line, call);
    o.remoteWrite = true;
    o.originRead = ByteRanges(from, bytes);
    o.request = request;
    sem_.rma(win(w), o);
  }
  void get(SegmentId w, Rank target, uint64_t disp, Address into, uint64_t bytes, uint32_t line,
           const char *call = "MPI_Get", RequestId request = kNoRequest) {
    RmaOperation o = op(w, target, disp, bytes, line, call);
    o.remoteRead = true;
    o.originWrite = ByteRanges(into, bytes);
    o.request = request;
    sem_.rma(win(w), o);
  }
  // As the MPI interceptor translates accumulates on a window with the default
  // accumulate_ordering (ordered per origin) or with accumulate_ordering=none.
  static Atomicity atomic(AtomicOp opKind, BasicType type, uint32_t size, bool ordered = true) {
    Atomicity a{opKind, type, size, false};
    a.orderedFromSameOrigin = ordered;
    return a;
  }
  void accumulate(SegmentId w, Rank target, uint64_t disp, Address from, uint64_t bytes,
                  Atomicity a, uint32_t line, const char *call = "MPI_Accumulate") {
    RmaOperation o = op(w, target, disp, bytes, line, call);
    o.remoteWrite = true;
    o.atomicity = a;
    o.originRead = ByteRanges(from, bytes);
    sem_.rma(win(w), o);
  }
  // Get_accumulate / Fetch_and_op / Compare_and_swap: atomic read (NoOp) or read-modify-write.
  void fetchOp(SegmentId w, Rank target, uint64_t disp, Address from, Address result,
               uint64_t bytes, Atomicity a, uint32_t line, const char *call) {
    RmaOperation o = op(w, target, disp, bytes, line, call);
    o.remoteRead = true;
    o.remoteWrite = a.op != AtomicOp::NoOp;
    o.atomicity = a;
    if (from) o.originRead = ByteRanges(from, bytes);
    o.originWrite = ByteRanges(result, bytes);
    sem_.rma(win(w), o);
  }

  // Completion and synchronisation.
  void fence(SegmentId w, uint32_t line, bool noPrecede = false, bool noSucceed = false) {
    sem_.fence(win(w), noPrecede, noSucceed, at(line, "MPI_Win_fence"));
  }
  void lock(SegmentId w, Rank target, mpi::LockType type, uint32_t line) {
    sem_.lock(win(w), target, type, at(line, "MPI_Win_lock"));
  }
  void unlock(SegmentId w, Rank target, uint32_t line) {
    sem_.unlock(win(w), target, at(line, "MPI_Win_unlock"));
  }
  void lockAll(SegmentId w, uint32_t line) { sem_.lockAll(win(w), at(line, "MPI_Win_lock_all")); }
  void unlockAll(SegmentId w, uint32_t line) {
    sem_.unlockAll(win(w), at(line, "MPI_Win_unlock_all"));
  }
  void flush(SegmentId w, std::optional<Rank> target, uint32_t line) {
    sem_.flush(win(w), target, at(line, target ? "MPI_Win_flush" : "MPI_Win_flush_all"));
  }
  void flushLocal(SegmentId w, std::optional<Rank> target, uint32_t line) {
    sem_.flushLocal(win(w), target,
                    at(line, target ? "MPI_Win_flush_local" : "MPI_Win_flush_local_all"));
  }
  void post(SegmentId w, std::vector<Rank> origins, uint32_t line) {
    sem_.post(win(w), origins, at(line, "MPI_Win_post"));
  }
  void start(SegmentId w, std::vector<Rank> targets, uint32_t line) {
    sem_.start(win(w), targets, at(line, "MPI_Win_start"));
  }
  void complete(SegmentId w, uint32_t line) { sem_.complete(win(w), at(line, "MPI_Win_complete")); }
  void waitEpoch(SegmentId w, uint32_t line) { sem_.wait(win(w), at(line, "MPI_Win_wait")); }
  void waitRequest(RequestId request, uint32_t line) {
    sem_.requestCompleted(request, at(line, "MPI_Wait"));
  }

  // ---- Point-to-point (Table 3.1) --------------------------------------------------------------
  // Sends of every mode signal at initiation; receives wait at completion (3.3.1). Synchronous
  // sends are bidirectional: the receiver answers and the sender waits for the answer. All of it
  // goes through the semantics layer exactly as the PMPI wrappers drive it.
  static QueueId messageQueue(int tag) { return mpi::queueId(mpi::QueueKind::Message, 0, tag); }
  void send(Rank dest, int tag, uint32_t line, const char *call) {
    sem_.send(dest, messageQueue(tag), at(line, call));
  }
  void bsend(Rank dest, int tag, uint32_t line) { send(dest, tag, line, "MPI_Bsend"); }
  void rsend(Rank dest, int tag, uint32_t line) { send(dest, tag, line, "MPI_Rsend"); }
  // MPI_Ssend: signal asking for an answer, then wait for the matching receive's answer.
  void ssend(Rank dest, int tag, uint32_t line) {
    LocationHandle site = at(line, "MPI_Ssend");
    uint64_t token = sem_.send(dest, messageQueue(tag), site, /*synchronous=*/true);
    sem_.sendCompleted(dest, token, site);
  }
  // MPI_Recv matching a synchronous send: wait, and answer (footnote 1). The semantics layer
  // answers every receive whose sender asked, so this is a plain receive.
  void recvFromSsend(Rank source, int tag, uint32_t line) { recv(source, tag, line); }
  // MPI_Sendrecv: a signal to `dest` and a wait for `source`.
  void sendrecv(Rank dest, Rank source, int tag, uint32_t line) {
    sem_.send(dest, messageQueue(tag), at(line, "MPI_Sendrecv"));
    sem_.receive(source, messageQueue(tag), at(line, "MPI_Sendrecv"));
  }

  // Requests of non-blocking and persistent point-to-point calls.
  struct Request {
    enum Kind { Inactive, Receive, SyncSend, PersistentSend } kind = Inactive;
    Rank peer = 0;
    int tag = 0;
    uint64_t answerToken = 0; // of a synchronous send
  };
  // MPI_Isend: the signal is issued at initiation (rule 1 of 3.3.1); its MPI_Wait maps to nothing.
  // The same for MPI_Ibsend and MPI_Irsend.
  Request isend(Rank dest, int tag, uint32_t line, const char *call = "MPI_Isend") {
    sem_.send(dest, messageQueue(tag), at(line, call));
    return {};
  }
  // MPI_Issend: signal at initiation; the wait for the receiver happens at completion (footnote 4).
  Request issend(Rank dest, int tag, uint32_t line) {
    uint64_t token = sem_.send(dest, messageQueue(tag), at(line, "MPI_Issend"), true);
    return {Request::SyncSend, dest, tag, token};
  }
  // MPI_Irecv: nothing at initiation; the wait is issued at completion (rule 2 of 3.3.1).
  Request irecv(Rank source, int tag, uint32_t) { return {Request::Receive, source, tag}; }
  // MPI_Send_init / MPI_Bsend_init: the signal is sent with MPI_Start (footnote 3).
  Request sendInit(Rank dest, int tag) { return {Request::PersistentSend, dest, tag}; }
  // MPI_Recv_init: as MPI_Irecv; MPI_Start maps to nothing, its completion to a wait.
  Request recvInit(Rank source, int tag) { return {Request::Receive, source, tag}; }
  void startRequest(Request &r, uint32_t line) {
    if (r.kind == Request::PersistentSend)
      sem_.send(r.peer, messageQueue(r.tag), at(line, "MPI_Start"));
  }
  // MPI_Wait (and the completing call of MPI_Test with flag true).
  void wait(Request &r, uint32_t line, const char *call = "MPI_Wait") {
    if (r.kind == Request::Receive) sem_.receive(r.peer, messageQueue(r.tag), at(line, call));
    if (r.kind == Request::SyncSend) sem_.sendCompleted(r.peer, r.answerToken, at(line, call));
  }
  // MPI_Test: only a true flag maps to the wait (footnote 2). The flag is the scenario's choice.
  bool test(Request &r, bool flag, uint32_t line) {
    if (flag) wait(r, line, "MPI_Test");
    return flag;
  }
  // MPI_Probe / MPI_Iprobe with a true flag consume the clock of the message: the wait happens
  // there and the later MPI_Recv of that message maps to nothing.
  void probe(Rank source, int tag, uint32_t line, const char *call = "MPI_Probe") {
    ClockPayload payload = sem_.tracker().transport().receiveClock(source, messageQueue(tag));
    sem_.probed(source, payload, at(line, call));
    probed_[{source, tag}].push_back(payload);
  }
  bool iprobe(Rank source, int tag, bool flag, uint32_t line) {
    if (flag) probe(source, tag, line, "MPI_Iprobe");
    return flag;
  }
  // The receive of a probed message: nothing to absorb, but a synchronous sender is answered.
  void recvAfterProbe(Rank source, int tag, uint32_t line) {
    std::deque<ClockPayload> &pending = probed_.at({source, tag});
    sem_.received(source, pending.front(), at(line, "MPI_Recv"), /*absorbedAtProbe=*/true);
    pending.pop_front();
  }

  // ---- Collectives (Table 3.2) -----------------------------------------------------------------
  void gather(Rank root, uint32_t line) { sem_.allToOne(r_.world(), root, at(line, "MPI_Gather")); }
  void scatter(Rank root, uint32_t line) {
    sem_.oneToAll(r_.world(), root, at(line, "MPI_Scatter"));
  }
  void allgather(uint32_t line) { sem_.allToAll(r_.world(), at(line, "MPI_Allgather")); }
  void alltoall(uint32_t line) { sem_.allToAll(r_.world(), at(line, "MPI_Alltoall")); }
  void reduceScatter(uint32_t line) { sem_.allToAll(r_.world(), at(line, "MPI_Reduce_scatter")); }
  void scan(uint32_t line) { sem_.scan(r_.world(), at(line, "MPI_Scan")); }
  void exscan(uint32_t line) { sem_.scan(r_.world(), at(line, "MPI_Exscan")); }
  void barrier(const GroupView &group, uint32_t line) {
    sem_.allToAll(group, at(line, "MPI_Barrier"));
  }
  void winFree(SegmentId w, uint32_t line) {
    win(w);
    sem_.freeWindow(w, at(line, "MPI_Win_free"));
  }

  // ---- More RMA shapes -------------------------------------------------------------------------
  // An RMA call with explicit target ranges (derived datatypes, dynamic windows).
  void putRanges(SegmentId w, Rank target, const ByteRanges &targetRanges, Address from,
                 uint32_t line, const char *call = "MPI_Put") {
    RmaOperation o;
    o.site = at(line, call);
    o.target = target;
    o.targetRanges = targetRanges;
    o.remoteWrite = true;
    o.originRead = ByteRanges(from, targetRanges.totalBytes());
    sem_.rma(win(w), o);
  }
  void getRanges(SegmentId w, Rank target, const ByteRanges &targetRanges, Address into,
                 uint32_t line, const char *call = "MPI_Get") {
    RmaOperation o;
    o.site = at(line, call);
    o.target = target;
    o.targetRanges = targetRanges;
    o.remoteRead = true;
    o.originWrite = ByteRanges(into, targetRanges.totalBytes());
    sem_.rma(win(w), o);
  }
  // MPI_Win_attach / MPI_Win_detach of a dynamic window (created with Simulator::segment(0, ...,
  // true)); remote accesses then name absolute target addresses.
  void attach(SegmentId w, Address base, uint64_t size, const std::string &name = "dynwin") {
    r_.process().exposeMemory(w, base, size, name, true);
  }
  void detach(SegmentId w, Address base) { r_.process().unexposeMemory(w, base); }
  // A C/C++ atomic load or store (never compatible with RMA atomics, 2.3.4).
  void atomicAccess(Address a, uint64_t n, bool write, uint32_t line) {
    r_.process().access(a, n, write, true, r_.site(line));
    r_.tracker().pump();
  }

  std::map<std::pair<Rank, int>, std::deque<ClockPayload>> probed_; // (source, tag)

  void load(Address a, uint64_t n, uint32_t line) { r_.load(a, n, line); }
  void store(Address a, uint64_t n, uint32_t line) { r_.store(a, n, line); }
  Address winAddr(SegmentId w, uint64_t offset = 0) { return r_.segmentAddress(w, offset); }

private:
  SimRank &r_;
  mpi::Semantics sem_;
};

// OpenSHMEM on a simulated rank. The symmetric heap is one world-wide segment created with
// Simulator::segment; symmetric objects are named by their offset in it (the same on every PE).
// Every routine goes through the OpenSHMEM front end's semantics layer (intercept/shmem), the
// mapping the interceptors use; the verbs add only the simulation's scheduling tokens.
class Shmem {
public:
  static constexpr ContextId kDefaultContext = shmem::Semantics::kDefaultContext;

  Shmem(SimRank &r, SegmentId heap) : r_(r), heap_(heap), sem_(r.tracker(), r.world()) {
    // The simulator exposed the heap and checks its bounds itself.
    sem_.adopt(heap, r.segmentAddress(heap), kUnboundedHeap, "heap");
  }
  Rank my_pe() const { return r_.rank(); }
  Rank n_pes() const { return r_.size(); }
  SimRank &sim() { return r_; }
  LocationHandle at(uint32_t line, const char *call) { return r_.site(line, call); }
  // Local address of a symmetric object.
  Address sym(uint64_t offset) const { return r_.segmentAddress(heap_, offset); }

  // ---- RMA -------------------------------------------------------------------------------------
  void put(uint64_t dest, Address source, uint64_t bytes, Rank pe, uint32_t line,
           const char *call = "shmem_put") {
    expect(sem_.put(at(line, call), kDefaultContext, pe, remote(dest, bytes),
                    ByteRanges(source, bytes), true));
  }
  void put_nbi(uint64_t dest, Address source, uint64_t bytes, Rank pe, uint32_t line,
               const char *call = "shmem_put_nbi") {
    expect(sem_.put(at(line, call), kDefaultContext, pe, remote(dest, bytes),
                    ByteRanges(source, bytes), false));
  }
  void get(Address dest, uint64_t source, uint64_t bytes, Rank pe, uint32_t line,
           const char *call = "shmem_get") {
    expect(sem_.get(at(line, call), kDefaultContext, pe, ByteRanges(dest, bytes),
                    remote(source, bytes), true));
  }
  void get_nbi(Address dest, uint64_t source, uint64_t bytes, Rank pe, uint32_t line,
               const char *call = "shmem_get_nbi") {
    expect(sem_.get(at(line, call), kDefaultContext, pe, ByteRanges(dest, bytes),
                    remote(source, bytes), false));
  }

  // ---- Atomics ---------------------------------------------------------------------------------
  // shmem_atomic_fetch: a blocking atomic remote read (the fetched value is returned).
  void atomic_fetch(uint64_t source, BasicType type, uint32_t size, Rank pe, uint32_t line,
                    const char *call = "shmem_atomic_fetch") {
    amo(source, {AtomicOp::NoOp, type, size, true, false}, pe, line, call);
  }
  // shmem_atomic_add (non-fetching): an atomic remote write completed by quiet.
  void atomic_add(uint64_t dest, BasicType type, uint32_t size, Rank pe, uint32_t line,
                  const char *call = "shmem_atomic_add") {
    amo(dest, {AtomicOp::Sum, type, size, false, true}, pe, line, call);
  }
  // shmem_atomic_set: an atomic write, and a signal to a wait on `dest` (Table 3.4).
  void atomic_set(uint64_t dest, BasicType type, uint32_t size, Rank pe, uint32_t line,
                  uint64_t /*value*/ = 1, const char *call = "shmem_atomic_set") {
    amo(dest, {AtomicOp::Replace, type, size, false, true}, pe, line, call);
  }

  // ---- Signals ---------------------------------------------------------------------------------
  void put_signal(uint64_t dest, Address source, uint64_t bytes, uint64_t sig, uint64_t /*value*/,
                  Rank pe, uint32_t line, bool nbi = false, bool add = false) {
    const char *call = nbi ? "shmem_put_signal_nbi" : "shmem_put_signal";
    expect(sem_.putSignal(at(line, call), kDefaultContext, pe, remote(dest, bytes),
                          ByteRanges(source, bytes), sym(sig), add, !nbi));
    sendToken(r_, pe, sig);
  }
  // shmem_wait_until on a local symmetric object. `after`: the PEs whose update it waits for
  // (simulation only, see sendToken); empty when the condition already holds.
  // The waited-for object is an int unless said otherwise.
  void wait_until(uint64_t ivar, uint32_t line, const std::vector<Rank> &after,
                  const char *call = "shmem_wait_until", BasicType type = BasicType::Int,
                  uint32_t size = sizeof(int)) {
    for (Rank from : after) awaitToken(r_, from, ivar);
    expect(sem_.observed(sym(ivar), type, size, at(line, call)));
  }
  void signal_wait_until(uint64_t sig, uint32_t line, const std::vector<Rank> &after) {
    wait_until(sig, line, after, "shmem_signal_wait_until", shmem::kSignalType, sizeof(uint64_t));
  }
  // A shmem_signal_fetch whose result ends a polling loop.
  void signal_fetch(uint64_t sig, uint32_t line, const std::vector<Rank> &after) {
    wait_until(sig, line, after, "shmem_signal_fetch", shmem::kSignalType, sizeof(uint64_t));
  }

  // ---- Ordering and completion -----------------------------------------------------------------
  void quiet(uint32_t line) { sem_.quiet(kDefaultContext, at(line, "shmem_quiet")); }
  void fence(uint32_t line) { sem_.fence(kDefaultContext, at(line, "shmem_fence")); }
  void barrier_all(uint32_t line) { sem_.barrierAll(at(line, "shmem_barrier_all")); }
  // shmem_sync_all, and collectives that write no buffer of the scenario's.
  void collective(uint32_t line, const char *call) { sem_.sync(r_.world(), at(line, call)); }
  void sync_all(uint32_t line) { collective(line, "shmem_sync_all"); }
  void sync(const GroupView &team, uint32_t line) { sem_.sync(team, at(line, "shmem_sync")); }
  void broadcast(Rank root, uint32_t line) {
    sem_.collective(r_.world(), CollectiveKind::OneToAll, root, {}, {},
                    at(line, "shmem_broadcast"));
  }

  // ---- Locks -----------------------------------------------------------------------------------
  // The caller must not run into a held lock: the simulated schedule decides who holds it.
  void set_lock(uint64_t lock, uint32_t line) {
    expect(sem_.lockAcquired(sym(lock), at(line, "shmem_set_lock")));
  }
  void clear_lock(uint64_t lock, uint32_t line) {
    expect(sem_.lockReleasing(sym(lock), at(line, "shmem_clear_lock")));
  }

  void load(Address a, uint64_t n, uint32_t line) { r_.load(a, n, line); }
  void store(Address a, uint64_t n, uint32_t line) { r_.store(a, n, line); }

private:
  ByteRanges remote(uint64_t offset, uint64_t bytes) const {
    return ByteRanges(sym(offset), bytes);
  }
  void amo(uint64_t dest, const shmem::Amo &a, Rank pe, uint32_t line, const char *call) {
    expect(sem_.atomic(at(line, call), kDefaultContext, pe, sym(dest), a, 0, true));
    if (a.modifies) sendToken(r_, pe, dest);
  }
  static void expect(shmem::Problem problem) { EXPECT_EQ(problem, shmem::Problem::None); }

  static constexpr uint64_t kUnboundedHeap = uint64_t{1} << 40;

  SimRank &r_;
  SegmentId heap_;
  shmem::Semantics sem_;
};

// GASPI on a simulated rank. Segments are world-wide segments created with Simulator::segment,
// numbered by their engine identifier; a queue is a completion context. Every routine goes
// through the GASPI front end's semantics layer (intercept/gaspi), the mapping the interceptors
// use; the verbs add only the simulation's scheduling tokens.
class Gaspi {
public:
  explicit Gaspi(SimRank &r) : r_(r), sem_(r.tracker(), r.world()) {}
  Rank rank() const { return r_.rank(); }
  SimRank &sim() { return r_; }
  LocationHandle at(uint32_t line, const char *call) { return r_.site(line, call); }
  Address segAddr(SegmentId seg, uint64_t offset = 0) const {
    return r_.segmentAddress(seg, offset);
  }
  // An entry of a list call: `local` is the local buffer, [offset, +bytes) of `remote` the
  // remote side.
  gaspi::Transfer entry(Address local, SegmentId remote, uint64_t offset, uint64_t bytes) {
    adopt(remote);
    return gaspi::Transfer{local, remote, offset, bytes};
  }

  void write(Address localSource, Rank rank, SegmentId remote, uint64_t offset, uint64_t bytes,
             ContextId queue, uint32_t line, const char *call = "gaspi_write") {
    sem_.write(at(line, call), queue, rank, transfer(localSource, remote, offset, bytes));
  }
  void read(Address localDest, Rank rank, SegmentId remote, uint64_t offset, uint64_t bytes,
            ContextId queue, uint32_t line, const char *call = "gaspi_read") {
    sem_.read(at(line, call), queue, rank, transfer(localDest, remote, offset, bytes));
  }
  void wait(ContextId queue, uint32_t line) { sem_.wait(at(line, "gaspi_wait"), queue); }
  void notify(SegmentId remote, Rank rank, uint32_t id, uint64_t value, ContextId queue,
              uint32_t line) {
    adopt(remote);
    sem_.notify(at(line, "gaspi_notify"), queue, rank, remote, id, value);
    sendToken(r_, rank, tokenKey(remote, id));
  }
  void write_notify(Address localSource, Rank rank, SegmentId remote, uint64_t offset,
                    uint64_t bytes, uint32_t id, uint64_t value, ContextId queue, uint32_t line) {
    sem_.writeNotify(at(line, "gaspi_write_notify"), queue, rank,
                     transfer(localSource, remote, offset, bytes), remote, id, value);
    sendToken(r_, rank, tokenKey(remote, id));
  }
  // gaspi_read_notify: the notification lands in the caller's own segment `local`.
  void read_notify(Address localDest, SegmentId local, Rank rank, SegmentId remote, uint64_t offset,
                   uint64_t bytes, uint32_t id, ContextId queue, uint32_t line) {
    adopt(local);
    sem_.readNotify(at(line, "gaspi_read_notify"), queue, rank,
                    transfer(localDest, remote, offset, bytes), local, id);
  }
  // `after`: the ranks whose notification it waits for (simulation only, see sendToken).
  void notify_waitsome(SegmentId local, uint32_t id, uint32_t line,
                       const std::vector<Rank> &after) {
    adopt(local);
    for (Rank from : after) awaitToken(r_, from, tokenKey(local, id));
    sem_.observed(at(line, "gaspi_notify_waitsome"), local, id);
  }
  void write_list_notify(const std::vector<gaspi::Transfer> &entries, Rank rank,
                         SegmentId notificationSegment, uint32_t id, ContextId queue,
                         uint32_t line) {
    adopt(notificationSegment);
    sem_.writeNotify(at(line, "gaspi_write_list_notify"), queue, rank, entries, notificationSegment,
                     id, 1);
    sendToken(r_, rank, tokenKey(notificationSegment, id));
  }
  void read_list_notify(const std::vector<gaspi::Transfer> &entries, Rank rank,
                        SegmentId localNotificationSegment, uint32_t id, ContextId queue,
                        uint32_t line) {
    adopt(localNotificationSegment);
    sem_.readNotify(at(line, "gaspi_read_list_notify"), queue, rank, entries,
                    localNotificationSegment, id);
  }
  void atomic_fetch_add(SegmentId seg, uint64_t offset, Rank rank, Address oldValue,
                        uint32_t line) {
    adopt(seg);
    sem_.atomic(at(line, "gaspi_atomic_fetch_add"), rank, seg, offset, AtomicOp::Sum, oldValue);
  }
  void barrier(uint32_t line) { collective(line, "gaspi_barrier"); }
  void collective(uint32_t line, const char *call) { sem_.collective(at(line, call), r_.world()); }
  void passive_send(Rank to, uint32_t line) {
    LocationHandle site = at(line, "gaspi_passive_send");
    sem_.passiveSent(site, to, sem_.passiveSending(site, to, 0, 0));
  }
  void passive_receive(Rank from, uint32_t line) {
    sem_.passiveReceived(at(line, "gaspi_passive_receive"), from, 0, 0);
  }

  void load(Address a, uint64_t n, uint32_t line) { r_.load(a, n, line); }
  void store(Address a, uint64_t n, uint32_t line) { r_.store(a, n, line); }

private:
  // Simulator segments are numbered by their engine identifier; the simulator bounds-checks them.
  void adopt(SegmentId seg) { sem_.adopt(seg, seg, r_.segmentAddress(seg), kUnboundedSegment); }
  std::vector<gaspi::Transfer> transfer(Address local, SegmentId remote, uint64_t offset,
                                        uint64_t bytes) {
    adopt(remote);
    return {gaspi::Transfer{local, remote, offset, bytes}};
  }
  static uint64_t tokenKey(SegmentId seg, uint32_t id) { return uint64_t{seg} << 32 | id; }

  static constexpr uint64_t kUnboundedSegment = uint64_t{1} << 40;

  SimRank &r_;
  gaspi::Semantics sem_;
};

// A race as the tests assert it: kind, and both sides as "rank:call@line" ("load@17" for plain
// accesses), earlier side first.
struct RaceView {
  RaceKind kind;
  std::string earlier;
  std::string later;
  bool operator==(const RaceView &) const = default;
};

inline std::string sideOf(const AccessRecord &a) {
  std::string what =
      a.location.call.empty() ? (isWrite(a.kind) ? "store" : "load") : a.location.call;
  return std::to_string(a.rank) + ":" + what + "@" + std::to_string(a.location.line);
}

inline std::vector<RaceView> racesOf(const Simulator &s) {
  std::vector<RaceView> out;
  for (const RaceRecord &r : s.races()) out.push_back({r.kind, sideOf(r.earlier), sideOf(r.later)});
  return out;
}

inline void PrintTo(const RaceView &r, std::ostream *os) {
  *os << (r.kind == RaceKind::Remote ? "remote " : "local ") << r.earlier << " / " << r.later;
}

// Race with either order of the two sides.
MATCHER_P3(RaceBetween, kind, a, b, "") {
  return arg.kind == kind &&
         ((arg.earlier == a && arg.later == b) || (arg.earlier == b && arg.later == a));
}

inline auto Remote(const std::string &a, const std::string &b) {
  return RaceBetween(RaceKind::Remote, a, b);
}
inline auto LocalBuffer(const std::string &a, const std::string &b) {
  return RaceBetween(RaceKind::LocalBuffer, a, b);
}

} // namespace rmarace::test
