// The model-neutral part of the nasty schedule (nasty.h).
#include "rmarace/runtime/nasty.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <numeric>
#include <unordered_map>

namespace rmarace::rt::nasty {
namespace {

// Mixes the rank (and the stream) into the seed, so ranks draw different but replayable orders.
constexpr uint64_t kRankSeedStride = 0x9E3779B97F4A7C15ull;
constexpr uint64_t kStreamSeedStride = 0xD1B54A32D192ED03ull;

// The random stream of the held closures (hold, complete); the front ends' schedulers use others.
constexpr uint64_t kClosureStream = 2;

std::atomic<bool> g_on{false};
unsigned g_stages = 0;
uint64_t g_seed = 0;
int g_rank = 0;

struct Closures {
  std::mutex mutex;
  std::mt19937_64 random;
  std::map<uint64_t, std::vector<std::function<void()>>> queues;
};

Closures &closures() {
  static Closures *c = new Closures; // never destroyed: wrappers may run during exit
  return *c;
}

} // namespace

void start(unsigned stages, uint64_t seed, int rank) {
  g_stages = stages;
  g_seed = seed;
  g_rank = rank;
  closures().random = randomStream(kClosureStream);
  g_on.store(true, std::memory_order_release);
}

bool enabled() {
  return g_on.load(std::memory_order_acquire);
}

bool stage(NastyStage s) {
  return enabled() && (g_stages & s);
}

std::mt19937_64 randomStream(uint64_t stream) {
  return std::mt19937_64(g_seed + kRankSeedStride * static_cast<uint64_t>(g_rank + 1) +
                         kStreamSeedStride * stream);
}

std::vector<std::size_t> issueOrder(std::mt19937_64 &random, const std::vector<OrderKeys> &calls,
                                    bool shuffle) {
  std::vector<std::size_t> order(calls.size());
  std::iota(order.begin(), order.end(), 0);
  if (!shuffle || calls.size() < 2) return order;
  // A random priority per call, raised above the priorities of the calls it must follow; sorting
  // by priority then puts every call after those (ties keep program order).
  std::vector<uint64_t> priority(calls.size());
  std::unordered_map<uint64_t, uint64_t> published; // key -> highest priority that published it
  for (std::size_t i = 0; i < calls.size(); ++i) {
    uint64_t p = random() >> 1; // room for the raises below
    if (calls[i].after) {
      auto it = published.find(calls[i].after);
      if (it != published.end()) p = std::max(p, it->second + 1);
    }
    priority[i] = p;
    for (uint64_t key : calls[i].publishes)
      if (key) {
        uint64_t &highest = published[key];
        highest = std::max(highest, p);
      }
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return priority[a] < priority[b]; });
  return order;
}

std::vector<Piece> splitPlan(uint64_t count, uint64_t elementBytes, uint64_t unitBytes) {
  if (count < 2 || elementBytes == 0 || unitBytes == 0) return {};
  // Elements per piece: enough for kMaxPieces, a multiple of what fills whole units.
  uint64_t unitStep = std::lcm(elementBytes, unitBytes) / elementBytes;
  uint64_t per = (count + kMaxPieces - 1) / kMaxPieces;
  per = (per + unitStep - 1) / unitStep * unitStep;
  if (per >= count) return {};
  std::vector<Piece> pieces;
  for (uint64_t first = 0; first < count; first += per)
    pieces.push_back(Piece{first, std::min(per, count - first)});
  return pieces;
}

bool hold(uint64_t queue, std::function<void()> call) {
  if (!stage(kNastyDelay)) return false;
  Closures &c = closures();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.queues[queue].push_back(std::move(call));
  return true;
}

void complete(uint64_t queue) {
  if (!enabled()) return;
  Closures &c = closures();
  std::vector<std::function<void()>> batch;
  std::vector<std::size_t> order;
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.queues.find(queue);
    if (it == c.queues.end()) return;
    batch = std::move(it->second);
    c.queues.erase(it);
    order = issueOrder(c.random, std::vector<OrderKeys>(batch.size()), stage(kNastyReorder));
  }
  for (std::size_t i : order) batch[i]();
}

} // namespace rmarace::rt::nasty
