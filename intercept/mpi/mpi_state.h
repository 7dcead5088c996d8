// State of the MPI front end: which application communicators, windows and requests exist, the
// private communicators the tool uses, and the Transport over MPI.
#pragma once

#include "batch_rings.h"
#include "carried_reduction.h"
#include "collective_board.h"
#include "datatypes.h"
#include "mpi/queue_encoding.h"
#include "mpi/semantics.h"
#include "request_table.h"
#include "rmarace/core/function_ref.h"
#include "rmarace/runtime/lifecycle.h"
#include "rmarace/runtime/runtime.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mpi.h>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace rmarace::mpi {

// A group of processes the tool exchanges data with: an application communicator or a window,
// with the tool's private duplicate of its communicator.
struct Channel {
  uint64_t id = 0;
  MPI_Comm shadow = MPI_COMM_NULL;
  GroupView group;                     // world ranks in local rank order
  std::unordered_map<Rank, int> local; // world rank -> rank in the communicator
  int localRank(Rank world) const { return local.at(world); }
  // The board of its barriers and reductions (collective_board.h), tried at the first one.
  CollectiveBoard *board = nullptr;
  bool boardTried = false;
};

class FenceArea;

struct WindowState {
  SegmentId segment = 0;
  uint64_t channel = 0; // the window's own channel (its communicator may be freed first)
  bool dynamic = false;
  std::vector<uint64_t> sizes;       // bytes, per window rank
  std::vector<int> dispUnits;        // per window rank
  MPI_Win toolWindow = MPI_WIN_NULL; // lock deposits: [all releases | exclusive releases]
  // The fences' exchange: a board when the group shares a node (collective_board.h), else an
  // area (fence_area.h), if the group allows either.
  std::shared_ptr<CollectiveBoard> fenceBoard;
  std::shared_ptr<FenceArea> fenceArea;
  // accumulate_ordering orders accumulates of one origin (rar,raw,war,waw by default).
  bool accumulatesOrdered = true;
};

class MpiTransport;
struct MpiExchange;

// The MPI front end's global state, created at MPI_Init.
struct State {
  rt::Runtime *runtime = nullptr;
  std::unique_ptr<MpiTransport> transport;
  std::unique_ptr<Semantics> semantics;
  std::map<uint64_t, Channel> channels;
  std::unordered_map<MPI_Comm, uint64_t> comms; // application communicator -> channel
  std::unordered_map<MPI_Win, WindowState> windows;
  RequestTable requests;
  Datatypes datatypes;
  uint64_t nextChannel = 1;
  // Every board created, by number (freed at MPI_Finalize in this order).
  std::map<uint64_t, std::unique_ptr<CollectiveBoard>> boards;
  uint64_t nextBoard = 1;
  SegmentId nextSegment = 1;
  RequestId nextRmaRequest = 1;

  Channel *channelOf(MPI_Comm comm);
  // A new channel over the processes of `base` (collective over them: duplicates `base`).
  Channel &makeChannel(MPI_Comm base);
  // makeChannel for an application communicator, remembered as its channel.
  Channel &addChannel(MPI_Comm app);
  void removeChannel(uint64_t id);
  // The channel's board, created at the first call (collective over the channel), while it
  // carries exchanges; null otherwise.
  CollectiveBoard *boardOf(Channel &channel);
  WindowState *window(MPI_Win win);
};

State *state(); // nullptr outside MPI_Init .. MPI_Finalize

// World ranks of an MPI group.
std::vector<Rank> worldRanks(MPI_Group group);

// The engine's Transport over MPI, and the collectives the runtime needs at start and end.
class MpiTransport final : public Transport, public rt::RunCollectives {
public:
  MpiTransport(State &state, MPI_Comm toolComm, Rank worldSize);
  ~MpiTransport() override;

  void send(Batch batch) override;
  void poll(Process &process) override;
  void receiveBatch(Process &process, Rank origin) override;
  void sendClock(Rank to, QueueId queue, const ClockPayload &payload) override;
  ClockPayload receiveClock(Rank from, QueueId queue) override;
  CollectiveContribution exchange(const GroupView &group, CollectiveKind kind, Rank root,
                                  const CollectiveContribution &mine) override;
  void deposit(ResourceId resource, Rank deposition, const ResourcePayload &payload) override;
  ResourcePayload fetch(ResourceId resource, Rank deposition) override;

  void sendAnswer(Rank to, const ClockPayload &answer) override;
  std::optional<ClockPayload> takeAnswer(Process &process, uint64_t token,
                                         double patienceSeconds) override;

  uint64_t broadcastFromFirst(uint64_t value) override;
  std::vector<std::string> gatherAtFirst(const std::string &mine) override;
  std::vector<uint64_t> sumOverAll(const std::vector<uint64_t> &values) override;

  // Probes: the clock of the probed message is received now and kept for its receive.
  void preconsume(QueueId queue, Rank from);
  bool takePreconsumed(QueueId queue, Rank from, ClockPayload &payload);
  bool peekPreconsumed(QueueId queue, Rank from, ClockPayload &payload) const;

