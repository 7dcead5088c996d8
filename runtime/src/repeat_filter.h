// Skips the accesses a thread repeats while nothing else happens in the engine (docs/runtime.md,
// "Repeated accesses"). The engine's verdict on a plain load or store depends only on the
// access (bytes, kind, thread and epoch) and on the engine's state: the RMA operations in flight,
// the remote accesses it knows, the epochs. An access whose bytes this thread already checked
// with the same or a stronger kind (a store covers a load: whatever a load conflicts with, a
// store conflicts with too) since the engine's state last changed finds nothing new, and leaves
// the history as it was (the earlier access already stands for it there, with its own line). So
// a compute loop over window memory costs one engine call per byte and synchronisation interval
// instead of one per access, as ThreadSanitizer's shadow cells skip a repeated access.
//
// The engine's state changes only under the engine lock, inside an intercepted call, a blocking
// region's first half, or when a thread takes another identity (an OpenMP task): each of these
// advances one process-wide generation (changed()), and a thread's remembered accesses count only
// for the generation they were made in. The generation lives shifted in __rmarace_repeat_stamp,
// so that an entry's line and generation are one word to compare; after 2^39 - 1 changes it stays
// at its last value, under which nothing is remembered any more. Language atomics and range
// accesses always reach the engine. An access that straddles two 64-byte lines is a part in each:
// instrumented code tests both parts inline when the test of its first line fails, and the runtime
// tests them before the engine lock for callers that did not (no RMARACE_REPEAT_TESTED).
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/rmarace.h"

#include <cstdint>

namespace rmarace::rt {

class RepeatFilter {
public:
  // The state the next remembered access is checked against (the stamp: the generation shifted,
  // as tags hold it): read before taking the engine lock, so that an access remembered under a
  // generation that changed meanwhile is simply checked again.
  static uint64_t generation() {
    return __atomic_load_n(&__rmarace_repeat_stamp, __ATOMIC_ACQUIRE);
  }
  // The engine's state changed (or may have): forget what every thread remembered.
  static void changed();

  // Whether this thread checked bytes covering [addr, addr + size) with kind `write` (or a store)
  // in `generation`: the test instrumented code makes inline (rmarace.h), for an access that
  // straddles two lines with each line's part. No lock, no allocation. Accesses of more than a
  // line are never covered.
  static bool covers(Address addr, uint64_t size, bool write, uint64_t generation);
  // The engine checked this access in `generation`. Inline: every call into the engine ends here.
  static void remember(Address addr, uint64_t size, bool write, uint64_t generation);

  // The cache of one thread: direct mapped, one entry per 64-byte line, a byte mask per kind.
  using Entry = rmarace_repeat_entry;
  static constexpr unsigned kLineShift = RMARACE_REPEAT_LINE_SHIFT;
  static constexpr uint64_t kLineBytes = RMARACE_REPEAT_LINE_BYTES;
  static constexpr uint64_t kEntries = RMARACE_REPEAT_ENTRIES; // 1.5 MiB, for 4 MiB of data
  static constexpr unsigned kIndexBits = RMARACE_REPEAT_INDEX_BITS;
  static constexpr unsigned kStampShift = RMARACE_REPEAT_STAMP_SHIFT;
  // One generation more in the stamp, and the last stamp, never remembered under.
  static constexpr uint64_t kStampStep = uint64_t{1} << kStampShift;
  static constexpr uint64_t kLastStamp = ~uint64_t{0} << kStampShift;

  // The bytes of [addr, addr + size) within its line, or 0 when the access leaves the line.
  static uint64_t byteMask(Address addr, uint64_t size) {
    uint64_t offset = addr & (kLineBytes - 1);
    if (size == 0 || offset + size > kLineBytes) return 0;
    uint64_t bits = size == kLineBytes ? ~uint64_t{0} : (uint64_t{1} << size) - 1;
    return bits << offset;
  }
  static Entry &slot(Entry *table, uint64_t line) { return table[line & (kEntries - 1)]; }
  // What a thread reads before it has a table of its own, and after it ended: no entry matches
  // (tag 0: every stamp has a generation of at least 1). In the runtime's zero-filled data, so it
  // costs no memory until read.
  static Entry emptyTable[kEntries];
  // The tag of `line`'s entry when filled under `stamp`.
  static uint64_t tagOf(uint64_t line, uint64_t stamp) { return line >> kIndexBits | stamp; }
  // The bytes of [addr, addr + size) in addr's line (all of them unless the access straddles).
  static uint64_t bytesInFirstLine(Address addr, uint64_t size) {
    uint64_t left = kLineBytes - (addr & (kLineBytes - 1));
    return size < left ? size : left;
  }

private:
  static bool coversInLine(Address addr, uint64_t size, bool write, uint64_t generation);
  static void rememberInLine(Entry *table, Address addr, uint64_t size, bool write,
                             uint64_t generation);
  // This thread's table, mapped at its first remembered access; null if it cannot have one.
  static Entry *tableOfThisThread() {
    return __rmarace_repeat_table != emptyTable ? __rmarace_repeat_table : mapTable();
  }
  static Entry *mapTable();
};

inline bool RepeatFilter::coversInLine(Address addr, uint64_t size, bool write,
                                       uint64_t generation) {
  uint64_t mask = byteMask(addr, size);
  if (!mask) return false;
  uint64_t line = addr >> kLineShift;
  // Never null: a thread without a table of its own reads an empty one.
  const Entry &e = slot(__rmarace_repeat_table, line);
  if (e.tag != tagOf(line, generation)) return false;
  uint64_t checked = write ? e.stored : e.loadable;
  return (checked & mask) == mask;
}

inline bool RepeatFilter::covers(Address addr, uint64_t size, bool write, uint64_t generation) {
  if (size > kLineBytes) return false;
  uint64_t first = bytesInFirstLine(addr, size);
  return coversInLine(addr, first, write, generation) &&
         (first == size || coversInLine(addr + first, size - first, write, generation));
}

inline void RepeatFilter::rememberInLine(Entry *table, Address addr, uint64_t size, bool write,
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

inline void RepeatFilter::remember(Address addr, uint64_t size, bool write, uint64_t generation) {
  // The last stamp may stand for several states: nothing remembered under it can be trusted.
  if (size == 0 || size > kLineBytes || generation == kLastStamp) return;
  Entry *table = tableOfThisThread();
  if (!table) return;
  uint64_t first = bytesInFirstLine(addr, size);
  rememberInLine(table, addr, first, write, generation);
  if (first != size) rememberInLine(table, addr + first, size - first, write, generation);
}

} // namespace rmarace::rt
