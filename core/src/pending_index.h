// The byte ranges of this process's own accesses that are still in flight (pending), by address.
// Every plain load and store and every later RMA call is checked against them in program order
// (docs/design.md "Concurrent regions"), so a lookup is on the hot path of every instrumented
// access while any buffer is in flight: it neither allocates nor visits an access twice, and a
// bounding test skips it for accesses nowhere near a pending range.
#pragma once

#include "rmarace/core/byte_ranges.h"
#include "rmarace/core/spare_nodes.h"
#include "rmarace/core/types.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <vector>

namespace rmarace {

class PendingIndex {
public:
  bool empty() const { return index_.empty(); }
  void add(uint32_t id, const ByteRanges &ranges) {
    for (const ByteRange &r : ranges.ranges()) {
      spare_.insert(index_, r.begin, id);
      maxLength_ = std::max(maxLength_, r.size());
      maxEnd_ = std::max(maxEnd_, r.end);
    }
  }
  void remove(uint32_t id, const ByteRanges &ranges) {
    for (const ByteRange &r : ranges.ranges()) {
      auto [lo, hi] = index_.equal_range(r.begin);
      auto it = std::find_if(lo, hi, [&](const auto &entry) { return entry.second == id; });
      if (it != hi) spare_.erase(index_, it, kSpareNodes);
    }
    if (index_.empty()) maxLength_ = maxEnd_ = 0;
  }

  // Calls visit(id) once for every access with a range that may overlap [lo, hi): those with a
  // range beginning in [lo - longest range, hi), each at its first such range, in address order.
  // rangesOf(id) gives the ranges an access was added with.
  template <class RangesOf, class Visit>
  void forEachCandidate(Address lo, Address hi, const RangesOf &rangesOf, Visit &&visit) const {
    if (!mayOverlap(lo, hi)) return;
    Address from = windowStart(lo);
    for (auto it = index_.lower_bound(from); it != index_.end() && it->first < hi; ++it) {
      if (firstInWindow(rangesOf(it->second).ranges(), it->first, from)) visit(it->second);
    }
  }
  // Whether any pending range overlaps [lo, hi).
  template <class RangesOf> bool overlaps(Address lo, Address hi, const RangesOf &rangesOf) const {
    if (!mayOverlap(lo, hi)) return false;
    for (auto it = index_.lower_bound(windowStart(lo)); it != index_.end() && it->first < hi; ++it)
      if (rangesOf(it->second).overlaps(lo, hi)) return true;
    return false;
  }

private:
  // A cheap test before the ordered lookup: some range begins before hi and ends after lo.
  bool mayOverlap(Address lo, Address hi) const {
    return !index_.empty() && index_.begin()->first < hi && lo < maxEnd_;
  }
  Address windowStart(Address lo) const { return lo >= maxLength_ ? lo - maxLength_ : 0; }
  // Whether the access's range beginning at `begin` is the first of its ranges at or after
  // `from` (the ranges are sorted).
  static bool firstInWindow(std::span<const ByteRange> ranges, Address begin, Address from) {
    if (ranges.front().begin == begin) return true;
    auto at = std::lower_bound(ranges.begin(), ranges.end(), begin,
                               [](const ByteRange &r, Address a) { return r.begin < a; });
    return std::prev(at)->begin < from;
  }

  using Index = std::multimap<Address, uint32_t>; // range begin -> access
  Index index_;
  // Entries of completed accesses, for the next ones to take: a loop of RMA calls completes and
  // issues the same number of ranges every epoch.
  static constexpr std::size_t kSpareNodes = 64;
  SpareNodes<Index> spare_;
  // Longest range and highest end added since the index was last empty: upper bounds.
  uint64_t maxLength_ = 0;
  Address maxEnd_ = 0;
};

} // namespace rmarace
