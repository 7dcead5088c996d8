#include "collective_board.h"

#include "mpi_state.h"
#include "plain_read_windows.h"

#include <algorithm>
#include <cstdio>

namespace rmarace::mpi {

namespace {
uint64_t loadAcquire(const uint64_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}
} // namespace

std::unique_ptr<CollectiveBoard> CollectiveBoard::create(const Channel &channel,
                                                         std::size_t worldSize, bool want,
                                                         uint64_t proposed) {
  // Every test below gives the same answer on every member, so that all create the board or none
  // does (the creation is collective).
  std::size_t members = channel.group.members.size();
  if (members > kMaxMembers || worldSize > kMaxWorld) return nullptr;
  int inter = 0;
  PMPI_Comm_test_inter(channel.shadow, &inter);
  if (inter) return nullptr;
  // A member may not want one (an option set differently per rank, no room for more boards).
  uint64_t agreed[] = {want ? 0 : uint64_t{1}, proposed};
  PMPI_Allreduce(MPI_IN_PLACE, agreed, 2, MPI_UINT64_T, MPI_MAX, channel.shadow);
  if (agreed[0] != 0) return nullptr;
  // The members' node-local part is the whole group on each member exactly when all share a node.
  MPI_Comm node = MPI_COMM_NULL;
  PMPI_Comm_split_type(channel.shadow, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int nodeSize = 0;
  PMPI_Comm_size(node, &nodeSize);
  PMPI_Comm_free(&node);
  if (static_cast<std::size_t>(nodeSize) != members) return nullptr;

  int me = 0;
  PMPI_Comm_rank(channel.shadow, &me);
  std::unique_ptr<CollectiveBoard> board(new CollectiveBoard(members, worldSize, me));
  board->comm_ = channel.shadow;
  board->number_ = agreed[1];
  board->worldRank_ = channel.group.members[static_cast<std::size_t>(me)];
  board->group_ = channel.group;
  MPI_Aint bytes = static_cast<MPI_Aint>(kSlots * board->slotWords() * sizeof(uint64_t));
  uint64_t *base = nullptr;
  PMPI_Win_allocate_shared(bytes, sizeof(uint64_t), MPI_INFO_NULL, channel.shadow, &base,
                           &board->window_);
  // Slots are read with plain loads while their owners write them.
  if (!unifiedModel(board->window_)) {
    PMPI_Win_free(&board->window_);
    return nullptr;
  }
  board->bases_.resize(members);
  for (std::size_t m = 0; m < members; ++m) {
    MPI_Aint size = 0;
    int unit = 0;
    PMPI_Win_shared_query(board->window_, static_cast<int>(m), &size, &unit, &board->bases_[m]);
  }
  std::fill(base, base + kSlots * board->slotWords(), 0);
  openClearedSharedWindow(board->window_, channel.shadow); // no slot read before all are cleared
  return board;
}

void CollectiveBoard::free() {
  if (window_ == MPI_WIN_NULL) return;
  PMPI_Win_unlock_all(window_);
  PMPI_Win_free(&window_);
}

uint64_t CollectiveBoard::post(const CollectiveContribution &mine) {
  uint64_t round = ++rounds_;
  uint64_t *own = slot(static_cast<std::size_t>(me_), round);
  // Ledger entries and the clock components of threads have no words here: the members then
  // exchange by reduction after the collective.
  bool reduce = !mine.ledger.empty() || !mine.clock.threadEntries().empty() ||
                mine.clock.size() != worldSize_ || mine.sentToMember.size() != members_;
  own[kReduceWord] = reduce ? round : 0;
  if (!reduce) {
    // The previous round's slot still holds this member's previous contribution (nobody else
    // writes it), unless this is the first round.
    const uint64_t *previous = slot(static_cast<std::size_t>(me_), round - 1);
    bool repeats = round > 1;
    for (std::size_t m = 0; m < members_; ++m) {
      own[sentWord(m)] = mine.sentToMember[m];
      repeats = repeats && previous[sentWord(m)] == own[sentWord(m)];
    }
    for (std::size_t r = 0; r < worldSize_; ++r) {
      own[clockWord(r)] = mine.clock[static_cast<Rank>(r)];
      repeats = repeats && previous[clockWord(r)] == own[clockWord(r)];
    }
    own[kRepeatWord] = repeats ? round : 0;
  }
  // The round number says that the rest of the slot is there.
  __atomic_store_n(&own[kRoundWord], round, __ATOMIC_RELEASE);
  PMPI_Win_sync(window_);
  return round;
}

void CollectiveBoard::awaitRound(uint64_t round, RoundOf of) {
  auto arrived = [&] {
    for (std::size_t m = 0; m < members_; ++m)
      if (loadAcquire(&slot(m, round)[kRoundWord]) != round) return false;
    return true;
  };
  // After a collective that waits for every member, every slot is there; the wait only covers
  // the time the stores take to become visible, and erroneous programs. The round word is read
  // with acquire and written with release, so the rest of a slot that shows the round is
  // visible without the memory barrier (MPI_Win_sync) the wait begins with.
  if (arrived()) return;
  awaitWindowWords(window_, comm_, warned_, arrived, [&] {
    if (of == RoundOf::Fence) {
      warnFenceWait(worldRank_, round);
      return;
    }
    std::fprintf(stderr,
                 "rmarace: warning: rank %d waits since %.0f s for the other members' part of "
                 "collective %llu of a communicator (MPI_Barrier or MPI_Allreduce); do all "
                 "members call the same collectives in the same order?\n",
                 static_cast<int>(worldRank_), kWindowPatienceSeconds,
                 static_cast<unsigned long long>(round));
  });
}

CollectiveBoard::Outcome CollectiveBoard::collect(uint64_t round, RoundOf of) {
  awaitRound(round, of);
  bool repeated = true;
  for (std::size_t m = 0; m < members_; ++m) {
    const uint64_t *s = slot(m, round);
    if (s[kReduceWord] == round) {
      retired_ = true;
      return Outcome::NeedsReduction;
    }
    repeated = repeated && of == RoundOf::Collective && s[kRepeatWord] == round;
  }
  if (repeated) return Outcome::Repeated;
  // Into the previous combination's buffers.
  if (combined_.clock.size() != worldSize_) combined_.clock = VectorClock(worldSize_);
  std::span<Epoch> clock = combined_.clock.mutableEntries();
  std::fill(clock.begin(), clock.end(), 0);
  // Only the own member's count is read (SyncState::absorbCollective): the batches every member
  // sent to this one.
  combined_.sentToMember.assign(members_, 0);
  uint64_t &sentToMe = combined_.sentToMember[static_cast<std::size_t>(me_)];
  for (std::size_t m = 0; m < members_; ++m) {
    const uint64_t *s = slot(m, round);
    for (std::size_t r = 0; r < worldSize_; ++r) clock[r] = std::max(clock[r], s[clockWord(r)]);
    sentToMe += s[sentWord(static_cast<std::size_t>(me_))];
  }
  return Outcome::Combined;
}

PendingExchangePtr CollectiveBoard::startFence(const CollectiveContribution &mine) {
  fenceExchange_.board = this;
  fenceExchange_.round = post(mine);
  fenceContribution_ = mine;
  return PendingExchangePtr(&fenceExchange_);
}

bool CollectiveBoard::finishFence(BoardFenceExchange &exchange) {
  return collect(exchange.round, RoundOf::Fence) != Outcome::NeedsReduction;
}

} // namespace rmarace::mpi
