// Test helpers: MPI-, OpenSHMEM- and GASPI-like verbs for simulated ranks. MPI verbs go through
// the same semantics layer as the runtime's PMPI wrappers; OpenSHMEM and GASPI verbs spell out
// the mapping of Tables 3.2, 3.4 and 4.2 for the routines the scenarios use.
#pragma once

#include "mpi/semantics.h"
#include "rmarace/sim/simulator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <optional>
#include <string>
#include <vector>

namespace rmarace::test {

using sim::SimRank;
using sim::Simulator;

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
  static Atomicity atomic(AtomicOp opKind, BasicType type, uint32_t size) {
    return Atomicity{opKind, type, size, false};
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
  void fence(SegmentId w, uint32_t line) { sem_.fence(win(w), at(line, "MPI_Win_fence")); }
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

  void load(Address a, uint64_t n, uint32_t line) { r_.load(a, n, line); }
  void store(Address a, uint64_t n, uint32_t line) { r_.store(a, n, line); }
  Address winAddr(SegmentId w, uint64_t offset = 0) { return r_.segmentAddress(w, offset); }

private:
  SimRank &r_;
  mpi::Semantics sem_;
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
