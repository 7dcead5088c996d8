#include "page_map.h"

#include "rmarace/rmarace.h"
#include "rmarace/runtime/api.h"

#include <sys/mman.h>

RMARACE_API unsigned char *__rmarace_page_map[RMARACE_L1_ENTRIES + 1];

namespace rmarace::rt {

namespace {
constexpr uint64_t kL2Bytes = RMARACE_L2_ENTRIES;
constexpr unsigned char kSaturated = 255;

unsigned char *level2(uint64_t page, bool create) {
  unsigned char *&l2 = __rmarace_page_map[(page >> (RMARACE_L1_SHIFT - RMARACE_PAGE_SHIFT)) &
                                          (RMARACE_L1_ENTRIES - 1)];
  if (!l2 && create) {
    void *mem = mmap(nullptr, kL2Bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) return nullptr;
    l2 = static_cast<unsigned char *>(mem);
  }
  return l2;
}
} // namespace

namespace {
// Any non-null value turns the slot on; instrumented code only tests it.
unsigned char gLoggingOn = 1;
} // namespace

void PageMap::logUntracked() {
  __atomic_store_n(&__rmarace_page_map[RMARACE_UNTRACKED_SLOT], &gLoggingOn, __ATOMIC_RELAXED);
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
  for (uint32_t i = 0; i < RMARACE_L1_ENTRIES; ++i) {
    if (__rmarace_page_map[i]) munmap(__rmarace_page_map[i], kL2Bytes);
    __rmarace_page_map[i] = nullptr;
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
