#include "rmarace/core/byte_ranges.h"

#include <algorithm>

namespace rmarace {

void ByteRanges::add(Address begin, uint64_t size) {
  if (size == 0) return;
  ByteRange r{begin, begin + size};
  if (!ranges_.empty()) {
    ByteRange &last = ranges_.back();
    if (r.begin >= last.begin && r.begin <= last.end) { // common case: ascending, touching
      last.end = std::max(last.end, r.end);
      return;
    }
    if (r.begin < last.end) sorted_ = false;
  }
  ranges_.push_back(r);
  if (!sorted_) normalize();
}

void ByteRanges::addStrided(Address begin, uint64_t blockSize, uint64_t stride, uint64_t count) {
  for (uint64_t i = 0; i < count; ++i) add(begin + i * stride, blockSize);
}

void ByteRanges::normalize() {
  std::sort(ranges_.begin(), ranges_.end(),
            [](const ByteRange &a, const ByteRange &b) { return a.begin < b.begin; });
  std::vector<ByteRange> merged;
  for (const ByteRange &r : ranges_) {
    if (!merged.empty() && r.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, r.end);
    else
      merged.push_back(r);
  }
  ranges_ = std::move(merged);
  sorted_ = true;
}

ByteRanges ByteRanges::shifted(int64_t delta) const {
  ByteRanges out;
  out.ranges_ = ranges_;
  for (ByteRange &r : out.ranges_) {
    r.begin = static_cast<Address>(static_cast<int64_t>(r.begin) + delta);
    r.end = static_cast<Address>(static_cast<int64_t>(r.end) + delta);
  }
  return out;
}

uint64_t ByteRanges::totalBytes() const {
  uint64_t total = 0;
  for (const ByteRange &r : ranges_) total += r.size();
  return total;
}

ByteRange ByteRanges::firstOverlap(Address begin, Address end) const {
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), begin,
                             [](Address a, const ByteRange &r) { return a < r.end; });
  if (it == ranges_.end() || it->begin >= end) return {};
  return {std::max(begin, it->begin), std::min(end, it->end)};
}

bool ByteRanges::overlaps(Address begin, Address end) const {
  return firstOverlap(begin, end).size() > 0;
}

ByteRange ByteRanges::firstOverlap(const ByteRanges &other) const {
  auto a = ranges_.begin();
  auto b = other.ranges_.begin();
  while (a != ranges_.end() && b != other.ranges_.end()) {
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
