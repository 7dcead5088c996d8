// The C ABI of rmarace.h: instrumented accesses and user annotations.
#include "page_map.h"
#include "repeat_filter.h"
#include "rmarace/rmarace.h"
#include "rmarace/runtime/id_space.h"
#include "rmarace/runtime/runtime.h"
#include "rmarace/runtime/scoped_interceptor.h"
#include "rmarace/runtime/threads.h"
#include "thread_state.h"
#include "untracked_accesses.h"

#include <mutex>
#include <optional>

// The hot path lives in this file so that the compiler inlines it into the C ABI entry points:
// an instrumented access costs one call into the runtime and one into the engine.
namespace rmarace::rt {

void Runtime::access(const void *addr, uint64_t size, bool write, bool atomic,
                     const rmarace_location *loc, bool repeatTested) {
  if (tlsThreadState.inRuntime) return;
  auto address = reinterpret_cast<Address>(addr);
  // In a multithreaded process the filter lets untracked accesses through too.
  if (PageMap::logsUntracked() && !PageMap::mayTrack(address, size))
    return logUntracked(address, size, write, atomic, loc);
  uint64_t generation = RepeatFilter::generation();
  if (!atomic && !repeatTested && RepeatFilter::covers(address, size, write, generation)) return;
  std::lock_guard<EngineLock> guard(lock_);
  if (instance() != this) return; // finished while this thread waited
  ReentrancyGuard reentrancy;
  process_->setThread(engineThreadOfThisThread());
  if (PageMap::logsUntracked() && !process_->tracks(address, size))
    return untracked_->record(process_->thread(), process_->epoch(), address, size, write, atomic,
                              loc);
  process_->access(address, size, write, atomic, accessSite(loc));
  if (!atomic) RepeatFilter::remember(address, size, write, generation);
}

void Runtime::accessRange(const void *addr, uint64_t size, bool write,
                          const rmarace_location *loc) {
  checkRows(reinterpret_cast<Address>(addr), size, 0, 1, write, loc);
}

void Runtime::accessRows(const void *addr, uint64_t length, int64_t stride, uint64_t rows,
                         bool write, const rmarace_location *loc) {
  if (rows == 0 || length == 0) return;
  // Walked from the lowest row up: the rows are the same either way.
  auto first = reinterpret_cast<Address>(addr);
  auto step = static_cast<uint64_t>(stride < 0 ? -stride : stride);
  if (stride < 0) first -= (rows - 1) * step;
  // Rows that touch or overlap are one range.
  if (step <= length) return checkRows(first, (rows - 1) * step + length, 0, 1, write, loc);
  checkRows(first, length, step, rows, write, loc);
}

void Runtime::checkRows(Address first, uint64_t length, uint64_t step, uint64_t rows, bool write,
                        const rmarace_location *loc) {
  if (tlsThreadState.inRuntime) return;
  // Most copies touch no tracked page: decide that without the lock.
  if (!PageMap::mayTrack(first, (rows - 1) * step + length)) {
    if (PageMap::logsUntracked())
      for (uint64_t row = 0; row < rows; ++row)
        logUntracked(first + row * step, length, write, false, loc);
    return;
  }
  std::lock_guard<EngineLock> guard(lock_);
  if (instance() != this) return;
  ReentrancyGuard reentrancy;
  process_->setThread(engineThreadOfThisThread());
  if (!PageMap::logsUntracked())
    return process_->accessRows(first, length, step, rows, write, accessSite(loc));
  // Untracked rows go to the thread's log: one by one.
  std::optional<LocationHandle> site; // interned at the first tracked row
  for (uint64_t row = 0; row < rows; ++row) {
    Address begin = first + row * step;
    if (!process_->tracks(begin, length)) {
      untracked_->record(process_->thread(), process_->epoch(), begin, length, write, false, loc);
      continue;
    }
    if (!site) site = accessSite(loc);
    process_->access(begin, length, write, false, *site);
  }
}

void Runtime::logUntracked(Address addr, uint64_t size, bool write, bool atomic,
                           const rmarace_location *loc) {
  ThreadId thread = engineThreadOfThisThread();
  Epoch epoch = 0;
  if (!untracked_->published(thread, epoch)) {
    // A thread the engine has met only through its creator: ask it once.
    std::lock_guard<EngineLock> guard(lock_);
    if (instance() != this) return;
    std::optional<Epoch> known = process_->epochOfThread(thread);
    if (!known) return;
    epoch = *known;
    untracked_->publish(thread, epoch);
  }
  ReentrancyGuard reentrancy; // the first access of a thread allocates its log
  untracked_->record(thread, epoch, addr, size, write, atomic, loc);
}

} // namespace rmarace::rt

