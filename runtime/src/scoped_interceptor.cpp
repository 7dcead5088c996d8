#include "rmarace/runtime/scoped_interceptor.h"

#include "repeat_filter.h"
#include "rmarace/runtime/threads.h"
#include "thread_state.h"

namespace rmarace::rt {

ScopedInterceptor::ScopedInterceptor(const char *call, const void *returnAddress) : call_(call) {
  // The mark belongs to this call whether or not the runtime looks at it.
  const rmarace_location *marked = __rmarace_callsite;
  __rmarace_callsite = nullptr;
  ThreadState &thread = tlsThreadState;
  // Calls made from within the tool's own work (e.g. by a user operation it runs) pass through.
  if (thread.inRuntime) return;
  Runtime *runtime = Runtime::instance();
  if (!runtime) return;
  runtime->lock().lock();
  // The runtime may have finished while this thread waited for the lock.
  if (Runtime::instance() != runtime) {
    runtime->lock().unlock();
    return;
  }
  runtime_ = runtime;
  thread.heldEngineLock = &runtime->lock();
  wasInRuntime_ = thread.inRuntime;
  thread.inRuntime = true;
  // After inRuntime: the engine may allocate, and allocation may call hooked library code.
  runtime->process().setThread(currentThread());
  site_ = runtime->callSite(call, marked, returnAddress);
}

ScopedInterceptor::~ScopedInterceptor() {
  deactivate();
}

void ScopedInterceptor::deactivate() {
  if (!runtime_) return;
  ThreadState &thread = tlsThreadState;
  runtime_->publishEpoch();
  RepeatFilter::changed();
  thread.inRuntime = wasInRuntime_;
  thread.heldEngineLock = nullptr;
  runtime_->lock().unlock();
  runtime_ = nullptr;
}

BlockingRegion::BlockingRegion() {
  ThreadState &thread = tlsThreadState;
  if (!thread.heldEngineLock) return;
  released_ = thread.heldEngineLock;
  if (Runtime *runtime = Runtime::instance()) runtime->publishEpoch();
  RepeatFilter::changed();
  thread.heldEngineLock = nullptr;
  released_->unlock();
}

BlockingRegion::~BlockingRegion() {
  if (!released_) return;
  released_->lock();
  tlsThreadState.heldEngineLock = released_;
  // Another thread may have used the engine meanwhile.
  if (Runtime *runtime = Runtime::instance()) runtime->process().setThread(currentThread());
}

OpaqueLibraryCall::OpaqueLibraryCall() : wasInRuntime_(tlsThreadState.inRuntime) {
  tlsThreadState.inRuntime = true;
}

OpaqueLibraryCall::~OpaqueLibraryCall() {
  tlsThreadState.inRuntime = wasInRuntime_;
}

bool insideInterceptedCall() {
  return tlsThreadState.inRuntime;
}

} // namespace rmarace::rt
