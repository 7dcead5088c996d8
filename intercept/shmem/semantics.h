// OpenSHMEM 1.5 semantics in terms of the abstract model, without OpenSHMEM headers: the
// interceptors translate handles and typed arguments into the plain values used here. The
// mapping (dissertation Tables 2.1, 2.2, 3.2, 3.3, 3.4 and 4.2):
//   RMA (9.5, 9.6)       put, p, iput, put_signal: the source is read before return (locally
//                        blocking), the remote write is complete only at quiet; get, g, iget:
//                        complete at return; _nbi forms: both sides complete at quiet.
//   AMOs (9.8)           atomic remote accesses, compatible on the same type whatever the
//                        operation; fetching ones complete at return (_nbi: at quiet, with their
//                        fetch buffer). Atomic writes are target notifies and resource signals on
//                        the object they update (Table 3.4): a wait satisfied by them orders
//                        what the writer fenced or quieted before them (R6, R7, R8).
//   Signals (9.7.3)      put-with-signal: the data put, then the signal update, each completed by
//                        a notify at the signal, whose arrival implies both.
//   Waits (9.10)         wait_until, signal_wait_until, the _all/_any/_some forms, a test that
//                        returned true and a signal_fetch that read an updated signal: resource
//                        wait and target wait on each satisfied object.
//   Completion (T. 4.2)  quiet: local and remote flush of its context; fence: fence of its
//                        context; barrier_all: collective flush of the default context and an
//                        all-to-all exchange; sync_all and team_sync: the exchange only.
//   Collectives (9.9)    exchanges over their team (Table 3.2); their buffers are accessed by
//                        the PE itself after it, since PEs leave a collective at different times.
//   Locks (T. 3.3)       set_lock: resource wait; clear_lock: quiet, then resource signal.
#pragma once

#include "rmarace/core/tracker.h"
#include "rmarace/runtime/id_space.h"
#include "symmetric_memory.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rmarace::shmem {

// An atomic memory operation as the model sees it.
struct Amo {
  AtomicOp op = AtomicOp::None;
  BasicType type = BasicType::None;
  uint32_t size = 0;
  bool fetches = false;  // returns the old value (atomic read)
  bool modifies = false; // updates the object (atomic write)
};

// The type of signal objects (uint64_t, unsigned long on LP64): put-with-signal updates them
// atomically, compatible with AMOs and waits on the same object as shmem_uint64_*.
inline constexpr BasicType kSignalType = BasicType::UnsignedLong;

// Why an access could not be modelled.
enum class Problem { None, NotSymmetric };

class Semantics {
public:
  Semantics(Tracker &tracker, GroupView world);
  Tracker &tracker() { return tracker_; }
  Rank self() const { return tracker_.process().rank(); }
  const GroupView &world() const { return world_; }
  SymmetricMemory &memory() { return memory_; }

  // ---- Memory (9.3) ----------------------------------------------------------------------------
  // A symmetric object came to exist on every PE (collective, in the same order everywhere).
  void exposed(Address base, uint64_t size, const std::string &name);
  // An object the host exposed itself (the simulator's heap).
  void adopt(SegmentId segment, Address base, uint64_t size, const std::string &name) {
    memory_.adopt(segment, base, size, name);
  }
  // A collective allocation returned it: it ends with a barrier (shmem_malloc and friends).
  void allocated(Address base, uint64_t size, const std::string &name, LocationHandle site);
  void freed(Address base, LocationHandle site);
  // shmem_realloc: the object at `old` now lives at `base` (it ends with a barrier too).
  void reallocated(Address old, Address base, uint64_t size, const std::string &name,
                   LocationHandle site);
  // shmem_ptr: `pe`'s part of the object holding `local` is mapped at `mapped`. Loads and stores
  // there are direct remote accesses.
  void peerMapped(Address local, Rank pe, Address mapped);

  // ---- Contexts (9.4.1, 9.4.3) -----------------------------------------------------------------
  static constexpr ContextId kDefaultContext = rt::smallIdBase(rt::IdDomain::Shmem);
  // A context on a team (world ranks of its PEs in team order; empty: the world).
  ContextId createContext(std::vector<Rank> team);
  // Destroying a context completes its operations (9.4.1: it quiets the context).
  void destroyContext(ContextId context, LocationHandle site);
  // World rank of `pe` as numbered on `context`.
  Rank worldPe(ContextId context, int pe) const;

  // ---- RMA, AMOs, signals (9.5 to 9.8) ---------------------------------------------------------
  // `remote` are local symmetric addresses naming the target memory at `pe` (a world rank).
  Problem put(LocationHandle site, ContextId context, Rank pe, const ByteRanges &remote,
              const ByteRanges &source, bool blocking);
  Problem get(LocationHandle site, ContextId context, Rank pe, const ByteRanges &dest,
              const ByteRanges &remote, bool blocking);
  // `fetchBuffer`: where a non-blocking fetching AMO delivers the old value (0 otherwise).
  Problem atomic(LocationHandle site, ContextId context, Rank pe, Address remote, const Amo &amo,
                 Address fetchBuffer, bool blocking);
  Problem putSignal(LocationHandle site, ContextId context, Rank pe, const ByteRanges &remote,
                    const ByteRanges &source, Address signal, bool add, bool blocking);

  // ---- Point-to-point synchronisation (9.10) ---------------------------------------------------
  // A wait or test read the local symmetric object at `ivar` atomically (as an AMO of `type`
  // would: it conflicts with plain puts to it, 9.10), and observed the update that satisfied it.
  Problem observed(Address ivar, BasicType type, uint32_t size, LocationHandle site);

  // ---- Ordering, completion, collectives (9.9, 9.11) -------------------------------------------
  void quiet(ContextId context, LocationHandle site);
  void fence(ContextId context, LocationHandle site);
  void barrierAll(LocationHandle site);
  // Barrier of an active set or team that also completes the default context (shmem_barrier).
  void barrier(const GroupView &team, LocationHandle site);
  void sync(const GroupView &team, LocationHandle site);
  // A collective over `team`: what it writes and reads of this PE's buffers.
  void collective(const GroupView &team, CollectiveKind kind, Rank root, const ByteRanges &written,
                  const ByteRanges &read, LocationHandle site);

  // ---- Locks (9.11) ----------------------------------------------------------------------------
  Problem lockAcquired(Address lock, LocationHandle site);
  Problem lockReleasing(Address lock, LocationHandle site);

private:
  struct Context {
    std::vector<Rank> team; // world ranks; empty: the world
  };
  std::optional<RmaOperation> operation(LocationHandle site, ContextId context, Rank pe,
                                        const ByteRanges &remote);
  // Target notify and resource signal on the object at `remote` of `pe`.
  void notifyAt(const SymmetricAddress &at, Rank pe, ContextId context, LocationHandle site);
  void complete(ContextId context, const std::vector<Rank> &targets, CompletionKind kind,
                LocationHandle site);

  Tracker &tracker_;
  GroupView world_;
  SymmetricMemory memory_;
  std::map<ContextId, Context> contexts_;
  ContextId nextContext_;
};

} // namespace rmarace::shmem
