#include "repeat_filter.h"

#include "rmarace/runtime/api.h"

#include <sys/mman.h>

using rmarace::rt::RepeatFilter;

RepeatFilter::Entry RepeatFilter::emptyTable[RepeatFilter::kEntries];

extern "C" {
RMARACE_API uint64_t __rmarace_repeat_stamp = RepeatFilter::kStampStep; // generation 1
// Mapped at the thread's first remembered access. mmap rather than the heap: the runtime keeps
// the program's heap layout as it would be without it wherever it can.
RMARACE_API __thread rmarace_repeat_entry *__rmarace_repeat_table
    __attribute__((tls_model("initial-exec"))) = RepeatFilter::emptyTable;
}

namespace rmarace::rt {

namespace {

constexpr size_t kTableBytes = RepeatFilter::kEntries * sizeof(RepeatFilter::Entry);

// A thread that ended, or could not map a table, keeps the empty one: its accesses reach the
// engine every time.
[[gnu::tls_model("initial-exec")]] constinit thread_local bool tlsNoTable = false;

struct TableRelease {
  ~TableRelease() {
    if (__rmarace_repeat_table != RepeatFilter::emptyTable)
      munmap(__rmarace_repeat_table, kTableBytes);
    __rmarace_repeat_table = RepeatFilter::emptyTable;
    tlsNoTable = true;
  }
};

} // namespace

void RepeatFilter::changed() {
  uint64_t stamp = __atomic_load_n(&__rmarace_repeat_stamp, __ATOMIC_RELAXED);
  while (stamp != kLastStamp &&
         !__atomic_compare_exchange_n(&__rmarace_repeat_stamp, &stamp, stamp + kStampStep,
                                      /*weak=*/true, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
  }
}

// The first remembered access of a thread maps its table.
RepeatFilter::Entry *RepeatFilter::mapTable() {
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

} // namespace rmarace::rt
