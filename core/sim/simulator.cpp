#include "rmarace/sim/simulator.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace rmarace::sim {

namespace {
// Thrown into blocked ranks to unwind them when the simulation fails.
struct Abort {};

// Simulated address spaces: rank r's memory starts at (r + 1) * kRankSpace.
constexpr Address kRankSpace = Address{1} << 32;
constexpr uint64_t kAlignment = 64;
} // namespace

class SimHost final : public ProcessHost {
public:
  SimHost(Simulator &sim, std::vector<RaceRecord> &races, std::vector<ErrorRecord> &errors)
      : sim_(sim), races_(races), errors_(errors) {}
  Location resolve(LocationHandle handle) override { return sim_.resolve(handle); }
  void reportRace(const RaceRecord &race) override { races_.push_back(race); }
  void reportError(const ErrorRecord &error) override { errors_.push_back(error); }
  // Like the runtime, remembers the plain accesses of untracked memory of a multithreaded rank
  // (without the runtime's bound on how many).
  void remember(const UntrackedAccess &access) { untracked_.push_back(access); }
  void untrackedAccesses(Address begin, Address end,
                         FunctionRef<void(const UntrackedAccess &)> visit) override {
    for (const UntrackedAccess &a : untracked_)
      if (a.begin < end && begin < a.end) visit(a);
  }

private:
  std::vector<UntrackedAccess> untracked_;
  Simulator &sim_;
  std::vector<RaceRecord> &races_;
  std::vector<ErrorRecord> &errors_;
};

struct Simulator::RankState {
  std::unique_ptr<SimHost> host;
  std::unique_ptr<Process> process;
  std::unique_ptr<Transport> transport;
  std::unique_ptr<Tracker> tracker;
  SimRank view;
  const std::function<bool()> *blockedOn = nullptr;
  bool finished = false;
};

class Simulator::RankTransport final : public Transport {
public:
  RankTransport(Simulator &sim, Rank self) : sim_(sim), self_(self) {}

  void send(Batch batch) override {
    Rank peer = batch.peer;
    if (sim_.options_.delivery == Delivery::Eager) {
      sim_.states_[static_cast<std::size_t>(peer)]->process->receive(self_, std::move(batch.bytes));
      return;
    }
    sim_.channels_[{self_, peer}].push_back(std::move(batch));
  }

  void poll(Process &) override {}

  void receiveBatch(Process &process, Rank origin) override {
    auto pending = [&]() -> std::deque<Batch> * {
      for (auto &[key, queue] : sim_.channels_) {
        if (key.second == self_ && !queue.empty() && (origin < 0 || key.first == origin))
          return &queue;
      }
      return nullptr;
    };
    uint64_t before = received(process);
    sim_.blockUntil(self_, [&] { return pending() != nullptr || received(process) != before; });
    if (std::deque<Batch> *queue = pending(); queue && received(process) == before) {
      Rank from = -1;
      for (auto &[key, q] : sim_.channels_)
        if (&q == queue) from = key.first;
      Batch b = std::move(queue->front());
      queue->pop_front();
      process.receive(from, std::move(b.bytes));
    }
  }

  void sendClock(Rank to, QueueId queue, const ClockPayload &payload) override {
    sim_.clocks_[{self_, to, queue}].push_back(payload);
  }

  ClockPayload receiveClock(Rank from, QueueId queue) override {
    auto &q = sim_.clocks_[{from, self_, queue}];
    sim_.blockUntil(self_, [&] { return !q.empty(); });
    ClockPayload p = std::move(q.front());
    q.pop_front();
    return p;
  }

  void sendAnswer(Rank to, const ClockPayload &answer) override {
    sim_.answers_[{to, answer.replyToken}] = answer;
  }

  // The simulated receiver always answers in time: a signaller with patience blocks until the
  // answer is there.
  std::optional<ClockPayload> takeAnswer(Process &, uint64_t token,
                                         double patienceSeconds) override {
    auto key = std::make_pair(self_, token);
    if (patienceSeconds > 0) sim_.blockUntil(self_, [&] { return sim_.answers_.count(key) > 0; });
    auto it = sim_.answers_.find(key);
    if (it == sim_.answers_.end()) return std::nullopt;
    ClockPayload answer = std::move(it->second);
    sim_.answers_.erase(it);
    return answer;
  }

