// The origin side: this process's RMA calls (Table 4.2) in program order. It keeps every call
// until all its parts are complete, records its buffer accesses (OwnAccesses), forwards its
// remote accesses and their completions to the targets, and counts fences (R6). Remote accesses
// of its own memory are checked here in program order and recorded with the target side too.
#pragma once

#include "access_records.h"
#include "outbox.h"
#include "rmarace/core/wire_records.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace rmarace {

class AccessEpochs;
class OwnAccesses;
class ProcessHost;
class RegionEnds;
class SegmentTable;
class SyncState;
class TargetChecker;

class OriginTracker {
public:
  OriginTracker(const SyncState &sync, SegmentTable &segments, OwnAccesses &own,
                AccessEpochs &epochs, Outbox &outbox, TargetChecker &target, RegionEnds &ends);

  void issue(const RmaOperation &op);
  // A direct access (a load or store through shared memory) is forwarded like a remote access
  // of no access epoch and no fence.
  void issueDirect(const RmaOperation &op);
  void complete(const Completion &completion);
  void notify(Rank target, SignalId signal, uint64_t value, ContextId context, uint32_t includedOps,
              LocationHandle site);

  // Implicit completion through notifications (Fig. 6.7): the target `from` completed remote
  // writes at a wait; their buffers complete once this process knows that wait happened.
  void onAck(Rank from, const wire::AckRecord &ack);
  void completeAcknowledged();
  // A target wait of this process completed its own writes to its own memory (the records).
  void ownWritesCompleted(const std::vector<uint32_t> &records, LocationHandle site);

private:
  // An RMA call until all its parts are complete.
  struct IssuedOp {
    Sequence seq = 0;
    ThreadId thread = kInitialThread; // the issuing thread and its epoch at the call
    Epoch issueEpoch = 0;
    ContextId context = 0;
    RequestId request = kNoRequest;
    uint32_t readBuffer = kNone; // own access ids
    uint32_t writeBuffer = kNone;
    uint32_t selfRemote = kNone;       // own access id of a self-targeted remote access
    uint32_t selfRemoteRecord = kNone; // its remote access id
    bool remoteReadOpen = false;       // forwarded remote read not yet complete
    bool remoteWriteOpen = false;      // forwarded remote write not yet complete
    bool done() const {
      return readBuffer == kNone && writeBuffer == kNone && selfRemote == kNone &&
             !remoteReadOpen && !remoteWriteOpen;
    }
  };
  // Per target, what was sent on its batch stream.
  struct Stream {
    std::tuple<uint64_t, uint64_t, uint64_t> snapshotKey{0, 0, 0}; // clock and epoch versions
    uint32_t snapshotId = 0;
    Sequence lastOpSeq = 0; // the last RMA call on the target (R8)
  };

  uint64_t fenceCount(Rank target, ContextId context) const;
  void forward(const RmaOperation &op, uint64_t fenceCount, bool bufferPending);
  // The id of the snapshot an access to the batch's peer is issued with; defines a new one in the
  // batch when the clock or the access epoch changed since the last.
  uint32_t snapshotFor(Outbox::OpenBatch &batch, ContextId context, bool &provisional,
                       uint64_t &lockEpoch);
  void emitCompletionNotice(Rank target, ContextId context, Sequence bound, bool reads, bool writes,
                            Sequence single, Epoch threshold);
  // Whether the call issued as `op` happened before the current thread's present point (a
  // completion call completes only such calls, whichever thread issued them).
  bool issuedBefore(const IssuedOp &op) const;

  const SyncState &sync_;
  SegmentTable &segments_;
  OwnAccesses &own_;
  AccessEpochs &epochs_;
  Outbox &outbox_;
  TargetChecker &target_;
  RegionEnds &ends_;

  // The open calls to `target`, made when there are none.
  std::vector<IssuedOp> &openOpsTo(Rank target);
  // Drops the entry of a target with no open call left; returns the next entry.
  using OpenOps = std::map<Rank, std::vector<IssuedOp>>;
  OpenOps::iterator retire(OpenOps::iterator entry);

  Sequence seq_ = 0;
  OpenOps openOps_; // only targets with open calls
  // The latest entry dropped, whose node and buffer the next target's entry reuses (a put and
  // its fence would otherwise allocate both every epoch).
  OpenOps::node_type spareOps_;
  std::vector<Sequence> completedScratch_; // OriginTracker::complete's, reused
  // Fence events per (target, context) and per context for all targets; their sum orders remote
  // writes (R6).
  std::map<std::pair<Rank, ContextId>, uint64_t> fenceCounts_;
  std::map<ContextId, uint64_t> fenceAll_;
  std::map<Rank, Stream> streams_;
  // Own buffers whose completion is implicit: complete once this process knows V[rank] >=
  // threshold.
  std::vector<std::pair<CompletionPoint, uint32_t>> awaitingPoint_;
  // The buffer read `buffer` of an operation on `target` ended: the operation no longer holds it.
  void forgetBuffer(Rank target, uint32_t buffer);
  // Reused for every forwarded access, so that forwarding does not allocate.
  wire::RemoteAccessRecord record_;
};

} // namespace rmarace
