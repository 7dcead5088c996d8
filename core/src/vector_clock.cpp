#include "rmarace/core/vector_clock.h"

#include <algorithm>
#include <cassert>

namespace rmarace {

namespace {
bool slotBefore(const ThreadEntry &e, const ClockSlot &s) {
  return e.slot < s;
}
} // namespace

Epoch VectorClock::at(ClockSlot s) const {
  if (s.thread == kInitialThread) return (*this)[s.rank];
  auto it = std::lower_bound(threads_.begin(), threads_.end(), s, slotBefore);
  return it != threads_.end() && it->slot == s ? it->epoch : 0;
}

void VectorClock::set(ClockSlot s, Epoch e) {
  if (s.thread == kInitialThread) return set(s.rank, e);
  auto it = std::lower_bound(threads_.begin(), threads_.end(), s, slotBefore);
  if (it != threads_.end() && it->slot == s)
    it->epoch = e;
  else
    threads_.insert(it, ThreadEntry{s, e});
}

void VectorClock::setThreadEntries(std::vector<ThreadEntry> entries) {
  threads_ = std::move(entries);
  std::sort(threads_.begin(), threads_.end(),
            [](const ThreadEntry &a, const ThreadEntry &b) { return a.slot < b.slot; });
}

bool VectorClock::merge(const VectorClock &other) {
  assert(other.entries_.size() == entries_.size());
  bool grew = false;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (other.entries_[i] > entries_[i]) {
      entries_[i] = other.entries_[i];
      grew = true;
    }
  }
  if (other.threads_.empty()) return grew;
  // Merge of two sorted sparse lists.
  std::vector<ThreadEntry> merged;
  merged.reserve(threads_.size() + other.threads_.size());
  auto a = threads_.cbegin();
  auto b = other.threads_.cbegin();
  while (a != threads_.cend() || b != other.threads_.cend()) {
    if (b == other.threads_.cend() || (a != threads_.cend() && a->slot < b->slot)) {
      merged.push_back(*a++);
    } else if (a == threads_.cend() || b->slot < a->slot) {
      merged.push_back(*b++);
      grew = true;
    } else {
      grew |= b->epoch > a->epoch;
      merged.push_back({a->slot, std::max(a->epoch, b->epoch)});
      ++a;
      ++b;
    }
  }
  threads_ = std::move(merged);
  return grew;
}

bool VectorClock::lessOrEqual(const VectorClock &other) const {
  assert(other.entries_.size() == entries_.size());
  if (!std::equal(entries_.begin(), entries_.end(), other.entries_.begin(),
                  [](Epoch a, Epoch b) { return a <= b; }))
    return false;
  return std::all_of(threads_.begin(), threads_.end(),
                     [&](const ThreadEntry &e) { return e.epoch <= other.at(e.slot); });
}

} // namespace rmarace
