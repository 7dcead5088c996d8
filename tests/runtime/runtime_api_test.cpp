// The runtime as a front end sees it: start and finish shared by two front ends, the interceptor
// scope (lock, reentrancy, per-thread call-site marks), blocking regions, identifier domains.
#include "rmarace/rmarace.h"
#include "rmarace/runtime/id_space.h"
#include "rmarace/runtime/lifecycle.h"
#include "rmarace/runtime/scoped_interceptor.h"

#include <atomic>
#include <chrono>
#include <deque>
#include <future>
#include <gtest/gtest.h>
#include <thread>

namespace rmarace::rt {
namespace {

using namespace std::chrono_literals;

// A run of one process: everything a process sends arrives at itself.
class SingleProcess final : public Transport, public RunCollectives {
public:
  void send(Batch batch) override { batches.push_back(std::move(batch)); }
  void poll(Process &process) override {
    while (!batches.empty()) {
      process.receive(batches.front().peer, std::move(batches.front().bytes));
      batches.pop_front();
    }
  }
  void receiveBatch(Process &process, Rank) override { poll(process); }
  void sendClock(Rank, QueueId queue, const ClockPayload &payload) override {
    queues.push_back(queue);
    clocks.push_back(payload);
  }
  ClockPayload receiveClock(Rank, QueueId queue) override {
    queues.push_back(queue);
    ClockPayload p = clocks.front();
    clocks.pop_front();
    return p;
  }
  void sendAnswer(Rank, const ClockPayload &answer) override { answers.push_back(answer); }
  std::optional<ClockPayload> takeAnswer(Process &, uint64_t token, double) override {
    for (auto it = answers.begin(); it != answers.end(); ++it) {
      if (it->replyToken != token) continue;
      ClockPayload p = *it;
      answers.erase(it);
      return p;
    }
    return std::nullopt;
  }
  CollectiveContribution exchange(const GroupView &, CollectiveKind, Rank,
                                  const CollectiveContribution &mine) override {
    return mine;
  }
  void deposit(ResourceId resource, Rank, const ResourcePayload &payload) override {
    resources.push_back(resource);
    deposits[resource].mergeFrom(payload);
  }
  ResourcePayload fetch(ResourceId resource, Rank) override {
    resources.push_back(resource);
    return deposits[resource];
  }

  uint64_t broadcastFromFirst(uint64_t value) override { return value; }
  std::vector<std::string> gatherAtFirst(const std::string &mine) override { return {mine}; }
  std::vector<uint64_t> sumOverAll(const std::vector<uint64_t> &values) override { return values; }