  PendingExchangePtr startExchange(const GroupView &group, CollectiveKind kind, Rank root,
                                   const CollectiveContribution &mine, bool complete) override;
  const CollectiveContribution &finishExchange(PendingExchange &pending, bool complete) override;
  // exchange carrying the application's reduction (carried_reduction.h), in one blocking
  // collective; the application's result is stored where the reduction says.
  CollectiveContribution exchangeCarrying(const GroupView &group, CollectiveKind kind, Rank root,
                                          const CollectiveContribution &mine,
                                          const std::optional<CarriedReduction> &carried);
  // exchange through the channel's board, carried by the application's collective `round`
  // (which must wait for every member; collective_board.h): the board's combination, or
  // `fallback` filled by a reduction when a member needs one; null when the round repeats the
  // previous one (Tracker::ExchangeNow).
  const CollectiveContribution *exchangeOnBoard(CollectiveBoard &board,
                                                const CollectiveContribution &mine,
                                                FunctionRef<void()> round,
                                                CollectiveContribution &fallback);

  MPI_Comm toolComm() const { return toolComm_; }
  // Collective over the window's channel: creates the window's lock deposit area.
  MPI_Win createLockArea(const Channel &channel);
  // Collective over the window's channel: the window's fence area, or null (fence_area.h).
  std::shared_ptr<FenceArea> createFenceArea(const Channel &channel);
  // Collective over the channel: its board, or null (collective_board.h).
  std::unique_ptr<CollectiveBoard> createBoard(const Channel &channel, bool want,
                                               uint64_t proposed);
  // Collective over every process: batches between ranks of a node go through shared memory
  // from now on, unless a process does not `want` it (batch_rings.h).
  void openBatchRings(bool want);
  void waitSends(); // completes outstanding sends (at finalize)
  // Releases what the transport holds in MPI (before MPI_Finalize).
  void shutdown();

private:
  struct Route {
    MPI_Comm comm;
    int peer;
    int tag;
  };
  Route route(Rank world, QueueId queue) const;
  // An exchange's send and receive buffers, datatype and operation; then what the members learn
  // from its result (with the variable-size parts exchanged after it when `complete`).
  std::unique_ptr<MpiExchange> prepareExchange(const GroupView &group, CollectiveKind kind,
                                               Rank root, const CollectiveContribution &mine,
                                               bool complete,
                                               const std::optional<CarriedReduction> &carried);
  CollectiveContribution concludeExchange(MpiExchange &exchange, bool complete);
  // Where a resource's deposit lives: a tool window, the deposition's rank in it, the
  // displacement and the length in words.
  struct DepositSlot {
    MPI_Win win;
    int peer;
    MPI_Aint disp;
    std::size_t words;
  };
  DepositSlot depositSlot(ResourceId resource, Rank deposition) const;
  std::size_t depositWords() const;
  std::size_t threadWord(ClockSlot slot) const; // a thread's word in a deposit
  // A batch sent synchronously, and how many batches went to its peer since (flow control).
  struct PeerFlow {
    uint64_t sinceMarker = 0;
    std::pair<MPI_Request, std::vector<std::byte>> marker{MPI_REQUEST_NULL, {}};
    bool waited = false; // for the current marker, once already
  };
  // Whether the peer received the last marker, waiting for it once.
  bool markerReceived(PeerFlow &flow);
  // Stashes the batches from `source` (or anyone) that MPI has; whether there were any.
  bool stashArrivedBatches(int source = MPI_ANY_SOURCE);
  void testSends();
  // The variable-size parts of a collective contribution (ledger entries, a clock's thread
  // entries), gathered as the kind needs them.
  template <class Entry>
  std::vector<Entry> exchangeEntries(const Channel &channel, CollectiveKind kind, Rank root,
                                     const std::vector<Entry> &mine);

  State &state_;
  MPI_Comm toolComm_;
  std::size_t worldSize_;
  MPI_Op reduceOp_ = MPI_OP_NULL;
  CarriedReductions carriedReductions_;
  // The datatype of an exchange's fixed part: `words` 64-bit words as one element.
  MPI_Datatype fixedType(std::size_t words);
  std::map<std::size_t, MPI_Datatype> fixedTypes_;
  MPI_Win sharedResourceWindow_ = MPI_WIN_NULL; // kSharedResourceSlots deposits per rank
  std::deque<std::pair<MPI_Request, std::vector<std::byte>>> pendingSends_;
  std::unordered_map<int, PeerFlow> flow_; // by peer
  // Batches received but not delivered yet (while waiting for a marker, or ahead of an earlier
  // batch of their origin still in its ring), in arrival order, with their origins and numbers.
  struct Stashed {
    int from = 0;
    uint64_t seq = 0; // for origins a ring reaches
    std::vector<std::byte> bytes;
  };
  std::deque<Stashed> stashed_;
  // Batches between ranks of the node (batch_rings.h): numbers sent, and the next to deliver,
  // per world rank.
  std::unique_ptr<BatchRings> rings_;
  std::vector<uint64_t> sentSeq_, nextSeq_;
  // Receives the next batch from `source` (or anyone) with MPI, blocking, into the stash (its
  // number taken off when a ring reaches its origin).
  void receiveIntoStash(int source);
  // Delivers the next batch of `source` (or of anyone, MPI_ANY_SOURCE) that is there; with
  // `block`, waits for one. Whether it delivered one.
  bool deliverOne(Process &process, int source, bool block);
  bool deliverStashed(Process &process, int source);
  bool deliverFromRing(Process &process, int source);
  std::map<std::tuple<QueueId, Rank>, std::deque<ClockPayload>> preconsumed_;
  std::map<uint64_t, ClockPayload> answers_; // arrived, by token
  std::optional<ClockPayload> arrivedAnswer(uint64_t token);
  double lastPoll_ = 0;
  unsigned pollsSinceClockRead_ = 0;
};

} // namespace rmarace::mpi
