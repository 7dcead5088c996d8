// The nasty schedule of GASPI's queues (nasty_queue.h, docs/nasty.md).
#include "nasty_queue.h"

#include "rmarace/runtime/nasty.h"
#include "rmarace/runtime/scoped_interceptor.h"
#include "routines.h"

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <set>

extern "C" {
gaspi_return_t pgaspi_proc_rank(gaspi_rank_t *const rank) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_proc_num(gaspi_rank_t *const proc_num) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_segment_size(const gaspi_segment_id_t segment_id, const gaspi_rank_t rank,
                                   gaspi_size_t *const size) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_notification_num(gaspi_number_t *const notification_num) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_transfer_size_max(gaspi_size_t *const transfer_size_max) RMARACE_GASPI_WEAK;
gaspi_return_t pgaspi_rw_list_elem_max(gaspi_number_t *const elem_max) RMARACE_GASPI_WEAK;
}

namespace rmarace::gaspi::nasty {
namespace {

// This scheduler's random stream (rt::nasty::randomStream; the MPI schedule uses 0).
constexpr uint64_t kRandomStream = 1;

// One held piece of a posting call.
struct Item {
  enum class Kind {
    Write,
    Read,
    Notify,      // a notification to `rank`
    LocalNotify, // a read_notify's notification: set at this process once its reads are done
  };
  Kind kind = Kind::Write;
  uint64_t call = 0; // the posting call it belongs to (numbered per process)
  gaspi_rank_t rank = 0;
  Entry transfer; // Write, Read
  gaspi_segment_id_t notificationSegment = 0;
  gaspi_notification_id_t notificationId = 0;
  gaspi_notification_t notificationValue = 0;
  // Notify: after every earlier write of the queue to `rank` (gaspi_notify), else after the
  // writes of its own call (write_notify, write_list_notify).
  bool afterQueueWrites = false;

