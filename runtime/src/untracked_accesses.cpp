#include "untracked_accesses.h"

#include <algorithm>
#include <pthread.h>

namespace rmarace::rt {

namespace {

constexpr std::size_t kLogEntries = 1024; // a power of two
// A new access merges into one of the newest entries: loops alternate between a few sites.
constexpr std::size_t kMergeCandidates = 4;
// A coarse summary of the addresses a log holds, so that a call on a buffer no other thread
// touched skips the log: one bit per 64 KiB granule, direct-mapped.
constexpr unsigned kGranuleShift = 16;
constexpr std::size_t kSummaryBits = 256;
constexpr std::size_t kSummaryWords = kSummaryBits / 64;
// A range this wide is looked up without the summary.
constexpr uint64_t kSummaryMaxGranules = kSummaryBits;
// A reader that keeps meeting an entry being rewritten gives it up (a possible miss, no report).
constexpr int kReadAttempts = 8;

constexpr uint8_t kWrite = 1;
constexpr uint8_t kAtomic = 2;

} // namespace

// One OS thread's ring of merged accesses. The owner writes; the engine lock holder reads.
class UntrackedAccessLog {
public:
  struct Snapshot {
    Address begin, end;
    Epoch epoch;
    uintptr_t site;
    ThreadId thread;
    uint8_t flags;
  };

  void record(const Snapshot &access);
  template <class Visit> void visit(Address begin, Address end, Visit &&each) const;
  // Forgets the entries inside [begin, end) (owner only).
  void forget(Address begin, Address end);

private:
  struct Entry {
    std::atomic<uint32_t> version{0}; // odd while written; an empty range was never written
    std::atomic<Address> begin{0}, end{0};
    std::atomic<Epoch> epoch{0};
    std::atomic<uintptr_t> site{0};
    std::atomic<ThreadId> thread{0};
    std::atomic<uint8_t> flags{0};
  };
  // Both summaries hold the granules of the live entries: the current pass over the ring, and
  // the previous one that it is overwriting.
  using Summary = std::array<std::atomic<uint64_t>, kSummaryWords>;

  void write(Entry &e, Address begin, Address end, const Snapshot *fields);
  void summarise(Address begin, Address end);
  bool mayHold(Address begin, Address end) const;
  static bool read(const Entry &e, Snapshot &out);

