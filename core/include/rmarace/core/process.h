// The race detection engine of one process (dissertation ch. 4, with the extensions of
// docs/design.md).
//
// A Process sees the abstract events of its own program (plain accesses, RMA calls, completion
// calls, synchronisation) and the batches of RMA metadata other processes forward to it. It
// tracks the local concurrent regions of its own RMA calls' buffer accesses, forwards remote
// accesses and their completions to their targets, and checks, as the target, every remote
// access to its memory against the exact history of that memory (Fig. 4.9).
//
// The API is split-phase and transport-agnostic: synchronisation calls return payloads that the
// host carries to the peer; batches are taken from and handed to the Process by the host. After a
// wait the host must deliver the batches shortfall() names and then call settle().
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/events.h"
#include "rmarace/core/history.h"
#include "rmarace/core/race.h"
#include "rmarace/core/sync.h"
#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace rmarace {

class WireReader;
class WireWriter;

// A sealed batch of RMA metadata for one peer.
struct Batch {
  Rank peer = 0;
  std::vector<std::byte> bytes;
};

// How a host learns which address ranges need its attention (e.g. for a fast address filter).
class TrackingListener {
public:
  virtual ~TrackingListener() = default;
  virtual void tracked(Address begin, Address end) = 0;
  virtual void untracked(Address begin, Address end) = 0;
};

class RMARACE_API Process {
public:
  struct Options {
    // Seal a peer's open batch once it holds this many bytes.
    std::size_t batchLimit = 64 * 1024;
  };

  Process(Rank self, Rank worldSize, ProcessHost &host);
  Process(Rank self, Rank worldSize, ProcessHost &host, Options options);
  ~Process();
  Process(const Process &) = delete;
  Process &operator=(const Process &) = delete;

  Rank rank() const { return sync_.self(); }
  Rank worldSize() const { return sync_.worldSize(); }
  Epoch epoch() const { return sync_.epoch(); }
  const SyncState &sync() const { return sync_; }
  void setTrackingListener(TrackingListener *listener) { listener_ = listener; }

  // ---- Remotely accessible memory -------------------------------------------------------------
  // Exposes [base, base+size) as this process's part of `segment`. For dynamic segments, call it
  // once per attachment; remote accesses then use absolute addresses.
  void exposeMemory(SegmentId segment, Address base, uint64_t size, const std::string &name,
                    bool dynamic = false);
  void unexposeMemory(SegmentId segment, Address base);
  void retireSegment(SegmentId segment);
  // Another process's part of `segment` mapped at [base, base+size) of this process (MPI shared
  // windows, shmem_ptr): plain loads and stores there are remote accesses of `owner`'s memory.
  // Unmapped when the segment is retired.
  void mapRemoteMemory(SegmentId segment, Rank owner, Address base, uint64_t size);
  // Whether any byte of [addr, addr+size) is tracked (exposed, mapped or an in-flight buffer).
  bool tracks(Address addr, uint64_t size) const;

  // ---- Plain loads and stores -------------------------------------------------------------------
  void access(Address addr, uint64_t size, bool write, bool languageAtomic, LocationHandle site);

  // ---- RMA calls and completion (Table 4.2) -----------------------------------------------------
  void issue(const RmaOperation &op);
  void complete(const Completion &completion);
  // Target notify (tn) to `target` on `signal`: completes, as seen by a matching target wait, the
  // remote writes to `target` in `context` that are fence-ordered before it (R6, R7) and, when
  // `includesLast`, the operation issued just before (its own access, R8).
  void notify(Rank target, SignalId signal, uint64_t value, ContextId context, bool includesLast,
              LocationHandle site);
  // Target wait (tw): the notifications on `signal` delivered so far are observed. With a value,
  // only notifications that wrote exactly that value count.
  void targetWait(SignalId signal, std::optional<uint64_t> value, LocationHandle site);

