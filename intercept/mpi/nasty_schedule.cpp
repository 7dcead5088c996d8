// The pessimistic schedule of MPI RMA calls (nasty_schedule.h, docs/nasty.md).
#include "nasty_schedule.h"

#include "rmarace/runtime/nasty.h"
#include "rmarace/runtime/options.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <random>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace rmarace::mpi::nasty {
namespace {

// Bounds on what one window holds: a program that puts a million times in one epoch, or keeps
// local completions of large buffers, must not run out of memory. Past a bound the held calls
// are issued as if the epoch were completed (MPI may complete an operation at any time).
constexpr std::size_t kMaxHeldPerWindow = 1u << 16;
constexpr std::size_t kMaxCopiedBytesPerWindow = std::size_t{64} << 20;
// This scheduler's random stream (rt::nasty::randomStream).
constexpr uint64_t kRandomStream = 0;

bool stage(rt::NastyStage s) {
  return rt::nasty::stage(s);
}

// One held call, with the datatypes it owns (duplicates that outlive the application's frees)
// and, after local completion, a private copy of its origin data.
struct Held {
  Call call;
  std::vector<MPI_Datatype> owned;
  std::vector<unsigned char> copy;
};

struct WindowQueue {
  bool accumulatesOrdered = true; // accumulate_ordering is not "none"
  std::vector<Held> held;         // in program order
  std::size_t copiedBytes = 0;    // origin data kept on copies (Held::copy)
};

struct Schedule {
  std::mutex mutex; // calls of several threads; taken inside the engine lock, never around it
  std::mt19937_64 rng;
  std::unordered_map<MPI_Win, WindowQueue> windows;
};

Schedule &schedule() {
  static Schedule *s = new Schedule; // never destroyed: wrappers may run during exit
  return *s;
}

bool predefined(MPI_Datatype type) {
  int integers = 0, addresses = 0, types = 0, combiner = 0;
  PMPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
  return combiner == MPI_COMBINER_NAMED;
}

// A held call must survive MPI_Type_free of its derived datatypes (MPI-3.1 4.1.9 lets the
// application free a type while operations using it are pending; PMPI has not seen it yet).
void own(MPI_Datatype &type, Held &h) {
  if (type == MPI_DATATYPE_NULL || predefined(type)) return;
  MPI_Datatype dup = MPI_DATATYPE_NULL;
  if (PMPI_Type_dup(type, &dup) != MPI_SUCCESS) return;
  type = dup;
  h.owned.push_back(dup);
}

int issue(Held &h) {
  const Call &c = h.call;
  const void *origin = h.copy.empty() ? c.origin : h.copy.data();
  int rc = MPI_SUCCESS;
  switch (c.kind) {
  case Call::Kind::Put:
    rc = PMPI_Put(origin, c.originCount, c.originType, c.target, c.disp, c.targetCount,
                  c.targetType, c.win);
    break;
  case Call::Kind::Get:
    rc = PMPI_Get(c.result, c.resultCount, c.resultType, c.target, c.disp, c.targetCount,
                  c.targetType, c.win);
    break;
  case Call::Kind::Accumulate:
    rc = PMPI_Accumulate(origin, c.originCount, c.originType, c.target, c.disp, c.targetCount,
                         c.targetType, c.op, c.win);
    break;
  case Call::Kind::GetAccumulate:
    rc = PMPI_Get_accumulate(origin, c.originCount, c.originType, c.result, c.resultCount,
                             c.resultType, c.target, c.disp, c.targetCount, c.targetType, c.op,
                             c.win);
    break;
  case Call::Kind::FetchAndOp:
    rc = PMPI_Fetch_and_op(origin, c.result, c.originType, c.target, c.disp, c.op, c.win);
    break;
  case Call::Kind::CompareAndSwap:
    rc = PMPI_Compare_and_swap(origin, c.compare, c.result, c.originType, c.target, c.disp, c.win);
    break;
  }
  for (MPI_Datatype &type : h.owned) PMPI_Type_free(&type);
  h.owned.clear();
  return rc;
}

// The order in which a batch is issued (rt::nasty::issueOrder): with reorder, a seeded
// permutation in which the accumulates of each target keep their program order when the window
// orders them.
std::vector<std::size_t> issueOrder(Schedule &s, const std::vector<Held> &batch, bool ordered) {
  std::vector<rt::nasty::OrderKeys> keys(batch.size());
  if (ordered)
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (batch[i].call.accumulates()) {
        // Key 0 means "none": targets are numbered from 1.
        uint64_t target = static_cast<uint64_t>(batch[i].call.target) + 1;
        keys[i].after = keys[i].publishes[0] = target;
      }
  return rt::nasty::issueOrder(s.rng, keys, stage(rt::kNastyReorder));
}

void issueBatch(Schedule &s, std::vector<Held> &batch, bool ordered) {
  for (std::size_t i : issueOrder(s, batch, ordered)) issue(batch[i]);
}

// Issues the held calls of `q` that `take` selects, keeping the rest in program order.
template <class Take> void issueHeld(Schedule &s, WindowQueue &q, Take take) {
  std::vector<Held> batch, rest;
  for (Held &h : q.held) (take(h) ? batch : rest).push_back(std::move(h));
  q.held = std::move(rest);
  q.copiedBytes = 0;
  for (const Held &h : q.held) q.copiedBytes += h.copy.size();
  issueBatch(s, batch, q.accumulatesOrdered);
}

// Split (nasty_schedule.h): pieces of whole elements whose target displacement is a whole
// number of displacement units (rt::nasty::splitPlan); nothing when the call does not qualify.
std::vector<Held> split(const Call &c) {
  bool put = c.kind == Call::Kind::Put;
  if (!put && c.kind != Call::Kind::Get) return {};
  int count = put ? c.originCount : c.resultCount;
  MPI_Datatype type = put ? c.originType : c.resultType;
  if (count < 2 || type != c.targetType || count != c.targetCount || !predefined(type)) return {};
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(type, &lb, &extent);
  if (extent <= 0 || c.dispUnit <= 0) return {};
  std::vector<Held> pieces;
  for (const rt::nasty::Piece &piece :
       rt::nasty::splitPlan(static_cast<uint64_t>(count), static_cast<uint64_t>(extent),
                            static_cast<uint64_t>(c.dispUnit))) {
    Held h;
    h.call = c;
    int n = static_cast<int>(piece.count);
    MPI_Aint bytes = static_cast<MPI_Aint>(piece.first) * extent;
    h.call.disp = c.disp + bytes / c.dispUnit;
    h.call.targetCount = n;
    if (put) {
      h.call.origin = static_cast<const char *>(c.origin) + bytes;
      h.call.originCount = n;
    } else {
      h.call.result = static_cast<char *>(c.result) + bytes;
      h.call.resultCount = n;
    }
    pieces.push_back(h);
  }
  return pieces;
}

// Keeps a held put or accumulate past local completion on a copy of its origin data; false when
// it cannot be kept (a derived origin datatype: issued instead).
bool keepOnCopy(WindowQueue &q, Held &h) {
  if (!h.copy.empty()) return true;
  if (!predefined(h.call.originType)) return false;
  int size = 0;
  PMPI_Type_size(h.call.originType, &size);
  std::size_t bytes = static_cast<std::size_t>(size) * static_cast<std::size_t>(h.call.originCount);
  if (bytes == 0 || q.copiedBytes + bytes > kMaxCopiedBytesPerWindow) return false;
  q.copiedBytes += bytes;
  h.copy.resize(bytes);
  std::memcpy(h.copy.data(), h.call.origin, bytes);
  return true;
}

bool matches(const Held &h, std::optional<int> target) {
  return !target || h.call.target == *target;
}

// Runs `f(schedule, queue)` under the schedule's lock, for a window that has held calls.
template <class F> void withWindow(MPI_Win win, F f) {
  if (!enabled()) return;
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.windows.find(win);
  if (it != s.windows.end()) f(s, it->second);
}

// Local completion (nasty_schedule.h): what writes the origin side goes now, with the ordered
// accumulates it must not overtake; puts and accumulates stay held on a copy when they can.
void completeLocally(Schedule &s, WindowQueue &q, std::optional<int> target) {
  // A fetching accumulate issued now must not overtake the accumulates before it: with ordering,
  // all accumulates to its target go now.
  std::vector<int> orderedTargets;
  if (q.accumulatesOrdered)
    for (const Held &h : q.held)
      if (matches(h, target) && h.call.accumulates() && h.call.fetches())
        orderedTargets.push_back(h.call.target);
  issueHeld(s, q, [&](Held &h) {
    if (!matches(h, target)) return false;
    if (h.call.fetches()) return true;
    if (h.call.accumulates() && std::find(orderedTargets.begin(), orderedTargets.end(),
                                          h.call.target) != orderedTargets.end())
      return true;
    return !keepOnCopy(q, h);
  });
}

} // namespace

