#include "repeat_filter.h"

#include "rmarace/runtime/api.h"

#include <sys/mman.h>

namespace {
using rmarace::rt::RepeatFilter;

// What a thread reads before it has a table of its own, and after it ended: no entry matches
// (tag 0: every stamp has a generation of at least 1). In the runtime's zero-filled data, so it
// costs no memory until read.
RepeatFilter::Entry gEmptyTable[RepeatFilter::kEntries];
} // namespace

extern "C" {
RMARACE_API uint64_t __rmarace_repeat_stamp = RepeatFilter::kStampStep; // generation 1
// Mapped at the thread's first remembered access. mmap rather than the heap: the runtime keeps
// the program's heap layout as it would be without it wherever it can.
RMARACE_API __thread rmarace_repeat_entry *__rmarace_repeat_table
    __attribute__((tls_model("initial-exec"))) = gEmptyTable;
}

namespace rmarace::rt {

namespace {

constexpr size_t kTableBytes = RepeatFilter::kEntries * sizeof(RepeatFilter::Entry);

// A thread that ended, or could not map a table, keeps the empty one: its accesses reach the
// engine every time.
[[gnu::tls_model("initial-exec")]] constinit thread_local bool tlsNoTable = false;

struct TableRelease {
  ~TableRelease() {
    if (__rmarace_repeat_table != gEmptyTable) munmap(__rmarace_repeat_table, kTableBytes);
    __rmarace_repeat_table = gEmptyTable;
    tlsNoTable = true;
  }
};

RepeatFilter::Entry *tableOfThisThread() {
  if (__rmarace_repeat_table != gEmptyTable) return __rmarace_repeat_table;
  if (tlsNoTable) return nullptr;
  void *mapped =
      mmap(nullptr, kTableBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) {
    tlsNoTable = true; // no memory for a cache: check every access
    return nullptr;
  }
  __rmarace_repeat_table = static_cast<RepeatFilter::Entry *>(mapped);
  static thread_local TableRelease release;
  (void)release;
  return __rmarace_repeat_table;
}

} // namespace

void RepeatFilter::changed() {
  uint64_t stamp = __atomic_load_n(&__rmarace_repeat_stamp, __ATOMIC_RELAXED);
  while (stamp != kLastStamp &&
         !__atomic_compare_exchange_n(&__rmarace_repeat_stamp, &stamp, stamp + kStampStep,
                                      /*weak=*/true, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
  }
}

void RepeatFilter::rememberInLine(Entry *table, Address addr, uint64_t size, bool write,
                                  uint64_t generation) {
  uint64_t mask = byteMask(addr, size);
  if (!mask) return;
  uint64_t line = addr >> kLineShift;
  Entry &e = slot(table, line);
  uint64_t tag = tagOf(line, generation);
  if (e.tag != tag) e = {tag, 0, 0};
  e.loadable |= mask; // a store covers a load
  if (write) e.stored |= mask;
}

void RepeatFilter::remember(Address addr, uint64_t size, bool write, uint64_t generation) {
  // The last stamp may stand for several states: nothing remembered under it can be trusted.
  if (size == 0 || size > kLineBytes || generation == kLastStamp) return;
  Entry *table = tableOfThisThread();
  if (!table) return;
  uint64_t first = bytesInFirstLine(addr, size);
  rememberInLine(table, addr, first, write, generation);
  if (first != size) rememberInLine(table, addr + first, size - first, write, generation);
}

} // namespace rmarace::rt
