// Process, origin side: RMA calls, completion calls, access epochs and forwarding to targets.
#include "process_internal.h"
#include "rmarace/core/conflict.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

uint64_t Process::fenceCount(Rank target, ContextId context) const {
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

uint32_t Process::newOwnAccess(AccessKind kind, const ByteRanges &ranges, const RmaOperation &op,
                               uint64_t fenceCountAtIssue) {
  uint32_t id;
  if (!freeOwn_.empty()) {
    id = freeOwn_.back();
    freeOwn_.pop_back();
  } else {
    id = static_cast<uint32_t>(own_.size());
    own_.push_back(std::make_unique<OwnAccess>());
  }
  OwnAccess &a = *own_[id];
  a = OwnAccess{};
  a.kind = kind;
  a.ranges = ranges;
  a.seq = seq_;
  a.issueEpoch = epoch();
  a.site = op.site;
  a.atomicity = isRemote(kind) ? op.atomicity : Atomicity{};
  a.context = op.context;
  a.fenceCount = fenceCountAtIssue;
  for (const ByteRange &r : ranges.ranges()) {
    pendingIndex_.emplace(r.begin, id);
    pendingMaxLength_ = std::max(pendingMaxLength_, r.size());
    if (listener_) listener_->tracked(r.begin, r.end);
  }
  return id;
}

void Process::removeFromPendingIndex(uint32_t id) {
  OwnAccess &a = *own_[id];
  for (const ByteRange &r : a.ranges.ranges()) {
    auto [lo, hi] = pendingIndex_.equal_range(r.begin);
    for (auto it = lo; it != hi; ++it) {
      if (it->second == id) {
        pendingIndex_.erase(it);
        break;
      }
    }
    if (listener_) listener_->untracked(r.begin, r.end);
  }
  if (pendingIndex_.empty()) pendingMaxLength_ = 0;
}

void Process::completeOwnAccess(uint32_t id, Epoch lastEpoch) {
  OwnAccess &a = *own_[id];
  if (!a.pending) return;
  a.pending = false;
  a.lastEpoch = lastEpoch;
  removeFromPendingIndex(id);
  releaseReports(RegionSubject::Own, id);
}

void Process::recordOwnOnExposed(uint32_t ownId) {
  OwnAccess &own = *own_[ownId];
  auto visit = [&](const ShadowRecord &x, Address granule, uint8_t overlap) {
    if (x.kind != RecordKind::Remote) return;
    const RemoteAccess &r = *remote_[x.subject];
    if (r.origin == rank() || r.provisional) return;
    if (!conflicting({r.kind, &r.atomicity, &r.ranges}, {own.kind, nullptr, nullptr})) return;
    // The buffer access may happen from now until its completion (still open).
    if (r.regionEnd <= own.issueEpoch) return;
    report(RaceKind::Remote, firstByte(granule, overlap), describeRemote(r), describeOwn(own),
           {RegionSubject::Remote, x.subject}, {Counterpart::Own, ownId, 0});
  };
  auto live = [this](const ShadowRecord &r) { return recordLive(r); };
  ShadowRecord record;
  record.kind = RecordKind::Buffer;
  record.subject = ownId;
  const auto &regions = history_.regions();
  for (uint32_t index = 0; index < regions.size(); ++index) {
    Address lo = regions[index].userBase;
    Address hi = lo + regions[index].size;
    if (regions[index].size == 0 || !own.ranges.overlaps(lo, hi)) continue;
    own.onExposed = true;
    for (const ByteRange &range : own.ranges.ranges()) {
      Address begin = std::max(range.begin, lo);
      Address end = std::min(range.end, hi);
      if (begin < end) history_.insert(index, begin, end, record, visit, live);
    }
  }
}

void Process::issue(const RmaOperation &op) {
  flushDirect();
  ++seq_;
  uint64_t fc = fenceCount(op.target, op.context);
  IssuedOp io;
  io.seq = seq_;
  io.context = op.context;
  io.request = op.request;
  auto addBuffer = [&](AccessKind kind, const ByteRanges &ranges) -> uint32_t {
    if (ranges.empty()) return kNone;
    checkAgainstPending(ranges, kind, nullptr, kNone, op.site, ranges.totalBytes(), false);
    uint32_t id = newOwnAccess(kind, ranges, op, fc);
    recordOwnOnExposed(id);
    return id;
  };
  io.readBuffer = addBuffer(AccessKind::BufferRead, op.originRead);
  io.writeBuffer = addBuffer(AccessKind::BufferWrite, op.originWrite);

  bool remote = op.remoteRead || op.remoteWrite;
  AccessKind remoteKind = op.remoteWrite ? AccessKind::RemoteWrite : AccessKind::RemoteRead;
  if (remote && op.target == rank()) {
    std::optional<ByteRanges> ranges =
        resolveTarget(op.segment, op.targetRanges, rank(), op.site, nullptr);
    if (ranges) {
      checkAgainstPending(*ranges, remoteKind, &op.atomicity, kNone, op.site, ranges->totalBytes(),
                          false);
      io.selfRemote = newOwnAccess(remoteKind, *ranges, op, fc);
      // Also a remote access of this process's memory, for other origins' accesses.
      uint32_t id;
      if (!freeRemote_.empty()) {
        id = freeRemote_.back();
        freeRemote_.pop_back();
      } else {
        id = static_cast<uint32_t>(remote_.size());
        remote_.push_back(std::make_unique<RemoteAccess>());
      }
      RemoteAccess &r = *remote_[id];
      r = RemoteAccess{};
      r.origin = rank();
      r.seq = seq_;
      r.kind = remoteKind;
      r.atomicity = op.atomicity;
      r.context = op.context;
      r.segment = op.segment;
      r.ranges = *ranges;
      r.size = ranges->totalBytes();
      r.regionStart = epoch();
      r.snapshot = std::make_shared<const VectorClock>(sync_.clock());
      r.fenceCount = fc;
      r.site = op.site;
      io.selfRemoteRecord = id;
      insertRemote(id);
    }
  } else if (remote) {
    bool bufferPending = io.readBuffer != kNone && !op.locallyBlocking;
    forward(op, fc, bufferPending);
    io.remoteReadOpen = op.remoteRead;
    io.remoteWriteOpen = op.remoteWrite;
  }
  out(op.target).lastOpSeq = seq_;

  if (op.locallyBlocking) {
    for (uint32_t id : {io.readBuffer, io.writeBuffer}) {
      if (id == kNone) continue;
      own_[id]->completionSite = op.site;
      completeOwnAccess(id, epoch());
    }
    io.readBuffer = io.writeBuffer = kNone;
  }
  openOps_[op.target].push_back(io);
  if (op.remoteReadBlocking) {
    // A blocking get returns with its remote read complete (individual completion, R9).
    std::vector<IssuedOp> &ops = openOps_[op.target];
    IssuedOp &last = ops.back();
    if (last.remoteReadOpen) {
      emitCompletionNotice(op.target, kAnyContext, 0, true, false, seq_, epoch() + 1);
      last.remoteReadOpen = false;
    }
    if (last.selfRemote != kNone && !op.remoteWrite) {
      own_[last.selfRemote]->completionSite = op.site;
      completeOwnAccess(last.selfRemote, epoch());
      setRemoteCompletion(last.selfRemoteRecord, {rank(), epoch() + 1}, seq_);
      last.selfRemote = kNone;
    }
    if (last.done()) ops.pop_back();
  }
}

void Process::emitCompletionNotice(Rank target, ContextId context, Sequence bound, bool reads,
                                   bool writes, Sequence single, Epoch threshold) {
  PeerOut &peer = out(target);
  WireWriter w(peer.open);
  w.put(WireTag::Complete);
  w.put<ContextId>(context);
  w.put<Sequence>(bound); // bulk: matching accesses issued before this sequence
  w.put<uint8_t>(static_cast<uint8_t>((reads ? 1 : 0) | (writes ? 2 : 0)));
  w.put<Sequence>(single); // individual: exactly this access
  w.put<Epoch>(threshold);
  w.put<Sequence>(seq_);
  if (peer.open.size() >= options_.batchLimit) seal(target);
}

void Process::complete(const Completion &c) {
  flushDirect();
  ++seq_;
  applyOriginCompletion(c, false);
}

void Process::applyOriginCompletion(const Completion &c, bool) {
  Epoch now = epoch();
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
    for (IssuedOp &op : ops) {
      if (!c.appliesTo(target, op.context)) continue;
      if (c.kind == CompletionKind::LocalComplete && op.request != c.request) continue;
      auto finishBuffer = [&](uint32_t &id) {
        if (id == kNone) return;
        own_[id]->completionSite = c.site;
        completeOwnAccess(id, now);
        id = kNone;
      };
      if (buffersRead) finishBuffer(op.readBuffer);
      if (buffersWrite) finishBuffer(op.writeBuffer);
      if (op.selfRemote != kNone) {
        AccessKind k = own_[op.selfRemote]->kind;
        bool completes = k == AccessKind::RemoteRead ? remoteRead : remoteWrite;
        if (completes) {
          own_[op.selfRemote]->completionSite = c.site;
          completeOwnAccess(op.selfRemote, now);
          setRemoteCompletion(op.selfRemoteRecord, {rank(), now + 1}, seq_);
          op.selfRemote = kNone;
        }
      }
      if (op.remoteReadOpen && remoteRead) {
        op.remoteReadOpen = false;
        noticeReads = true;
        single = op.seq;
      }
      if (op.remoteWriteOpen && remoteWrite) {
        op.remoteWriteOpen = false;
        noticeWrites = true;
        single = op.seq;
      }
    }
    if (noticeReads || noticeWrites) {
      bool individual = c.kind == CompletionKind::LocalComplete;
      emitCompletionNotice(target, c.context, individual ? 0 : seq_, remoteRead, remoteWrite,
                           individual ? single : 0, now + 1);
    }
    std::erase_if(ops, [](const IssuedOp &op) { return op.done(); });
    if (ops.empty())
      it = openOps_.erase(it);
    else
      ++it;
  }
}

