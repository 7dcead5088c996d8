#include "direct_accesses.h"

#include "origin_tracker.h"
#include "segment_table.h"

#include <algorithm>

namespace rmarace {

namespace {
// Bounds of the merging of direct accesses between two engine events: distinct (owner, segment,
// site, kind) keys and disjoint ranges per key.
constexpr std::size_t kMaxDirectKeys = 32;
constexpr std::size_t kMaxDirectRanges = 64;
} // namespace

DirectAccesses::DirectAccesses(const SegmentTable &segments, OriginTracker &origin)
    : segments_(segments), origin_(origin) {}

Address DirectAccesses::access(Address addr, uint64_t size, bool write, bool languageAtomic,
                               LocationHandle site) {
  const SegmentTable::RemoteMapping *m = segments_.mappingAt(addr);
  if (!m) return addr;
  Address end = std::min(addr + size, m->base + m->size);
  auto same = [&](const Pending &d) {
    return d.owner == m->owner && d.segment == m->segment && d.site == site && d.write == write &&
           d.languageAtomic == languageAtomic;
  };
  auto pending = std::find_if(pending_.begin(), pending_.end(), same);
  if (pending == pending_.end()) {
    if (pending_.size() >= kMaxDirectKeys) flush();
    Pending d;
    d.owner = m->owner;
    d.segment = m->segment;
    d.site = site;
    d.write = write;
    d.languageAtomic = languageAtomic;
    pending_.push_back(std::move(d));
    pending = pending_.end() - 1;
  }
  pending->offsets.add(addr - m->base, end - addr);
  pending->accessSize = std::max(pending->accessSize, end - addr);
  if (pending->offsets.ranges().size() >= kMaxDirectRanges) {
    issue(*pending);
    pending_.erase(pending);
  }
  return end;
}

void DirectAccesses::flush() {
  if (pending_.empty()) return;
  std::vector<Pending> pending;
  pending.swap(pending_);
  for (const Pending &d : pending) issue(d);
}

void DirectAccesses::issue(const Pending &d) {
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
  origin_.issueDirect(op);
}

} // namespace rmarace
