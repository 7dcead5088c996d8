#include "page_map.h"

#include "rmarace/rmarace.h"
#include "rmarace/runtime/api.h"

#include <atomic>
#include <cstring>
#include <mutex>
#include <sys/mman.h>

// Page-aligned so that `unmarked`, 1 MiB in, stays on zero pages nobody writes.
RMARACE_API alignas(4096) rmarace_page_map __rmarace_page_map;

namespace rmarace::rt {

namespace {
constexpr uint64_t kL2Bytes = RMARACE_L2_ENTRIES;
constexpr unsigned char kSaturated = 255;
constexpr unsigned char kLogEverything = 1;

// The marks of each GiB, or null: what mayTrack reads. The published entries of
// __rmarace_page_map lead to the same marks until untracked accesses are logged.
std::atomic<unsigned char *> gTables[RMARACE_L1_ENTRIES];
// Serialises a new table with the switch to logging, so that no entry is published to a table
// after every entry was set to the marks that are all set.
std::mutex gLayoutMutex;
unsigned char *gAllMarked;

uint64_t offsetOf(const unsigned char *marks) {
  return reinterpret_cast<uintptr_t>(marks) -
         reinterpret_cast<uintptr_t>(__rmarace_page_map.unmarked);
}

void publish(uint32_t entry, const unsigned char *marks) {
  __atomic_store_n(&__rmarace_page_map.tables[entry], offsetOf(marks), __ATOMIC_RELEASE);
}

// A fresh table of marks, all zero, or null when the system has no memory for it.
unsigned char *mapMarks() {
  void *mem = mmap(nullptr, kL2Bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return mem == MAP_FAILED ? nullptr : static_cast<unsigned char *>(mem);
}

uint32_t entryOf(uint64_t page) {
  return (page >> (RMARACE_L1_SHIFT - RMARACE_PAGE_SHIFT)) & (RMARACE_L1_ENTRIES - 1);
}

unsigned char *level2(uint64_t page, bool create) {
  std::atomic<unsigned char *> &table = gTables[entryOf(page)];
  unsigned char *l2 = table.load(std::memory_order_acquire);
  if (l2 || !create) return l2;
  unsigned char *marks = mapMarks();
  if (!marks) return nullptr;
  std::lock_guard<std::mutex> guard(gLayoutMutex);
  if ((l2 = table.load(std::memory_order_acquire))) { // made meanwhile
    munmap(marks, kL2Bytes);
    return l2;
  }
  l2 = marks;
  table.store(l2, std::memory_order_release);
  if (!PageMap::logsUntracked()) publish(entryOf(page), l2);
  return l2;
}
} // namespace

void PageMap::logUntracked() {
  std::lock_guard<std::mutex> guard(gLayoutMutex);
  if (logsUntracked_.load(std::memory_order_relaxed)) return;
  gAllMarked = mapMarks();
  if (!gAllMarked) return; // untracked accesses are not logged: private-memory races missed
  std::memset(gAllMarked, kLogEverything, kL2Bytes);
  logsUntracked_.store(true, std::memory_order_relaxed);
  for (uint32_t entry = 0; entry < RMARACE_L1_ENTRIES; ++entry) publish(entry, gAllMarked);
}

bool PageMap::mayTrack(Address addr, uint64_t size) {
  if (size == 0) return false;
  for (uint64_t page = addr >> RMARACE_PAGE_SHIFT; page <= (addr + size - 1) >> RMARACE_PAGE_SHIFT;
       ++page) {
    const unsigned char *l2 = level2(page, false);
    if (l2 && l2[page & (RMARACE_L2_ENTRIES - 1)]) return true;
  }
  return false;
}

PageMap::~PageMap() {
  std::lock_guard<std::mutex> guard(gLayoutMutex);
  for (uint32_t entry = 0; entry < RMARACE_L1_ENTRIES; ++entry) {
    __atomic_store_n(&__rmarace_page_map.tables[entry], uint64_t{0}, __ATOMIC_RELAXED);
    if (unsigned char *l2 = gTables[entry].exchange(nullptr)) munmap(l2, kL2Bytes);
  }
}

void PageMap::adjust(Address begin, Address end, int delta) {
  if (end <= begin) return;
  Address from = begin >= RMARACE_MAX_SCALAR_ACCESS ? begin - RMARACE_MAX_SCALAR_ACCESS : 0;
  for (uint64_t page = from >> RMARACE_PAGE_SHIFT; page <= (end - 1) >> RMARACE_PAGE_SHIFT;
       ++page) {
    unsigned char *l2 = level2(page, delta > 0);
    if (!l2) continue;
    unsigned char &count = l2[page & (RMARACE_L2_ENTRIES - 1)];
    if (delta > 0) {
      if (count < kSaturated - 1)
        ++count;
      else if (count == kSaturated - 1)
        count = kSaturated, overflow_[page] = 1;
      else
        ++overflow_[page];
    } else if (count == kSaturated) {
      auto it = overflow_.find(page);
      if (it == overflow_.end() || --it->second == 0) {
        if (it != overflow_.end()) overflow_.erase(it);
        count = kSaturated - 1;
      }
    } else if (count > 0) {
      --count;
    }
  }
}

void PageMap::tracked(Address begin, Address end) {
  adjust(begin, end, +1);
}
void PageMap::untracked(Address begin, Address end) {
  adjust(begin, end, -1);
}

} // namespace rmarace::rt