  CollectiveContribution exchange(const GroupView &group, CollectiveKind kind, Rank root,
                                  const CollectiveContribution &mine) override {
    std::size_t round = sim_.roundOf_[{group.channel, self_}]++;
    auto &rounds = sim_.collectives_[group.channel];
    while (rounds.size() <= round) rounds.emplace_back();
    CollectiveRound &r = rounds[round];
    r.contributions[self_] = mine;
    std::size_t me = static_cast<std::size_t>(
        std::find(group.members.begin(), group.members.end(), self_) - group.members.begin());
    auto has = [&](std::size_t count) {
      std::size_t n = 0;
      for (std::size_t i = 0; i < count; ++i) n += r.contributions.count(group.members[i]);
      return n == count;
    };
    CollectiveContribution result = mine;
    switch (kind) {
    case CollectiveKind::AllToAll:
      sim_.blockUntil(self_, [&] { return has(group.members.size()); });
      result = combineUpTo(r, group, group.members.size());
      break;
    case CollectiveKind::Scan:
      sim_.blockUntil(self_, [&] { return has(me + 1); });
      result = combineUpTo(r, group, me + 1);
      break;
    case CollectiveKind::AllToOne:
      if (self_ == root) {
        sim_.blockUntil(self_, [&] { return has(group.members.size()); });
        result = combineUpTo(r, group, group.members.size());
      }
      break;
    case CollectiveKind::OneToAll:
      if (self_ != root) {
        sim_.blockUntil(self_, [&] { return r.contributions.count(root) != 0; });
        result = r.contributions.at(root);
      }
      break;
    }
    return result;
  }

  void deposit(ResourceId resource, Rank deposition, const ResourcePayload &payload) override {
    sim_.deposits_[{resource, deposition}].mergeFrom(payload);
  }

  ResourcePayload fetch(ResourceId resource, Rank deposition) override {
    auto it = sim_.deposits_.find({resource, deposition});
    return it == sim_.deposits_.end() ? ResourcePayload{} : it->second;
  }

private:
  static uint64_t received(const Process &p) {
    uint64_t n = 0;
    for (Rank r = 0; r < p.worldSize(); ++r) n += p.sync().ledger().receivedFrom(r);
    return n;
  }
  static CollectiveContribution combineUpTo(const CollectiveRound &r, const GroupView &group,
                                            std::size_t count) {
    CollectiveContribution c = r.contributions.at(group.members[0]);
    for (std::size_t i = 1; i < count; ++i) c.combine(r.contributions.at(group.members[i]));
    return c;
  }

  Simulator &sim_;
  Rank self_;
};

// ---- SimRank ------------------------------------------------------------------------------------

Rank SimRank::size() const {
  return sim_->ranks();
}
const GroupView &SimRank::world() const {
  return sim_->world_;
}
LocationHandle SimRank::site(uint32_t line, const std::string &call) {
  return sim_->site(line, call);
}

Address SimRank::segmentAddress(SegmentId segment, uint64_t offset) const {
  return sim_->segments_.at(segment).bases[static_cast<std::size_t>(rank_)] + offset;
}

Address SimRank::allocate(uint64_t bytes) {
  Address &next = sim_->nextFree_[static_cast<std::size_t>(rank_)];
  Address at = next;
  next += (bytes + kAlignment - 1) / kAlignment * kAlignment + kAlignment;
  return at;
}

Address SimRank::mapShared(SegmentId segment, Rank owner) {
  uint64_t bytes = sim_->segments_.at(segment).bytesPerRank;
  Address at = allocate(bytes);
  process_->mapRemoteMemory(segment, owner, at, bytes);
  return at;
}

void SimRank::plainAccess(Address addr, uint64_t size, bool write, bool languageAtomic,
                          uint32_t line) {
  if (process_->sync().multithreaded() && !process_->tracks(addr, size))
    sim_->states_[static_cast<std::size_t>(rank_)]->host->remember(
        {process_->thread(), process_->epoch(), addr, addr + size, write, languageAtomic,
         site(line)});
  process_->access(addr, size, write, languageAtomic, site(line));
  tracker_->pump();
  sim_->event(rank_);
}

void SimRank::load(Address addr, uint64_t size, uint32_t line) {
  plainAccess(addr, size, false, false, line);
}

void SimRank::store(Address addr, uint64_t size, uint32_t line) {
  plainAccess(addr, size, true, false, line);
}

void SimRank::atomicLoad(Address addr, uint64_t size, uint32_t line) {
  plainAccess(addr, size, false, true, line);
}

void SimRank::atomicStore(Address addr, uint64_t size, uint32_t line) {
  plainAccess(addr, size, true, true, line);
}

void SimRank::yield() {
  sim_->event(rank_);
}

// ---- Simulator ----------------------------------------------------------------------------------

Simulator::Simulator(int ranks, Options options) : ranks_(ranks), options_(std::move(options)) {
  sites_.push_back(Location{}); // handle 0: no location
  for (Rank r = 0; r < ranks; ++r) {
    nextFree_.push_back((static_cast<Address>(r) + 1) * kRankSpace);
    world_.members.push_back(r);
  }
  world_.channel = 0;
}

Simulator::~Simulator() = default;

