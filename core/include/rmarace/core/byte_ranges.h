// Exact byte ranges of an access. Derived datatypes touch only their elements, so an access is a
// sorted list of disjoint half-open ranges.
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <cstdint>
#include <vector>

namespace rmarace {

struct ByteRange {
  Address begin = 0;
  Address end = 0; // exclusive
  uint64_t size() const { return end - begin; }
  bool operator==(const ByteRange &) const = default;
};

class RMARACE_API ByteRanges {
public:
  ByteRanges() = default;
  ByteRanges(Address begin, uint64_t size) { add(begin, size); }

  // Adds [begin, begin+size), merging with touching ranges. Ranges may arrive in any order.
  void add(Address begin, uint64_t size);
  // A strided block pattern: `count` blocks of `blockSize` bytes, `stride` bytes apart.
  void addStrided(Address begin, uint64_t blockSize, uint64_t stride, uint64_t count);
  ByteRanges shifted(int64_t delta) const;

  bool empty() const { return ranges_.empty(); }
  uint64_t totalBytes() const;
  Address lowest() const { return ranges_.empty() ? 0 : ranges_.front().begin; }
  Address highest() const { return ranges_.empty() ? 0 : ranges_.back().end; }
  const std::vector<ByteRange> &ranges() const { return ranges_; }

  bool overlaps(const ByteRanges &other) const;
  bool overlaps(Address begin, Address end) const;
  // The first overlapping range with another access (for reports); empty if none.
  ByteRange firstOverlap(const ByteRanges &other) const;
  ByteRange firstOverlap(Address begin, Address end) const;

  bool operator==(const ByteRanges &) const = default;

private:
  void normalize();
  std::vector<ByteRange> ranges_;
  bool sorted_ = true;
};

} // namespace rmarace
