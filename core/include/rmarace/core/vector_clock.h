// Vector clocks (dissertation 3.1, Def. 3.2 and 3.3), with a component per thread (3.6).
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/core/visibility.h"

#include <cstddef>
#include <span>
#include <vector>

namespace rmarace {

// A component of a thread other than a rank's initial thread.
struct ThreadEntry {
  ClockSlot slot;
  Epoch epoch = 0;
  bool operator==(const ThreadEntry &) const = default;
};

// A vector clock over the threads of the world's ranks. The initial thread of every rank has a
// dense entry (indexed by rank); the few other threads that exist are kept sparse, sorted by
// slot, so that a single-threaded run pays nothing for them.
class RMARACE_API VectorClock {
public:
  VectorClock() = default;
  explicit VectorClock(std::size_t ranks) : entries_(ranks, 0) {}
  explicit VectorClock(std::vector<Epoch> entries) : entries_(std::move(entries)) {}

  // Number of ranks (dense entries).
  std::size_t size() const { return entries_.size(); }
  // The initial thread's component of rank r.
  Epoch operator[](Rank r) const { return entries_[static_cast<std::size_t>(r)]; }
  void set(Rank r, Epoch e) { entries_[static_cast<std::size_t>(r)] = e; }
  Epoch tick(Rank r) { return ++entries_[static_cast<std::size_t>(r)]; }

  // Any thread's component.
  Epoch at(ClockSlot s) const;
  void set(ClockSlot s, Epoch e);

  // Element-wise maximum. Returns true when any entry grew.
  bool merge(const VectorClock &other);
  // V <= V' (Def. 3.3).
  bool lessOrEqual(const VectorClock &other) const;
  bool operator==(const VectorClock &other) const = default;

  std::span<const Epoch> entries() const { return entries_; }
  std::span<Epoch> mutableEntries() { return entries_; }
  // The components of threads other than initial ones, sorted by slot.
  std::span<const ThreadEntry> threadEntries() const { return threads_; }
  void setThreadEntries(std::vector<ThreadEntry> entries);

private:
  std::vector<Epoch> entries_;
  std::vector<ThreadEntry> threads_;
};

} // namespace rmarace