  bool notification() const { return kind == Kind::Notify || kind == Kind::LocalNotify; }
};

struct QueueState {
  std::vector<Item> held;    // in program order
  gaspi_number_t posted = 0; // entries the program posted since its last wait
};

// The library's limits, fixed once it runs.
struct Limits {
  gaspi_rank_t self = 0;
  gaspi_rank_t procs = 0;
  gaspi_number_t queueSizeMax = 0;
  gaspi_number_t notifications = 0;
  gaspi_size_t transferMax = 0;
  gaspi_number_t listMax = 0;
};

struct Schedule {
  std::mutex mutex;   // the queues; taken inside the engine lock, never around it
  std::mutex issuing; // one thread issues at a time, so that a batch goes before a later one
  std::mt19937_64 rng;
  std::map<gaspi_queue_id_t, QueueState> queues;
  uint64_t nextCall = 1;
  std::atomic<std::size_t> heldNotifications{0};
};

// Made at the first call under the schedule, after the schedule started (rt::nasty::start).
Schedule &schedule() {
  static Schedule *s = [] {
    auto *made = new Schedule; // never destroyed: wrappers may run during exit
    made->rng = rt::nasty::randomStream(kRandomStream);
    return made;
  }();
  return *s;
}

// Read at the first posting call, when the library runs.
const Limits &limits() {
  static const Limits l = [] {
    Limits read;
    if (pgaspi_proc_rank) pgaspi_proc_rank(&read.self);
    if (pgaspi_proc_num) pgaspi_proc_num(&read.procs);
    if (pgaspi_queue_size_max) pgaspi_queue_size_max(&read.queueSizeMax);
    if (pgaspi_notification_num) pgaspi_notification_num(&read.notifications);
    if (pgaspi_transfer_size_max) pgaspi_transfer_size_max(&read.transferMax);
    if (pgaspi_rw_list_elem_max) pgaspi_rw_list_elem_max(&read.listMax);
    return read;
  }();
  return l;
}

// ---- Checks: a call is held only when the library would accept it ------------------------------

bool rangeExists(gaspi_segment_id_t segment, gaspi_rank_t rank, gaspi_offset_t offset,
                 gaspi_size_t size) {
  gaspi_size_t segmentSize = 0;
  if (!pgaspi_segment_size || pgaspi_segment_size(segment, rank, &segmentSize) != GASPI_SUCCESS)
    return false;
  return offset <= segmentSize && size <= segmentSize - offset;
}

bool acceptable(const Post &p) {
  const Limits &l = limits();
  gaspi_number_t used = 0;
  if (!pgaspi_queue_size || pgaspi_queue_size(p.queue, &used) != GASPI_SUCCESS) return false;
  if (p.rank >= l.procs || l.queueSizeMax == 0) return false;
  if (p.list && (!p.arraysGiven || p.entries.empty() || p.entries.size() > l.listMax)) return false;
  for (const Entry &e : p.entries)
    if (e.size > l.transferMax || !rangeExists(e.localSegment, l.self, e.localOffset, e.size) ||
        !rangeExists(e.remoteSegment, p.rank, e.remoteOffset, e.size))
      return false;
  if (p.kind == Post::Kind::Write || p.kind == Post::Kind::Read) return true;
  if (p.notificationValue == 0 || p.notificationId >= l.notifications) return false;
  gaspi_rank_t slotRank = p.kind == Post::Kind::ReadNotify ? l.self : p.rank;
  gaspi_size_t ignored = 0;
  return pgaspi_segment_size(p.notificationSegment, slotRank, &ignored) == GASPI_SUCCESS;
}

// ---- Items
// ---------------------------------------------------------------------------------------

// The pieces of a write or read: itself, or (split) byte ranges of it.
void addTransfer(std::vector<Item> &items, Item::Kind kind, uint64_t call, gaspi_rank_t rank,
                 const Entry &e) {
  if (e.size == 0) return; // GPI-2 posts nothing for an empty transfer
  std::vector<rt::nasty::Piece> pieces;
  if (rt::nasty::stage(rt::kNastySplit)) pieces = rt::nasty::splitPlan(e.size, 1, 1);
  if (pieces.empty()) pieces.push_back(rt::nasty::Piece{0, e.size});
  for (const rt::nasty::Piece &piece : pieces) {
    Item item;
    item.kind = kind;
    item.call = call;
    item.rank = rank;
    item.transfer = e;
    item.transfer.localOffset += piece.first;
    item.transfer.remoteOffset += piece.first;
    item.transfer.size = piece.count;
    items.push_back(item);
  }
}

std::vector<Item> itemsOf(const Post &p, uint64_t call, gaspi_rank_t self) {
  std::vector<Item> items;
  bool writes = p.kind == Post::Kind::Write || p.kind == Post::Kind::WriteNotify;
  for (const Entry &e : p.entries)
    addTransfer(items, writes ? Item::Kind::Write : Item::Kind::Read, call, p.rank, e);
  if (p.kind == Post::Kind::Write || p.kind == Post::Kind::Read) return items;
  Item n;
  n.call = call;
  n.kind = Item::Kind::Notify;
  n.rank = p.rank;
  n.notificationSegment = p.notificationSegment;
  n.notificationId = p.notificationId;
  n.notificationValue = p.notificationValue;
  bool data = !items.empty();
  switch (p.kind) {
  case Post::Kind::Notify:
    n.afterQueueWrites = true;
    break;
  case Post::Kind::WriteNotify:
    // GPI-2: a single write_notify of 0 bytes is a gaspi_notify (sheet A.8).
    n.afterQueueWrites = !p.list && !data;
    break;
  case Post::Kind::ReadNotify:
    if (data) {
      n.kind = Item::Kind::LocalNotify;
    } else { // GPI-2: a notify to this process (sheet A.8)
      n.rank = self;
      n.afterQueueWrites = true;
    }
    break;
  default:
    break;
  }
  items.push_back(n);
  return items;
}

// The ordering keys (rt::nasty::OrderKeys) of a batch in program order: a gaspi_notify after the
// earlier writes to its rank, another notification after the transfers of its own call.
std::vector<rt::nasty::OrderKeys> orderKeys(const std::vector<Item> &batch) {
  constexpr uint64_t kWritesTo = uint64_t{1} << 62;
  constexpr uint64_t kCall = uint64_t{2} << 62;
  std::vector<rt::nasty::OrderKeys> keys(batch.size());
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const Item &item = batch[i];
    switch (item.kind) {
    case Item::Kind::Write:
      keys[i].publishes[0] = kWritesTo | item.rank;
      keys[i].publishes[1] = kCall | item.call;
      break;
    case Item::Kind::Read:
      keys[i].publishes[0] = kCall | item.call;
      break;
    case Item::Kind::Notify:
    case Item::Kind::LocalNotify:
      keys[i].after = item.afterQueueWrites ? (kWritesTo | item.rank) : (kCall | item.call);
      break;
    }
  }
  return keys;
}

// ---- Issuing
// -------------------------------------------------------------------------------------

const char *nameOf(Item::Kind kind) {
  switch (kind) {
  case Item::Kind::Write:
    return "gaspi_write";
  case Item::Kind::Read:
    return "gaspi_read";
  case Item::Kind::Notify:
    return "gaspi_notify";
  case Item::Kind::LocalNotify:
    return "gaspi_read_notify";
  }
  return "call";
}

gaspi_return_t post(gaspi_queue_id_t queue, const Item &item) {
  const Entry &t = item.transfer;
  switch (item.kind) {
  case Item::Kind::Write:
    return require(pgaspi_write, "pgaspi_write")(t.localSegment, t.localOffset, item.rank,
                                                 t.remoteSegment, t.remoteOffset, t.size, queue,
                                                 GASPI_BLOCK);
  case Item::Kind::Read:
    return require(pgaspi_read, "pgaspi_read")(t.localSegment, t.localOffset, item.rank,
                                               t.remoteSegment, t.remoteOffset, t.size, queue,
                                               GASPI_BLOCK);
  case Item::Kind::Notify:
    return require(pgaspi_notify, "pgaspi_notify")(item.notificationSegment, item.rank,
                                                   item.notificationId, item.notificationValue,
                                                   queue, GASPI_BLOCK);
  case Item::Kind::LocalNotify: {
    // The reads of the call are complete after a wait; then the notification is set here.
    gaspi_return_t rc = require(pgaspi_wait, "pgaspi_wait")(queue, GASPI_BLOCK);
    if (rc != GASPI_SUCCESS) return rc;
    return require(pgaspi_notify, "pgaspi_notify")(item.notificationSegment, limits().self,
                                                   item.notificationId, item.notificationValue,
                                                   queue, GASPI_BLOCK);
  }
  }
  return GASPI_ERROR;
}

// Hands an item to the library. Its pieces may need more entries than the program posted: a full
// queue is completed locally first (always allowed) and the item posted again.
void issue(gaspi_queue_id_t queue, const Item &item) {
  gaspi_return_t rc = post(queue, item);
  if (rc == GASPI_QUEUE_FULL &&
      require(pgaspi_wait, "pgaspi_wait")(queue, GASPI_BLOCK) == GASPI_SUCCESS)
    rc = post(queue, item);
  if (rc != GASPI_SUCCESS)
    std::fprintf(stderr,
                 "rmarace: nasty schedule: a held %s of queue %u to rank %u failed when it was "
                 "issued (GASPI error %d)\n",
                 nameOf(item.kind), queue, item.rank, static_cast<int>(rc));
}

// Issues `batch` (items of `queue` in program order) in the schedule's order; the caller holds
// s.issuing, not s.mutex.
void issueBatch(Schedule &s, gaspi_queue_id_t queue, const std::vector<Item> &batch) {
  if (batch.empty()) return;
  // The library's MPI calls (and whatever else it does) are its own business.
  rt::OpaqueLibraryCall library;
  for (std::size_t i :
       rt::nasty::issueOrder(s.rng, orderKeys(batch), rt::nasty::stage(rt::kNastyReorder)))
    issue(queue, batch[i]);
}

// Takes the held items of `q` that `take` marks (given all of them in program order) out of the
// queue, keeping the rest in program order; the caller holds s.mutex.
template <class Take> std::vector<Item> takeHeld(Schedule &s, QueueState &q, Take take) {
  std::vector<bool> taken = take(q.held);
  std::vector<Item> batch, rest;
  for (std::size_t i = 0; i < q.held.size(); ++i) {
    (taken[i] ? batch : rest).push_back(std::move(q.held[i]));
    if (taken[i] && batch.back().notification()) --s.heldNotifications;
  }
  q.held = std::move(rest);
  return batch;
}

std::vector<bool> everything(const std::vector<Item> &held) {
  return std::vector<bool>(held.size(), true);
}

// The notifications and what each must follow: the earlier writes to its rank (gaspi_notify),
// or the transfers of its call.
std::vector<bool> notificationsAndTheirData(const std::vector<Item> &held) {
  std::vector<bool> taken(held.size(), false);
  std::map<gaspi_rank_t, std::size_t> lastQueueNotify; // rank -> one past its last gaspi_notify
  std::set<uint64_t> calls;
  for (std::size_t i = 0; i < held.size(); ++i) {
    if (!held[i].notification()) continue;
    taken[i] = true;
    if (held[i].afterQueueWrites)
      lastQueueNotify[held[i].rank] = i + 1;
    else
      calls.insert(held[i].call);
  }
  for (std::size_t i = 0; i < held.size(); ++i) {
    const Item &item = held[i];
    auto last = lastQueueNotify.find(item.rank);
    if (item.kind == Item::Kind::Write && last != lastQueueNotify.end() && i < last->second)
      taken[i] = true;
    if (calls.count(item.call)) taken[i] = true;
  }
  return taken;
}

// Takes items from every queue (or one) and issues them, queue by queue.
template <class Take> void issueHeld(std::optional<gaspi_queue_id_t> only, Take take) {
  Schedule &s = schedule();
  std::lock_guard<std::mutex> issuing(s.issuing);
  std::vector<std::pair<gaspi_queue_id_t, std::vector<Item>>> batches;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (auto &[queue, q] : s.queues)
      if (!only || queue == *only) batches.emplace_back(queue, takeHeld(s, q, take));
  }
  for (auto &[queue, batch] : batches) issueBatch(s, queue, batch);
}

} // namespace