void Process::notify(Rank target, SignalId signal, uint64_t value, ContextId context,
                     bool includesLast, LocationHandle site) {
  flushDirect();
  ++seq_;
  PeerOut &peer = out(target);
  sendLocation(peer, site);
  WireWriter w(peer.open);
  w.put(WireTag::Notify);
  w.put<SignalId>(signal);
  w.put<uint64_t>(value);
  w.put<ContextId>(context);
  w.put<uint64_t>(fenceCount(target, context));
  w.put<Sequence>(includesLast ? peer.lastOpSeq : 0);
  w.put<Sequence>(seq_);
}

// ---- Access epochs
// --------------------------------------------------------------------------------

void Process::openPassiveEpoch(ContextId context, Rank target) {
  EpochClock &ec = epochClocks_[{context, target}];
  ec = EpochClock{};
  ec.passive = true;
  ec.lockEpoch = nextLockEpoch_++;
  ec.version = ++clockVersion_;
}

void Process::acquisitionKnown(ContextId context, Rank target, const ResourcePayload &deposit) {
  auto it = epochClocks_.find({context, target});
  if (it == epochClocks_.end()) {
    auto all = epochClocks_.find({context, kAllRanks});
    if (all == epochClocks_.end()) return;
    it = epochClocks_.emplace(std::make_pair(context, target), all->second).first;
  }
  EpochClock &ec = it->second;
  if (ec.acquired) return;
  ec.acquired = true;
  ec.clock = deposit.clock.size() ? deposit.clock : VectorClock(worldSize());
  ec.version = ++clockVersion_;
  // The target must first see what earlier holders sent it.
  std::vector<LedgerEntry> column;
  for (std::size_t o = 0; o < deposit.sentToDeposition.size(); ++o) {
    if (deposit.sentToDeposition[o] > 0)
      column.push_back({static_cast<Rank>(o), target, deposit.sentToDeposition[o]});
  }
  sync_.ledger().learn(column);
  PeerOut &peer = out(target);
  WireWriter w(peer.open);
  w.put(WireTag::EpochClock);
  w.put<uint64_t>(ec.lockEpoch);
  w.putClock(ec.clock);
}

