// MPI's synchronisation and completion semantics in terms of the abstract model (dissertation
// Tables 3.1, 3.2, 3.3 and 4.2), without MPI headers: the PMPI wrappers translate handles into
// the plain values used here and call these functions around the PMPI calls; the simulator
// drives them directly.
#pragma once

#include "mpi/queue_encoding.h"
#include "rmarace/core/tracker.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rmarace::mpi {

enum class LockType { Shared, Exclusive };

struct Window {
  SegmentId id = 0;
  std::string name;
  GroupView group; // world ranks of the window's communicator
  bool dynamic = false;
  // Passive target epochs this process holds: target -> lock type.
  std::map<Rank, LockType> locks;
  bool lockAll = false;
  // Targets whose passive epoch issued operations whose lock acquisition is not yet confirmed.
  std::set<Rank> unconfirmed;
  // PSCW: targets of the open access epoch, origins of the open exposure epoch.
  std::vector<Rank> accessGroup;
  std::vector<Rank> exposureGroup;
  // A fence epoch is open (the next fence ends it).
  bool fenceEpochOpen = false;
  // What every fence completes (the calls to every member), made once: a fence only names its
  // site in it.
  Completion fenceCompletion;
};

class Semantics {
public:
  explicit Semantics(Tracker &tracker) : tracker_(tracker) {}
  Tracker &tracker() { return tracker_; }
  Rank self() const { return tracker_.process().rank(); }

  // ---- Point-to-point (Table 3.1) -------------------------------------------------------------
  // Sends of every mode signal at initiation (buffered semantics: the least synchronisation). A
  // synchronous send also asks its receiver for an answer; the returned token names it.
  uint64_t send(Rank dest, QueueId queue, LocationHandle site, bool synchronous = false);
  // A synchronous send completed: it waited for the matching receive (Table 3.1), i.e. for the
  // receiver's answer.
  void sendCompleted(Rank dest, uint64_t token, LocationHandle site);
  // Receives wait at completion for the sender's signal on `queue`.
  void receive(Rank source, QueueId queue, LocationHandle site);
  // The same with the payload already received: `absorbedAtProbe` when a probe waited for it
  // (Probe/Iprobe with a true flag wait as well); a synchronous sender is answered either way.
  void received(Rank source, const ClockPayload &payload, LocationHandle site,
                bool absorbedAtProbe = false);
  void probed(Rank source, const ClockPayload &payload, LocationHandle site) {
    tracker_.waitWith(source, payload, site);
  }
  // Answers that arrived after their synchronous send's bounded wait.
  void absorbLateAnswers(LocationHandle site) { tracker_.absorbLateAnswers(site); }

  // ---- Collectives (Table 3.2) ------------------------------------------------------------------
  // Split around the library's collective so that the tool's exchange overlaps it: begin
  // contributes (signal), end absorbs (wait). `complete`: every member ends in the same call (a
  // blocking collective); false for non-blocking collectives ended by a request completion.
  // `complete`: the collective ends in the call that begins it (false for MPI_Ibarrier & co.).
  Tracker::Collective collectiveBegin(const GroupView &group, CollectiveKind kind, Rank root,
                                      LocationHandle site, bool complete = true) {
    return tracker_.beginCollective(group, kind, root, site, complete);
  }
  // A blocking collective whose exchange the caller makes (one that carries the application's
  // data too).
  void collective(const GroupView &group, CollectiveKind kind, Rank root, LocationHandle site,
                  Tracker::ExchangeNow exchange) {
    tracker_.collective(group, kind, root, site, exchange);
  }
  void collectiveEnd(Tracker::Collective &c) { tracker_.endCollective(c); }
  // The blocking forms: one blocking exchange of the transport.
  void allToAll(const GroupView &group, LocationHandle site) {
    tracker_.collective(group, CollectiveKind::AllToAll, 0, site);
  }
  void allToOne(const GroupView &group, Rank root, LocationHandle site) {
    tracker_.collective(group, CollectiveKind::AllToOne, root, site);
  }
  void oneToAll(const GroupView &group, Rank root, LocationHandle site) {
    tracker_.collective(group, CollectiveKind::OneToAll, root, site);
  }
  void scan(const GroupView &group, LocationHandle site) {
    tracker_.collective(group, CollectiveKind::Scan, 0, site);
  }

