#include "rmarace/core/history.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace rmarace {

namespace {

uint8_t granuleMask(Address granule, Address begin, Address end) {
  Address lo = std::max(begin, granule);
  Address hi = std::min(end, granule + kGranule);
  if (lo >= hi) return 0;
  unsigned bits = static_cast<unsigned>(hi - lo);
  unsigned shift = static_cast<unsigned>(lo - granule);
  return static_cast<uint8_t>(((1u << bits) - 1u) << shift);
}

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

// ---- Cells and their blocks
// ----------------------------------------------------------------------

std::size_t cellIndex(const ShadowRegion &r, Address granule) {
  return (granule - r.base) / kGranule;
}

// One past the last cell of block b.
std::size_t blockEnd(const ShadowRegion &r, std::size_t b) {
  return std::min((b + 1) * kBlockGranules, r.granules);
}

// The number of cells block b has (the last block of a region may have fewer).
std::size_t blockCells(const ShadowRegion &r, std::size_t b) {
  return blockEnd(r, b) - b * kBlockGranules;
}

uint32_t chunkOf(SetId mixedBlock) {
  return mixedBlock & ~kMixedBit;
}

// The cells of mixed block b.
SetId *cellsOf(ShadowRegion &r, std::size_t b) {
  return r.chunks.cells(chunkOf(r.blocks[b]));
}

// The address of the granule after block b.
Address afterBlock(const ShadowRegion &r, std::size_t b) {
  return r.base + blockEnd(r, b) * kGranule;
}

SetId cellAt(const ShadowRegion &r, std::size_t i) {
  SetId block = r.blocks[i / kBlockGranules];
  return isMixedBlock(block) ? r.chunks.cells(chunkOf(block))[i % kBlockGranules] : block;
}

// The granules of a plain load or store: up to 64 bytes, at any alignment.
constexpr std::size_t kFewGranules = 64 / kGranule + 1;

// Cells are compared and filled kCellLanes at a time, in fixed-length loops that the compiler
// turns into vector instructions: an element-wise search or fill over a block's cells was most of
// a range check's cost on blocks a strided loop had mixed (transpose_window).
constexpr std::size_t kCellLanes = 8;

// The first cell of [first, last) that does not hold v, or last.
template <class Cell> Cell *firstNotHolding(Cell *first, Cell *last, SetId v) {
  auto lanesHold = [v](const SetId *lanes) {
    SetId differ = 0;
    for (std::size_t k = 0; k < kCellLanes; ++k) differ |= lanes[k] ^ v;
    return differ == 0;
  };
  while (last - first >= static_cast<std::ptrdiff_t>(kCellLanes) && lanesHold(first))
    first += kCellLanes;
  while (first != last && *first == v) ++first;
  return first;
}

void fillCells(SetId *first, SetId *last, SetId v) {
  for (; last - first >= static_cast<std::ptrdiff_t>(kCellLanes); first += kCellLanes)
    for (std::size_t k = 0; k < kCellLanes; ++k) first[k] = v;
  for (; first != last; ++first) *first = v;
}

// The answer of the block queries below when the granule starts no block they look for. They are
// asked for every granule of a range, so they answer with a plain index, inline: a
// std::optional returned through memory stalled every call on its partly written flag.
constexpr std::size_t kNoBlock = ~std::size_t{0};

// If the granule at g starts a block that [begin, end) covers whole, that block's index.
[[gnu::always_inline]] inline std::size_t wholeBlockAt(const ShadowRegion &r, Address g,
                                                       Address begin, Address end) {
  std::size_t i = cellIndex(r, g);
  if (i % kBlockGranules != 0 || begin > g) [[likely]]
    return kNoBlock;
  std::size_t b = i / kBlockGranules;
  return end < afterBlock(r, b) ? kNoBlock : b;
}

// The block the granule at g starts, if [begin, end) covers it whole and its cells all hold one
// set (its summary).
[[gnu::always_inline]] inline std::size_t uniformBlockAt(const ShadowRegion &r, Address g,
                                                         Address begin, Address end) {
  std::size_t b = wholeBlockAt(r, g, begin, end);
  return b != kNoBlock && isMixedBlock(r.blocks[b]) ? kNoBlock : b;
}

// Summarises block b when its cells all hold one set, and releases its chunk.
void summarise(ShadowRegion &r, std::size_t b) {
  if (!isMixedBlock(r.blocks[b])) return;
  const SetId *first = cellsOf(r, b);
  const SetId *last = first + blockCells(r, b);
  if (*first != *(last - 1)) return; // cheap test first: most mixed blocks differ at their ends
  if (firstNotHolding(first + 1, last, *first) != last) return;
  r.chunks.release(chunkOf(r.blocks[b]));
  r.blocks[b] = *first;
}

// uniformBlockAt, after summarising a covered mixed block whose cells agree: where a range that
// changes the history may update a whole block at once.
[[gnu::always_inline]] inline std::size_t summarisedBlockAt(ShadowRegion &r, Address g,
                                                            Address begin, Address end) {
  std::size_t b = wholeBlockAt(r, g, begin, end);
  if (b == kNoBlock) return kNoBlock;
  summarise(r, b);
  return isMixedBlock(r.blocks[b]) ? kNoBlock : b;
}

} // namespace

