// How the engine's cost grows with the number of ranks: N Process engines (64 to 4096) driven
// by hand through the split-phase API, in lock step, with three synchronisation patterns:
//
//   Neighbours  each rank puts into a halo slot of its left and right neighbour on a ring,
//               flushes, signals both (an MPI_Send of "done"), and waits for both; the halo slots
//               are double-buffered so that a round's reads and the next round's puts never
//               overlap. Every rank talks to two ranks, whatever N is.
//   Fence       the same puts, completed by a fence (collective flush + all-to-all exchange).
//   Barrier     no RMA: an all-to-all exchange only (MPI_Barrier).
//
// Every round, each rank also makes kAccesses loads and stores of its own window (the
// application's compute) and, in the neighbour and fence patterns, reads the halo the neighbours
// sent in the previous round. Counters per benchmark (all per rank):
//
//   ns/access  engine time (thread CPU time) of one load or store of window memory
//   ns/sync    engine time of one synchronisation (neighbours: both signals, both waits and
//              the settle; fence and barrier: the flush, contribution, absorption and settle)
//   clockB/sync  bytes of clock data a rank sends per synchronisation: for signals the clock
//                payloads as the MPI transport packs them (WireWriter), for collectives the fixed
//                part of the contribution (packFixed) each member puts into the reduction
//   batchB/sync  bytes of RMA metadata batches a rank sends per synchronisation
//   heap/rank    live heap bytes of the engines after the rounds, divided by N
//   growth/round live heap bytes per rank added per measured round (0 when memory is bounded)
//   ownRecords/rank, remoteRecords/rank, shadowB/rank  the engines' own statistics at the end
//                (Process::stats: own access records, live remote accesses, shadow bytes)
//
// The races counter must stay 0: the patterns are race-free.
//
//   build/bin/rmarace-core-scaling-bench [--benchmark_filter=...]
#include "null_host.h"
#include "rmarace/core/ledger.h"
#include "rmarace/core/process.h"
#include "rmarace/core/wire.h"
#include "rmarace/core/wire_records.h"

#include <array>
#include <atomic>
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <ctime>
#include <malloc.h>
#include <memory>
#include <new>
#include <optional>
#include <vector>