  // ---- Windows
  // -----------------------------------------------------------------------------------
  Window &defineWindow(SegmentId id, const std::string &name, const GroupView &group, bool dynamic);
  Window &window(SegmentId id) { return windows_.at(id); }
  void freeWindow(SegmentId id, LocationHandle site); // all-to-all (Table 3.2)

  // An RMA communication call; sets `op.segment` and `op.context` to the window's.
  void rma(Window &w, RmaOperation &op);
  // Completion of the request of a request-based RMA call (lc, R9).
  void requestCompleted(RequestId request, LocationHandle site);

  // MPI_Win_fence: collective flush of the window's group, then all-to-all (Tables 3.2, 4.2).
  // A fence that ends no epoch (the first one, or after MPI_MODE_NOSUCCEED, or with
  // MPI_MODE_NOPRECEDE) need not synchronise (MPI-3.1 11.5.1): it only guarantees that the next
  // epoch's RMA operations access each target after the target's fence.
  void fence(Window &w, bool noPrecede, bool noSucceed, LocationHandle site);
  // The same in two phases around PMPI_Win_fence, so that the tool's exchange overlaps it.
  struct Fence {
    Tracker::Collective exchange;
    bool endsEpoch = false;
  };
  Fence fenceBegin(Window &w, bool noPrecede, bool noSucceed, LocationHandle site);
  // The same, with the exchange started by `carried` (through the window's fence area).
  Fence fenceBegin(Window &w, bool noPrecede, bool noSucceed, LocationHandle site,
                   Tracker::StartExchange carried);
  void fenceEnd(Window &w, Fence &fence);

  // MPI_Win_lock after PMPI_Win_lock returned. Locking one's own window blocks until acquired:
  // a resource wait. Locking another rank's window need not block: only the epoch's RMA calls
  // are ordered, once the acquisition is confirmed (acquisitionConfirmed).
  void lock(Window &w, Rank target, LockType type, LocationHandle site);
  void lockAll(Window &w, LocationHandle site);
  // Whether the epoch on `target` issued operations whose lock acquisition is not confirmed; the
  // runtime then flushes (which cannot return before the lock is held) and confirms.
  bool needsConfirmation(const Window &w, Rank target) const;
  void acquisitionConfirmed(Window &w, Rank target);
  // MPI_Win_unlock before PMPI_Win_unlock: remote flush of the target, then release (signal).
  void unlock(Window &w, Rank target, LocationHandle site);
  void unlockAll(Window &w, LocationHandle site);
  // MPI_Win_flush(_all) and MPI_Win_flush_local(_all) after the PMPI call.
  void flush(Window &w, std::optional<Rank> target, LocationHandle site);
  void flushLocal(Window &w, std::optional<Rank> target, LocationHandle site);

  // PSCW (general active target synchronisation).
  void post(Window &w, const std::vector<Rank> &origins, LocationHandle site);
  // After PMPI_Win_start: the exposure of each target is open (4.3.1: start is treated as
  // waiting for post, which orders the epoch's RMA calls only).
  void start(Window &w, const std::vector<Rank> &targets, LocationHandle site);
  // Before PMPI_Win_complete: local flush, fence and notify per target (Table 4.2), signal.
  void complete(Window &w, LocationHandle site);
  // After PMPI_Win_wait or a successful MPI_Win_test: wait for each origin, target wait.
  void wait(Window &w, LocationHandle site);

  // ---- Epochs, for misuse reports (MPI-3.1 11.5) -------------------------------------------
  // Whether an RMA communication call to `target` is inside an access epoch: a fence epoch, a
  // lock of the target, lock_all, or a PSCW access epoch that includes it.
  bool inAccessEpoch(const Window &w, Rank target) const;
  // Whether a flush of `target` (all targets: nullopt) is inside a passive target epoch.
  bool inPassiveEpoch(const Window &w, std::optional<Rank> target) const;
  // The epoch still open when the window is freed, described ("a lock on rank 1", ...), or
  // nullopt: a window is freed only after its process completed its epochs (11.2.5).
  std::optional<std::string> openEpoch(const Window &w) const;

private:
  void confirmAll(Window &w);

  Tracker &tracker_;
  std::map<SegmentId, Window> windows_;
};

} // namespace rmarace::mpi
