// The model-neutral part of the pessimistic ("nasty") schedule (docs/nasty.md), shared by the
// front ends that hold RMA calls (intercept/mpi/nasty_schedule.h, intercept/gaspi/nasty_queue.h,
// intercept/shmem/nasty_nbi.h): whether it is on and with which stages, the process's seeded
// random streams, the seeded issue order that keeps the orderings a model guarantees, and the
// pieces a split call becomes. What is held, and which call issues it, is each model's business.
#pragma once

#include "rmarace/runtime/api.h"
#include "rmarace/runtime/options.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace rmarace::rt::nasty {

// ---- The schedule of this process --------------------------------------------------------------
// At start-up, once all processes agreed on `seed` (the MPI front end broadcasts rank 0's): turns
// the schedule on with `stages` (bits of NastyStage).
RMARACE_API void start(unsigned stages, uint64_t seed, int rank);
RMARACE_API bool enabled();
// Whether the schedule is on with `stage`.
RMARACE_API bool stage(NastyStage stage);
// A random stream of this process, replayable from the seed and different on every rank; each
// scheduler (`stream`: a number of its own) draws from its own, so that one model's calls do not
// change the order another model's are issued in.
RMARACE_API std::mt19937_64 randomStream(uint64_t stream);

// ---- Issue order --------------------------------------------------------------------------------
// The ordering constraints of one held call, in keys of the model's choosing (0: none): the call
// must be issued after every earlier call (in program order) that published `after`, and it
// publishes up to two keys for later calls. E.g. MPI's ordered accumulates to target t wait for
// and publish "accumulates to t"; a GASPI notification waits for "writes to rank r" that each
// earlier write published.
struct OrderKeys {
  uint64_t after = 0;
  uint64_t publishes[2] = {0, 0};
};

// The order in which `calls` (in program order) are issued: program order without `shuffle`,
// else a seeded random order in which every call comes after the earlier calls that published
// the key it waits for. Calls without constraints are permuted uniformly.
RMARACE_API std::vector<std::size_t> issueOrder(std::mt19937_64 &random,
                                                const std::vector<OrderKeys> &calls, bool shuffle);

// ---- Split --------------------------------------------------------------------------------------
// A split call becomes at most this many calls: element pieces for small calls, chunks of whole
// elements for large ones (a million single-element puts would cost more than they reveal).
inline constexpr uint64_t kMaxPieces = 64;

// One piece of a split call: elements [first, first + count).
struct Piece {
  uint64_t first = 0;
  uint64_t count = 0;
};

// The pieces of a transfer of `count` elements of `elementBytes` each whose target is addressed in
// units of `unitBytes`: whole elements, every piece starting on a whole unit, at most kMaxPieces.
// Empty when the transfer cannot be split (fewer than two elements, or one piece would be all).
RMARACE_API std::vector<Piece> splitPlan(uint64_t count, uint64_t elementBytes, uint64_t unitBytes);

// ---- Held calls without an order of their own
// ---------------------------------------------------- For a model whose held calls need nothing
// but to be issued before the call that completes their queue (OpenSHMEM's _nbi puts and gets,
// intercept/shmem/nasty_nbi.h): `call` is held on `queue` (a number of the model's choosing);
// false, and nothing held, without the delay stage.
RMARACE_API bool hold(uint64_t queue, std::function<void()> call);
// Issues what `queue` holds, in this process's seeded order (program order without reorder),
// outside any lock of the schedule: a call may complete another model's calls.
RMARACE_API void complete(uint64_t queue);

} // namespace rmarace::rt::nasty