bool enabled() {
  return rt::nasty::enabled();
}

Post Post::transfers(Kind kind, gaspi_rank_t rank, gaspi_queue_id_t queue, bool list,
                     gaspi_number_t num, const gaspi_segment_id_t *localSegment,
                     const gaspi_offset_t *localOffset, const gaspi_segment_id_t *remoteSegment,
                     const gaspi_offset_t *remoteOffset, const gaspi_size_t *size) {
  Post p;
  p.kind = kind;
  p.rank = rank;
  p.queue = queue;
  p.list = list;
  p.arraysGiven = localSegment && localOffset && remoteSegment && remoteOffset && size;
  if (p.arraysGiven)
    for (gaspi_number_t i = 0; i < num; ++i)
      p.entries.push_back(
          Entry{localSegment[i], localOffset[i], remoteSegment[i], remoteOffset[i], size[i]});
  return p;
}

gaspi_number_t Post::queueEntries() const {
  auto n = static_cast<gaspi_number_t>(entries.size());
  bool data = list || (!entries.empty() && entries.front().size > 0);
  switch (kind) {
  case Kind::Write:
  case Kind::Read:
    return data ? n : 0;
  case Kind::Notify:
    return 1;
  case Kind::WriteNotify:
  case Kind::ReadNotify:
    return data ? n + 1 : 1;
  }
  return 0;
}

