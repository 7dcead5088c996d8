// Process: direct accesses, i.e. plain loads and stores of another process's memory through
// shared memory (MPI_Win_allocate_shared with MPI_Win_shared_query, shmem_ptr). The reference
// tool ignores them (dissertation 6.4); here each is a remote access of the owner's memory that
// is complete when it returns and belongs to no access epoch: only synchronisation orders it,
// as it orders the owner's own loads and stores.
#include "process_internal.h"

#include <algorithm>

namespace rmarace {

namespace {
// Bounds of the merging of direct accesses between two engine events: distinct (owner, segment,
// site, kind) keys and disjoint ranges per key.
constexpr std::size_t kMaxDirectKeys = 32;
constexpr std::size_t kMaxDirectRanges = 64;
} // namespace

void Process::mapRemoteMemory(SegmentId segment, Rank owner, Address base, uint64_t size) {
  if (size == 0 || owner == rank()) return;
  remoteMaps_[base] = RemoteMapping{segment, owner, size};
  if (listener_) listener_->tracked(base, base + size);
}

Address Process::directAccess(Address addr, uint64_t size, bool write, bool languageAtomic,
                              LocationHandle site) {
  auto it = remoteMaps_.upper_bound(addr);
  if (it == remoteMaps_.begin()) return addr;
  --it;
  Address base = it->first;
  const RemoteMapping &m = it->second;
  if (addr >= base + m.size) return addr;
  Address end = std::min(addr + size, base + m.size);
  auto same = [&](const DirectPending &d) {
    return d.owner == m.owner && d.segment == m.segment && d.site == site && d.write == write &&
           d.languageAtomic == languageAtomic;
  };
  auto pending = std::find_if(direct_.begin(), direct_.end(), same);
  if (pending == direct_.end()) {
    if (direct_.size() >= kMaxDirectKeys) flushDirect();
    DirectPending d;
    d.owner = m.owner;
    d.segment = m.segment;
    d.site = site;
    d.write = write;
    d.languageAtomic = languageAtomic;
    direct_.push_back(std::move(d));
    pending = direct_.end() - 1;
  }
  pending->offsets.add(addr - base, end - addr);
  pending->accessSize = std::max(pending->accessSize, end - addr);
  if (pending->offsets.ranges().size() >= kMaxDirectRanges) {
    issueDirect(*pending);
    direct_.erase(pending);
  }
  return end;
}

void Process::flushDirect() {
  if (direct_.empty()) return;
  std::vector<DirectPending> pending;
  pending.swap(direct_);
  for (const DirectPending &d : pending) issueDirect(d);
}

void Process::issueDirect(const DirectPending &d) {
  RmaOperation op;
  op.site = d.site;
  op.target = d.owner;
  op.segment = d.segment;
  // No access epoch's context: the snapshot is this process's clock, nothing else.
  op.context = kAnyContext;
  op.targetRanges = d.offsets;
  op.remoteRead = !d.write;
  op.remoteWrite = d.write;
  op.direct = true;
  op.languageAtomic = d.languageAtomic;
  op.accessSize = d.accessSize;
  ++seq_;
  forward(op, 0, false);
}

} // namespace rmarace