// ---- Live heap bytes of the whole program (the engines are the only thing allocating in the
// measured part); malloc_usable_size gives the size back at delete.
namespace {
std::atomic<int64_t> liveHeapBytes{0};

void *countedAlloc(std::size_t bytes) {
  void *p = std::malloc(bytes ? bytes : 1);
  if (!p) throw std::bad_alloc();
  liveHeapBytes.fetch_add(static_cast<int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
  return p;
}

void countedFree(void *p) noexcept {
  if (!p) return;
  liveHeapBytes.fetch_sub(static_cast<int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
  std::free(p);
}
} // namespace

void *operator new(std::size_t bytes) {
  return countedAlloc(bytes);
}
void *operator new[](std::size_t bytes) {
  return countedAlloc(bytes);
}
void operator delete(void *p) noexcept {
  countedFree(p);
}
void operator delete[](void *p) noexcept {
  countedFree(p);
}
void operator delete(void *p, std::size_t) noexcept {
  countedFree(p);
}
void operator delete[](void *p, std::size_t) noexcept {
  countedFree(p);
}

namespace rmarace {
namespace {

using bench::NullHost;

enum class Pattern { Neighbours, Fence, Barrier };

constexpr SegmentId kWin = 1;
constexpr uint64_t kHaloBytes = 64;            // one halo slot
constexpr uint64_t kSlots = 4;                 // from left and right, double-buffered
constexpr uint64_t kInteriorBytes = 64 * 1024; // the rank's own data
constexpr uint64_t kWinBytes = kSlots * kHaloBytes + kInteriorBytes;
constexpr int kAccesses = 64;    // loads and stores of the interior per round
constexpr int kWarmupRounds = 2; // not measured: first-touch allocation
constexpr LocationHandle kSiteAccess = 1, kSitePut = 2, kSiteFlush = 3, kSiteSync = 4,
                         kSiteHalo = 5;

Address baseOf(Rank r) {
  return (Address(r) + 1) << 32;
}
Address originOf(Rank r) {
  return baseOf(r) + 2 * kWinBytes;
}
// Slot of the halo that `from` (0: the left neighbour, 1: the right one) writes in round k.
uint64_t slotOffset(int from, uint64_t round) {
  return (2 * (round % 2) + static_cast<uint64_t>(from)) * kHaloBytes;
}

// The engine's CPU time: the machine may be shared, and all engines run on this thread.
double cpuNow() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The size of a signal's payload on the wire (the transports send wire::encode's bytes).
std::size_t payloadBytes(const ClockPayload &p) {
  std::vector<std::byte> out;
  WireWriter w(out);
  wire::encode(w, p);
  return out.size();
}

struct Job {
  explicit Job(Rank ranks) : n(ranks), hosts(static_cast<std::size_t>(ranks)) {
    world.members.resize(static_cast<std::size_t>(n));
    for (Rank r = 0; r < n; ++r) {
      world.members[static_cast<std::size_t>(r)] = r;
      p.push_back(std::make_unique<Process>(r, n, hosts[static_cast<std::size_t>(r)]));
      p.back()->exposeMemory(kWin, baseOf(r), kWinBytes, "win");
    }
  }
  Rank left(Rank r) const { return (r + n - 1) % n; }
  Rank right(Rank r) const { return (r + 1) % n; }

  // Delivers every sealed batch; returns the bytes.
  std::size_t deliver() {
    std::size_t bytes = 0;
    for (Rank r = 0; r < n; ++r)
      for (Batch &b : p[static_cast<std::size_t>(r)]->takeOutgoing()) {
        bytes += b.bytes.size();
        p[static_cast<std::size_t>(b.peer)]->receive(r, std::move(b.bytes));
      }
    return bytes;
  }

  void compute(Rank r, uint64_t round) {
    Process &q = *p[static_cast<std::size_t>(r)];
    const Address interior = baseOf(r) + kSlots * kHaloBytes;
    for (int k = 0; k < kAccesses; ++k) {
      const uint64_t offset = (static_cast<uint64_t>(k) * 520 + round * 8) % kInteriorBytes;
      q.access(interior + (offset & ~uint64_t{7}), 8, k % 4 == 0, false, kSiteAccess);
    }
  }

  // The halo the neighbours sent in the previous round.
  void readHalo(Rank r, uint64_t round) {
    if (round == 0) return;
    for (int from = 0; from < 2; ++from)
      p[static_cast<std::size_t>(r)]->access(baseOf(r) + slotOffset(from, round - 1), kHaloBytes,
                                             false, false, kSiteHalo);
  }

  void putHalos(Rank r, uint64_t round) {
    Process &q = *p[static_cast<std::size_t>(r)];
    // To the right neighbour I am its left one (slot "from left"), and the other way round.
    const Rank targets[2] = {right(r), left(r)};
    for (int from = 0; from < 2; ++from) {
      RmaOperation op;
      op.site = kSitePut;
      op.target = targets[from];
      op.segment = kWin;
      op.context = kWin;
      op.targetRanges = ByteRanges(slotOffset(from, round), kHaloBytes);
      op.remoteWrite = true;
      op.originRead =
          ByteRanges(originOf(r) + static_cast<uint64_t>(from) * kHaloBytes, kHaloBytes);
      q.issue(op);
    }
    Completion c;
    c.site = kSiteFlush;
    c.targets = {left(r), right(r)};
    c.context = kWin;
    c.kind = CompletionKind::RemoteFlush;
    q.complete(c);
    c.kind = CompletionKind::LocalFlush;
    q.complete(c);
  }

  struct Totals {
    double accessSeconds = 0, syncSeconds = 0;
    std::size_t clockBytes = 0, batchBytes = 0;
  };

  // One round of `pattern` on every rank; adds the engine time of the accesses and of the
  // synchronisation, and the bytes sent for it.
  void round(Pattern pattern, uint64_t k, Totals &t) {
    const double t0 = cpuNow();
    for (Rank r = 0; r < n; ++r) {
      compute(r, k);
      if (pattern != Pattern::Barrier) readHalo(r, k);
    }
    const double t1 = cpuNow();
    t.accessSeconds += t1 - t0;
    if (pattern != Pattern::Barrier)
      for (Rank r = 0; r < n; ++r) putHalos(r, k);
    const double t2 = cpuNow();
    if (pattern == Pattern::Neighbours) {
      // signals[r] = {to the left, to the right}
      std::vector<std::array<ClockPayload, 2>> signals(static_cast<std::size_t>(n));
      for (Rank r = 0; r < n; ++r) {
        Process &q = *p[static_cast<std::size_t>(r)];
        signals[static_cast<std::size_t>(r)] = {q.signal(left(r), kSiteSync),
                                                q.signal(right(r), kSiteSync)};
        q.flushBatches();
        for (const ClockPayload &s : signals[static_cast<std::size_t>(r)])
          t.clockBytes += payloadBytes(s);
      }
      t.batchBytes += deliver();
      for (Rank r = 0; r < n; ++r) {
        Process &q = *p[static_cast<std::size_t>(r)];
        q.wait(left(r), signals[static_cast<std::size_t>(left(r))][1], kSiteSync);
        q.wait(right(r), signals[static_cast<std::size_t>(right(r))][0], kSiteSync);
        q.settle();
      }
    } else {
      // Combined as the MPI transport's reduction does, one contribution at a time.
      std::optional<CollectiveContribution> all;
      for (Rank r = 0; r < n; ++r) {
        Process &q = *p[static_cast<std::size_t>(r)];
        if (pattern == Pattern::Fence) {
          Completion cf;
          cf.kind = CompletionKind::CollectiveFlush;
          cf.targets = world.members;
          cf.context = kWin;
          cf.site = kSiteSync;
          q.complete(cf);
        }
        CollectiveContribution c = q.contribute(world, CollectiveKind::AllToAll, kSiteSync);
        t.clockBytes += c.packFixed().size() * sizeof(uint64_t);
        if (all)
          all->combine(c);
        else
          all = std::move(c);
      }
      t.batchBytes += deliver();
      for (Rank r = 0; r < n; ++r)
        p[static_cast<std::size_t>(r)]->absorbCollective(world, CollectiveKind::AllToAll, 0, *all);
      t.batchBytes += deliver();
      for (Rank r = 0; r < n; ++r) p[static_cast<std::size_t>(r)]->settle();
    }
    t.syncSeconds += cpuNow() - t2;
  }

  Rank n;
  std::vector<NullHost> hosts;
  std::vector<std::unique_ptr<Process>> p;
  GroupView world;
};

void BM_Scaling(benchmark::State &state, Pattern pattern) {
  const auto n = static_cast<Rank>(state.range(0));
  const int64_t measuredRounds = state.range(1);
  const int64_t heapBefore = liveHeapBytes.load();
  Job::Totals totals;
  uint64_t rounds = 0, races = 0;
  int64_t heapWarm = heapBefore, heapAfter = heapBefore;
  double ownRecords = 0, remoteRecords = 0, shadowBytes = 0; // summed over the ranks at the end
  for (auto _ : state) {
    state.PauseTiming();
    auto job = std::make_unique<Job>(n);
    Job::Totals warmup;
    uint64_t k = 0;
    for (; k < kWarmupRounds; ++k) job->round(pattern, k, warmup);
    heapWarm = liveHeapBytes.load();
    state.ResumeTiming();
    for (int64_t i = 0; i < measuredRounds; ++i, ++k) {
      job->round(pattern, k, totals);
      ++rounds;
    }
    state.PauseTiming();
    heapAfter = liveHeapBytes.load();
    for (const NullHost &h : job->hosts) races += h.races;
    for (const auto &q : job->p) {
      const Process::Stats st = q->stats();
      ownRecords += static_cast<double>(st.ownAccessRecords);
      remoteRecords += static_cast<double>(st.liveRemoteAccesses);
      shadowBytes += static_cast<double>(st.shadowCellBytes + st.shadowSetBytes);
    }
    job.reset();
    state.ResumeTiming();
  }
  const double rankRounds = static_cast<double>(rounds) * n;
  const int accessesPerRound = kAccesses + (pattern == Pattern::Barrier ? 0 : 2);
  state.counters["ns/access"] = 1e9 * totals.accessSeconds / (rankRounds * accessesPerRound);
  state.counters["ns/sync"] = 1e9 * totals.syncSeconds / rankRounds;
  state.counters["clockB/sync"] = static_cast<double>(totals.clockBytes) / rankRounds;
  state.counters["batchB/sync"] = static_cast<double>(totals.batchBytes) / rankRounds;
  state.counters["heap/rank"] = static_cast<double>(heapAfter - heapBefore) / n;
  state.counters["growth/round"] =
      static_cast<double>(heapAfter - heapWarm) / (static_cast<double>(measuredRounds) * n);
  state.counters["ownRecords/rank"] = ownRecords / n;
  state.counters["remoteRecords/rank"] = remoteRecords / n;
  state.counters["shadowB/rank"] = shadowBytes / n;
  state.counters["races"] = static_cast<double>(races);
}

// {ranks, measured rounds}: fewer rounds for the largest jobs, whose rounds cost O(N^2) in all
// and whose memory grows per round (4096 engines of several MiB each).
void jobSizes(benchmark::internal::Benchmark *b) {
  b->Args({64, 16})->Args({256, 16})->Args({1024, 8})->Args({4096, 4});
  b->Iterations(1)->Unit(benchmark::kMillisecond);
}
// Ever more rounds of a small job, and many of a mid-sized one: does the memory per rank stop
// growing?
void longRun(benchmark::internal::Benchmark *b) {
  b->Args({64, 64})->Args({64, 256})->Args({64, 1024})->Args({256, 256});
  b->Iterations(1)->Unit(benchmark::kMillisecond);
}

BENCHMARK_CAPTURE(BM_Scaling, neighbours, Pattern::Neighbours)->Apply(jobSizes);
BENCHMARK_CAPTURE(BM_Scaling, fence, Pattern::Fence)->Apply(jobSizes);
BENCHMARK_CAPTURE(BM_Scaling, barrier, Pattern::Barrier)->Apply(jobSizes);
BENCHMARK_CAPTURE(BM_Scaling, neighbours_long, Pattern::Neighbours)->Apply(longRun);
BENCHMARK_CAPTURE(BM_Scaling, fence_long, Pattern::Fence)->Apply(longRun);
BENCHMARK_CAPTURE(BM_Scaling, barrier_long, Pattern::Barrier)->Apply(longRun);

} // namespace
} // namespace rmarace

BENCHMARK_MAIN();