gaspi_return_t submit(const Post &post, const std::function<void(bool)> &record,
                      const std::function<gaspi_return_t()> &library) {
  Schedule &s = schedule();
  gaspi_number_t entries = post.queueEntries();
  if (!acceptable(post)) {
    // The library reports the error (or posts the call, after what the queue holds).
    completeQueue(post.queue);
    record(false);
    gaspi_return_t rc = library();
    std::lock_guard<std::mutex> lock(s.mutex);
    if (rc == GASPI_SUCCESS) s.queues[post.queue].posted += entries;
    return rc;
  }
  bool hold = rt::nasty::stage(rt::kNastyDelay);
  std::unique_lock<std::mutex> issuing(s.issuing, std::defer_lock);
  if (!hold) issuing.lock(); // issued now: after any batch another thread is issuing
  std::vector<Item> items;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    QueueState &q = s.queues[post.queue];
    if (q.posted + entries > limits().queueSizeMax) return GASPI_QUEUE_FULL;
    q.posted += entries;
    record(true);
    items = itemsOf(post, s.nextCall++, limits().self);
    if (hold) {
      for (const Item &item : items) s.heldNotifications += item.notification() ? 1 : 0;
      q.held.insert(q.held.end(), items.begin(), items.end());
      return GASPI_SUCCESS;
    }
  }
  issueBatch(s, post.queue, items);
  return GASPI_SUCCESS;
}

void completeQueue(gaspi_queue_id_t queue) {
  issueHeld(queue, everything);
}

void queueCompleted(gaspi_queue_id_t queue) {
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.queues[queue].posted = 0;
}

gaspi_return_t queueSize(gaspi_queue_id_t queue, gaspi_number_t *size) {
  gaspi_number_t library = 0;
  gaspi_return_t rc = require(pgaspi_queue_size, "pgaspi_queue_size")(queue, &library);
  if (rc != GASPI_SUCCESS || !size) return rc;
  Schedule &s = schedule();
  std::lock_guard<std::mutex> lock(s.mutex);
  *size = s.queues[queue].posted;
  return rc;
}

bool notificationsHeld() {
  return enabled() && schedule().heldNotifications > 0;
}

void releaseNotifications() {
  if (notificationsHeld()) issueHeld(std::nullopt, notificationsAndTheirData);
}

void finish() {
  if (enabled()) issueHeld(std::nullopt, everything);
}

} // namespace rmarace::gaspi::nasty