  std::array<Entry, kLogEntries> entries_;
  std::array<Summary, 2> summaries_{};
  uint64_t next_ = 0; // owner only
};

void UntrackedAccessLog::write(Entry &e, Address begin, Address end, const Snapshot *fields) {
  uint32_t v = e.version.load(std::memory_order_relaxed);
  e.version.store(v + 1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
  e.begin.store(begin, std::memory_order_relaxed);
  e.end.store(end, std::memory_order_relaxed);
  if (fields) {
    e.epoch.store(fields->epoch, std::memory_order_relaxed);
    e.site.store(fields->site, std::memory_order_relaxed);
    e.thread.store(fields->thread, std::memory_order_relaxed);
    e.flags.store(fields->flags, std::memory_order_relaxed);
  }
  e.version.store(v + 2, std::memory_order_release);
}

bool UntrackedAccessLog::read(const Entry &e, Snapshot &out) {
  for (int attempt = 0; attempt < kReadAttempts; ++attempt) {
    uint32_t before = e.version.load(std::memory_order_acquire);
    if (before & 1) continue;
    out.begin = e.begin.load(std::memory_order_relaxed);
    out.end = e.end.load(std::memory_order_relaxed);
    out.epoch = e.epoch.load(std::memory_order_relaxed);
    out.site = e.site.load(std::memory_order_relaxed);
    out.thread = e.thread.load(std::memory_order_relaxed);
    out.flags = e.flags.load(std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (e.version.load(std::memory_order_relaxed) == before) return true;
  }
  return false;
}

void UntrackedAccessLog::summarise(Address begin, Address end) {
  Summary &current = summaries_[(next_ / kLogEntries) & 1];
  for (uint64_t g = begin >> kGranuleShift; g <= (end - 1) >> kGranuleShift; ++g) {
    std::size_t bit = g % kSummaryBits;
    uint64_t mask = uint64_t{1} << (bit % 64);
    std::atomic<uint64_t> &word = current[bit / 64];
    if (!(word.load(std::memory_order_relaxed) & mask))
      word.fetch_or(mask, std::memory_order_relaxed);
    if (g - (begin >> kGranuleShift) >= kSummaryMaxGranules) break; // every bit is set by now
  }
}

bool UntrackedAccessLog::mayHold(Address begin, Address end) const {
  uint64_t first = begin >> kGranuleShift, last = (end - 1) >> kGranuleShift;
  if (last - first >= kSummaryMaxGranules) return true;
  for (uint64_t g = first; g <= last; ++g) {
    std::size_t bit = g % kSummaryBits;
    uint64_t mask = uint64_t{1} << (bit % 64);
    for (const Summary &s : summaries_)
      if (s[bit / 64].load(std::memory_order_relaxed) & mask) return true;
  }
  return false;
}

void UntrackedAccessLog::record(const Snapshot &a) {
  for (std::size_t k = 1; k <= std::min<uint64_t>(kMergeCandidates, next_); ++k) {
    Entry &e = entries_[(next_ - k) % kLogEntries];
    // Owner reads of its own entries need no seqlock.
    if (e.site.load(std::memory_order_relaxed) != a.site ||
        e.epoch.load(std::memory_order_relaxed) != a.epoch ||
        e.thread.load(std::memory_order_relaxed) != a.thread ||
        e.flags.load(std::memory_order_relaxed) != a.flags)
      continue;
    Address begin = e.begin.load(std::memory_order_relaxed);
    Address end = e.end.load(std::memory_order_relaxed);
    if (a.end < begin || a.begin > end) continue; // neither touching nor overlapping
    if (a.begin >= begin && a.end <= end) return; // already there
    // Only the pass the entry was written in knows its granules; the new bytes go to this pass.
    summarise(a.begin, a.end);
    write(e, std::min(begin, a.begin), std::max(end, a.end), nullptr);
    return;
  }
  if (next_ % kLogEntries == 0) {
    // A new pass over the ring: the summary of the pass before the last one is stale now.
    for (std::atomic<uint64_t> &word : summaries_[(next_ / kLogEntries) & 1])
      word.store(0, std::memory_order_relaxed);
  }
  summarise(a.begin, a.end);
  write(entries_[next_ % kLogEntries], a.begin, a.end, &a);
  ++next_;
}

template <class Visit>
void UntrackedAccessLog::visit(Address begin, Address end, Visit &&each) const {
  if (!mayHold(begin, end)) return;
  for (const Entry &e : entries_) {
    Snapshot s;
    if (read(e, s) && s.begin < end && begin < s.end && s.begin < s.end) each(s);
  }
}

void UntrackedAccessLog::forget(Address begin, Address end) {
  for (Entry &e : entries_) {
    Address b = e.begin.load(std::memory_order_relaxed);
    if (b >= begin && e.end.load(std::memory_order_relaxed) <= end) write(e, 0, 0, nullptr);
  }
}

namespace {
// This OS thread's log, once it logged something. Logs are never freed: another thread may be
// reading one while its thread exits, and what the thread logged outside its stack still counts.
[[gnu::tls_model("initial-exec")]] constinit thread_local UntrackedAccessLog *tlsLog = nullptr;

// Runs UntrackedAccesses::threadExits when a thread that has a log ends.
struct ExitHook {
  ~ExitHook() { UntrackedAccesses::threadExits(); }
};
} // namespace

UntrackedAccessLog &UntrackedAccesses::logOfThisThread() {
  if (!tlsLog) {
    auto *log = new UntrackedAccessLog();
    {
      std::lock_guard<std::mutex> guard(registryLock_);
      logs_.push_back(log);
    }
    tlsLog = log;
    static thread_local ExitHook hook;
    (void)hook;
  }
  return *tlsLog;
}

void UntrackedAccesses::publish(ThreadId thread, Epoch epoch) {
  if (thread < kMaxLoggedThreads) epochs_[thread].store(epoch + 1, std::memory_order_relaxed);
}

bool UntrackedAccesses::published(ThreadId thread, Epoch &epoch) const {
  if (thread >= kMaxLoggedThreads) return false;
  Epoch stored = epochs_[thread].load(std::memory_order_relaxed);
  if (stored == 0) return false;
  epoch = stored - 1;
  return true;
}

void UntrackedAccesses::record(ThreadId thread, Epoch epoch, Address addr, uint64_t size,
                               bool write, bool atomic, const rmarace_location *site) {
  if (size == 0) return;
  uint8_t flags = (write ? kWrite : 0) | (atomic ? kAtomic : 0);
  logOfThisThread().record(
      {addr, addr + size, epoch, reinterpret_cast<uintptr_t>(site), thread, flags});
}

void UntrackedAccesses::visit(Address begin, Address end,
                              FunctionRef<void(const UntrackedAccess &)> each) const {
  std::vector<UntrackedAccessLog *> logs;
  {
    std::lock_guard<std::mutex> guard(registryLock_);
    logs = logs_;
  }
  for (const UntrackedAccessLog *log : logs) {
    log->visit(begin, end, [&](const UntrackedAccessLog::Snapshot &s) {
      each({s.thread, s.epoch, s.begin, s.end, (s.flags & kWrite) != 0, (s.flags & kAtomic) != 0,
            static_cast<LocationHandle>(s.site)});
    });
  }
}

void UntrackedAccesses::threadExits() {
  if (!tlsLog) return;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
  void *stack = nullptr;
  size_t size = 0;
  if (pthread_attr_getstack(&attr, &stack, &size) == 0) {
    Address begin = reinterpret_cast<Address>(stack);
    tlsLog->forget(begin, begin + size);
  }
  pthread_attr_destroy(&attr);
}

} // namespace rmarace::rt
