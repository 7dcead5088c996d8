// What every intercepted call of a programming model does around its engine work (tsan's
// ScopedInterceptor): take the call-site mark the pass left for this thread, keep instrumented
// code run by the library itself out of the engine, serialise against other threads, and name
// the call site. Blocking calls of the underlying library run inside a BlockingRegion, without
// the engine lock, so that threads blocked in the library at the same time cannot deadlock.
#pragma once

#include "rmarace/runtime/api.h"
#include "rmarace/runtime/runtime.h"

#include <utility>

namespace rmarace::rt {

class RMARACE_API ScopedInterceptor {
public:
  // Inactive (operator bool false) when no runtime is running or the thread is already doing
  // runtime work; then the wrapper only calls the library.
  ScopedInterceptor(const char *call, const void *returnAddress);
  ~ScopedInterceptor();
  ScopedInterceptor(const ScopedInterceptor &) = delete;
  ScopedInterceptor &operator=(const ScopedInterceptor &) = delete;

  explicit operator bool() const { return runtime_ != nullptr; }
  Runtime &runtime() { return *runtime_; }
  Tracker &tracker() { return runtime_->tracker(); }
  LocationHandle site() const { return site_; }
  const char *call() const { return call_; } // the intercepted call's name

  // Runs `call` (a blocking call of the library) without the engine lock when this thread holds
  // it; the lock is taken again before returning.
  template <class Call> decltype(auto) blocking(Call &&call);

protected:
  // Lets the library call pass through untouched after all (the front end has no state for it).
  void deactivate();

private:
  Runtime *runtime_ = nullptr;
  const char *call_;
  bool wasInRuntime_ = false;
  LocationHandle site_ = kNoLocation;
};

// Releases the engine lock for its lifetime if this thread holds it (a blocking wait of the
// library, by a wrapper or by a transport).
class RMARACE_API BlockingRegion {
public:
  BlockingRegion();
  ~BlockingRegion();
  BlockingRegion(const BlockingRegion &) = delete;
  BlockingRegion &operator=(const BlockingRegion &) = delete;

private:
  EngineLock *released_ = nullptr;
};

// A call into a programming model's library that the front end does not analyse (its start-up and
// shutdown): whatever that library does underneath, e.g. through MPI, passes through every front
// end untouched while it lasts.
class RMARACE_API OpaqueLibraryCall {
public:
  OpaqueLibraryCall();
  ~OpaqueLibraryCall();
  OpaqueLibraryCall(const OpaqueLibraryCall &) = delete;
  OpaqueLibraryCall &operator=(const OpaqueLibraryCall &) = delete;

private:
  bool wasInRuntime_;
};

// Whether this thread is inside an intercepted call or an OpaqueLibraryCall: a front end must then
// neither analyse nor start anything (the call is another library's own business).
RMARACE_API bool insideInterceptedCall();

// A call that passes through inside another intercepted call (the MPI calls a GASPI library
// makes) keeps the engine lock its outer call holds: the library may hold a lock of its own here,
// and taking the engine lock back after the call while holding it would invert the lock order
// with a thread that waits for that lock in a call made under the engine lock.
template <class Call> decltype(auto) ScopedInterceptor::blocking(Call &&call) {
  if (!runtime_) return std::forward<Call>(call)();
  BlockingRegion unlocked;
  return std::forward<Call>(call)();
}

} // namespace rmarace::rt