// ---- Chunks of cells
// -----------------------------------------------------------------------------

CellChunks::CellChunks(std::size_t blocks) {
  cells_.reserve(blocks * kBlockGranules);
}

uint32_t CellChunks::acquire(uint32_t block) {
  if (!free_.empty()) {
    uint32_t chunk = free_.back();
    free_.pop_back();
    owners_[chunk] = block;
    return chunk;
  }
  // At most one chunk per block is in use, and released ones are handed out first: the
  // reservation is never exceeded, so cells never move.
  assert(cells_.size() + kBlockGranules <= cells_.capacity());
  assert(owners_.size() < kMixedBit); // a chunk index fits beside the mixed bit
  cells_.resize(cells_.size() + kBlockGranules);
  owners_.push_back(block);
  return static_cast<uint32_t>(owners_.size() - 1);
}

void CellChunks::release(uint32_t chunk) {
  owners_[chunk] = kFreeChunk;
  free_.push_back(chunk);
}

std::size_t CellChunks::bytes() const {
  return cells_.size() * sizeof(SetId) + (owners_.capacity() + free_.capacity()) * sizeof(uint32_t);
}

void AccessHistory::expand(ShadowRegion &r, std::size_t b) {
  SetId block = r.blocks[b];
  if (isMixedBlock(block)) return;
  // Compacting pays only when the block would otherwise take a chunk never written before: a
  // released chunk costs no new memory, and the blocks a compaction would summarise are summarised
  // anyway when a range covers them. (Compacting whenever compactAt chunks were in use summarised
  // the same blocks every iteration of a loop nest that mixes and then rewrites them.)
  if (r.chunks.allInUse() && r.chunks.inUse() >= r.compactAt)
    compact(r); // block b is not mixed: it stays as it is
  uint32_t chunk = r.chunks.acquire(static_cast<uint32_t>(b));
  SetId *cells = r.chunks.cells(chunk);
  fillCells(cells, cells + blockCells(r, b), block);
  r.blocks[b] = kMixedBit | chunk;
}

void AccessHistory::compact(ShadowRegion &r) {
  for (uint32_t chunk = 0; chunk < r.chunks.handedOut(); ++chunk)
    if (uint32_t b = r.chunks.owner(chunk); b != CellChunks::kFreeChunk) summarise(r, b);
  // The next compaction waits for twice the chunks still in use, and for an eighth of those ever
  // handed out: a compaction reads the owner of each, so that costs a few reads per expansion even
  // after a phase that mixed many blocks and let them agree again.
  r.compactAt = std::max({kMinCompactChunks, 2 * r.chunks.inUse(),
                          std::size_t{r.chunks.handedOut()} / kCompactScanShare});
}

[[gnu::always_inline]] inline SetId &AccessHistory::writableCell(ShadowRegion &r, std::size_t i) {
  std::size_t b = i / kBlockGranules;
  if (!isMixedBlock(r.blocks[b])) expand(r, b); // most writes find their block mixed already
  return cellsOf(r, b)[i % kBlockGranules];
}

SetId AccessHistory::setAt(const ShadowRegion &region, Address addr) {
  return cellAt(region, cellIndex(region, addr & ~(kGranule - 1)));
}