void Process::closePassiveEpoch(ContextId context, Rank target) {
  if (target != kAllRanks) {
    epochClocks_.erase({context, target});
    return;
  }
  std::erase_if(epochClocks_, [&](const auto &entry) {
    return entry.first.first == context && entry.second.passive;
  });
}

void Process::openActiveEpoch(ContextId context, Rank target, const ClockPayload &post) {
  EpochClock &ec = epochClocks_[{context, target}];
  ec = EpochClock{};
  ec.clock = post.clock;
  ec.acquired = true;
  ec.version = ++clockVersion_;
  sync_.ledger().learn(post.ledger);
}

void Process::closeActiveEpoch(ContextId context) {
  std::erase_if(epochClocks_, [&](const auto &entry) {
    return entry.first.first == context && !entry.second.passive;
  });
}

// ---- Forwarding ---------------------------------------------------------------------------------

Process::PeerOut &Process::out(Rank peer) {
  return peers_[peer];
}

void Process::sendLocation(PeerOut &peer, LocationHandle site) {
  if (!peer.sentLocations.insert(site).second) return;
  Location loc = host_.resolve(site);
  WireWriter w(peer.open);
  w.put(WireTag::Location);
  w.put<LocationHandle>(site);
  w.putString(loc.file);
  w.putString(loc.function);
  w.putString(loc.call);
  w.put<uint32_t>(loc.line);
  w.put<uint32_t>(loc.column);
}

uint32_t Process::snapshotFor(Rank target, ContextId context, bool &provisional,
                              uint64_t &lockEpoch) {
  PeerOut &peer = out(target);
  auto it = epochClocks_.find({context, target});
  if (it == epochClocks_.end()) {
    auto all = epochClocks_.find({context, kAllRanks});
    if (all != epochClocks_.end())
      it = epochClocks_.emplace(std::make_pair(context, target), all->second).first;
  }
  const EpochClock *ec = it == epochClocks_.end() ? nullptr : &it->second;
  provisional = ec && ec->passive && !ec->acquired;
  lockEpoch = ec && ec->passive ? ec->lockEpoch : 0;
  std::pair<uint64_t, uint64_t> key{clockVersion_, ec ? ec->version : 0};
  if (key != peer.snapshotKey || peer.snapshotId == 0) {
    VectorClock clock = sync_.clock();
    if (ec && ec->acquired) clock.merge(ec->clock);
    peer.snapshotKey = key;
    ++peer.snapshotId;
    WireWriter w(peer.open);
    w.put(WireTag::Snapshot);
    w.put<uint32_t>(peer.snapshotId);
    w.putClock(clock);
  }
  return peer.snapshotId;
}