SegmentId Simulator::segment(uint64_t bytesPerRank, const std::string &name, bool dynamic) {
  SegmentId id = static_cast<SegmentId>(segments_.size() + 1);
  SegmentInfo info{bytesPerRank, name, dynamic, {}};
  for (Rank r = 0; r < ranks_; ++r) {
    Address &next = nextFree_[static_cast<std::size_t>(r)];
    info.bases.push_back(next);
    next += (bytesPerRank + kAlignment - 1) / kAlignment * kAlignment + kAlignment;
  }
  segments_.emplace(id, std::move(info));
  return id;
}

LocationHandle Simulator::site(uint32_t line, const std::string &call) {
  auto [it, inserted] = siteIndex_.try_emplace({line, call}, sites_.size());
  if (inserted) {
    Location loc;
    loc.file = options_.file;
    loc.function = "main";
    loc.call = call;
    loc.line = line;
    sites_.push_back(loc);
  }
  return it->second;
}

Location Simulator::resolve(LocationHandle handle) const {
  return handle < sites_.size() ? sites_[handle] : Location{};
}

std::optional<Rank> Simulator::nextRunnable(Rank after) const {
  for (int i = 1; i <= ranks_; ++i) {
    Rank r = static_cast<Rank>((after + i) % ranks_);
    const RankState &s = *states_[static_cast<std::size_t>(r)];
    if (s.finished) continue;
    if (r == after) continue;
    if (!s.blockedOn || (*s.blockedOn)()) return r;
  }
  return std::nullopt;
}

void Simulator::passBaton(Rank self, std::unique_lock<std::mutex> &lock) {
  std::optional<Rank> next = nextRunnable(self);
  if (!next) {
    const RankState &me = *states_[static_cast<std::size_t>(self)];
    if (me.blockedOn && !(*me.blockedOn)()) {
      failed_ = true;
      failure_ = "simulated ranks deadlocked";
      cv_.notify_all();
      throw Abort{};
    }
    return; // nobody else can run: keep going
  }
  running_ = *next;
  cv_.notify_all();
  cv_.wait(lock, [&] { return running_ == self || failed_; });
  if (failed_) throw Abort{};
}

void Simulator::blockUntil(Rank self, const std::function<bool()> &ready) {
  std::unique_lock<std::mutex> lock(mutex_);
  RankState &me = *states_[static_cast<std::size_t>(self)];
  while (!ready()) {
    me.blockedOn = &ready;
    passBaton(self, lock);
  }
  me.blockedOn = nullptr;
}

void Simulator::event(Rank self) {
  if (options_.schedule != Schedule::RoundRobin) return;
  std::unique_lock<std::mutex> lock(mutex_);
  passBaton(self, lock);
}

void Simulator::rankMain(Rank r, const std::function<void(SimRank &)> &program) {
  RankState &me = *states_[static_cast<std::size_t>(r)];
  try {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      cv_.wait(lock, [&] { return running_ == r || failed_; });
      if (failed_) return;
    }
    program(me.view);
    me.tracker->finalize(world_, site(0, "finalize"));
  } catch (const Abort &) {
    return;
  } catch (const std::exception &e) {
    std::unique_lock<std::mutex> lock(mutex_);
    failed_ = true;
    failure_ = "rank " + std::to_string(r) + ": " + e.what();
    cv_.notify_all();
    return;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  me.finished = true;
  std::optional<Rank> next = nextRunnable(r);
  if (next) {
    running_ = *next;
  } else if (std::any_of(states_.begin(), states_.end(),
                         [](const auto &s) { return !s->finished; })) {
    failed_ = true;
    failure_ = "simulated ranks deadlocked";
  }
  cv_.notify_all();
}

void Simulator::run(const std::function<void(SimRank &)> &program) {
  states_.clear();
  for (Rank r = 0; r < ranks_; ++r) {
    auto s = std::make_unique<RankState>();
    s->host = std::make_unique<SimHost>(*this, races_, errors_);
    s->process = std::make_unique<Process>(r, ranks_, *s->host);
    s->transport = std::make_unique<RankTransport>(*this, r);
    s->tracker = std::make_unique<Tracker>(*s->process, *s->transport);
    s->view.sim_ = this;
    s->view.rank_ = r;
    s->view.process_ = s->process.get();
    s->view.tracker_ = s->tracker.get();
    for (const auto &[id, info] : segments_) {
      s->process->exposeMemory(id, info.bases[static_cast<std::size_t>(r)], info.bytesPerRank,
                               info.name, info.dynamic);
    }
    states_.push_back(std::move(s));
  }
  running_ = 0;
  failed_ = false;
  std::vector<std::thread> threads;
  for (Rank r = 0; r < ranks_; ++r) threads.emplace_back([&, r] { rankMain(r, program); });
  for (std::thread &t : threads) t.join();
  if (failed_) throw std::runtime_error(failure_);
}

Process::Stats Simulator::stats(Rank rank) const {
  return states_.at(static_cast<std::size_t>(rank))->process->stats();
}

} // namespace rmarace::sim
