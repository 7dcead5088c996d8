// Exact access histories of remotely accessible memory.
//
// Every 8-byte granule of tracked memory has a cell naming an immutable, interned set of access
// records; a record covers the bytes of its mask within the granule. Identical sets are shared,
// so memory is proportional to the tracked bytes plus the distinct access histories. A block of
// cells whose sets are all the same is summarised by that set (the run-length summary a range
// check needs: a range over uniform blocks costs one update per block, not per granule), and only
// blocks whose granules differ keep their cells (4 bytes per 8 bytes of memory). Nothing is evicted
// while it may still race: records are dropped only when the owner says they are dead (provably
// ordered before everything that can still arrive). A transition cache makes a repeated access of
// the same kind from the same source location in the same epoch cost a few loads.
#pragma once

#include "rmarace/core/function_ref.h"
#include "rmarace/core/spare_nodes.h"
#include "rmarace/core/types.h"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace rmarace {

enum class RecordKind : uint8_t {
  Load,   // a plain load of this process (subject: location index)
  Store,  // a plain store of this process (subject: location index)
  Buffer, // an origin buffer access of this process's own RMA call (subject: own access id)
  Remote, // a remote access to this process's memory (subject: remote access id)
};

struct ShadowRecord {
  RecordKind kind = RecordKind::Load;
  uint8_t mask = 0;            // bytes of the granule the record covers
  bool languageAtomic = false; // Load/Store: a C/C++ atomic access
  uint32_t subject = 0;
  Epoch epoch = 0;                  // Load/Store: epoch of the latest such access to these bytes
  ThreadId thread = kInitialThread; // Load/Store: the thread that made it
  bool sameSubject(const ShadowRecord &o) const {
    return kind == o.kind && subject == o.subject && languageAtomic == o.languageAtomic &&
           thread == o.thread;
  }
  bool operator==(const ShadowRecord &) const = default;
};

using AccessSet = std::vector<ShadowRecord>; // canonical order, see canonicalize()
using SetId = uint32_t;
inline constexpr SetId kEmptySet = 0;
inline constexpr uint64_t kGranule = 8;
inline constexpr uint8_t kFullGranuleMask = 0xff;
// Cells summarised by one block (512 bytes of memory): small enough that the blocks at a range's
// ends, which it covers only in part, cost little to expand.
inline constexpr std::size_t kBlockGranules = 64;
// Chunks in use at which a region's mixed blocks are first compacted (when a block needs a chunk
// and no released one is left); later, twice as many as the last compaction left (so that
// compacting costs a constant per chunk handed out).
inline constexpr std::size_t kMinCompactChunks = 64;
// ... and at least this fraction (1/kCompactScanShare) of the chunks ever handed out.
inline constexpr std::size_t kCompactScanShare = 8;
// A block whose cells differ has this bit set, and the index of the chunk holding its cells.
inline constexpr SetId kMixedBit = SetId{1} << 31;
inline constexpr bool isMixedBlock(SetId block) {
  return (block & kMixedBit) != 0;
}
// No set: never a cell's.
inline constexpr SetId kNoSet = ~SetId{0};

// The cells of a region's mixed blocks, kBlockGranules per chunk. Room for a chunk per block is
// reserved up front, but only chunks handed out are ever written: the memory a region's cells take
// is that of the most blocks mixed at once, not of the region.
class CellChunks {
public:
  CellChunks() = default;
  explicit CellChunks(std::size_t blocks);
  uint32_t acquire(uint32_t block); // a chunk for `block`; its cells are unspecified
  void release(uint32_t chunk);
  SetId *cells(uint32_t chunk) { return cells_.data() + std::size_t{chunk} * kBlockGranules; }
  const SetId *cells(uint32_t chunk) const {
    return cells_.data() + std::size_t{chunk} * kBlockGranules;
  }
  uint32_t owner(uint32_t chunk) const { return owners_[chunk]; } // kFreeChunk when free
  uint32_t handedOut() const { return static_cast<uint32_t>(owners_.size()); } // ever
  std::size_t inUse() const { return owners_.size() - free_.size(); }
  bool allInUse() const { return free_.empty(); } // the next chunk is one never handed out
  std::size_t bytes() const;                      // written so far
  static constexpr uint32_t kFreeChunk = ~uint32_t{0};

private:
  std::vector<SetId> cells_; // capacity for every block's chunk: never reallocated
  std::vector<uint32_t> owners_;
  std::vector<uint32_t> free_;
};

