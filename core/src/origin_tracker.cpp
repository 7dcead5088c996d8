#include "origin_tracker.h"

#include "access_epochs.h"
#include "outbox.h"
#include "own_accesses.h"
#include "region_ends.h"
#include "rmarace/core/conflict.h"
#include "rmarace/core/sync.h"
#include "segment_table.h"
#include "target_checker.h"

#include <algorithm>
#include <optional>

namespace rmarace {

OriginTracker::OriginTracker(const SyncState &sync, SegmentTable &segments, OwnAccesses &own,
                             AccessEpochs &epochs, Outbox &outbox, TargetChecker &target,
                             RegionEnds &ends)
    : sync_(sync), segments_(segments), own_(own), epochs_(epochs), outbox_(outbox),
      target_(target), ends_(ends) {}

uint64_t OriginTracker::fenceCount(Rank target, ContextId context) const {
  uint64_t n = 0;
  auto add = [&](auto &map, auto key) {
    auto it = map.find(key);
    if (it != map.end()) n += it->second;
  };
  add(fenceCounts_, std::make_pair(target, context));
  add(fenceCounts_, std::make_pair(target, kAnyContext));
  add(fenceAll_, context);
  add(fenceAll_, kAnyContext);
  return n;
}

void OriginTracker::issue(const RmaOperation &op) {
  ++seq_;
  Rank self = sync_.self();
  uint64_t fc = fenceCount(op.target, op.context);
  IssuedOp io;
  io.seq = seq_;
  io.thread = sync_.currentThread();
  io.issueEpoch = sync_.epoch();
  io.context = op.context;
  io.request = op.request;
  auto addBuffer = [&](AccessKind kind, const ByteRanges &ranges) -> uint32_t {
    if (ranges.empty()) return kNone;
    own_.checkAgainstPending(ranges, kind, op.site);
    uint32_t id = own_.add(kind, ranges, op, seq_, fc);
    own_.recordOnExposed(id);
    own_.checkEarlierUntracked(id);
    return id;
  };
  io.readBuffer = addBuffer(AccessKind::BufferRead, op.originRead);
  io.writeBuffer = addBuffer(AccessKind::BufferWrite, op.originWrite);

  bool remote = op.remoteRead || op.remoteWrite;
  AccessKind remoteKind = op.remoteWrite ? AccessKind::RemoteWrite : AccessKind::RemoteRead;
  if (remote && op.target == self) {
    std::optional<ByteRanges> ranges =
        segments_.resolveTarget(op.segment, op.targetRanges, self, op.site, nullptr);
    if (ranges) {
      own_.checkRemoteAgainstPending({remoteKind, op.context, fc, &op.atomicity, &*ranges},
                                     op.site);
      io.selfRemote = own_.add(remoteKind, *ranges, op, seq_, fc);
      io.selfRemoteRecord = target_.recordSelfAccess(op, remoteKind, *ranges, seq_, fc);
    }
  } else if (remote) {
    bool bufferPending = io.readBuffer != kNone && !op.locallyBlocking;
    forward(op, fc, bufferPending);
    io.remoteReadOpen = op.remoteRead;
    io.remoteWriteOpen = op.remoteWrite;
  }
  streams_[op.target].lastOpSeq = seq_;

  if (op.locallyBlocking) {
    for (uint32_t id : {io.readBuffer, io.writeBuffer})
      if (id != kNone) own_.complete(id, sync_.epoch(), op.site);
    io.readBuffer = io.writeBuffer = kNone;
  }
  std::vector<IssuedOp> &ops = openOpsTo(op.target);
  ops.push_back(io);
  if (op.remoteBlocking) {
    // A blocking get or fetching atomic returns with its remote access complete (individual
    // completion, R9).
    IssuedOp &last = ops.back();
    if (last.remoteReadOpen || last.remoteWriteOpen) {
      emitCompletionNotice(op.target, kAnyContext, 0, last.remoteReadOpen, last.remoteWriteOpen,
                           seq_, sync_.epoch() + 1);
      last.remoteReadOpen = last.remoteWriteOpen = false;
    }
    if (last.selfRemote != kNone) {
      own_.complete(last.selfRemote, sync_.epoch(), op.site);
      ends_.setCompletion(last.selfRemoteRecord, {self, sync_.epoch() + 1, sync_.currentThread()},
                          seq_);
      last.selfRemote = kNone;
    }
    if (last.done()) ops.pop_back();
    if (ops.empty()) retire(openOps_.find(op.target));
  }
}

std::vector<OriginTracker::IssuedOp> &OriginTracker::openOpsTo(Rank target) {
  auto it = openOps_.find(target);
  if (it != openOps_.end()) return it->second;
  if (spareOps_.empty()) return openOps_[target];
  spareOps_.key() = target;
  return openOps_.insert(std::move(spareOps_)).position->second;
}

OriginTracker::OpenOps::iterator OriginTracker::retire(OpenOps::iterator entry) {
  auto next = std::next(entry);
  spareOps_ = openOps_.extract(entry);
  spareOps_.mapped().clear();
  return next;
}

void OriginTracker::issueDirect(const RmaOperation &op) {
  ++seq_;
  forward(op, 0, false);
}

void OriginTracker::emitCompletionNotice(Rank target, ContextId context, Sequence bound, bool reads,
                                         bool writes, Sequence single, Epoch threshold) {
  Outbox::OpenBatch &batch = outbox_.open(target);
  // bound: bulk, the matching accesses issued before it; single: exactly this access.
  outbox_.append(batch, wire::CompletionNotice{context, bound, reads, writes, single, threshold,
                                               sync_.currentThread(), seq_});
  outbox_.sealIfFull(batch);
}

bool OriginTracker::issuedBefore(const IssuedOp &op) const {
  return op.thread == sync_.currentThread() ||
         sync_.clock().at({sync_.self(), op.thread}) > op.issueEpoch;
}

void OriginTracker::complete(const Completion &c) {
  ++seq_;
  Epoch now = sync_.epoch();
  if (c.kind == CompletionKind::Fence) {
    if (c.targets.empty()) ++fenceAll_[c.context];
    for (Rank t : c.targets) ++fenceCounts_[{t, c.context}];
    return;
  }
  bool buffersRead = c.kind != CompletionKind::Fence;
  bool buffersWrite = c.kind != CompletionKind::RemoteFlush;
  bool remoteRead = true; // every completion kind completes remote reads (R3, R4, R5, R9)
  bool remoteWrite =
      c.kind == CompletionKind::CollectiveFlush || c.kind == CompletionKind::RemoteFlush;
  for (auto it = openOps_.begin(); it != openOps_.end();) {
    Rank target = it->first;
    std::vector<IssuedOp> &ops = it->second;
    bool noticeReads = false;
    bool noticeWrites = false;
    Sequence single = 0;
    // Calls of other threads that the completion call is concurrent with stay open (3.6); the
    // calls it completes are then named one by one.
    bool skipped = false;
    std::vector<Sequence> &completed = completedScratch_;
    completed.clear();
    for (IssuedOp &op : ops) {
      if (!c.appliesTo(target, op.context)) continue;
      if (c.kind == CompletionKind::LocalComplete && op.request != c.request) continue;
      if (!issuedBefore(op)) {
        skipped |= op.remoteReadOpen || op.remoteWriteOpen;
        continue;
      }
      auto finishBuffer = [&](uint32_t &id) {
        if (id == kNone) return;
        own_.complete(id, now, c.site);
        // An acknowledgement that still waits for its completion point has nothing left to end.
        std::erase_if(awaitingPoint_, [id](const auto &entry) { return entry.second == id; });
        id = kNone;
      };
      if (buffersRead) finishBuffer(op.readBuffer);
      if (buffersWrite) finishBuffer(op.writeBuffer);
      if (op.selfRemote != kNone) {
        AccessKind k = own_.access(op.selfRemote).kind;
        bool completes = k == AccessKind::RemoteRead ? remoteRead : remoteWrite;
        if (completes) {
          own_.complete(op.selfRemote, now, c.site);
          ends_.setCompletion(op.selfRemoteRecord, {sync_.self(), now + 1, sync_.currentThread()},
                              seq_);
          op.selfRemote = kNone;
        }
      }
      bool completes = false;
      if (op.remoteReadOpen && remoteRead) {
        op.remoteReadOpen = false;
        noticeReads = completes = true;
        single = op.seq;
      }
      if (op.remoteWriteOpen && remoteWrite) {
        op.remoteWriteOpen = false;
        noticeWrites = completes = true;
        single = op.seq;
      }
      if (completes) completed.push_back(op.seq);
    }
    if (noticeReads || noticeWrites) {
      if (skipped) {
        for (Sequence s : completed)
          emitCompletionNotice(target, kAnyContext, 0, remoteRead, remoteWrite, s, now + 1);
      } else {
        bool individual = c.kind == CompletionKind::LocalComplete;
        emitCompletionNotice(target, c.context, individual ? 0 : seq_, remoteRead, remoteWrite,
                             individual ? single : 0, now + 1);
      }
    }
    std::erase_if(ops, [](const IssuedOp &op) { return op.done(); });
    if (ops.empty())
      it = retire(it);
    else
      ++it;
  }
}

void OriginTracker::notify(Rank target, SignalId signal, uint64_t value, ContextId context,
                           uint32_t includedOps, LocationHandle site) {
  ++seq_;
  // The included operations were issued in a row (one sequence number each) and the last to
  // `target` is the last of them.
  Sequence last = streams_[target].lastOpSeq;
  Sequence associated = includedOps && last ? last : 0;
  Sequence first =
      associated ? associated - std::min<Sequence>(includedOps - 1, associated - 1) : 0;
  wire::NotifyRecord record{signal, value,      context, fenceCount(target, context),
                            first,  associated, seq_,    {}};
  if (sync_.multithreaded())
    if (auto open = openOps_.find(target); open != openOps_.end())
      for (const IssuedOp &op : open->second)
        if (op.remoteWriteOpen && !issuedBefore(op)) record.unordered.push_back(op.seq);
  // A notification of this process to itself completes its own writes to its own memory.
  if (target == sync_.self()) {
    ends_.onNotify(target, record);
    return;
  }
  Outbox::OpenBatch &batch = outbox_.open(target);
  outbox_.defineLocation(batch, site);
  outbox_.append(batch, record);
}

uint32_t OriginTracker::snapshotFor(Outbox::OpenBatch &batch, ContextId context, bool &provisional,
                                    uint64_t &lockEpoch) {
  Rank target = batch.peer;
  Stream &stream = streams_[target];
  const AccessEpochs::EpochClock *ec = epochs_.find(context, target);
  provisional = ec && ec->passive && !ec->acquired;
  lockEpoch = ec && ec->passive ? ec->lockEpoch : 0;
  std::tuple<uint64_t, uint64_t, uint64_t> key{epochs_.clockVersion(), ec ? ec->version : 0,
                                               sync_.clockVersion()};
  if (key != stream.snapshotKey || stream.snapshotId == 0) {
    stream.snapshotKey = key;
    ++stream.snapshotId;
    WireWriter out(batch.records);
    if (ec && ec->acquired) {
      VectorClock clock = sync_.clock();
      clock.merge(ec->clock);
      wire::encodeSnapshot(out, stream.snapshotId, clock);
    } else {
      wire::encodeSnapshot(out, stream.snapshotId, sync_.clock());
    }
  }
  return stream.snapshotId;
}

void OriginTracker::forward(const RmaOperation &op, uint64_t fc, bool bufferPending) {
  Outbox::OpenBatch &batch = outbox_.open(op.target);
  outbox_.defineLocation(batch, op.site);
  wire::RemoteAccessRecord &r = record_;
  r.snapshot = snapshotFor(batch, op.context, r.provisional, r.lockEpoch);
  r.seq = seq_;
  r.thread = sync_.currentThread();
  r.segment = op.segment;
  r.context = op.context;
  r.remoteRead = op.remoteRead;
  r.remoteWrite = op.remoteWrite;
  r.bufferPending = bufferPending;
  r.direct = op.direct;
  r.languageAtomic = op.languageAtomic;
  r.atomicity = op.atomicity;
  r.fenceCount = fc;
  r.site = op.site;
  r.offsets = op.targetRanges;
  r.accessSize = op.direct ? op.accessSize : 0;
  outbox_.append(batch, r);
  outbox_.sealIfFull(batch);
}

// ---- Implicit completion through notifications (Fig. 6.7) ---------------------------------------

void OriginTracker::ownWritesCompleted(const std::vector<uint32_t> &records, LocationHandle site) {
  auto it = openOps_.find(sync_.self());
  if (records.empty() || it == openOps_.end()) return;
  for (IssuedOp &op : it->second) {
    if (op.selfRemote == kNone ||
        std::find(records.begin(), records.end(), op.selfRemoteRecord) == records.end())
      continue;
    own_.complete(op.selfRemote, sync_.epoch(), site);
    op.selfRemote = kNone;
  }
  std::erase_if(it->second, [](const IssuedOp &op) { return op.done(); });
  if (it->second.empty()) retire(it);
}

void OriginTracker::onAck(Rank from, const wire::AckRecord &ack) {
  auto it = openOps_.find(from);
  if (it == openOps_.end()) return;
  for (IssuedOp &op : it->second) {
    if (std::find(ack.seqs.begin(), ack.seqs.end(), op.seq) == ack.seqs.end()) continue;
    // The remote write completed at the target's wait; the origin learns it once it knows that
    // wait happened, and with it that the buffer read is over too (R5: remote completion of a
    // write implies its local completion). A completion call before that still ends the buffer
    // read, so the operation keeps it until then.
    if (op.readBuffer != kNone)
      awaitingPoint_.push_back({{from, ack.threshold, ack.thread}, op.readBuffer});
    op.remoteWriteOpen = false;
  }
  std::erase_if(it->second, [](const IssuedOp &op) { return op.done(); });
  if (it->second.empty()) retire(it);
  completeAcknowledged();
}

void OriginTracker::completeAcknowledged() {
  std::erase_if(awaitingPoint_, [this](const std::pair<CompletionPoint, uint32_t> &entry) {
    Epoch known = sync_.firstEpochKnowing(entry.first.slot(), entry.first.threshold);
    if (known == kEpochInfinity) return false;
    // Known from the wait that started epoch `known`: the buffer access ends before it.
    own_.complete(entry.second, known - 1, sync_.siteOfEpoch(known));
    forgetBuffer(entry.first.rank, entry.second);
    return true;
  });
}

void OriginTracker::forgetBuffer(Rank target, uint32_t buffer) {
  auto it = openOps_.find(target);
  if (it == openOps_.end()) return;
  for (IssuedOp &op : it->second)
    if (op.readBuffer == buffer) op.readBuffer = kNone;
  std::erase_if(it->second, [](const IssuedOp &op) { return op.done(); });
  if (it->second.empty()) retire(it);
}

} // namespace rmarace