  // ---- Access epochs
  // ------------------------------------------------------------------------------ Passive target
  // epoch on `target` (kAllRanks for lock_all). Until acquisitionKnown, remote accesses of the
  // epoch are provisional: their targets hold back the checks that depend on the ordering the lock
  // provides.
  static constexpr Rank kAllRanks = -1;
  void openPassiveEpoch(ContextId context, Rank target);
  // The lock on `target` is certainly held; `deposit` is what earlier holders left behind. Orders
  // the epoch's RMA operations after them, not this process's own loads and stores.
  void acquisitionKnown(ContextId context, Rank target, const ResourcePayload &deposit);
  void closePassiveEpoch(ContextId context, Rank target);
  // Active target access epoch (PSCW start): the exposure of `target` is open; `post` is the
  // target's clock at post. Orders the epoch's RMA operations only (4.3.1).
  void openActiveEpoch(ContextId context, Rank target, const ClockPayload &post);
  void closeActiveEpoch(ContextId context);

  // ---- Synchronisation (Def. 3.5), split-phase -------------------------------------------------
  // `stream` is the FIFO stream the payload travels on (e.g. the queue); none when the receiver
  // may consume it in any order.
  ClockPayload signal(Rank destination, LocationHandle site,
                      std::optional<uint64_t> stream = std::nullopt);
  void wait(Rank from, const ClockPayload &payload, LocationHandle site);
  // Collectives: contribute (one tick), combine all contributions (host), absorb.
  CollectiveContribution contribute(const GroupView &group, CollectiveKind kind,
                                    LocationHandle site);
  void absorbCollective(const GroupView &group, CollectiveKind kind, Rank root,
                        const CollectiveContribution &combined, bool separated = false);
  // Resource-bound signal: the deposit to merge into the resource's deposition.
  ResourcePayload depositClock(Rank deposition, LocationHandle site);
  // Resource-bound wait: absorb what was deposited.
  void acquireResource(Rank deposition, const ResourcePayload &deposit, LocationHandle site);
  // A new epoch without synchronisation (annotation tick).
  void tick(LocationHandle site);

  // ---- Transport
  // ------------------------------------------------------------------------------------
  bool hasOutgoing() const { return !sealed_.empty(); }
  std::vector<Batch> takeOutgoing();
  // Seals all open batches now (e.g. before the program ends).
  void flushBatches();
  // A batch from `origin`, in the order the origin sent them. Processed as soon as everything that
  // causally precedes it has been processed.
  void receive(Rank origin, std::vector<std::byte> bytes);
  BatchLedger::Shortfall shortfall() const { return sync_.ledger().shortfall(); }
  // Completes a wait once shortfall() is empty: applies what the wait made known.
  void settle();
  // End of the execution: accesses still in flight are concurrent with everything after them.
  void finish();
  // Delivers the races held back until their concurrent region ends (e.g. when aborting).
  void flushPendingReports();
  // The execution ends early (MPI_Abort): accesses of passive epochs whose lock acquisition is
  // not known yet are judged with the clocks known now.
  void judgeProvisional();

  // ---- Introspection (tests, statistics) -----------------------------------------------------
  struct Stats {
    std::size_t pendingOwnAccesses = 0;
    std::size_t liveRemoteAccesses = 0;
    std::size_t shadowCellBytes = 0;
    std::size_t shadowSetBytes = 0;
    std::size_t liveShadowSets = 0;
    std::size_t queuedBatches = 0;
  };
  Stats stats() const;
  void collectGarbage();

private:
  struct OwnAccess;
  struct RemoteAccess;
  struct IssuedOp;
  struct PeerOut;
  struct PeerIn;
  struct NotifyRecord;

  // direct accesses (mapRemoteMemory)
  struct RemoteMapping {
    SegmentId segment = 0;
    Rank owner = 0;
    uint64_t size = 0;
  };
  // Direct accesses since the last engine event, merged per owner, segment, site and kind: they
  // share one epoch and complete at once, so one remote access stands for all of them.
  struct DirectPending {
    Rank owner = 0;
    SegmentId segment = 0;
    LocationHandle site = kNoLocation;
    bool write = false;
    bool languageAtomic = false;
    uint64_t accessSize = 0;
    ByteRanges offsets;
  };
  // Handles the part of an access inside a mapping; returns the first address after it, or addr
  // when addr is not mapped.
  Address directAccess(Address addr, uint64_t size, bool write, bool languageAtomic,
                       LocationHandle site);
  void flushDirect();
  void issueDirect(const DirectPending &d);

