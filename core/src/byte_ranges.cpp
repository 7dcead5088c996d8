#include "rmarace/core/byte_ranges.h"

#include <algorithm>

namespace rmarace {

void ByteRanges::push(const ByteRange &r) {
  if (many_.empty() && !hasOne_) {
    one_ = r;
    hasOne_ = true;
    return;
  }
  if (many_.empty()) many_.push_back(one_);
  many_.push_back(r);
}

void ByteRanges::add(Address begin, uint64_t size) {
  if (size == 0) return;
  ByteRange r{begin, begin + size};
  std::span<ByteRange> ranges = mutableRanges();
  if (!ranges.empty()) {
    ByteRange &last = ranges.back();
    if (r.begin >= last.begin && r.begin <= last.end) { // common case: ascending, touching
      last.end = std::max(last.end, r.end);
      return;
    }
    if (r.begin < last.end) sorted_ = false;
  }
  push(r);
  if (!sorted_) normalize();
}

void ByteRanges::addStrided(Address begin, uint64_t blockSize, uint64_t stride, uint64_t count) {
  for (uint64_t i = 0; i < count; ++i) add(begin + i * stride, blockSize);
}

// Only ever needed with two or more ranges, which live in many_.
void ByteRanges::normalize() {
  std::sort(many_.begin(), many_.end(),
            [](const ByteRange &a, const ByteRange &b) { return a.begin < b.begin; });
  std::vector<ByteRange> merged;
  for (const ByteRange &r : many_) {
    if (!merged.empty() && r.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, r.end);
    else
      merged.push_back(r);
  }
  many_ = std::move(merged);
  sorted_ = true;
}

bool ByteRanges::operator==(const ByteRanges &other) const {
  return std::ranges::equal(ranges(), other.ranges());
}

ByteRanges ByteRanges::shifted(int64_t delta) const {
  ByteRanges out = *this;
  for (ByteRange &r : out.mutableRanges()) {
    r.begin = static_cast<Address>(static_cast<int64_t>(r.begin) + delta);
    r.end = static_cast<Address>(static_cast<int64_t>(r.end) + delta);
  }
  return out;
}

uint64_t ByteRanges::totalBytes() const {
  uint64_t total = 0;
  for (const ByteRange &r : ranges()) total += r.size();
  return total;
}

ByteRange ByteRanges::firstOverlap(Address begin, Address end) const {
  std::span<const ByteRange> ranges = this->ranges();
  auto it = std::upper_bound(ranges.begin(), ranges.end(), begin,
                             [](Address a, const ByteRange &r) { return a < r.end; });
  if (it == ranges.end() || it->begin >= end) return {};
  return {std::max(begin, it->begin), std::min(end, it->end)};
}

bool ByteRanges::overlaps(Address begin, Address end) const {
  return firstOverlap(begin, end).size() > 0;
}

ByteRange ByteRanges::firstOverlap(const ByteRanges &other) const {
  std::span<const ByteRange> mine = ranges(), theirs = other.ranges();
  auto a = mine.begin();
  auto b = theirs.begin();
  while (a != mine.end() && b != theirs.end()) {
    Address lo = std::max(a->begin, b->begin);
    Address hi = std::min(a->end, b->end);
    if (lo < hi) return {lo, hi};
    if (a->end <= b->end)
      ++a;
    else
      ++b;
  }
  return {};
}

bool ByteRanges::overlaps(const ByteRanges &other) const {
  return firstOverlap(other).size() > 0;
}

} // namespace rmarace
