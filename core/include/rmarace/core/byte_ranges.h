// Exact byte ranges of an access. Derived datatypes touch only their elements, so an access is a
// sorted list of disjoint half-open ranges.
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <cstdint>
#include <span>
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

  bool empty() const { return ranges().empty(); }
  uint64_t totalBytes() const;
  Address lowest() const { return empty() ? 0 : ranges().front().begin; }
  Address highest() const { return empty() ? 0 : ranges().back().end; }
  std::span<const ByteRange> ranges() const {
    return many_.empty() ? std::span<const ByteRange>(&one_, hasOne_ ? 1 : 0)
                         : std::span<const ByteRange>(many_);
  }

  bool overlaps(const ByteRanges &other) const;
  bool overlaps(Address begin, Address end) const;
  // The first overlapping range with another access (for reports); empty if none.
  ByteRange firstOverlap(const ByteRanges &other) const;
  ByteRange firstOverlap(Address begin, Address end) const;

  bool operator==(const ByteRanges &other) const;

private:
  std::span<ByteRange> mutableRanges() {
    return many_.empty() ? std::span<ByteRange>(&one_, hasOne_ ? 1 : 0)
                         : std::span<ByteRange>(many_);
  }
  void push(const ByteRange &r);
  void normalize();
  // Most accesses touch one contiguous range: it is kept inline, so that making, copying and
  // shifting them allocates nothing. Two or more ranges all live in many_.
  ByteRange one_{};
  bool hasOne_ = false;
  std::vector<ByteRange> many_;
  bool sorted_ = true;
};

} // namespace rmarace
