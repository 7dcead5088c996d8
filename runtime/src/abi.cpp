// The C ABI of rmarace.h: instrumented accesses and user annotations.
#include "rmarace/core/queue_id.h"
#include "rmarace/rmarace.h"
#include "runtime.h"

#include <mutex>

using rmarace::rt::Runtime;

namespace {

// The call site of an annotation: marked by the pass, or the caller's return address.
rmarace::LocationHandle annotationSite(Runtime &rt, const char *call, const void *returnAddress) {
  const rmarace_location *marked = __rmarace_callsite;
  __rmarace_callsite = nullptr;
  return rt.callSite(call, marked, returnAddress);
}

template <class F> void annotate(const char *call, const void *returnAddress, F &&f) {
  Runtime *rt = Runtime::instance();
  if (!rt || Runtime::inRuntime()) return;
  std::lock_guard<rmarace::rt::EngineLock> guard(rt->lock());
  rmarace::rt::ReentrancyGuard reentrancy;
  f(*rt, annotationSite(*rt, call, returnAddress));
}

} // namespace

extern "C" {

const rmarace_location *__rmarace_callsite = nullptr;

void __rmarace_access(const void *addr, uint64_t size, uint32_t flags,
                      const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance())
    rt->access(addr, size, flags & RMARACE_WRITE, flags & RMARACE_ATOMIC, loc);
}

void __rmarace_read_range(const void *addr, uint64_t size, const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance(); rt && size) rt->accessRange(addr, size, false, loc);
}

void __rmarace_write_range(const void *addr, uint64_t size, const rmarace_location *loc) {
  if (Runtime *rt = Runtime::instance(); rt && size) rt->accessRange(addr, size, true, loc);
}

void rmarace_annotate_tick(void) {
  annotate("rmarace_annotate_tick", __builtin_return_address(0),
           [](Runtime &rt, rmarace::LocationHandle site) { rt.process().tick(site); });
}

void rmarace_annotate_process_signal(int target, uint64_t queue) {
  annotate("rmarace_annotate_process_signal", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().signal(
                 target,
                 rmarace::queueId(rmarace::QueueKind::Annotation, 0, static_cast<int32_t>(queue)),
                 site);
           });
}

void rmarace_annotate_process_wait(int origin, uint64_t queue) {
  annotate("rmarace_annotate_process_wait", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().wait(
                 origin,
                 rmarace::queueId(rmarace::QueueKind::Annotation, 0, static_cast<int32_t>(queue)),
                 site);
           });
}

void rmarace_annotate_resource_signal(uint64_t resource, int deposition) {
  annotate("rmarace_annotate_resource_signal", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().resourceSignal(rmarace::annotationResource(resource), deposition, site);
           });
}

void rmarace_annotate_resource_wait(uint64_t resource, int deposition) {
  annotate("rmarace_annotate_resource_wait", __builtin_return_address(0),
           [&](Runtime &rt, rmarace::LocationHandle site) {
             rt.tracker().resourceWait(rmarace::annotationResource(resource), deposition, site);
           });
}

} // extern "C"