bool enabled() {
  return rt::nasty::enabled();
}

void start(bool on, unsigned stages, uint64_t seed, int rank) {
  if (!on) return;
  if (seed == 0 && rank == 0) {
    auto now = std::chrono::system_clock::now().time_since_epoch();
    seed =
        static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(now).count()) ^
        (static_cast<uint64_t>(getpid()) << 20);
    seed = seed % 1000000000000ull + 1; // short enough to retype
  }
  PMPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  rt::nasty::start(stages, seed, rank);
  schedule().rng = rt::nasty::randomStream(kRandomStream);
  if (rank == 0)
    std::fprintf(stderr, "rmarace: nasty schedule, seed %llu (stages %s)\n",
                 static_cast<unsigned long long>(seed),
                 rt::Options::nastyStageNames(stages).c_str());
}

void windowCreated(MPI_Win win, MPI_Info info) {
  if (!enabled()) return;
  bool ordered = true;
  if (info != MPI_INFO_NULL) {
    char value[MPI_MAX_INFO_VAL + 1] = {};
    int found = 0;
    PMPI_Info_get(info, "accumulate_ordering", MPI_MAX_INFO_VAL, value, &found);
    ordered = !found || std::strcmp(value, "none") != 0;
  }
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.windows[win] = WindowQueue{ordered, {}};
}

