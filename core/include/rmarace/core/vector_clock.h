// Vector clocks (dissertation 3.1, Def. 3.2 and 3.3).
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <cstddef>
#include <span>
#include <vector>

namespace rmarace {

// A vector clock over the world's ranks. Dense for now; callers only use the operations below,
// so the representation can become sparse without touching them.
class RMARACE_API VectorClock {
public:
  VectorClock() = default;
  explicit VectorClock(std::size_t ranks) : entries_(ranks, 0) {}
  explicit VectorClock(std::vector<Epoch> entries) : entries_(std::move(entries)) {}

  std::size_t size() const { return entries_.size(); }
  Epoch operator[](Rank r) const { return entries_[static_cast<std::size_t>(r)]; }
  void set(Rank r, Epoch e) { entries_[static_cast<std::size_t>(r)] = e; }
  Epoch tick(Rank r) { return ++entries_[static_cast<std::size_t>(r)]; }

  // Element-wise maximum. Returns true when any entry grew.
  bool merge(const VectorClock &other);
  // V <= V' (Def. 3.3).
  bool lessOrEqual(const VectorClock &other) const;
  bool operator==(const VectorClock &other) const = default;

  std::span<const Epoch> entries() const { return entries_; }
  std::span<Epoch> mutableEntries() { return entries_; }

private:
  std::vector<Epoch> entries_;
};

} // namespace rmarace
