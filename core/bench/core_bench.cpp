// Micro-benchmarks of the race engine (core only): vector clock merges, checking a plain access
// against the access history (transition-cache hit and miss), recording one remote access, and
// closing the concurrent regions of 1000 pending RMA operations at the origin and the target.
//
//   build/bin/rmarace-core-bench [--benchmark_filter=...]
#include "null_host.h"
#include "rmarace/core/history.h"
#include "rmarace/core/process.h"
#include "rmarace/core/vector_clock.h"

#include <array>
#include <benchmark/benchmark.h>
#include <chrono>
#include <memory>
#include <random>

namespace rmarace {
namespace {

// ---- Vector clocks
// ---------------------------------------------------------------------------------

// Merging a peer's clock that advanced in one entry since the last merge (a wait on a signal).
void BM_VectorClockMerge(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::mt19937_64 rng(1);
  std::vector<Epoch> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = rng() % 1000;
    b[i] = rng() % 1000;
  }
  VectorClock mine(a), theirs(b);
  Rank r = 0;
  for (auto _ : state) {
    theirs.tick(r);
    r = static_cast<Rank>((static_cast<std::size_t>(r) + 1) % n);
    benchmark::DoNotOptimize(mine.merge(theirs));
  }
}
BENCHMARK(BM_VectorClockMerge)->Arg(64)->Arg(1024);

// ---- Processes
// -------------------------------------------------------------------------------------

using bench::NullHost;

constexpr SegmentId kWin = 1;
constexpr uint64_t kWinBytes = 1 << 20;
Address baseOf(Rank r) {
  return (Address(r) + 1) << 32;
}
Address privateOf(Rank r) {
  return baseOf(r) + 2 * kWinBytes;
}

// Two engines driven by hand through the split-phase API (what Tracker does over a transport).
struct Pair {
  std::array<NullHost, 2> hosts;
  std::array<std::unique_ptr<Process>, 2> p{std::make_unique<Process>(0, 2, hosts[0]),
                                            std::make_unique<Process>(1, 2, hosts[1])};
  GroupView world{{0, 1}, 0};
  Pair() {
    for (Rank r = 0; r < 2; ++r) p[r]->exposeMemory(kWin, baseOf(r), kWinBytes, "win");
  }
  void deliver() {
    for (Rank r = 0; r < 2; ++r)
      for (Batch &b : p[r]->takeOutgoing()) p[b.peer]->receive(r, std::move(b.bytes));
  }
  // MPI_Win_fence: collective flush + all-to-all.
  void fence() {
    std::array<CollectiveContribution, 2> c;
    for (Rank r = 0; r < 2; ++r) {
      Completion cf;
      cf.kind = CompletionKind::CollectiveFlush;
      cf.targets = world.members;
      cf.context = kWin;
      cf.site = 1;
      p[r]->complete(cf);
      c[r] = p[r]->contribute(world, CollectiveKind::AllToAll, 1);
    }
    deliver();
    CollectiveContribution all = c[0];
    all.combine(c[1]);
    for (Rank r = 0; r < 2; ++r) p[r]->absorbCollective(world, CollectiveKind::AllToAll, 0, all);
    deliver();
    for (Rank r = 0; r < 2; ++r) p[r]->settle();
  }
  RmaOperation put(uint64_t offset, uint64_t bytes, Address buffer, LocationHandle site) const {
    RmaOperation op;
    op.site = site;
    op.target = 1;
    op.segment = kWin;
    op.context = kWin;
    op.targetRanges = ByteRanges(offset, bytes);
    op.remoteWrite = true;
    op.originRead = ByteRanges(buffer, bytes);
    return op;
  }
};

// ---- Checking one plain access against the history
// ------------------------------------------------

// The hot path: the same load again in the same epoch (a loop over a window): a transition-cache
// hit.
void BM_LocalAccessCacheHit(benchmark::State &state) {
  NullHost host;
  Process p(0, 2, host);
  p.exposeMemory(kWin, baseOf(0), kWinBytes, "win");
  p.tick(1);
  const Address a = baseOf(0) + 4096;
  p.access(a, 8, false, false, 7);
  for (auto _ : state) p.access(a, 8, false, false, 7);
}
BENCHMARK(BM_LocalAccessCacheHit);

// A miss: the transition must be computed (visit the granule's records, build and intern the
// new set). The granule holds a store, a load and two remote-access records; the cache is
// invalidated before every access.
void BM_LocalAccessCacheMiss(benchmark::State &state) {
  AccessHistory h;
  uint32_t region = h.addRegion(baseOf(0), kWinBytes, kWin, "win");
  const Address a = baseOf(0) + 4096;
  auto noVisit = [](const ShadowRecord &, Address, uint8_t) {};
  auto live = [](const ShadowRecord &) { return true; };
  uint64_t conflicts = 0;
  auto visit = [&](const ShadowRecord &x, Address, uint8_t) {
    conflicts += x.kind == RecordKind::Remote;
  };
  ShadowRecord r;
  r.kind = RecordKind::Remote;
  for (uint32_t id : {1u, 2u}) {
    r.subject = id;
    h.insert(region, a, a + 8, r, noVisit, live);
  }
  r.kind = RecordKind::Store;
  r.subject = 3;
  r.epoch = 1;
  h.insert(region, a, a + 8, r, noVisit, live);
  ShadowRecord load;
  load.kind = RecordKind::Load;
  load.subject = 4;
  load.epoch = 1;
  ShadowRegion &shadow = h.region(region);
  for (auto _ : state) {
    h.newGeneration();
    h.insertLocal(shadow, a, a + 8, load, visit, live);
  }
  benchmark::DoNotOptimize(conflicts);
}
BENCHMARK(BM_LocalAccessCacheMiss);

// The first access of a new epoch through the Process (a synchronisation event, then a load):
// the epoch change invalidates the cache and the record is new.
void BM_LocalAccessAfterTick(benchmark::State &state) {
  NullHost host;
  Process p(0, 1, host); // alone: the prune horizon is infinite, so nothing accumulates
  p.exposeMemory(kWin, baseOf(0), kWinBytes, "win");
  const Address a = baseOf(0) + 4096;
  for (auto _ : state) {
    p.tick(1);
    p.access(a, 8, false, false, 7);
  }
}
BENCHMARK(BM_LocalAccessAfterTick);

// A range check over `granules` granules of the same history (a loop's hoisted range check, a
// memcpy into the window) in a new epoch: one transition, then a run of equal cells.
void BM_LocalAccessRangeAfterTick(benchmark::State &state) {
  NullHost host;
  Process p(0, 1, host);
  p.exposeMemory(kWin, baseOf(0), kWinBytes, "win");
  const uint64_t bytes = static_cast<uint64_t>(state.range(0)) * kGranule;
  for (auto _ : state) {
    p.tick(1);
    p.access(baseOf(0), bytes, false, false, 7);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_LocalAccessRangeAfterTick)->Arg(1)->Arg(128)->Arg(1024);

// A compute loop over window memory after a synchronisation: loads of 24-byte records (an atom's
// position) one after the other, each the first access of its bytes in the epoch, the pattern of
// minimd_window's neighbour loops and transpose_window's rows. Each record is one call into the
// engine (the repeat filter skips only the repeats); the tick is amortised over the records.
void BM_LocalRecordsAfterTick(benchmark::State &state) {
  constexpr uint64_t kRecordBytes = 24;
  constexpr uint64_t kRecords = 4096;
  NullHost host;
  Process p(0, 1, host);
  p.exposeMemory(kWin, baseOf(0), kWinBytes, "win");
  for (auto _ : state) {
    p.tick(1);
    for (uint64_t k = 0; k < kRecords; ++k)
      p.access(baseOf(0) + k * kRecordBytes, kRecordBytes, false, false, 7);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(kRecords));
}
BENCHMARK(BM_LocalRecordsAfterTick);

// ---- Plain accesses while own RMA buffers are in flight ----------------------------------------

// A process with `buffers` put origin buffers in flight, 64 bytes apart in private memory.
struct InFlight {
  static constexpr uint64_t kBufferStride = 64;
  static constexpr uint64_t kBufferBytes = 8;
  static Address buffer(uint64_t i) { return baseOf(0) + 3 * kWinBytes + i * kBufferStride; }

  explicit InFlight(int64_t buffers) {
    p.exposeMemory(kWin, baseOf(0), kWinBytes, "win");
    p.tick(1);
    for (uint64_t i = 0; i < static_cast<uint64_t>(buffers); ++i) {
      RmaOperation op;
      op.site = 2;
      op.target = 1;
      op.segment = kWin;
      op.context = kWin;
      op.targetRanges = ByteRanges(i * kBufferStride, kBufferBytes);
      op.remoteWrite = true;
      op.originRead = ByteRanges(buffer(i), kBufferBytes);
      p.issue(op);
    }
  }
  NullHost host;
  Process p{0, 2, host};
};

// A load of window memory (a cache hit) while buffers are in flight elsewhere: it is checked
// against them without allocating.
void BM_LocalAccessWithBuffersInFlight(benchmark::State &state) {
  InFlight s(state.range(0));
  const Address a = baseOf(0) + 4096;
  s.p.access(a, 8, false, false, 7);
  for (auto _ : state) s.p.access(a, 8, false, false, 7);
}
BENCHMARK(BM_LocalAccessWithBuffersInFlight)->Arg(1)->Arg(64);

// A load of private memory next to (not on) an in-flight buffer.
void BM_PrivateAccessNextToBuffersInFlight(benchmark::State &state) {
  InFlight s(state.range(0));
  const Address a = InFlight::buffer(0) + InFlight::kBufferBytes;
  for (auto _ : state) s.p.access(a, 8, false, false, 7);
}
BENCHMARK(BM_PrivateAccessNextToBuffersInFlight)->Arg(1)->Arg(64);

// The check behind range accesses (memcpy) that passed the page filter.
void BM_TracksWithBuffersInFlight(benchmark::State &state) {
  InFlight s(state.range(0));
  const Address a = InFlight::buffer(0) + InFlight::kBufferBytes;
  for (auto _ : state) benchmark::DoNotOptimize(s.p.tracks(a, 8));
}
BENCHMARK(BM_TracksWithBuffersInFlight)->Arg(0)->Arg(1)->Arg(64);

// ---- Recording one remote access ----------------------------------------------------------------
// Origin: MPI_Put (forward into the open batch, seal it); target: receive the batch and check
// the access against the history. A fence every 1000 accesses (not timed) closes the regions and
// lets the engines reclaim them, as a real program's synchronisation would.
void BM_RemoteAccessRecord(benchmark::State &state) {
  Pair pr;
  uint64_t n = 0;
  for (auto _ : state) {
    pr.p[0]->issue(pr.put((n % 1024) * 64, 8, privateOf(0) + (n % 1024) * 64, 2));
    pr.p[0]->flushBatches();
    for (Batch &b : pr.p[0]->takeOutgoing()) pr.p[1]->receive(0, std::move(b.bytes));
    if (++n % 1000 == 0) {
      state.PauseTiming();
      pr.fence();
      state.ResumeTiming();
    }
  }
  state.counters["races"] = static_cast<double>(pr.hosts[1].races);
}
BENCHMARK(BM_RemoteAccessRecord);

// The same, many accesses per batch (the default batching: sealed at the next synchronisation).
void BM_RemoteAccessRecordBatched(benchmark::State &state) {
  Pair pr;
  uint64_t n = 0;
  for (auto _ : state) {
    pr.p[0]->issue(pr.put((n % 1024) * 64, 8, privateOf(0) + (n % 1024) * 64, 2));
    if (++n % 1000 == 0) {
      pr.p[0]->flushBatches();
      for (Batch &b : pr.p[0]->takeOutgoing()) pr.p[1]->receive(0, std::move(b.bytes));
      state.PauseTiming();
      pr.fence();
      state.ResumeTiming();
    }
  }
}
BENCHMARK(BM_RemoteAccessRecordBatched);

// ---- Closing a region with 1000 pending accesses
// ---------------------------------------------------- The argument is the number of pending
// accesses (1000; 4000 shows how the cost scales).

// Origin: 1000 puts from distinct buffers, then MPI_Win_flush (remote + local flush): the time
// of the flush alone, which completes 1000 buffer reads and emits the completion notice.
void BM_CloseRegionAtOrigin(benchmark::State &state) {
  const auto pending = static_cast<int>(state.range(0));
  Pair pr;
  for (auto _ : state) {
    for (int i = 0; i < pending; ++i)
      pr.p[0]->issue(pr.put(static_cast<uint64_t>(i) * 64, 8, privateOf(0) + i * 64, 2));
    auto t0 = std::chrono::steady_clock::now();
    Completion c;
    c.site = 3;
    c.targets = {1};
    c.context = kWin;
    c.kind = CompletionKind::RemoteFlush;
    pr.p[0]->complete(c);
    c.kind = CompletionKind::LocalFlush;
    pr.p[0]->complete(c);
    auto t1 = std::chrono::steady_clock::now();
    state.SetIterationTime(std::chrono::duration<double>(t1 - t0).count());
    pr.fence(); // deliver and settle (not timed)
    pr.p[0]->collectGarbage();
    pr.p[1]->collectGarbage();
  }
}
BENCHMARK(BM_CloseRegionAtOrigin)
    ->Arg(1000)
    ->Arg(4000)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

// Target: 1000 remote writes have arrived; the origin flushed and signalled. Timed: receiving the
// batch with the completion notice and the wait on the signal that ends the 1000 regions.
void BM_CloseRegionAtTarget(benchmark::State &state) {
  const auto pending = static_cast<int>(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    auto pr = std::make_unique<Pair>();
    for (int i = 0; i < pending; ++i)
      pr->p[0]->issue(pr->put(static_cast<uint64_t>(i) * 64, 8, privateOf(0) + i * 64, 2));
    pr->p[0]->flushBatches();
    pr->deliver();
    Completion c;
    c.site = 3;
    c.targets = {1};
    c.context = kWin;
    c.kind = CompletionKind::RemoteFlush;
    pr->p[0]->complete(c);
    c.kind = CompletionKind::LocalFlush;
    pr->p[0]->complete(c);
    ClockPayload signal = pr->p[0]->signal(1, 4); // seals the notice's batch
    std::vector<Batch> batches = pr->p[0]->takeOutgoing();
    state.ResumeTiming();
    for (Batch &b : batches) pr->p[1]->receive(0, std::move(b.bytes));
    pr->p[1]->wait(0, signal, 5);
    pr->p[1]->settle();
    state.PauseTiming();
    pr.reset();
    state.ResumeTiming();
  }
}
BENCHMARK(BM_CloseRegionAtTarget)->Arg(1000)->Arg(4000)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace rmarace

BENCHMARK_MAIN();