AccessHistory::AccessHistory() : sets_(1), cache_(kCacheSize) {}

uint32_t AccessHistory::addRegion(Address base, uint64_t size, uint32_t segment, std::string name) {
  ShadowRegion r;
  r.userBase = base;
  r.base = base & ~(kGranule - 1);
  r.size = size;
  r.granules = (base + size - r.base + kGranule - 1) / kGranule;
  r.blocks.assign((r.granules + kBlockGranules - 1) / kBlockGranules, kEmptySet);
  r.chunks = CellChunks(r.blocks.size());
  r.compactAt = kMinCompactChunks;
  r.segment = segment;
  r.name = std::move(name);
  if (!freeRegions_.empty()) {
    uint32_t index = freeRegions_.back();
    freeRegions_.pop_back();
    regions_[index] = std::move(r);
    return index;
  }
  regions_.push_back(std::move(r));
  return static_cast<uint32_t>(regions_.size() - 1);
}

void AccessHistory::removeRegion(uint32_t index) {
  regions_[index] = ShadowRegion{};
  freeRegions_.push_back(index);
  newGeneration();
}

ShadowRegion *AccessHistory::findOther(Address addr) {
  for (uint32_t i = 0; i < regions_.size(); ++i) {
    ShadowRegion &r = regions_[i];
    if (r.size != 0 && addr >= r.userBase && addr < r.userBase + r.size) {
      lastRegion_ = i;
      return &r;
    }
  }
  return nullptr;
}

void AccessHistory::canonicalize(AccessSet &set) {
  std::sort(set.begin(), set.end(), [](const ShadowRecord &a, const ShadowRecord &b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.subject != b.subject) return a.subject < b.subject;
    if (a.languageAtomic != b.languageAtomic) return a.languageAtomic < b.languageAtomic;
    if (a.thread != b.thread) return a.thread < b.thread;
    return a.epoch < b.epoch;
  });
}

uint64_t AccessHistory::hashOf(const AccessSet &set) {
  uint64_t h = set.size();
  for (const ShadowRecord &r : set) {
    h = mix(h, static_cast<uint64_t>(r.kind) | uint64_t{r.mask} << 8 |
                   uint64_t{r.languageAtomic} << 16 | uint64_t{r.subject} << 32);
    h = mix(h, r.epoch ^ uint64_t{r.thread} << 48);
  }
  return h;
}

SetId AccessHistory::intern(const AccessSet &set) {
  if (set.empty()) return kEmptySet;
  uint64_t h = hashOf(set);
  auto [lo, hi] = index_.equal_range(h);
  for (auto it = lo; it != hi; ++it) {
    if (sets_[it->second] == set) return it->second;
  }
  SetId id;
  assert(sets_.size() < kMixedBit); // a set id never looks like a mixed block
  if (!freeSets_.empty()) {
    id = freeSets_.back();
    freeSets_.pop_back();
    sets_[id].assign(set.begin(), set.end());
  } else {
    id = static_cast<SetId>(sets_.size());
    sets_.push_back(set);
  }
  spareIndexNodes_.insert(index_, h, id);
  return id;
}

SetId AccessHistory::update(SetId from, const ShadowRecord &record, const Visitor *visit,
                            Address granule, const Liveness &live) {
  AccessSet &out = updateScratch_;
  out.clear();
  bool merged = false;
  bool local = record.kind == RecordKind::Load || record.kind == RecordKind::Store;
  // Index-based: visitors may not touch the set table, but keep the loop robust anyway.
  for (std::size_t i = 0; i < sets_[from].size(); ++i) {
    ShadowRecord x = sets_[from][i];
    if (!live(x)) continue;
    uint8_t overlap = x.mask & record.mask;
    if (visit && overlap) (*visit)(x, granule, overlap);
    if (x.sameSubject(record)) {
      if (local && x.epoch != record.epoch) {
        if (x.epoch < record.epoch) {
          x.mask = static_cast<uint8_t>(x.mask & ~record.mask);
          if (x.mask == 0) continue;
        }
      } else {
        x.mask |= record.mask;
        merged = true;
      }
    }
    out.push_back(x);
  }
  if (!merged) out.push_back(record);
  canonicalize(out);
  return intern(out);
}

