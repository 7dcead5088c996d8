#include "rmarace/core/vector_clock.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

bool VectorClock::merge(const VectorClock &other) {
  assert(other.entries_.size() == entries_.size());
  bool grew = false;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (other.entries_[i] > entries_[i]) {
      entries_[i] = other.entries_[i];
      grew = true;
    }
  }
  return grew;
}

bool VectorClock::lessOrEqual(const VectorClock &other) const {
  assert(other.entries_.size() == entries_.size());
  return std::equal(entries_.begin(), entries_.end(), other.entries_.begin(),
                    [](Epoch a, Epoch b) { return a <= b; });
}

} // namespace rmarace