void Process::forward(const RmaOperation &op, uint64_t fc, bool bufferPending) {
  PeerOut &peer = out(op.target);
  sendLocation(peer, op.site);
  bool provisional = false;
  uint64_t lockEpoch = 0;
  uint32_t snapshot = snapshotFor(op.target, op.context, provisional, lockEpoch);
  WireWriter w(peer.open);
  w.put(WireTag::Access);
  w.put<Sequence>(seq_);
  w.put<SegmentId>(op.segment);
  w.put<ContextId>(op.context);
  w.put<uint8_t>(static_cast<uint8_t>(
      (op.remoteRead ? 1 : 0) | (op.remoteWrite ? 2 : 0) | (provisional ? 4 : 0) |
      (bufferPending ? 8 : 0) | (op.atomicity.anyOpCompatible ? 16 : 0) | (op.direct ? 32 : 0) |
      (op.languageAtomic ? 64 : 0) | (op.atomicity.orderedFromSameOrigin ? 128 : 0)));
  w.put<AtomicOp>(op.atomicity.op);
  w.put<BasicType>(op.atomicity.type);
  w.put<uint32_t>(op.atomicity.elementSize);
  w.put<uint64_t>(fc);
  w.put<uint32_t>(snapshot);
  w.put<uint64_t>(lockEpoch);
  w.put<LocationHandle>(op.site);
  w.put<uint32_t>(static_cast<uint32_t>(op.targetRanges.ranges().size()));
  for (const ByteRange &r : op.targetRanges.ranges()) {
    w.put<Address>(r.begin);
    w.put<uint64_t>(r.size());
  }
  if (op.direct) w.put<uint64_t>(op.accessSize);
  if (peer.open.size() >= options_.batchLimit) seal(op.target);
}

void Process::seal(Rank peerRank) {
  PeerOut &peer = out(peerRank);
  if (peer.open.empty()) return;
  sync_.ledger().recordSend(peerRank);
  Batch batch;
  batch.peer = peerRank;
  WireWriter w(batch.bytes);
  std::vector<LedgerEntry> header = sync_.ledger().deltaFor(peerRank, kBatchStream);
  w.put<uint32_t>(static_cast<uint32_t>(header.size()));
  for (const LedgerEntry &e : header) w.put(e);
  batch.bytes.insert(batch.bytes.end(), peer.open.begin(), peer.open.end());
  peer.open.clear();
  sealed_.push_back(std::move(batch));
}

void Process::sealAll() {
  for (auto &[rank, peer] : peers_)
    if (!peer.open.empty()) seal(rank);
}

// ---- Implicit completion through notifications (Fig. 6.7) ---------------------------------------

void Process::onAck(Rank from, WireReader &in) {
  Epoch threshold = in.get<Epoch>();
  auto n = in.get<uint32_t>();
  std::vector<Sequence> seqs(n);
  for (auto &s : seqs) s = in.get<Sequence>();
  auto it = openOps_.find(from);
  if (it == openOps_.end()) return;
  for (IssuedOp &op : it->second) {
    if (std::find(seqs.begin(), seqs.end(), op.seq) == seqs.end()) continue;
    // The remote write completed at the target's wait; the origin learns it once it knows that
    // wait happened, and with it that the buffer read is over too (R5: remote completion of a
    // write implies its local completion).
    if (op.readBuffer != kNone) awaitingPoint_.push_back({{from, threshold}, op.readBuffer});
    op.readBuffer = kNone;
    op.remoteWriteOpen = false;
  }
  std::erase_if(it->second, [](const IssuedOp &op) { return op.done(); });
  if (it->second.empty()) openOps_.erase(it);
  pendingAckCompletions();
}

void Process::pendingAckCompletions() {
  std::erase_if(awaitingPoint_, [this](const std::pair<CompletionPoint, uint32_t> &entry) {
    Epoch known = sync_.firstEpochKnowing(entry.first.rank, entry.first.threshold);
    if (known == kEpochInfinity) return false;
    // Known from the wait that started epoch `known`: the buffer access ends before it.
    own_[entry.second]->completionSite = sync_.siteOfEpoch(known);
    completeOwnAccess(entry.second, known - 1);
    return true;
  });
}

} // namespace rmarace
