// The clock exchange of a blocking all-to-all collective, carried by the application's own
// collective when every member of the communicator runs on one node (docs/runtime.md, "How ranks
// exchange tool data").
//
// A barrier, or a reduction of at least one element to every member, returns at a member only
// once every member called it (a barrier by definition; a reduction's result depends on every
// member's data). So the tool needs no collective of its own there: before the application's
// call, every member writes its contribution into its slot of a board, shared memory of the
// communicator's members (MPI_Win_allocate_shared); after the call, each member reads every
// member's slot and combines them. The application's call costs what it costs without the tool,
// instead of the tool's reduction with a user-defined operation replacing or overlapping it.
#pragma once

#include "pending_exchange.h"
#include "rmarace/core/tracker.h"

#include <cstdint>
#include <memory>
#include <mpi.h>
#include <optional>
#include <vector>

namespace rmarace::mpi {

struct Channel;
class CollectiveBoard;

// A fence's exchange through its window's board. The board keeps it: a window has one fence at a
// time.
struct BoardFenceExchange final : MpiPendingExchange {
  BoardFenceExchange() : MpiPendingExchange(Means::Board) {}
  CollectiveBoard *board = nullptr;
  uint64_t round = 0;
  CollectiveContribution fallback; // when a member needs the exchange by reduction
  void release() override {}
};

class CollectiveBoard {
public:
  // Groups up to this size: every member reads every member's slot, so a collective reads data
  // that grows with the square of the group.
  static constexpr std::size_t kMaxMembers = 64;
  // Processes in the job up to this many: a slot holds a clock component of each.
  static constexpr std::size_t kMaxWorld = 1024;
  // Slots per member, used in turn. A member reads the others' slots of a round only once all of
  // them show that round; so a member cannot write its slot of round k + 2 before every member
  // has written round k + 1, that is, finished reading round k.
  static constexpr std::size_t kSlots = 2;

  // Boards a process keeps at most. A board lives until MPI_Finalize (freeing it with its
  // communicator would make MPI_Comm_free synchronise, which a program may not expect), so a
  // program that creates communicators without end gets boards for the first ones only.
  static constexpr std::size_t kMaxBoards = 64;

  // Collective over the channel. Null (on every member) when a member does not `want` one, the
  // members do not all share a node, the group or the job is too large, the communicator is an
  // intercommunicator, or the library gives no shared memory in the unified model. The members
  // agree on the board's number: the largest of their `proposed` numbers.
  static std::unique_ptr<CollectiveBoard> create(const Channel &channel, std::size_t worldSize,
                                                 bool want, uint64_t proposed);
  // Boards are freed in the order of their numbers, which is the same on every process.
  uint64_t number() const { return number_; }
  CollectiveBoard(const CollectiveBoard &) = delete;
  CollectiveBoard &operator=(const CollectiveBoard &) = delete;
  // Collective over the channel's processes (MPI_Finalize).
  void free();

  // Whether collectives still go through the board: once one needed the exchange by reduction
  // (a hybrid rank's threads, a small group's ledger entries), every member saw it, and the
  // channel's later collectives exchange by reduction from the start.
  bool carries() const { return !retired_; }
  // Before the application's collective: this member's contribution into its slot of the next
  // round, whose number it returns.
  uint64_t post(const CollectiveContribution &mine);
  // What a round carries: a communicator's barrier or reduction, or a window's fence (whose
  // rounds never repeat, see startFence). It words the warning of a wait that lasts.
  enum class RoundOf { Collective, Fence };
  // After it, once every member's slot shows the round: the round's contributions combined (into
  // combined()); that a collective's round repeats the previous one (every member contributed
  // what it contributed then, so the combination is the same: Tracker::ExchangeNow); or that a
  // member needs the exchange by reduction (then on every member).
  enum class Outcome { Combined, Repeated, NeedsReduction };
  Outcome collect(uint64_t round, RoundOf of);
  // The latest combination (its buffers reused by the next).
  const CollectiveContribution &combined() const { return combined_; }

  // A window's fences, on a board of the window's group: the same post before the application's
  // MPI_Win_fence and collect after it. A fence need not wait for the other members (one that
  // ends no epoch, in some libraries any), but the collect does, and the slots' turns need only
  // that wait. A fence always completes its window's calls (an event), so its rounds never
  // repeat.
  PendingExchangePtr startFence(const CollectiveContribution &mine);
  // Whether the round was combined (into combined()); false when a member needs the exchange by
  // reduction: then over group() with fenceContribution(). group() is the channel's, also for a
  // collective's reduction.
  bool finishFence(BoardFenceExchange &exchange);
  const GroupView &group() const { return group_; }
  // What this member contributed to its latest fence (kept here, its buffers reused).
  const CollectiveContribution &fenceContribution() const { return fenceContribution_; }

private:
  CollectiveBoard(std::size_t members, std::size_t worldSize, int me)
      : members_(members), worldSize_(worldSize), me_(me) {}
  // A slot's words: the round it holds, the round that asks for a reduction, the round whose
  // contribution equals the member's previous one, the batches sent to each member, then the
  // clock's initial-thread components.
  static constexpr std::size_t kRoundWord = 0;
  static constexpr std::size_t kReduceWord = 1;
  static constexpr std::size_t kRepeatWord = 2;
  static constexpr std::size_t kHeaderWords = 3;
  std::size_t sentWord(std::size_t member) const { return kHeaderWords + member; }
  std::size_t clockWord(std::size_t rank) const { return kHeaderWords + members_ + rank; }
  std::size_t slotWords() const { return clockWord(worldSize_); }
  uint64_t *slot(std::size_t member, uint64_t round) const {
    return bases_[member] + (round % kSlots) * slotWords();
  }
  void awaitRound(uint64_t round, RoundOf of);

  std::size_t members_;
  std::size_t worldSize_;
  int me_;             // local rank in the channel
  Rank worldRank_ = 0; // for messages
  MPI_Win window_ = MPI_WIN_NULL;
  MPI_Comm comm_ = MPI_COMM_NULL; // the channel's shadow communicator, for progress
  std::vector<uint64_t *> bases_; // every member's slots, mapped here
  GroupView group_;
  CollectiveContribution fenceContribution_;
  CollectiveContribution combined_;
  BoardFenceExchange fenceExchange_;
  uint64_t number_ = 0;
  uint64_t rounds_ = 0; // posted so far
  bool retired_ = false;
  bool warned_ = false;
};

} // namespace rmarace::mpi