  std::deque<Batch> batches;
  std::deque<ClockPayload> clocks;
  std::vector<ClockPayload> answers;
  std::vector<QueueId> queues;
  std::vector<ResourceId> resources;
  std::map<ResourceId, ResourcePayload> deposits;
};

StartInfo startInfo(SingleProcess &transport, const char *model) {
  StartInfo info;
  info.model = model;
  info.rank = 0;
  info.worldSize = 1;
  info.transport = &transport;
  info.run = &transport;
  return info;
}

const GroupView kWorld{{0}, 0};

TEST(Lifecycle, TwoFrontEndsShareOneEngineUntilTheLastFinishes) {
  SingleProcess transport;
  EXPECT_EQ(Runtime::instance(), nullptr);
  Runtime &first = Lifecycle::start(startInfo(transport, "first model"));
  Runtime &second = Lifecycle::start(startInfo(transport, "second model"));
  EXPECT_EQ(&first, &second);
  EXPECT_EQ(&first.process(), &second.process());
  Lifecycle::finish(kWorld, "finish", nullptr);
  EXPECT_EQ(Runtime::instance(), &first) << "the second front end still runs";
  Lifecycle::finish(kWorld, "finish", nullptr);
  EXPECT_EQ(Runtime::instance(), nullptr);
  EXPECT_EQ(Lifecycle::findings(), 0u);
}

TEST(ScopedInterceptor, IsInactiveWithoutARuntimeAndInsideRuntimeWork) {
  {
    ScopedInterceptor outside("call", nullptr);
    EXPECT_FALSE(outside);
  }
  SingleProcess transport;
  Lifecycle::start(startInfo(transport, "model"));
  {
    ScopedInterceptor outer("outer", nullptr);
    ASSERT_TRUE(outer);
    // A call the library makes from within the tool's work (e.g. a user reduction operation).
    ScopedInterceptor inner("inner", nullptr);
    EXPECT_FALSE(inner);
  }
  {
    ScopedInterceptor again("again", nullptr);
    EXPECT_TRUE(again) << "the outer scope released the lock and the runtime-work mark";
  }
  Lifecycle::finish(kWorld, "finish", nullptr);
  ScopedInterceptor finished("finished", nullptr);
  EXPECT_FALSE(finished) << "no runtime after finish";
}

TEST(ScopedInterceptor, CallSiteMarksBelongToTheThreadThatSetItsCall) {
  SingleProcess transport;
  Runtime &rt = Lifecycle::start(startInfo(transport, "model"));
  static const rmarace_location kMarked{"marked.c", "main", 12, 3};
  __rmarace_callsite = &kMarked;
  // Another thread's call does not take this thread's mark.
  std::thread other([&] {
    ScopedInterceptor scope("OtherCall", nullptr);
    ASSERT_TRUE(scope);
    EXPECT_EQ(rt.resolve(scope.site()).line, 0u);
  });
  other.join();
  {
    ScopedInterceptor scope("MarkedCall", nullptr);
    ASSERT_TRUE(scope);
    Location where = rt.resolve(scope.site());
    EXPECT_EQ(where.file, "marked.c");
    EXPECT_EQ(where.line, 12u);
    EXPECT_EQ(where.call, "MarkedCall");
  }
  EXPECT_EQ(__rmarace_callsite, nullptr) << "the scope consumes the mark";
  Lifecycle::finish(kWorld, "finish", nullptr);
}

TEST(BlockingRegion, LetsOtherThreadsIntoTheEngineWhileACallBlocks) {
  SingleProcess transport;
  Lifecycle::start(startInfo(transport, "model"));
  std::promise<void> otherEntered;
  std::future<void> entered = otherEntered.get_future();
  std::thread other;
  {
    ScopedInterceptor scope("BlockingCall", nullptr);
    ASSERT_TRUE(scope);
    bool sawOther = scope.blocking([&] {
      other = std::thread([&] {
        ScopedInterceptor inner("OtherCall", nullptr);
        EXPECT_TRUE(inner);
        otherEntered.set_value();
      });
      // The blocked call waits for the other thread, which needs the engine.
      return entered.wait_for(10s) == std::future_status::ready;
    });
    EXPECT_TRUE(sawOther) << "the engine lock was held across the blocking call";
    // The lock is held again: the scope's engine work goes on safely.
    EXPECT_FALSE(scope.runtime().lock().tryLock());
  }
  other.join();
  Lifecycle::finish(kWorld, "finish", nullptr);
}

TEST(RepeatedAccesses, ReachTheEngineOncePerSynchronisationInterval) {
  SingleProcess transport;
  Runtime &rt = Lifecycle::start(startInfo(transport, "model"));
  alignas(64) static uint64_t window[16];
  {
    ScopedInterceptor scope("WindowCreate", nullptr);
    rt.process().exposeMemory(1, reinterpret_cast<Address>(window), sizeof window, "window");
  }
  static const rmarace_location kLoop{"loop.c", "main", 7, 5};
  auto checked = [&] { return rt.process().counts().accesses; };
  uint64_t before = checked();
  for (int i = 0; i < 10; i++) __rmarace_access(&window[2], 8, RMARACE_WRITE, &kLoop);
  EXPECT_EQ(checked(), before + 1) << "a store repeated with nothing in between";
  __rmarace_access(&window[2], 4, RMARACE_READ, &kLoop);
  EXPECT_EQ(checked(), before + 1) << "a load of bytes this thread stored";
  __rmarace_access(&window[3], 8, RMARACE_READ, &kLoop);
  __rmarace_access(&window[3], 8, RMARACE_WRITE, &kLoop);
  EXPECT_EQ(checked(), before + 3) << "other bytes, then a store of bytes only loaded";
  __rmarace_access(&window[2], 8, RMARACE_WRITE | RMARACE_ATOMIC, &kLoop);
  __rmarace_access(&window[2], 8, RMARACE_WRITE | RMARACE_ATOMIC, &kLoop);
  EXPECT_EQ(checked(), before + 5) << "language atomics are always checked";
  __rmarace_access(&window[2], 8, RMARACE_WRITE | RMARACE_REPEAT_TESTED, &kLoop);
  EXPECT_EQ(checked(), before + 6) << "a caller that tested the repeat filter inline is not tested "
                                      "again (the test would have passed here)";
  { ScopedInterceptor scope("MPI_Win_flush", nullptr); }
  __rmarace_access(&window[2], 8, RMARACE_WRITE, &kLoop);
  EXPECT_EQ(checked(), before + 7) << "an intercepted call may have changed the engine";
  uint64_t otherBefore = checked();
  std::thread other([&] { __rmarace_access(&window[2], 8, RMARACE_WRITE, &kLoop); });
  other.join();
  EXPECT_EQ(checked(), otherBefore + 1) << "another thread's first store is checked";
  {
    ScopedInterceptor scope("WindowFree", nullptr);
    rt.process().unexposeMemory(1, reinterpret_cast<Address>(window));
    rt.process().retireSegment(1);
  }
  Lifecycle::finish(kWorld, "finish", nullptr);
}

TEST(IdSpace, AnnotationsUseTheirOwnDomain) {
  SingleProcess transport;
  Lifecycle::start(startInfo(transport, "model"));
  rmarace_annotate_process_signal(0, 7);
  rmarace_annotate_process_wait(0, 7);
  rmarace_annotate_resource_signal(9, 0);
  rmarace_annotate_resource_wait(9, 0);
  ASSERT_EQ(transport.queues.size(), 2u);
  for (QueueId q : transport.queues) {
    EXPECT_EQ(idDomain(q), IdDomain::Annotation);
    EXPECT_EQ(idLocal(q), 7u);
  }
  ASSERT_FALSE(transport.resources.empty());
  for (ResourceId r : transport.resources) {
    EXPECT_EQ(idDomain(r), IdDomain::Annotation);
    EXPECT_EQ(idLocal(r), 9u);
  }
  EXPECT_NE(domainId(IdDomain::Annotation, 7), domainId(IdDomain::Mpi, 7));
  Lifecycle::finish(kWorld, "finish", nullptr);
}

} // namespace
} // namespace rmarace::rt