// A contiguous piece of tracked memory with its cells.
struct ShadowRegion {
  Address base = 0; // aligned down to kGranule
  uint64_t size = 0;
  std::size_t granules = 0;
  // Per kBlockGranules cells: the set all of them hold, or kMixedBit | the chunk of `chunks`
  // that holds their sets.
  std::vector<SetId> blocks;
  CellChunks chunks;
  // Mixed blocks are summarised again (and their chunks released) when this many chunks are in
  // use.
  std::size_t compactAt = 0;
  uint32_t segment = 0; // owner's tag (segment id)
  std::string name;     // for reports
  Address userBase = 0; // base address as exposed (offsets in reports are relative to it)
};

class AccessHistory {
public:
  AccessHistory();

  // Regions. Returns a stable index; regions never overlap.
  uint32_t addRegion(Address base, uint64_t size, uint32_t segment, std::string name);
  void removeRegion(uint32_t index);
  // Region containing addr, or nullptr. Inline for the common case, the region found last (every
  // plain access of window memory asks).
  ShadowRegion *find(Address addr) {
    if (lastRegion_ < regions_.size()) {
      ShadowRegion &r = regions_[lastRegion_];
      if (addr - r.userBase < r.size) return &r; // unsigned: also below userBase
    }
    return findOther(addr);
  }
  const std::vector<ShadowRegion> &regions() const { return regions_; }
  ShadowRegion &region(uint32_t index) { return regions_[index]; }

  const AccessSet &set(SetId id) const { return sets_[id]; }
  // The set of the granule holding addr (inside `region`).
  static SetId setAt(const ShadowRegion &region, Address addr);

  // Called for each existing record overlapping a new record's bytes in one granule.
  using Visitor = FunctionRef<void(const ShadowRecord &existing, Address granule, uint8_t mask)>;
  // Decides whether a record is still needed; dead records are dropped on update.
  using Liveness = FunctionRef<bool(const ShadowRecord &)>;

  // Adds `record` (its mask is computed per granule) to [begin, end) of the region at index,
  // first visiting overlapping records. Load/Store records supersede older epochs of the same
  // subject on the same bytes (the latest access per location and kind is all a race check
  // needs, see docs/design.md).
  void insert(uint32_t regionIndex, Address begin, Address end, ShadowRecord record,
              const Visitor &visit, const Liveness &live);
  // Hot path for plain accesses: like insert, but a cache of set transitions skips both the
  // visit and the set construction when this exact transition was computed in this generation.
  void insertLocal(ShadowRegion &region, Address begin, Address end, ShadowRecord record,
                   const Visitor &visit, const Liveness &live);
  // insertLocal of `rows` rows [first + k * step, first + k * step + length), all inside region.
  // Rows usually meet the same histories (a column of a matrix): the last transition is reused
  // without the cache's hashing.
  void insertLocalRows(ShadowRegion &region, Address first, uint64_t length, uint64_t step,
                       uint64_t rows, ShadowRecord record, const Visitor &visit,
                       const Liveness &live);
  // Visits records overlapping [begin, end) without changing anything.
  void visit(uint32_t regionIndex, Address begin, Address end, const Visitor &visit) const;
  // Drops the records `live` rejects from the cells of [begin, end) of the region at index (the
  // owner reclaims a record before its collection): costs what an insert there costs.
  void filter(uint32_t regionIndex, Address begin, Address end, const Liveness &live);

  // Invalidates the transition cache (its entries name epochs; a new epoch makes them useless).
  void newGeneration() { ++generation_; }

  // Reclaims unreferenced sets when they have grown enough since the last collection; `mark`
  // receives every record still referenced so the owner can keep its subjects alive.
  bool shouldCollect() const;
  void collect(FunctionRef<void(const ShadowRecord &)> mark, const Liveness &live);