void AccessHistory::insert(uint32_t regionIndex, Address begin, Address end, ShadowRecord record,
                           const Visitor &visit, const Liveness &live) {
  ShadowRegion &region = regions_[regionIndex];
  begin = std::max(begin, region.userBase);
  end = std::min(end, region.userBase + region.size);
  // Granules with the same prior set and mask get the same result: compute it once.
  struct Memo {
    SetId from;
    uint8_t mask;
    SetId to;
  };
  std::array<Memo, kInsertMemo> memo; // on the stack: every remote access comes here
  std::size_t memoSize = 0;
  auto updated = [&](SetId from, uint8_t mask, Address g) {
    auto it = std::find_if(memo.begin(), memo.begin() + memoSize,
                           [&](const Memo &m) { return m.from == from && m.mask == mask; });
    if (it != memo.begin() + memoSize) return it->to;
    ShadowRecord r = record;
    r.mask = mask;
    SetId to = update(from, r, &visit, g, live); // never adds regions: `region` stays valid
    if (memoSize < kInsertMemo) memo[memoSize++] = {from, mask, to};
    return to;
  };
  for (Address g = begin & ~(kGranule - 1); g < end;) {
    if (std::size_t b = summarisedBlockAt(region, g, begin, end); b != kNoBlock) {
      region.blocks[b] = updated(region.blocks[b], kFullGranuleMask, g);
      g = afterBlock(region, b);
      continue;
    }
    std::size_t i = cellIndex(region, g);
    SetId from = cellAt(region, i);
    SetId to = updated(from, granuleMask(g, begin, end), g);
    if (to != from) writableCell(region, i) = to; // an unchanged granule leaves its block as is
    g += kGranule;
  }
}

void AccessHistory::insertLocal(ShadowRegion &region, Address begin, Address end,
                                ShadowRecord record, const Visitor &visit, const Liveness &live) {
  end = std::min(end, region.userBase + region.size);
  Address g = begin & ~(kGranule - 1);
  if (g >= end) return;
  // A plain load or store (a few granules) inside one mixed block, the common first access of a
  // record in an epoch: its cells directly, one transition per distinct (set, mask) as the runs
  // below take (the visit of the first granule finds every race the others would). Longer
  // ranges take the runs below, whose cells are compared and filled eight at a time.
  std::size_t firstCell = cellIndex(region, g);
  std::size_t lastCell = cellIndex(region, (end - 1) & ~(kGranule - 1));
  std::size_t block = firstCell / kBlockGranules;
  if (lastCell - firstCell < kFewGranules && lastCell / kBlockGranules == block &&
      isMixedBlock(region.blocks[block])) {
    SetId *cells = cellsOf(region, block) + firstCell % kBlockGranules;
    SetId lastFrom = kNoSet, lastTo = kEmptySet;
    uint8_t lastMask = 0;
    for (std::size_t k = 0; k <= lastCell - firstCell; ++k, g += kGranule) {
      uint8_t mask =
          g >= begin && g + kGranule <= end ? kFullGranuleMask : granuleMask(g, begin, end);
      if (cells[k] != lastFrom || mask != lastMask) {
        lastFrom = cells[k];
        lastMask = mask;
        lastTo = transition(lastFrom, record, mask, g, visit, live);
      }
      cells[k] = lastTo;
    }
    return;
  }
  while (g < end) {
    if (std::size_t b = summarisedBlockAt(region, g, begin, end); b != kNoBlock) {
      SetId from = region.blocks[b];
      SetId to = transition(from, record, kFullGranuleMask, g, visit, live);
      region.blocks[b] = to;
      // The blocks that follow with the same summary, covered whole, take the same transition
      // without visits, like the runs of cells below: a row of window memory read after a
      // synchronisation is one transition, not one per block.
      while (b + 1 < region.blocks.size() && region.blocks[b + 1] == from &&
             afterBlock(region, b + 1) <= end)
        region.blocks[++b] = to;
      g = afterBlock(region, b);
      continue;
    }
    std::size_t i = cellIndex(region, g);
    std::size_t b = i / kBlockGranules;
    uint8_t mask = granuleMask(g, begin, end);
    SetId from = cellAt(region, i);
    SetId to = transition(from, record, mask, g, visit, live);
    g += kGranule;
    if (to == from && !isMixedBlock(region.blocks[b])) {
      // Nothing changes in a uniform block: its granules that the range covers whole keep their
      // set, and the block stays uniform.
      if (mask == kFullGranuleMask)
        g = std::max(g, std::min(afterBlock(region, b), end & ~(kGranule - 1)));
      continue;
    }
    bool wasUniform = !isMixedBlock(region.blocks[b]);
    SetId *cell = &writableCell(region, i);
    *cell = to;
    if (mask != kFullGranuleMask) continue;
    // A range (a memcpy, a loop's range check) usually meets runs of granules with the same
    // history: the same transition applies to all of them, and the visit of the first granule
    // found every race the others would (only the offset differs, and a race is reported once).
    // The run stays in this block: the next one may be summarised. A block expanded just now
    // holds `from` in every cell: no need to look.
    SetId *fullEnd = cell + 1 + (end - g) / kGranule; // past the last whole granule
    fullEnd = std::min(fullEnd, cellsOf(region, b) + blockCells(region, b));
    SetId *runEnd = wasUniform ? fullEnd : firstNotHolding(cell + 1, fullEnd, from);
    fillCells(cell + 1, runEnd, to);
    g += static_cast<Address>(runEnd - cell - 1) * kGranule;
  }
}

