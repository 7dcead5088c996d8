// A deterministic multi-rank simulator of the race engine.
//
// Each rank runs an SPMD program (a C++ callable) on its own thread, but only one thread runs at a
// time: ranks switch at blocking points (and, with the round-robin schedule, at every event), in a
// fixed order, so every run of a scenario is the same execution. The ranks drive real Process
// engines through the same Tracker the runtime uses, over an in-memory Transport whose delivery
// of RMA metadata batches can be eager or held back until a rank must have it (to exercise the
// delivery guarantee). Memory is simulated: addresses are numbers, nothing is dereferenced.
#pragma once

#include "rmarace/core/process.h"
#include "rmarace/core/tracker.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace rmarace::sim {

enum class Delivery {
  Eager,    // a batch reaches its target as soon as it is sent
  OnDemand, // batches stay in flight until a wait needs them, or the program ends
};

enum class Schedule {
  RunUntilBlocked, // a rank runs until it blocks, then the next runnable rank in rank order
  RoundRobin,      // switch to the next runnable rank after every event
};

struct Options {
  Delivery delivery = Delivery::Eager;
  Schedule schedule = Schedule::RunUntilBlocked;
  std::string file = "scenario.c"; // file name in reported locations
};

class Simulator;

// What a rank's program sees.
class SimRank {
public:
  Rank rank() const { return rank_; }
  Rank size() const;
  Process &process() { return *process_; }
  Tracker &tracker() { return *tracker_; }
  const GroupView &world() const;

  // A source location of the scenario, optionally naming the call (e.g. "MPI_Put").
  LocationHandle site(uint32_t line, const std::string &call = "");
  // This rank's part of a segment created with Simulator::segment.
  Address segmentAddress(SegmentId segment, uint64_t offset = 0) const;
  // Fresh private memory of this rank.
  Address allocate(uint64_t bytes);

  // Maps `owner`'s part of a segment into this rank's memory, as shared memory (MPI shared
  // windows, shmem_ptr): loads and stores there are direct accesses of the owner's memory.
  Address mapShared(SegmentId segment, Rank owner);

  void load(Address addr, uint64_t size, uint32_t line);
  void store(Address addr, uint64_t size, uint32_t line);
  // C/C++ atomic loads and stores.
  void atomicLoad(Address addr, uint64_t size, uint32_t line);
  void atomicStore(Address addr, uint64_t size, uint32_t line);

  // Lets the other ranks run (a scheduling point without synchronisation).
  void yield();

private:
  friend class Simulator;
  void plainAccess(Address addr, uint64_t size, bool write, bool languageAtomic, uint32_t line);
  Simulator *sim_ = nullptr;
  Rank rank_ = 0;
  Process *process_ = nullptr;
  Tracker *tracker_ = nullptr;
};

class Simulator {
public:
  explicit Simulator(int ranks, Options options = {});
  ~Simulator();

  int ranks() const { return ranks_; }
  // A segment exposed by every rank (`bytesPerRank` each, 0 for a dynamic segment).
  SegmentId segment(uint64_t bytesPerRank, const std::string &name, bool dynamic = false);

  // Runs the program on every rank, then a final world-wide exchange (like MPI_Finalize).
  // Throws std::runtime_error when the ranks deadlock or a program throws.
  void run(const std::function<void(SimRank &)> &program);

  const std::vector<RaceRecord> &races() const { return races_; }
  const std::vector<ErrorRecord> &errors() const { return errors_; }
  // Engine statistics of a rank after run().
  Process::Stats stats(Rank rank) const;

  // Internal, for SimRank and the in-memory transport.
  class RankTransport;
  struct RankState;
  LocationHandle site(uint32_t line, const std::string &call);
  Location resolve(LocationHandle handle) const;
  void event(Rank self);                                          // scheduling point after an event
  void blockUntil(Rank self, const std::function<bool()> &ready); // holds the baton lock
  std::unique_lock<std::mutex> lock() { return std::unique_lock<std::mutex>(mutex_); }

private:
  friend class SimRank;
  void rankMain(Rank r, const std::function<void(SimRank &)> &program);
  void passBaton(Rank self, std::unique_lock<std::mutex> &lock);
  std::optional<Rank> nextRunnable(Rank after) const;

  int ranks_;
  Options options_;
  std::vector<std::unique_ptr<RankState>> states_;
  std::vector<Location> sites_;
  std::map<std::pair<uint32_t, std::string>, LocationHandle> siteIndex_;
  struct SegmentInfo {
    uint64_t bytesPerRank;
    std::string name;
    bool dynamic;
    std::vector<Address> bases;
  };
  std::map<SegmentId, SegmentInfo> segments_;
  std::vector<Address> nextFree_;
  GroupView world_;

  // Shared in-memory network.
  std::map<std::pair<Rank, Rank>, std::deque<Batch>> channels_;
  std::map<std::tuple<Rank, Rank, QueueId>, std::deque<ClockPayload>> clocks_;
  std::map<std::pair<ResourceId, Rank>, ResourcePayload> deposits_;
  std::map<std::pair<Rank, uint64_t>, ClockPayload> answers_; // (signaller, token)
  struct CollectiveRound {
    std::map<Rank, CollectiveContribution> contributions;
    std::size_t consumed = 0;
  };
  std::map<uint64_t, std::deque<CollectiveRound>> collectives_; // by group channel
  std::map<std::pair<uint64_t, Rank>, std::size_t> roundOf_;    // next round per (channel, rank)

  std::vector<RaceRecord> races_;
  std::vector<ErrorRecord> errors_;

  std::mutex mutex_;
  std::condition_variable cv_;
  Rank running_ = 0;
  bool failed_ = false;
  std::string failure_;
};

} // namespace rmarace::sim
