// Plain accesses of untracked memory, remembered per thread while a process has more than one
// thread (docs/hybrid.md, "Buffers filled by another thread"). A private buffer becomes tracked
// only at the RMA call that uses it, so a thread that filled it earlier, unordered with the call,
// would otherwise go unchecked (dissertation 2.3.5); the engine asks for these accesses when a
// call makes memory a buffer (ProcessHost::untrackedAccesses).
//
// Each thread appends to a log of its own without a lock: the hot path of a multithreaded
// process. Consecutive accesses of one site that touch or overlap merge into one entry, so a loop
// that fills a buffer leaves one entry. A log is a ring: the oldest entries give way, so a race
// with an access long before the call can be missed, never invented. The engine lock holder reads
// every log; each entry is a seqlock, so a reader never sees a half-written entry.
#pragma once

#include "rmarace/core/race.h"
#include "rmarace/core/types.h"
#include "rmarace/rmarace.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace rmarace::rt {

class UntrackedAccessLog;

class UntrackedAccesses {
public:
  // Engine threads (and task identities) numbered from this on are not logged.
  static constexpr ThreadId kMaxLoggedThreads = 4096;

  UntrackedAccesses() = default;
  UntrackedAccesses(const UntrackedAccesses &) = delete;
  UntrackedAccesses &operator=(const UntrackedAccesses &) = delete;

  // The epoch of engine thread `thread` as the engine last left it: only the OS thread that runs
  // `thread` changes it, under the engine lock, and publishes it when it leaves the engine.
  void publish(ThreadId thread, Epoch epoch);
  // Unknown (false) until published.
  bool published(ThreadId thread, Epoch &epoch) const;

  // Remembers an access of the calling OS thread, running as engine thread `thread` at `epoch`.
  void record(ThreadId thread, Epoch epoch, Address addr, uint64_t size, bool write, bool atomic,
              const rmarace_location *site);
  // Visits the remembered accesses that overlap [begin, end). Called with the engine lock held.
  void visit(Address begin, Address end, FunctionRef<void(const UntrackedAccess &)> each) const;

  // This OS thread ends: the accesses it logged to its own stack are of memory that no longer
  // exists (a later thread may get the same stack).
  static void threadExits();

private:
  UntrackedAccessLog &logOfThisThread();

  std::array<std::atomic<Epoch>, kMaxLoggedThreads> epochs_{}; // epoch + 1, 0: unknown
  mutable std::mutex registryLock_;                            // guards logs_, not their entries
  std::vector<UntrackedAccessLog *> logs_;                     // never freed: see threadExits
};

} // namespace rmarace::rt