  // origin side
  uint32_t newOwnAccess(AccessKind kind, const ByteRanges &ranges, const RmaOperation &op,
                        uint64_t fenceCount);
  void completeOwnAccess(uint32_t id, Epoch lastEpoch);
  void checkAgainstPending(const ByteRanges &ranges, AccessKind kind, const Atomicity *atomicity,
                           uint32_t ownId, LocationHandle site, uint64_t size, bool languageAtomic);
  void recordOwnOnExposed(uint32_t ownId);
  void forward(const RmaOperation &op, uint64_t fenceCount, bool bufferPending);
  PeerOut &out(Rank peer);
  void seal(Rank peer);
  void sealAll();
  uint32_t snapshotFor(Rank target, ContextId context, bool &provisional, uint64_t &lockEpoch);
  void sendLocation(PeerOut &peer, LocationHandle site);
  void applyOriginCompletion(const Completion &c, bool sync);
  void emitCompletionNotice(Rank target, ContextId context, Sequence bound, bool reads, bool writes,
                            Sequence single, Epoch threshold);
  void pendingAckCompletions();

  // target side
  void processBatch(Rank origin, std::span<const std::byte> bytes);
  // Whether every batch a header names as causally preceding has been processed.
  bool causallyReady(Rank from, std::span<const LedgerEntry> required) const;
  void drainQueued();
  void onRemoteAccess(Rank origin, WireReader &in);
  void onCompletionNotice(Rank origin, WireReader &in);
  void onNotify(Rank origin, WireReader &in);
  void onEpochClock(Rank origin, WireReader &in);
  void onAck(Rank origin, WireReader &in);
  void insertRemote(uint32_t id);
  // Whether `newer` makes the record of `older` redundant (see the definition).
  bool supersedes(const RemoteAccess &newer, const RemoteAccess &older) const;
  void setRemoteCompletion(uint32_t id, CompletionPoint point, Sequence completionSeq);
  void resolveRegionEnds();
  std::optional<ByteRanges> resolveTarget(SegmentId segment, const ByteRanges &offsets, Rank origin,
                                          LocationHandle site, const Location *siteLocation);

  uint64_t fenceCount(Rank target, ContextId context) const;
  bool pairRaces(const RemoteAccess &earlier, const RemoteAccess &later) const;
  void checkRemoteAgainstHistory(uint32_t id);
  void finalizeProvisional(uint32_t id, const VectorClock &acquisition);
  void updateHorizon();
  void releaseDetached(std::optional<SegmentId> segment);
  void removeFromPendingIndex(uint32_t id);

  // reports
  AccessRecord describeOwn(const OwnAccess &a) const;
  AccessRecord describeRemote(const RemoteAccess &a) const;
  AccessRecord describeLocal(const ShadowRecord &r, uint8_t mask) const;
  ConcurrentRegion regionOf(const RemoteAccess &a) const;
  ConcurrentRegion regionOf(const OwnAccess &a) const;
  // The RMA access whose concurrent region a report shows.
  struct RegionSubject {
    enum Kind { Remote, Own } kind;
    uint32_t id;
  };
  // The other access of a race whose subject is a remote access, to check the race again once
  // the subject's region is known in full.
  struct Counterpart {
    enum Kind { None, Local, Own, Remote } kind = None;
    uint32_t id = 0; // own or remote access id
    Epoch epoch = 0; // epoch of a plain access
  };
  void report(RaceKind kind, Address at, const AccessRecord &earlier, const AccessRecord &later,
              RegionSubject subject, Counterpart counterpart);
  // Reports wait until the region they show has ended, so that both bounds can be named and the
  // race checked against the whole region (metadata that arrived late may end it earlier).
  void releaseReports(RegionSubject::Kind kind, uint32_t id);
  bool stillRaces(RegionSubject subject, const Counterpart &counterpart) const;
  // Completes a remote write at a target wait, also when a later completion notice arrived first.
  void completeAtTargetWait(uint32_t id);
  void compactLive(Rank origin);

