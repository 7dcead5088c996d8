// Maintains the fast filter of rmarace.h: a two-level map of pages that may hold tracked memory.
// The runtime reads its own tables; instrumented code reads the published offsets.
#pragma once

#include "rmarace/core/process.h"
#include "rmarace/rmarace.h"

#include <atomic>
#include <cstdint>
#include <unordered_map>

namespace rmarace::rt {

class PageMap final : public TrackingListener {
public:
  PageMap() = default;
  ~PageMap() override;
  PageMap(const PageMap &) = delete;
  PageMap &operator=(const PageMap &) = delete;

  // Ranges may overlap and nest; a page stays marked while any tracked range touches it. The 64
  // bytes before a range are marked too, so a scalar access that starts on the previous page and
  // ends inside the range is caught by checking its first byte only.
  void tracked(Address begin, Address end) override;
  void untracked(Address begin, Address end) override;
  // Whether any page of [addr, addr+size) may hold tracked memory (the inline filter of
  // rmarace.h, for a range). Needs no lock.
  static bool mayTrack(Address addr, uint64_t size);
  // Whether the filter lets untracked accesses through as well (every entry of rmarace.h's map
  // leads to marks that are all set): once the process has a second thread, for good.
  static bool logsUntracked() { return logsUntracked_.load(std::memory_order_relaxed); }
  static void logUntracked();

private:
  void adjust(Address begin, Address end, int delta);
  static inline std::atomic<bool> logsUntracked_{false};
  std::unordered_map<uint64_t, uint64_t> overflow_; // counts of pages past 254
};

} // namespace rmarace::rt
