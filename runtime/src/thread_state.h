// Per-thread state of the runtime (tsan's ThreadState): what a thread is doing right now, read on
// every instrumented access and every intercepted call. Kept apart from the process-wide state in
// Runtime so that threads never share it.
#pragma once

#include "rmarace/core/types.h"
#include "rmarace/runtime/threads.h"

#include <limits>

namespace rmarace::rt {

inline constexpr ThreadId kUnnumberedThread = std::numeric_limits<ThreadId>::max();

class EngineLock;

struct ThreadState {
  // The thread is doing runtime work: instrumented code run by the programming model's library
  // itself (a user reduction operation, say) must not re-enter the engine.
  bool inRuntime = false;
  // The engine lock this thread holds, if any (so that a blocking call can release it and take it
  // back).
  EngineLock *heldEngineLock = nullptr;
  // The engine's number of this thread (threads.h); numbered on first use.
  ThreadId engineThread = kUnnumberedThread;
};

// initial-exec: the runtime library is linked or preloaded, never dlopen()ed, so its TLS is in
// the static block and needs no __tls_get_addr call. constinit: no TLS wrapper call either.
[[gnu::tls_model("initial-exec")]] extern constinit thread_local ThreadState tlsThreadState;

// This thread's engine number: the hot path's inline read of rt::currentThread().
inline ThreadId engineThreadOfThisThread() {
  ThreadId t = tlsThreadState.engineThread;
  return t != kUnnumberedThread ? t : currentThread();
}

// Marks runtime work on this thread for its lifetime.
class ReentrancyGuard {
public:
  ReentrancyGuard() : was_(tlsThreadState.inRuntime) { tlsThreadState.inRuntime = true; }
  ~ReentrancyGuard() { tlsThreadState.inRuntime = was_; }
  ReentrancyGuard(const ReentrancyGuard &) = delete;
  ReentrancyGuard &operator=(const ReentrancyGuard &) = delete;

private:
  bool was_;
};

} // namespace rmarace::rt
