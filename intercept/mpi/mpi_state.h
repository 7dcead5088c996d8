// State of the MPI front end: which application communicators, windows and requests exist, the
// private communicators the tool uses, and the Transport over MPI.
#pragma once

#include "../../runtime/src/runtime.h"
#include "datatypes.h"
#include "mpi/semantics.h"
#include "request_table.h"
#include "rmarace/core/queue_id.h"

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
};

struct WindowState {
  SegmentId segment = 0;
  uint64_t channel = 0; // the window's own channel (its communicator may be freed first)
  bool dynamic = false;
  std::vector<uint64_t> sizes;       // bytes, per window rank
  std::vector<int> dispUnits;        // per window rank
  MPI_Win toolWindow = MPI_WIN_NULL; // lock deposits: [all releases | exclusive releases]
  // accumulate_ordering orders accumulates of one origin (rar,raw,war,waw by default).
  bool accumulatesOrdered = true;
};

class MpiTransport;

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
  SegmentId nextSegment = 1;
  RequestId nextRmaRequest = 1;
  uint64_t nextReplyToken = 1;
  std::map<uint64_t, Rank> lateReplies; // token -> receiver, answers not yet absorbed
  uint64_t globalRaces = 0;
  bool finalized = false;

  Channel *channelOf(MPI_Comm comm);
  // A new channel over the processes of `base` (collective over them: duplicates `base`).
  Channel &makeChannel(MPI_Comm base);
  // makeChannel for an application communicator, remembered as its channel.
  Channel &addChannel(MPI_Comm app);
  void removeChannel(uint64_t id);
  WindowState *window(MPI_Win win);
};

State *state(); // nullptr outside MPI_Init .. MPI_Finalize

// World ranks of an MPI group.
std::vector<Rank> worldRanks(MPI_Group group);

class MpiTransport final : public Transport {
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

  // Synchronous sends: the receiver answers with its clock under the sender's token. The sender
  // waits a bounded time (waiting longer could deadlock a correct program); a later answer is
  // taken at its next MPI call.
  void sendReply(Rank to, const ClockPayload &payload);
  std::optional<ClockPayload> takeReply(uint64_t token);
  std::optional<ClockPayload> awaitReply(Process &process, uint64_t token, double seconds);

  // Probes: the clock of the probed message is received now and kept for its receive.
  void preconsume(QueueId queue, Rank from);
  bool takePreconsumed(QueueId queue, Rank from, ClockPayload &payload);
  bool peekPreconsumed(QueueId queue, Rank from, ClockPayload &payload) const;

  std::unique_ptr<PendingExchange> startExchange(const GroupView &group, CollectiveKind kind,
                                                 Rank root,
                                                 const CollectiveContribution &mine) override;
  CollectiveContribution finishExchange(PendingExchange &pending, bool complete) override;

  MPI_Comm toolComm() const { return toolComm_; }
  // Collective over the window's channel: creates the window's lock deposit area.
  MPI_Win createLockArea(const Channel &channel);
  void waitSends(); // completes outstanding sends (at finalize)

private:
  struct Route {
    MPI_Comm comm;
    int peer;
    int tag;
  };
  Route route(Rank world, QueueId queue) const;
  void receiveOne(Process &process, int source);
  void testSends();
  std::vector<uint64_t> packFixed(const CollectiveContribution &c) const;
  CollectiveContribution unpackFixed(const std::vector<uint64_t> &v, std::size_t members) const;
  std::vector<LedgerEntry> exchangeLedger(const Channel &channel, CollectiveKind kind, Rank root,
                                          const std::vector<LedgerEntry> &mine);

  State &state_;
  MPI_Comm toolComm_;
  std::size_t worldSize_;
  MPI_Op reduceOp_ = MPI_OP_NULL;
  MPI_Win annotationWindow_ = MPI_WIN_NULL;
  std::deque<std::pair<MPI_Request, std::vector<std::byte>>> pendingSends_;
  std::map<std::tuple<QueueId, Rank>, std::deque<ClockPayload>> preconsumed_;
  std::map<uint64_t, ClockPayload> replies_;
  double lastPoll_ = 0;
};

} // namespace rmarace::mpi
