// The pessimistic schedule of MPI RMA calls (nasty_schedule.h, docs/nasty.md).
#include "nasty_schedule.h"

#include "rmarace/runtime/nasty.h"
#include "rmarace/runtime/options.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <random>
#include <set>
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

// The generalized request the application holds for a request-based call: complete when all of
// the call's pieces are locally complete.
struct HeldRequest {
  MPI_Request request = MPI_REQUEST_NULL;
  int open = 0; // pieces not locally complete yet
};

// One held call, with the datatypes it owns (duplicates that outlive the application's frees)
// and, after local completion, a private copy of its origin data.
struct Held {
  Call call;
  std::vector<MPI_Datatype> owned;
  std::vector<unsigned char> copy;
  std::shared_ptr<HeldRequest> request; // request-based calls
  bool locallyComplete = false;         // issued or kept on a copy (request-based calls)
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
  // The generalized requests of held request-based calls, with their windows.
  std::unordered_map<MPI_Request, std::pair<MPI_Win, HeldRequest *>> requests;
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

// The status a held request-based call's request reports (an RMA request carries none).
int queryRequest(void *, MPI_Status *status) {
  PMPI_Status_set_elements(status, MPI_BYTE, 0);
  PMPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_UNDEFINED;
  status->MPI_TAG = MPI_UNDEFINED;
  return MPI_SUCCESS;
}
int freeRequest(void *) {
  return MPI_SUCCESS;
}
int cancelRequest(void *, int) {
  return MPI_SUCCESS; // an RMA call cannot be cancelled: it completes as usual
}

// A piece of a request-based call is locally complete: the last one completes the request.
void locallyCompleted(Schedule &s, Held &h) {
  if (!h.request || h.locallyComplete) return;
  h.locallyComplete = true;
  if (--h.request->open > 0) return;
  s.requests.erase(h.request->request);
  PMPI_Grequest_complete(h.request->request);
}

// The request-based form of a call (MPI_Rput ...), with MPI's own request.
int issueRequestBased(const Call &c, MPI_Request *request) {
  switch (c.kind) {
  case Call::Kind::Put:
    return PMPI_Rput(c.origin, c.originCount, c.originType, c.target, c.disp, c.targetCount,
                     c.targetType, c.win, request);
  case Call::Kind::Get:
    return PMPI_Rget(c.result, c.resultCount, c.resultType, c.target, c.disp, c.targetCount,
                     c.targetType, c.win, request);
  case Call::Kind::Accumulate:
    return PMPI_Raccumulate(c.origin, c.originCount, c.originType, c.target, c.disp, c.targetCount,
                            c.targetType, c.op, c.win, request);
  case Call::Kind::GetAccumulate:
    return PMPI_Rget_accumulate(c.origin, c.originCount, c.originType, c.result, c.resultCount,
                                c.resultType, c.target, c.disp, c.targetCount, c.targetType, c.op,
                                c.win, request);
  case Call::Kind::FetchAndOp:
  case Call::Kind::CompareAndSwap:
    break;
  }
  return MPI_ERR_INTERN; // no request-based form
}

// A held request-based call, completed locally before returning.
int issueWithRequest(const Call &c) {
  MPI_Request request = MPI_REQUEST_NULL;
  int rc = issueRequestBased(c, &request);
  if (rc == MPI_SUCCESS) rc = PMPI_Wait(&request, MPI_STATUS_IGNORE);
  return rc;
}

int issue(Schedule &s, Held &h) {
  const Call &c = h.call;
  const void *origin = h.copy.empty() ? c.origin : h.copy.data();
  int rc = MPI_SUCCESS;
  if (h.request && !h.locallyComplete) {
    rc = issueWithRequest(c);
    locallyCompleted(s, h);
  } else {
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
      rc =
          PMPI_Compare_and_swap(origin, c.compare, c.result, c.originType, c.target, c.disp, c.win);
      break;
    }
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
  for (std::size_t i : issueOrder(s, batch, ordered)) issue(s, batch[i]);
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
bool keepOnCopy(Schedule &s, WindowQueue &q, Held &h) {
  if (!h.copy.empty()) return true;
  if (!predefined(h.call.originType)) return false;
  int size = 0;
  PMPI_Type_size(h.call.originType, &size);
  std::size_t bytes = static_cast<std::size_t>(size) * static_cast<std::size_t>(h.call.originCount);
  if (bytes == 0 || q.copiedBytes + bytes > kMaxCopiedBytesPerWindow) return false;
  q.copiedBytes += bytes;
  h.copy.resize(bytes);
  std::memcpy(h.copy.data(), h.call.origin, bytes);
  locallyCompleted(s, h);
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

// Local completion (nasty_schedule.h) of the held calls `selected` picks: what writes the origin
// side goes now, with the ordered accumulates it must not overtake; puts and accumulates stay held
// on a copy when they can.
template <class Selected> void completeLocally(Schedule &s, WindowQueue &q, Selected selected) {
  // A fetching accumulate issued now must not overtake the accumulates before it: with ordering,
  // all accumulates to its target go now (in their order; the later ones too, which is allowed).
  std::set<int> orderedTargets;
  if (q.accumulatesOrdered)
    for (const Held &h : q.held)
      if (selected(h) && h.call.accumulates() && h.call.fetches())
        orderedTargets.insert(h.call.target);
  issueHeld(s, q, [&](Held &h) {
    if (h.call.accumulates() && orderedTargets.count(h.call.target)) return true;
    if (!selected(h)) return false;
    if (h.call.fetches()) return true;
    return !keepOnCopy(s, q, h);
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

namespace {

// Holds `call` (its pieces with split) in its window's queue, or issues it now without delay.
int take(Schedule &s, const Call &call, const std::shared_ptr<HeldRequest> &request) {
  WindowQueue &q = s.windows[call.win];
  std::vector<Held> pieces;
  if (stage(rt::kNastySplit)) pieces = split(call);
  if (pieces.empty()) {
    Held h;
    h.call = call;
    pieces.push_back(std::move(h));
  }
  if (!stage(rt::kNastyDelay)) {
    if (pieces.size() == 1) return issue(s, pieces.front());
    issueBatch(s, pieces, q.accumulatesOrdered);
    return MPI_SUCCESS;
  }
  if (request) request->open = static_cast<int>(pieces.size());
  for (Held &h : pieces) {
    own(h.call.originType, h);
    own(h.call.resultType, h);
    own(h.call.targetType, h);
    h.request = request;
    q.held.push_back(std::move(h));
  }
  if (q.held.size() >= kMaxHeldPerWindow) issueHeld(s, q, [](const Held &) { return true; });
  return MPI_SUCCESS;
}

} // namespace

int submit(const Call &call) {
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  return take(s, call, nullptr);
}

int submitRequest(const Call &call, MPI_Request *request) {
  if (!stage(rt::kNastyDelay)) return issueRequestBased(call, request); // whole, not held
  auto held = std::make_shared<HeldRequest>();
  int rc = PMPI_Grequest_start(queryRequest, freeRequest, cancelRequest, nullptr, &held->request);
  if (rc != MPI_SUCCESS) return rc;
  *request = held->request;
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.requests[held->request] = {call.win, held.get()};
  return take(s, call, held);
}

void requestsWaited(int count, const MPI_Request requests[]) {
  if (!enabled() || count <= 0 || !requests) return;
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.requests.empty()) return;
  for (int i = 0; i < count; ++i) {
    auto it = s.requests.find(requests[i]);
    if (it == s.requests.end()) continue;
    auto [win, request] = it->second;
    completeLocally(s, s.windows[win],
                    [request](const Held &h) { return h.request.get() == request; });
  }
}

void completeRemote(MPI_Win win, std::optional<int> target) {
  withWindow(win, [&](Schedule &s, WindowQueue &q) {
    issueHeld(s, q, [&](const Held &h) { return matches(h, target); });
  });
}

void completeLocal(MPI_Win win, std::optional<int> target) {
  withWindow(win, [&](Schedule &s, WindowQueue &q) {
    completeLocally(s, q, [&](const Held &h) { return matches(h, target); });
  });
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