  // Accounting for tests and statistics.
  std::size_t liveSetCount() const { return sets_.size() - freeSets_.size(); }
  std::size_t cellBytes() const;
  std::size_t setBytes() const;

private:
  // What a transition depends on, in three words: the set and the record's subject, its epoch,
  // and the rest (thread, kind, mask, atomicity).
  struct TransitionKey {
    uint64_t sets = 0;
    Epoch epoch = 0;
    uint64_t rest = 0;
    static TransitionKey of(SetId from, const ShadowRecord &record, uint8_t mask) {
      return {uint64_t{from} << 32 | record.subject, record.epoch,
              uint64_t{record.thread} | uint64_t(record.kind) << 32 | uint64_t{mask} << 40 |
                  uint64_t{record.languageAtomic} << 48};
    }
    // The cache entry: two multiplicative hashes, whose top bits are the best mixed (a few
    // instructions: every checked granule computes it).
    std::size_t slot() const {
      return static_cast<std::size_t>(
          (sets * kSlotMultiplier ^ (epoch ^ rest) * kSlotMultiplier2) >> (64 - kCacheBits));
    }
    bool operator==(const TransitionKey &) const = default;
  };
  struct Transition {
    uint64_t generation = 0;
    TransitionKey key;
    SetId to = 0;
  };
  SetId transitionMiss(Transition &entry, const TransitionKey &key, SetId from,
                       const ShadowRecord &record, uint8_t mask, Address granule,
                       const Visitor &visit, const Liveness &live);
  // The id of a set equal to `set`, which is copied only when new (into a freed set's buffer when
  // there is one).
  SetId intern(const AccessSet &set);
  ShadowRegion *findOther(Address addr);
  // The set a granule holding `from` gets when `record` covers `mask` of it, through the cache:
  // a hit inline (a plain access's granules usually hit), a miss computed by transitionMiss.
  SetId transition(SetId from, const ShadowRecord &record, uint8_t mask, Address granule,
                   const Visitor &visit, const Liveness &live) {
    TransitionKey key = TransitionKey::of(from, record, mask);
    Transition &t = cache_[key.slot()];
    if (t.generation == generation_ && t.key == key) return t.to;
    return transitionMiss(t, key, from, record, mask, granule, visit, live);
  }
  SetId update(SetId from, const ShadowRecord &record, const Visitor *visit, Address granule,
               const Liveness &live);
  // Calls f on every set reference a region holds: a uniform block's, the cells of mixed ones.
  template <class F> static void forEachLiveCell(ShadowRegion &r, F &&f);
  // Gives block b's cells their sets again, before one of them changes alone.
  static void expand(ShadowRegion &r, std::size_t b);
  // Cell i, writable: its block expanded first.
  static SetId &writableCell(ShadowRegion &r, std::size_t i);
  // Summarises every mixed block whose cells agree, releasing its chunk.
  static void compact(ShadowRegion &r);
  static void canonicalize(AccessSet &set);
  static uint64_t hashOf(const AccessSet &set);

  std::vector<ShadowRegion> regions_;
  std::vector<uint32_t> freeRegions_;
  std::vector<AccessSet> sets_;
  std::vector<SetId> freeSets_; // their buffers kept for the next sets
  AccessSet updateScratch_;     // update's result before it is interned
  using SetIndex = std::unordered_multimap<uint64_t, SetId>; // by hashOf
  SetIndex index_;
  // Entries of collected sets, for the next sets to take (as the sets' buffers are kept): a loop
  // of epochs makes new sets and collects old ones at the same pace.
  SpareNodes<SetIndex> spareIndexNodes_;
  std::size_t liveAfterCollect_ = 0;

  static constexpr unsigned kCacheBits = 12;
  static constexpr std::size_t kCacheSize = std::size_t{1} << kCacheBits;
  static constexpr uint64_t kSlotMultiplier = 0x9e3779b97f4a7c15ULL;  // 2^64 / golden ratio
  static constexpr uint64_t kSlotMultiplier2 = 0xff51afd7ed558ccdULL; // MurmurHash3's fmix64
  // Sets are collected when their number has doubled since the last collection, from this many.
  static constexpr std::size_t kSetCollectionFloor = 1024;
  // Freed sets keep their buffers for new sets up to this many (the sets made between two
  // collections at the floor); the others release them.
  static constexpr std::size_t kSetBuffersKept = kSetCollectionFloor;
  static constexpr std::size_t kInsertMemo = 16; // distinct (set, mask) pairs one insert remembers
  std::vector<Transition> cache_;
  uint64_t generation_ = 1;
  uint32_t lastRegion_ = 0;
};

} // namespace rmarace