using rmarace::rt::Runtime;

namespace {

// An annotation is intercepted like a call of a programming model.
template <class F> void annotate(const char *call, const void *returnAddress, F &&f) {
  rmarace::rt::ScopedInterceptor scope(call, returnAddress);
  if (scope) f(scope.runtime(), scope.site());
}

rmarace::QueueId annotationQueue(uint64_t queue) {
  return rmarace::rt::domainId(rmarace::rt::IdDomain::Annotation, queue);
}
rmarace::ResourceId annotationResource(uint64_t resource) {
  return rmarace::rt::domainId(rmarace::rt::IdDomain::Annotation, resource);
}

// A synchronising atomic is intercepted like an annotation at its own location. In a process
// that never had a second thread it orders nothing, and costs a thread-local read and an atomic
// load.
void synchroniseAtomic(const char *call, bool release, const void *addr,
                       const rmarace_location *loc, const void *returnAddress) {
  rmarace::rt::currentThread(); // a thread the engine has not met yet counts from now on
  if (!rmarace::rt::otherThreadsExist()) return;
  __rmarace_callsite = loc;
  annotate(call, returnAddress, [&](Runtime &rt, rmarace::LocationHandle site) {
    uint64_t object =
        rmarace::rt::domainId(rmarace::rt::IdDomain::Atomics, reinterpret_cast<uintptr_t>(addr));
    if (release)
      rt.process().release(object, site);
    else
      rt.process().acquire(object, site);
  });
}

} // namespace

extern "C" {

RMARACE_API __thread const rmarace_location *__rmarace_callsite = nullptr;

RMARACE_API void __rmarace_access(const void *addr, uint64_t size, uint32_t flags,
                                  const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance())
    rt->access(addr, size, flags & RMARACE_WRITE, flags & RMARACE_ATOMIC, loc,
               flags & RMARACE_REPEAT_TESTED);
}

RMARACE_API void __rmarace_read_range(const void *addr, uint64_t size,
                                      const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance(); rt && size) rt->accessRange(addr, size, false, loc);
}

RMARACE_API void __rmarace_write_range(const void *addr, uint64_t size,
                                       const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance(); rt && size) rt->accessRange(addr, size, true, loc);
}

RMARACE_API void __rmarace_read_rows(const void *addr, uint64_t length, int64_t stride,
                                     uint64_t rows, const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance()) rt->accessRows(addr, length, stride, rows, false, loc);
}

RMARACE_API void __rmarace_write_rows(const void *addr, uint64_t length, int64_t stride,
                                      uint64_t rows, const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance()) rt->accessRows(addr, length, stride, rows, true, loc);
}

RMARACE_API void __rmarace_atomic_release(const void *addr, const rmarace_location *loc) {
  synchroniseAtomic("atomic release", /*release=*/true, addr, loc, __builtin_return_address(0));
}

RMARACE_API void __rmarace_atomic_acquire(const void *addr, const rmarace_location *loc) {
  synchroniseAtomic("atomic acquire", /*release=*/false, addr, loc, __builtin_return_address(0));
}

RMARACE_API void rmarace_annotate_tick(void) {
  annotate("rmarace_annotate_tick", __builtin_return_address(0),
           [](Runtime &rt, rmarace::LocationHandle site) { rt.process().tick(site); });
}

RMARACE_API void rmarace_annotate_process_signal(int target, uint64_t queue) {
  annotate("rmarace_annotate_process_signal", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().signal(target, annotationQueue(queue), site);
           });
}

RMARACE_API void rmarace_annotate_process_wait(int origin, uint64_t queue) {
  annotate("rmarace_annotate_process_wait", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().wait(origin, annotationQueue(queue), site);
           });
}

RMARACE_API void rmarace_annotate_resource_signal(uint64_t resource, int deposition) {
  annotate("rmarace_annotate_resource_signal", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().resourceSignal(annotationResource(resource), deposition, site);
           });
}

RMARACE_API void rmarace_annotate_resource_wait(uint64_t resource, int deposition) {
  annotate("rmarace_annotate_resource_wait", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().resourceWait(annotationResource(resource), deposition, site);
           });
}

} // extern "C"