int submit(const Call &call) {
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  WindowQueue &q = s.windows[call.win];
  std::vector<Held> pieces;
  if (stage(rt::kNastySplit)) pieces = split(call);
  if (pieces.empty()) {
    Held h;
    h.call = call;
    pieces.push_back(std::move(h));
  }
  if (!stage(rt::kNastyDelay)) {
    if (pieces.size() == 1) return issue(pieces.front());
    issueBatch(s, pieces, q.accumulatesOrdered);
    return MPI_SUCCESS;
  }
  for (Held &h : pieces) {
    own(h.call.originType, h);
    own(h.call.resultType, h);
    own(h.call.targetType, h);
    q.held.push_back(std::move(h));
  }
  if (q.held.size() >= kMaxHeldPerWindow) issueHeld(s, q, [](const Held &) { return true; });
  return MPI_SUCCESS;
}

void beforeRequestCall(const Call &call) {
  if (!call.accumulates()) return;
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  WindowQueue &q = s.windows[call.win];
  if (!q.accumulatesOrdered) return;
  // Issued in the (possibly shuffled) order that keeps accumulates of one target in order.
  issueHeld(s, q,
            [&](const Held &h) { return h.call.accumulates() && h.call.target == call.target; });
}

void completeRemote(MPI_Win win, std::optional<int> target) {
  withWindow(win, [&](Schedule &s, WindowQueue &q) {
    issueHeld(s, q, [&](const Held &h) { return matches(h, target); });
  });
}

void completeLocal(MPI_Win win, std::optional<int> target) {
  withWindow(win, [&](Schedule &s, WindowQueue &q) { completeLocally(s, q, target); });
}

void windowFreed(MPI_Win win) {
  if (!enabled()) return;
  completeRemote(win, std::nullopt);
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.windows.erase(win);
}

void finish() {
  if (!enabled()) return;
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto &[win, q] : s.windows) issueHeld(s, q, [](const Held &) { return true; });
}

} // namespace rmarace::mpi::nasty