void AccessHistory::insertLocalRows(ShadowRegion &region, Address first, uint64_t length,
                                    uint64_t step, uint64_t rows, ShadowRecord record,
                                    const Visitor &visit, const Liveness &live) {
  if (length > kGranule || (first & (kGranule - 1)) + length > kGranule) {
    for (uint64_t row = 0; row < rows; ++row)
      insertLocal(region, first + row * step, first + row * step + length, record, visit, live);
    return;
  }
  // Every row is one granule: the same mask at the same offset, the last transition at hand.
  uint8_t mask = granuleMask(first & ~(kGranule - 1), first, first + length);
  SetId lastFrom = kNoSet, lastTo = kEmptySet;
  for (uint64_t row = 0; row < rows; ++row) {
    Address granule = (first + row * step) & ~(kGranule - 1);
    std::size_t i = cellIndex(region, granule);
    SetId from = cellAt(region, i);
    if (from != lastFrom) {
      lastFrom = from;
      lastTo = transition(from, record, mask, granule, visit, live);
    }
    if (lastTo != from) writableCell(region, i) = lastTo;
  }
}

SetId AccessHistory::transitionMiss(Transition &entry, const TransitionKey &key, SetId from,
                                    const ShadowRecord &record, uint8_t mask, Address granule,
                                    const Visitor &visit, const Liveness &live) {
  ShadowRecord r = record;
  r.mask = mask;
  SetId to = update(from, r, &visit, granule, live);
  entry = {generation_, key, to};
  return to;
}

void AccessHistory::visit(uint32_t regionIndex, Address begin, Address end,
                          const Visitor &visitor) const {
  const ShadowRegion &region = regions_[regionIndex];
  begin = std::max(begin, region.userBase);
  end = std::min(end, region.userBase + region.size);
  // Granules after the first with the same set and mask would only repeat its visits (the
  // visitors report a race once, at its first byte): a uniform block is visited once.
  SetId last = kNoSet;
  uint8_t lastMask = 0;
  for (Address g = begin & ~(kGranule - 1); g < end;) {
    SetId set;
    uint8_t mask;
    Address next;
    if (std::size_t b = uniformBlockAt(region, g, begin, end); b != kNoBlock) {
      set = region.blocks[b];
      mask = kFullGranuleMask;
      next = afterBlock(region, b);
    } else {
      set = cellAt(region, cellIndex(region, g));
      mask = granuleMask(g, begin, end);
      next = g + kGranule;
    }
    if (set != last || mask != lastMask) {
      for (const ShadowRecord &x : sets_[set])
        if (x.mask & mask) visitor(x, g, static_cast<uint8_t>(x.mask & mask));
      last = set;
      lastMask = mask;
    }
    g = next;
  }
}