  // shared
  void onEpochChange();
  bool recordLive(const ShadowRecord &r) const;
  uint32_t internLocal(LocationHandle site);

  ProcessHost &host_;
  Options options_;
  SyncState sync_;
  AccessHistory history_;
  TrackingListener *listener_ = nullptr;

  struct Segment {
    std::string name;
    bool dynamic = false;
    std::vector<std::pair<Address, uint64_t>> parts; // base, size
    std::vector<uint32_t> regions;                   // history region indices
  };
  std::map<SegmentId, Segment> segments_;
  // Parts no longer exposed whose history may still be needed.
  struct Detached {
    SegmentId segment;
    uint32_t region;
    Epoch epoch;
    Address base;
    uint64_t size;
  };
  std::vector<Detached> detached_;
  std::map<Address, RemoteMapping> remoteMaps_; // by base address
  std::vector<DirectPending> direct_;

  // Plain-access locations, interned (index 0 unused).
  std::vector<LocationHandle> localSites_;
  std::unordered_map<LocationHandle, uint32_t> localSiteIndex_;

  // Origin side state.
  Sequence seq_ = 0;
  std::vector<std::unique_ptr<OwnAccess>> own_;
  std::vector<uint32_t> freeOwn_;
  std::multimap<Address, uint32_t> pendingIndex_; // range begin -> own access (in flight)
  uint64_t pendingMaxLength_ = 0;
  std::map<Rank, std::vector<IssuedOp>> openOps_;
  // Fence events per (target, context) and per context for all targets; their sum orders remote
  // writes (R6).
  std::map<std::pair<Rank, ContextId>, uint64_t> fenceCounts_;
  std::map<ContextId, uint64_t> fenceAll_;
  std::map<Rank, PeerOut> peers_;
  std::vector<Batch> sealed_;
  uint64_t clockVersion_ = 1;
  struct EpochClock {
    VectorClock clock;
    uint64_t version = 0;
    bool passive = false;
    bool acquired = false;
    uint64_t lockEpoch = 0;
  };
  std::map<std::pair<ContextId, Rank>, EpochClock> epochClocks_;
  uint64_t nextLockEpoch_ = 1;
  // Own buffers whose completion is implicit: complete once this process knows V[rank] >=
  // threshold.
  std::vector<std::pair<CompletionPoint, uint32_t>> awaitingPoint_;

  // Target side state.
  std::vector<std::unique_ptr<RemoteAccess>> remote_;
  std::vector<uint32_t> freeRemote_;
  std::map<Rank, PeerIn> incoming_;
  std::map<Rank, std::map<Epoch, std::vector<uint32_t>>> pendingEnds_; // rank -> threshold -> ids
  std::multimap<SignalId, NotifyRecord> notifications_;
  std::vector<std::pair<Rank, std::vector<std::byte>>> queued_; // waiting for causal predecessors
  std::vector<uint64_t> processed_;                             // batches processed, per origin

  Epoch contributedEpoch_ = 0;
  LocationHandle contributedSite_ = kNoLocation;
  struct SiteCacheEntry {
    LocationHandle site = kNoLocation;
    uint32_t index = 0;
  };
  std::array<SiteCacheEntry, 64> siteCache_{};
  std::set<std::string> reported_;
  struct HeldReport {
    RaceRecord race;
    RegionSubject subject;
    Counterpart counterpart;
    std::string key;
  };
  std::set<std::string> heldKeys_;
  std::vector<HeldReport> heldReports_;
  // Records older than this epoch can no longer race (see recordLive).
  Epoch horizon_ = 0;
  bool finished_ = false;
};

} // namespace rmarace
