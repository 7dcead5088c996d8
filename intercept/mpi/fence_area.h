// The clock exchange of a fence, carried by the fence itself (docs/runtime.md, "How ranks exchange
// tool data").
//
// A fence synchronises every member of the window's group (dissertation Table 4.2; where the
// library's fence need not, the wait after it does), so the tool's exchange need not be a
// reduction of its own: before the application's MPI_Win_fence, every
// member accumulates (MPI_MAX) its clock, the batches it sent to that member and its fence count
// into an area of every member, in a tool window kept in a passive epoch, and flushes; after the
// fence, each member reads its own area. The application's round carries the exchange.
#pragma once

#include "pending_exchange.h"
#include "rmarace/core/tracker.h"

#include <cstdint>
#include <memory>
#include <mpi.h>
#include <optional>

namespace rmarace::mpi {

struct Channel;
class FenceArea;

// A fence's exchange through the area: what the member contributed, to fall back on.
struct FenceAreaExchange final : MpiPendingExchange {
  FenceAreaExchange() : MpiPendingExchange(Means::FenceArea) {}
  FenceArea *area = nullptr;
  uint64_t fence = 0; // this fence's number among the window's carried fences, from 1
  CollectiveContribution mine;
  GroupView group;
  CollectiveContribution combined; // once finished
};

class FenceArea {
public:
  // Groups up to this size: a member accumulates into every member's area, so the data a fence
  // moves grows with the square of the group.
  static constexpr std::size_t kMaxMembers = 32;
  // Processes in the job up to this many: an area holds a clock component of each.
  static constexpr std::size_t kMaxWorld = 1024;
  // Areas per member, used in turn: the wait after each fence keeps a member at most one fence
  // ahead of another; the others are margin.
  static constexpr std::size_t kRing = 4;

  // Collective over the window's channel, at window creation. Null (on every member) when the
  // group or the job is too large or the tool window is not in the unified memory model.
  static std::unique_ptr<FenceArea> create(const Channel &channel, std::size_t worldSize);
  FenceArea(const FenceArea &) = delete;
  FenceArea &operator=(const FenceArea &) = delete;
  // Collective, at MPI_Win_free or MPI_Finalize.
  void free();

  // Whether fences still go through the area: once a fence needed the exchange by reduction (a
  // hybrid rank's threads, a small group's ledger entries), the window's later fences exchange
  // by reduction from the start, overlapped with the fence, as every member learnt at once.
  bool carries() const { return !retired_; }
  // Before the application's fence: the contribution into every member's area, flushed.
  // `separateCount`: the fence need not synchronise (it ends no epoch), so the count that says the
  // contribution arrived travels after it.
  PendingExchangePtr start(const CollectiveContribution &mine, const GroupView &group,
                           bool separateCount);
  // After it: the combination, once every member's contribution arrived; nothing when a member
  // needs the exchange by reduction (ledger entries, threads' clock components), which every
  // member then sees too.
  std::optional<CollectiveContribution> finish(const FenceAreaExchange &exchange);

private:
  FenceArea(std::size_t members, std::size_t worldSize, int me)
      : members_(members), worldSize_(worldSize), me_(me) {}
  // An area's words: fence counts and batches sent to the owner (one per member), the flag asking
  // for a reduction, then the clock's initial-thread components.
  std::size_t countWord(std::size_t member) const { return member; }
  std::size_t sentWord(std::size_t member) const { return members_ + member; }
  std::size_t flagWord() const { return 2 * members_; }
  std::size_t clockWord(std::size_t rank) const { return 2 * members_ + 1 + rank; }
  std::size_t words() const { return clockWord(worldSize_); }
  MPI_Aint areaOf(uint64_t fence) const { return static_cast<MPI_Aint>((fence % kRing) * words()); }

  std::size_t members_;
  std::size_t worldSize_;
  int me_;             // local rank in the channel
  Rank worldRank_ = 0; // for messages
  MPI_Win window_ = MPI_WIN_NULL;
  MPI_Comm comm_ = MPI_COMM_NULL; // the channel's shadow communicator, for progress
  uint64_t *base_ = nullptr;
  uint64_t fences_ = 0; // carried so far
  bool retired_ = false;
  bool warned_ = false;
};

} // namespace rmarace::mpi