void AccessHistory::filter(uint32_t regionIndex, Address begin, Address end, const Liveness &live) {
  ShadowRegion &region = regions_[regionIndex];
  begin = std::max(begin, region.userBase);
  end = std::min(end, region.userBase + region.size);
  SetId from = kEmptySet, to = kEmptySet; // the last filtered set: neighbours usually share it
  auto filtered = [&](SetId cell) {
    if (cell == kEmptySet) return cell;
    if (cell != from) {
      from = cell;
      AccessSet kept;
      for (const ShadowRecord &x : sets_[cell])
        if (live(x)) kept.push_back(x);
      to = kept.size() == sets_[cell].size() ? cell : intern(kept);
    }
    return to;
  };
  for (Address g = begin & ~(kGranule - 1); g < end;) {
    if (std::size_t b = uniformBlockAt(region, g, begin, end); b != kNoBlock) {
      region.blocks[b] = filtered(region.blocks[b]);
      g = afterBlock(region, b);
      continue;
    }
    std::size_t i = cellIndex(region, g);
    SetId before = cellAt(region, i), after = filtered(before);
    if (after != before) writableCell(region, i) = after;
    g += kGranule;
  }
  // Cached transitions may lead to sets that still hold the dropped records.
  newGeneration();
}

template <class F> void AccessHistory::forEachLiveCell(ShadowRegion &r, F &&f) {
  for (std::size_t b = 0; b < r.blocks.size(); ++b) {
    if (!isMixedBlock(r.blocks[b])) {
      f(r.blocks[b]);
      continue;
    }
    SetId *cells = cellsOf(r, b);
    for (std::size_t i = 0; i < blockCells(r, b); ++i) f(cells[i]);
  }
}

bool AccessHistory::shouldCollect() const {
  return liveSetCount() > std::max(kSetCollectionFloor, 2 * liveAfterCollect_);
}

void AccessHistory::collect(FunctionRef<void(const ShadowRecord &)> mark, const Liveness &live) {
  // Drop dead records from every referenced set, then free the sets no cell references.
  std::vector<SetId> remap(sets_.size(), kEmptySet);
  std::vector<bool> used(sets_.size(), false);
  for (ShadowRegion &r : regions_) forEachLiveCell(r, [&](SetId &c) { used[c] = true; });
  for (SetId id = 1; id < sets_.size(); ++id) {
    if (!used[id]) continue;
    AccessSet filtered;
    for (const ShadowRecord &x : sets_[id])
      if (live(x)) filtered.push_back(x);
    remap[id] = filtered.size() == sets_[id].size() ? id : intern(filtered);
  }
  std::vector<bool> keep(sets_.size() + 1, false);
  for (ShadowRegion &r : regions_) {
    forEachLiveCell(r, [&](SetId &c) {
      c = remap[c];
      if (c < keep.size()) keep[c] = true;
    });
  }
  std::size_t keptBuffers = 0;
  for (SetId id = 1; id < sets_.size(); ++id) {
    bool isFree = sets_[id].empty();
    if ((id < keep.size() && keep[id]) || isFree) continue;
    uint64_t h = hashOf(sets_[id]);
    auto [lo, hi] = index_.equal_range(h);
    for (auto it = lo; it != hi; ++it) {
      if (it->second == id) {
        spareIndexNodes_.erase(index_, it, kSetBuffersKept); // as many as set buffers kept
        break;
      }
    }
    sets_[id].clear();
    if (keptBuffers == kSetBuffersKept)
      sets_[id].shrink_to_fit();
    else
      ++keptBuffers;
    freeSets_.push_back(id);
  }
  // Reused last in first out: the sets with a buffer first.
  std::stable_partition(freeSets_.begin(), freeSets_.end(),
                        [this](SetId id) { return sets_[id].capacity() == 0; });
  for (SetId id = 1; id < sets_.size(); ++id)
    for (const ShadowRecord &x : sets_[id]) mark(x);
  liveAfterCollect_ = liveSetCount();
  newGeneration();
}

std::size_t AccessHistory::cellBytes() const {
  std::size_t bytes = 0;
  for (const ShadowRegion &r : regions_)
    bytes += r.blocks.capacity() * sizeof(SetId) + r.chunks.bytes();
  return bytes;
}

std::size_t AccessHistory::setBytes() const {
  std::size_t bytes = sets_.capacity() * sizeof(AccessSet);
  for (const AccessSet &s : sets_) bytes += s.capacity() * sizeof(ShadowRecord);
  return bytes;
}

} // namespace rmarace
