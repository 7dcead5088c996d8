#include "batch_rings.h"

#include "plain_read_windows.h"

#include <cstring>

namespace rmarace::mpi {

namespace {
constexpr std::size_t kCacheLine = 64;
constexpr std::size_t kWord = sizeof(uint64_t);
// An entry's header: its sequence number and its length. Sequence number 0 marks a wrap entry.
constexpr std::size_t kEntryHeader = 2 * kWord;
constexpr uint64_t kWrapSeq = 0;

uint64_t loadAcquire(const uint64_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}
void storeRelease(uint64_t *word, uint64_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}
std::size_t padded(std::size_t bytes) {
  return (bytes + kWord - 1) / kWord * kWord;
}
} // namespace

struct BatchRings::Positions {
  alignas(kCacheLine) uint64_t written; // by the sender
  alignas(kCacheLine) uint64_t read;    // by the target
};

std::unique_ptr<BatchRings> BatchRings::create(MPI_Comm world, bool want) {
  // Every process must take the same way: a sender and its target both need the rings.
  int wanted = want ? 1 : 0;
  PMPI_Allreduce(MPI_IN_PLACE, &wanted, 1, MPI_INT, MPI_MIN, world);
  if (!wanted) return nullptr;
  int worldRank = 0, worldSize = 0;
  PMPI_Comm_rank(world, &worldRank);
  PMPI_Comm_size(world, &worldSize);
  std::unique_ptr<BatchRings> rings(new BatchRings);
  PMPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &rings->node_);
  int nodeSize = 0;
  PMPI_Comm_size(rings->node_, &nodeSize);
  PMPI_Comm_rank(rings->node_, &rings->me_);
  // A node with too many ranks gets no rings (each rank reaches only itself).
  bool fits = static_cast<std::size_t>(nodeSize) <= kMaxNodeRanks;
  std::size_t ringsPerRank = fits ? static_cast<std::size_t>(nodeSize) : 0;
  rings->nodeRanks_ = ringsPerRank;
  MPI_Aint bytes = static_cast<MPI_Aint>(ringsPerRank * (sizeof(Positions) + kRingBytes));
  std::byte *base = nullptr;
  PMPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, rings->node_, &base, &rings->window_);
  // The rings are read with plain loads while their senders write them. The model is the
  // library's, the same on every process, so all keep their rings or none does.
  if (!unifiedModel(rings->window_)) {
    PMPI_Win_free(&rings->window_);
    PMPI_Comm_free(&rings->node_);
    return nullptr;
  }
  std::vector<int> worldOfLocal(static_cast<std::size_t>(nodeSize));
  PMPI_Allgather(&worldRank, 1, MPI_INT, worldOfLocal.data(), 1, MPI_INT, rings->node_);
  rings->localOf_.assign(static_cast<std::size_t>(worldSize), kNotLocal);
  if (fits) {
    rings->segments_.resize(static_cast<std::size_t>(nodeSize));
    for (int l = 0; l < nodeSize; ++l) {
      MPI_Aint size = 0;
      int unit = 0;
      PMPI_Win_shared_query(rings->window_, l, &size, &unit, &rings->segments_[l]);
      rings->localOf_[static_cast<std::size_t>(worldOfLocal[l])] = l;
      if (l != rings->me_) rings->peers_.push_back(worldOfLocal[l]);
    }
    // Only the positions are cleared: a ring's bytes are touched once it carries batches.
    auto *positions = reinterpret_cast<Positions *>(base);
    for (std::size_t s = 0; s < ringsPerRank; ++s) positions[s].written = positions[s].read = 0;
  }
  openClearedSharedWindow(rings->window_, rings->node_); // no ring written before it is cleared
  return rings;
}

void BatchRings::free() {
  if (window_ == MPI_WIN_NULL) return;
  PMPI_Win_unlock_all(window_);
  PMPI_Win_free(&window_);
  PMPI_Comm_free(&node_);
}

BatchRings::Ring BatchRings::ring(int target, int sender) const {
  std::byte *segment = segments_[static_cast<std::size_t>(target)];
  auto s = static_cast<std::size_t>(sender);
  return {reinterpret_cast<Positions *>(segment) + s,
          segment + nodeRanks_ * sizeof(Positions) + s * kRingBytes};
}

BatchRings::Ring BatchRings::ringTo(Rank peer) const {
  return ring(localOf_[static_cast<std::size_t>(peer)], me_);
}

BatchRings::Ring BatchRings::ringFrom(Rank origin) const {
  return ring(me_, localOf_[static_cast<std::size_t>(origin)]);
}

bool BatchRings::push(Rank peer, uint64_t seq, std::span<const std::byte> bytes) {
  auto [positions, data] = ringTo(peer);
  std::size_t entry = kEntryHeader + padded(bytes.size());
  if (entry > kRingBytes) return false;
  uint64_t written = positions->written; // only this process writes it
  uint64_t read = loadAcquire(&positions->read);
  std::size_t at = static_cast<std::size_t>(written % kRingBytes);
  std::size_t toEnd = kRingBytes - at;
  std::size_t skip = toEnd < entry ? toEnd : 0; // the entry starts over at the beginning
  if (kRingBytes - (written - read) < skip + entry) return false;
  if (skip >= kEntryHeader) { // shorter ends are skipped without a mark
    uint64_t wrap[2] = {kWrapSeq, 0};
    std::memcpy(data + at, wrap, sizeof wrap);
  }
  at = (at + skip) % kRingBytes;
  uint64_t header[2] = {seq, bytes.size()};
  std::memcpy(data + at, header, sizeof header);
  std::memcpy(data + at + kEntryHeader, bytes.data(), bytes.size());
  storeRelease(&positions->written, written + skip + entry);
  return true;
}

BatchRings::Entry BatchRings::front(Rank origin) const {
  auto [positions, data] = ringFrom(origin);
  uint64_t read = positions->read; // only this process writes it
  if (loadAcquire(&positions->written) == read) return {};
  // Past a wrap: an end too short for a header, or a wrap entry.
  std::size_t at = static_cast<std::size_t>(read % kRingBytes);
  std::size_t toEnd = kRingBytes - at;
  uint64_t header[2] = {kWrapSeq, 0};
  if (toEnd >= kEntryHeader) std::memcpy(header, data + at, sizeof header);
  std::size_t skipped = toEnd < kEntryHeader || header[0] == kWrapSeq ? toEnd : 0;
  at = (at + skipped) % kRingBytes;
  std::memcpy(header, data + at, sizeof header);
  return {header[0],
          {data + at + kEntryHeader, static_cast<std::size_t>(header[1])},
          read + skipped + kEntryHeader + padded(header[1])};
}

void BatchRings::consume(Rank origin, const Entry &entry) {
  // The sender may reuse the bytes from now on.
  storeRelease(&ringFrom(origin).positions->read, entry.end);
}

} // namespace rmarace::mpi
