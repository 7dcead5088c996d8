// OpenMP through OMPT (OpenMP 5.1, 4.2 and 4.5; the events LLVM's Archer uses): the start of a
// parallel region happens before its implicit tasks, team barriers order everything before them
// before everything after them, a task's creation happens before it runs, its completion before
// the taskwait, taskgroup or barrier that waits for it, dependences order tasks, and critical,
// ordered and locks release to and acquire from their wait identifier. `master`/`masked`, `single
// nowait` and worksharing constructs without their barrier order nothing.
//
// A deferred explicit task runs as an engine thread of its own (a task identity, as Archer runs
// tasks on ThreadSanitizer fibers): it knows what its creation made known and nothing of what the
// thread that runs it did since, so a task that its creating thread runs later is still
// unordered with the creator's accesses in between. Each OS thread keeps the identities of its
// finished tasks for reuse by tasks that start after everything the finished task did, so their
// number is bounded by the tasks that may run concurrently (and a cap per thread).
#include "engine.h"
#include "rmarace/runtime/threads.h"

#include <atomic>
#include <limits>
#include <omp-tools.h>
#include <utility>
#include <vector>

namespace rmarace::threads {
namespace {

std::atomic<uint64_t> nextId{1};

struct ParallelData {
  uint64_t id = nextId.fetch_add(1, std::memory_order_relaxed);
  const void *codeptr = nullptr; // the parallel construct, for reports
};

// An implicit or explicit task. Explicit tasks are freed when they are complete and have no
// children that still refer to them.
struct TaskData {
  uint64_t id = nextId.fetch_add(1, std::memory_order_relaxed);
  TaskData *parent = nullptr;
  uint64_t team = 0; // the parallel region (0: none)
  bool explicitTask = false;
  bool started = false;
  // Explicit tasks: the engine thread it runs as. A deferred task gets an identity when it
  // starts; an undeferred, included or merged one runs as its creator.
  ThreadId identity = kInitialThread;
  bool ownIdentity = false;
  uint32_t barrierIndex = 0;             // implicit tasks: team barriers passed
  std::vector<const void *> dependences; // explicit tasks
  const void *codeptr = nullptr;         // explicit tasks: the task construct, for reports
  rt::ThreadRole outerRole;              // implicit tasks: the thread's role before the region
  std::atomic<int> references{1};
};

void unreference(TaskData *task) {
  while (task && task->references.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    TaskData *parent = task->parent;
    delete task;
    task = parent;
  }
}

TaskData *taskOf(ompt_data_t *data) {
  return data ? static_cast<TaskData *>(data->ptr) : nullptr;
}

uint64_t barrierObject(const TaskData *task) {
  return object(ObjectKind::TeamBarrier, task->team << 1 | (task->barrierIndex & 1));
}

bool isBarrier(ompt_sync_region_t kind) {
  switch (kind) {
  case ompt_sync_region_barrier:
  case ompt_sync_region_barrier_implicit:
  case ompt_sync_region_barrier_explicit:
  case ompt_sync_region_barrier_implementation:
  case ompt_sync_region_barrier_implicit_workshare:
  case ompt_sync_region_barrier_implicit_parallel:
  case ompt_sync_region_barrier_teams:
    return true;
  default:
    return false;
  }
}

// The OS thread's own engine thread (its implicit tasks run as it) and its idle task identities.
constexpr ThreadId kNoIdentity = std::numeric_limits<ThreadId>::max();
thread_local ThreadId osIdentity = kNoIdentity;
thread_local std::vector<ThreadId> idleIdentities;

ThreadId ownThread() {
  if (osIdentity == kNoIdentity) osIdentity = rt::currentThread();
  return osIdentity;
}

// libomp reports the dependences of an undeferred task (`if(0)`) before the task's creation, when
// the creating task waits for them: they belong to the next task this thread creates.
thread_local std::vector<const void *> dependencesOfNextTask;

constexpr int kRunsAsCreator = ompt_task_undeferred | ompt_task_mergeable | ompt_task_merged;

void onThreadBegin(ompt_thread_t, ompt_data_t *) {
  ownThread(); // numbers the thread now if its creation was not seen
}

void onParallelBegin(ompt_data_t *, const ompt_frame_t *, ompt_data_t *parallel,
                     unsigned requestedThreads, int, const void *codeptr) {
  // The team's threads may first meet the engine after this thread's first accesses in the
  // region: those must be remembered already.
  if (requestedThreads > 1) rt::expectOtherThreads();
  auto *team = new ParallelData;
  team->codeptr = codeptr;
  parallel->ptr = team;
  onEngine("omp parallel", codeptr, [&](Process &p, LocationHandle site) {
    p.release(object(ObjectKind::Fork, team->id), site);
  });
}

void onParallelEnd(ompt_data_t *parallel, ompt_data_t *, int, const void *codeptr) {
  auto *team = static_cast<ParallelData *>(parallel->ptr);
  onEngine("omp parallel", codeptr, [&](Process &p, LocationHandle site) {
    p.acquire(object(ObjectKind::Join, team->id), site);
    p.acquire(object(ObjectKind::TeamTasks, team->id), site);
  });
  // The implicit tasks that refer to the team have ended (their end precedes the region's end).
  delete team;
  parallel->ptr = nullptr;
}

void onImplicitTask(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                    unsigned, unsigned index, int flags) {
  if (flags & ompt_task_initial) return;
  if (endpoint == ompt_scope_begin) {
    auto *data = new TaskData;
    const auto *team = static_cast<ParallelData *>(parallel->ptr);
    data->team = team->id;
    task->ptr = data;
    onEngine("omp parallel", nullptr, [&](Process &p, LocationHandle site) {
      data->outerRole = rt::roleOfThread(p.thread());
      rt::describeThread(p.thread(), {"OpenMP thread", static_cast<int>(index),
                                      "of the parallel region at", team->codeptr});
      p.acquire(object(ObjectKind::Fork, data->team), site);
    });
    return;
  }
  TaskData *data = taskOf(task);
  if (!data) return;
  onEngine("omp parallel", nullptr, [&](Process &p, LocationHandle site) {
    p.release(object(ObjectKind::Join, data->team), site);
    rt::describeThread(p.thread(), data->outerRole);
  });
  task->ptr = nullptr;
  unreference(data);
}

void onSyncRegion(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *,
                  ompt_data_t *task, const void *codeptr) {
  TaskData *data = taskOf(task);
  if (!data) return;
  if (isBarrier(kind)) {
    if (!data->team) return;
    if (endpoint == ompt_scope_begin) {
      onEngine("omp barrier", codeptr,
               [&](Process &p, LocationHandle site) { p.release(barrierObject(data), site); });
    } else {
      onEngine("omp barrier", codeptr, [&](Process &p, LocationHandle site) {
        p.acquire(barrierObject(data), site);
        p.acquire(object(ObjectKind::TeamTasks, data->team), site);
      });
      ++data->barrierIndex;
    }
    return;
  }
  if ((kind == ompt_sync_region_taskwait || kind == ompt_sync_region_taskgroup) &&
      endpoint == ompt_scope_end) {
    onEngine(kind == ompt_sync_region_taskwait ? "omp taskwait" : "omp taskgroup", codeptr,
             [&](Process &p, LocationHandle site) {
               p.acquire(object(ObjectKind::Children, data->id), site);
             });
  }
}

void onTaskCreate(ompt_data_t *encountering, const ompt_frame_t *, ompt_data_t *created, int flags,
                  int, const void *codeptr) {
  if (!(flags & ompt_task_explicit)) return;
  auto *data = new TaskData;
  data->explicitTask = true;
  data->ownIdentity = !(flags & kRunsAsCreator);
  data->identity = rt::currentThread();
  data->parent = taskOf(encountering);
  if (data->parent) {
    data->team = data->parent->team;
    data->parent->references.fetch_add(1, std::memory_order_relaxed);
  }
  data->dependences = std::exchange(dependencesOfNextTask, {});
  data->codeptr = codeptr;
  created->ptr = data;
  onEngine("omp task", codeptr, [&](Process &p, LocationHandle site) {
    p.release(object(ObjectKind::TaskStart, data->id), site);
  });
}

void onDependences(ompt_data_t *task, const ompt_dependence_t *deps, int count) {
  TaskData *data = taskOf(task);
  std::vector<const void *> &into = data ? data->dependences : dependencesOfNextTask;
  for (int i = 0; i < count; ++i) into.push_back(deps[i].variable.ptr);
}

// The engine thread a task runs as (its identity once it started).
ThreadId identityOf(TaskData *task) {
  if (!task || !task->explicitTask) return ownThread();
  return task->identity;
}

// Whether everything engine thread `t` did so far is ordered before the start of `task`, through
// its creation or its dependences.
bool startsAfterAllOf(const TaskData &task, ThreadId t, const Process &p) {
  if (p.objectKnowsAllOf(object(ObjectKind::TaskStart, task.id), t)) return true;
  for (const void *d : task.dependences)
    if (p.objectKnowsAllOf(object(ObjectKind::Dependence, d), t)) return true;
  return false;
}

// Idle identities an OS thread keeps for reuse: beyond this many, a task may share the identity
// of a finished task it is not ordered after (and so be taken as ordered after it).
constexpr std::size_t kMaxIdleIdentities = 64;

// The identity a deferred task starts with. Two tasks with one identity are ordered (program
// order), so a finished task's identity is reused only when the new task starts after all the
// old one did; otherwise the task gets a new identity, until the pool is full. Without a running
// engine (`p` null) nothing is checked.
ThreadId identityFor(const TaskData &task, const Process *p) {
  for (auto it = idleIdentities.end(); it != idleIdentities.begin();) {
    --it;
    if (p && !startsAfterAllOf(task, *it, *p)) continue;
    ThreadId t = *it;
    idleIdentities.erase(it);
    return t;
  }
  if (idleIdentities.size() < kMaxIdleIdentities) return rt::reserveThread();
  ThreadId oldest = idleIdentities.front();
  idleIdentities.erase(idleIdentities.begin());
  return oldest;
}

void onTaskSchedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  ownThread();
  TaskData *done = taskOf(prior);
  if (done && done->explicitTask &&
      (status == ompt_task_complete || status == ompt_task_late_fulfill)) {
    onEngine("omp task", nullptr, [&](Process &p, LocationHandle site) {
      // Completion happens before whatever waits for it: the taskwait and taskgroups of its
      // ancestors, the team's next barrier, and the tasks depending on it.
      for (TaskData *a = done->parent; a; a = a->parent)
        p.release(object(ObjectKind::Children, a->id), site);
      if (done->team) p.release(object(ObjectKind::TeamTasks, done->team), site);
      for (const void *d : done->dependences) p.release(object(ObjectKind::Dependence, d), site);
      if (done->ownIdentity) p.threadEnded(done->identity);
    });
    if (done->ownIdentity) idleIdentities.push_back(done->identity);
    prior->ptr = nullptr;
    unreference(done);
  }
  TaskData *starting = taskOf(next);
  if (starting && starting->explicitTask && !starting->started) {
    starting->started = true;
    bool chosen = !starting->ownIdentity;
    onEngine("omp task", nullptr, [&](Process &p, LocationHandle site) {
      if (starting->ownIdentity) {
        starting->identity = identityFor(*starting, &p);
        chosen = true;
        rt::adoptThread(starting->identity);
        p.setThread(starting->identity);
        p.threadResumed(starting->identity);
        rt::describeThread(starting->identity,
                           {"OpenMP task", -1, "created at", starting->codeptr});
      }
      p.acquire(object(ObjectKind::TaskStart, starting->id), site);
      for (const void *d : starting->dependences)
        p.acquire(object(ObjectKind::Dependence, d), site);
    });
    if (!chosen) starting->identity = identityFor(*starting, nullptr);
  }
  rt::adoptThread(identityOf(starting));
}

void onMutexAcquired(ompt_mutex_t, ompt_wait_id_t wait, const void *codeptr) {
  onEngine("omp mutex", codeptr, [&](Process &p, LocationHandle site) {
    p.acquire(object(ObjectKind::OmpMutex, wait), site);
  });
}

void onMutexReleased(ompt_mutex_t, ompt_wait_id_t wait, const void *codeptr) {
  onEngine("omp mutex", codeptr, [&](Process &p, LocationHandle site) {
    p.release(object(ObjectKind::OmpMutex, wait), site);
  });
}

int initialize(ompt_function_lookup_t lookup, int, ompt_data_t *) {
  auto set = reinterpret_cast<ompt_set_callback_t>(lookup("ompt_set_callback"));
  if (!set) return 0;
  auto on = [&](ompt_callbacks_t event, auto callback) {
    set(event, reinterpret_cast<ompt_callback_t>(callback));
  };
  on(ompt_callback_thread_begin, &onThreadBegin);
  on(ompt_callback_parallel_begin, &onParallelBegin);
  on(ompt_callback_parallel_end, &onParallelEnd);
  on(ompt_callback_implicit_task, &onImplicitTask);
  on(ompt_callback_sync_region, &onSyncRegion);
  on(ompt_callback_task_create, &onTaskCreate);
  on(ompt_callback_dependences, &onDependences);
  on(ompt_callback_task_schedule, &onTaskSchedule);
  on(ompt_callback_mutex_acquired, &onMutexAcquired);
  on(ompt_callback_mutex_released, &onMutexReleased);
  return 1;
}

void finalize(ompt_data_t *) {}

} // namespace
} // namespace rmarace::threads

extern "C" ompt_start_tool_result_t *ompt_start_tool(unsigned int, const char *) {
  static ompt_start_tool_result_t result{&rmarace::threads::initialize, &rmarace::threads::finalize,
                                         ompt_data_t{}};
  return &result;
}
