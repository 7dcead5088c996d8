#include "fence_area.h"

#include "mpi_state.h"
#include "plain_read_windows.h"

#include <algorithm>
#include <vector>

namespace rmarace::mpi {

std::unique_ptr<FenceArea> FenceArea::create(const Channel &channel, std::size_t worldSize) {
  std::size_t members = channel.group.members.size();
  if (members > kMaxMembers || worldSize > kMaxWorld) return nullptr;
  int me = 0;
  PMPI_Comm_rank(channel.shadow, &me);
  std::unique_ptr<FenceArea> area(new FenceArea(members, worldSize, me));
  area->comm_ = channel.shadow;
  area->worldRank_ = channel.group.members[static_cast<std::size_t>(me)];
  MPI_Aint bytes = static_cast<MPI_Aint>(kRing * area->words() * sizeof(uint64_t));
  PMPI_Win_allocate(bytes, sizeof(uint64_t), MPI_INFO_NULL, channel.shadow, &area->base_,
                    &area->window_);
  // The own area is read with plain loads while the others accumulate into it.
  if (!unifiedModel(area->window_)) {
    PMPI_Win_free(&area->window_);
    return nullptr;
  }
  std::fill(area->base_, area->base_ + kRing * area->words(), 0);
  PMPI_Barrier(channel.shadow); // nobody accumulates before every area is cleared
  PMPI_Win_lock_all(MPI_MODE_NOCHECK, area->window_);
  return area;
}

void FenceArea::free() {
  if (window_ == MPI_WIN_NULL) return;
  PMPI_Win_unlock_all(window_);
  PMPI_Win_free(&window_);
}

PendingExchangePtr FenceArea::start(const CollectiveContribution &mine, const GroupView &group,
                                    bool separateCount) {
  PendingExchangePtr owner(new FenceAreaExchange);
  auto *exchange = static_cast<FenceAreaExchange *>(owner.get());
  exchange->area = this;
  exchange->fence = ++fences_;
  exchange->mine = mine;
  exchange->group = group;
  // Ledger entries and the clock components of threads have no words here: the members then
  // exchange by reduction after the fence.
  bool reduce = !mine.ledger.empty() || !mine.clock.threadEntries().empty() ||
                mine.clock.size() != worldSize_;
  std::vector<uint64_t> data(words(), 0);
  for (std::size_t r = 0; r < worldSize_ && r < mine.clock.size(); ++r)
    data[clockWord(r)] = mine.clock[static_cast<Rank>(r)];
  if (reduce) data[flagWord()] = exchange->fence;
  // The fence count says that the contribution is there. A fence that ends an epoch returns only
  // once every member called it (it completes their RMA calls at this target), after their
  // flushes, so one accumulate can carry both. One that ends none (MPI_MODE_NOPRECEDE) need not
  // synchronise, and MPI orders neither the elements of one accumulate nor accumulates to other
  // words: the count follows the contribution after a flush.
  MPI_Aint disp = areaOf(exchange->fence);
  std::size_t count = countWord(static_cast<std::size_t>(me_));
  if (!separateCount) data[count] = exchange->fence;
  std::size_t first = separateCount ? sentWord(0) : 0, length = words() - first;
  for (std::size_t member = 0; member < members_; ++member) {
    data[sentWord(static_cast<std::size_t>(me_))] =
        member < mine.sentToMember.size() ? mine.sentToMember[member] : 0;
    PMPI_Accumulate(data.data() + first, static_cast<int>(length), MPI_UINT64_T,
                    static_cast<int>(member), disp + static_cast<MPI_Aint>(first),
                    static_cast<int>(length), MPI_UINT64_T, MPI_MAX, window_);
  }
  PMPI_Win_flush_all(window_);
  if (!separateCount) return owner;
  for (std::size_t member = 0; member < members_; ++member)
    PMPI_Accumulate(&exchange->fence, 1, MPI_UINT64_T, static_cast<int>(member),
                    disp + static_cast<MPI_Aint>(count), 1, MPI_UINT64_T, MPI_MAX, window_);
  PMPI_Win_flush_all(window_);
  return owner;
}

std::optional<CollectiveContribution> FenceArea::finish(const FenceAreaExchange &exchange) {
  const uint64_t *area = base_ + areaOf(exchange.fence);
  auto word = [&](std::size_t i) { return __atomic_load_n(&area[i], __ATOMIC_RELAXED); };
  auto arrived = [&] {
    for (std::size_t member = 0; member < members_; ++member)
      if (word(countWord(member)) != exchange.fence) return false;
    return true;
  };
  // Every member's count, then its contribution, is there once it called its own fence: most
  // libraries' fences return only then; for the others (a fence that ends no epoch need not
  // synchronise) this wait does it. It also keeps members within one fence of each other, so
  // that an area is not written again before all have read it.
  awaitWindowWords(window_, comm_, warned_, arrived,
                   [&] { warnFenceWait(worldRank_, exchange.fence); });
  if (word(flagWord()) == exchange.fence) {
    retired_ = true;
    return std::nullopt;
  }
  CollectiveContribution combined;
  std::vector<Epoch> clock(worldSize_);
  for (std::size_t r = 0; r < worldSize_; ++r) clock[r] = word(clockWord(r));
  combined.clock = VectorClock(std::move(clock));
  // Only the own member's count is read (SyncState::absorbCollective): the batches every member
  // sent to this one.
  combined.sentToMember.assign(members_, 0);
  for (std::size_t member = 0; member < members_; ++member)
    combined.sentToMember[static_cast<std::size_t>(me_)] += word(sentWord(member));
  return combined;
}

} // namespace rmarace::mpi
